import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  formatDuration
} from "./chunk-7BFHLTUB.js";
import {
  writeSessionMarker
} from "./chunk-HY7BSOUE.js";
import {
  projectKey
} from "./chunk-PVEHQ6JT.js";
import {
  formatError,
  isLoopkitError,
  iso_exports,
  keepAside,
  readJson,
  readOrKeepAside,
  withLock,
  writeJson
} from "./chunk-W3MJS3SN.js";
import {
  _enum,
  array,
  boolean,
  custom,
  int,
  literal,
  looseObject,
  object,
  record,
  string,
  unknown,
  uuid
} from "./chunk-CW3O4QTE.js";

// src/repeat/state.ts
import path from "node:path";
var FINAL_STATUSES = ["EARLY_SUCCESS", "CIRCUIT_BREAKER", "COMPLETED", "MAX_ITERATIONS", "CANCELLED", "ERROR"];
var PHASES = ["running", "waiting", "paused", "ended"];
var IterationRecordSchema = object({
  number: int().positive(),
  started_at: iso_exports.datetime(),
  ended_at: iso_exports.datetime(),
  result: _enum(["pass", "fail"]),
  exit_code: int().min(0).max(2),
  summary: string().nullable(),
  /**
   * What the iteration's turn cost, in tokens (input, cache and output of each API message once,
   * subagents included): from the session's transcript, or from `claude -p`'s output for a terminal
   * loop. Null where it was not counted (iterations recorded before loopkit counted them).
   */
  tokens: int().nonnegative().nullable().default(null)
});
var TERMINAL_KEY_PREFIX = "terminal-";
var TerminalRunSchema = object({
  /** The claude binary: a real absolute path outside the project. */
  claude_bin: string().min(1),
  /** The person's claude options (after `--`), a --settings file read in as JSON text. */
  claude_args: array(string()),
  /** A fresh conversation for every iteration; else one conversation, continued with --resume. */
  fresh: boolean(),
  /**
   * The Claude Code session of the conversation (with `fresh`, of the latest iteration), null before
   * the first; `begun` once a turn of it is on record, so the next iteration can --resume it.
   */
  conversation: object({ session_id: uuid(), begun: boolean() }).nullable(),
  /** The runner process that drives the loop now (or did last). */
  pid: int().positive(),
  /** The runner's output when it runs detached, in loopkit's data folder; null in a terminal's foreground. */
  log_file: string().nullable(),
  /** How long an iteration's claude may run before it is stopped (the iteration fails); null: no limit. */
  iteration_timeout_ms: int().positive().nullable().default(null)
});
var RepeatStateSchema = object({
  version: literal(1),
  /** Also the id of the loop's record in the stats log. */
  loop_id: string().min(1),
  session_id: string().min(1),
  project_dir: string().min(1),
  command: string().min(1),
  interval_ms: int().positive(),
  max_iterations: int().min(1).max(1e3),
  stats_file: string().min(1),
  started_at: iso_exports.datetime(),
  phase: _enum(PHASES),
  /** The iteration in flight (running) or the last one recorded (waiting, paused, ended). */
  iteration: int().positive(),
  iteration_started_at: iso_exports.datetime(),
  next_at: iso_exports.datetime().nullable(),
  /** Identifies the hook process that owns the current wait, so a stale sleeper never acts. */
  wait_token: string().nullable(),
  /**
   * prompt_id of the Stop that started the wait: the background hook of that Stop carries it out (every
   * Stop starts one). Absent in files written before waits ran in the background.
   */
  wait_owner: string().nullable().default(null),
  /**
   * prompt_id of the turn the loop runs in, learned at its first Stop. Hook continuations keep it; a Stop
   * with another one ends a new prompt of the person's, so the loop's continuation was lost.
   */
  prompt_id: string().nullable(),
  consecutive_failures: int().nonnegative(),
  iterations: array(IterationRecordSchema),
  final_status: _enum(FINAL_STATUSES).nullable(),
  ended_at: iso_exports.datetime().nullable(),
  /**
   * How far the session's transcript has been counted (transcript-usage.ts): where the next
   * iteration's count starts. Null before the first count, and for a terminal loop.
   */
  transcript_cursor: object({
    /** The transcript it is for: another one (a resumed or forked session's) is read from its start. */
    path: string().min(1),
    offset: int().nonnegative(),
    recent_message_ids: array(string()),
    subagent_offsets: record(string(), int().nonnegative())
  }).nullable().default(null),
  /**
   * The person wrote into the iteration in flight (a prompt typed while it ran): the loop pauses when
   * it ends instead of waiting for the next. Absent: no (older files, and loops that never heard from the person).
   */
  person_wrote: boolean().optional(),
  /** Set for a loop `loopkit repeat` runs from a terminal; null (or absent, in older files) for the skill's loop, driven by its session's hooks. */
  terminal: TerminalRunSchema.nullable().default(null)
});
function repeatTokens(state) {
  const counted = state.iterations.flatMap((it) => it.tokens === null ? [] : [it.tokens]);
  return counted.length ? counted.reduce((sum, tokens) => sum + tokens, 0) : null;
}
var isActive = (state) => state.phase !== "ended";
function nextIterationNumber(state) {
  return (state.iterations.at(-1)?.number ?? 0) + 1;
}
function repeatStateFile(data, sessionId) {
  return path.join(data, "repeat", `${sessionId}.json`);
}
function repeatStateDir(data) {
  return path.join(data, "repeat");
}
function terminalRunDir(data, projectDir) {
  return path.join(data, "repeat-runs", projectKey(projectDir));
}

// src/repeat/stats-store.ts
import os from "node:os";
import path2 from "node:path";
var LoopRunSchema = object({
  id: string().regex(/^loop-/),
  command: string(),
  interval: string(),
  max_iterations: int().positive(),
  started_at: iso_exports.datetime(),
  iterations: array(
    object({
      number: int().positive(),
      /** When the iteration started (UTC). */
      timestamp: iso_exports.datetime(),
      result: _enum(["pass", "fail"]),
      /** 0 pass, 1 reported fail, 2 no or malformed REPEAT-RESULT line. */
      exit_code: int().min(0).max(2),
      summary: string().nullable(),
      /** The iteration's tokens (repeat state's `tokens`); null: not counted; absent in records written before loopkit counted them. */
      tokens: int().nonnegative().nullable().optional()
    })
  ),
  final_status: _enum(FINAL_STATUSES).nullable(),
  ended_at: iso_exports.datetime().nullable(),
  /** The sum of the iterations' tokens; null: none counted; absent in older records. */
  tokens: int().nonnegative().nullable().optional(),
  /** The project the loop ran in; absent in older records. */
  project_dir: string().optional()
});
var StatsFileShape = looseObject({ loop_runs: array(unknown()).optional() });
var StatsFileSchema = custom().superRefine((value, ctx) => {
  const checked = StatsFileShape.safeParse(value);
  for (const issue of checked.error?.issues ?? []) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
});
function statsFile(env = process.env) {
  return env.LOOPKIT_STATS_FILE || path2.join(os.homedir(), ".softspark", "ai-toolkit", "stats.json");
}
function loopRunOf(state) {
  return {
    id: state.loop_id,
    command: state.command,
    interval: formatDuration(state.interval_ms),
    max_iterations: state.max_iterations,
    started_at: state.started_at,
    iterations: state.iterations.map((it) => ({
      number: it.number,
      timestamp: it.started_at,
      result: it.result,
      exit_code: it.exit_code,
      summary: it.summary,
      tokens: it.tokens
    })),
    final_status: state.final_status,
    ended_at: state.ended_at,
    tokens: repeatTokens(state),
    project_dir: state.project_dir
  };
}
function newLoopId(now) {
  return `loop-${now.getTime()}`;
}
var idOf = (record2) => typeof record2 === "object" && record2 !== null ? record2.id : void 0;
async function saveLoopRun(file, run, mode, now = /* @__PURE__ */ new Date()) {
  const checked = LoopRunSchema.parse(run);
  return withLock(file, async () => {
    const { data, warnings } = await readStats(file, now);
    const runs = [...data.loop_runs ?? []];
    let record2 = checked;
    if (mode === "create") {
      const taken = new Set(runs.map(idOf));
      for (let n = 2; taken.has(record2.id); n += 1) record2 = { ...checked, id: `${checked.id}-${n}` };
    }
    const index = mode === "update" ? runs.findIndex((existing) => idOf(existing) === record2.id) : -1;
    if (index === -1) runs.push(record2);
    else runs[index] = record2;
    await writeJson(file, StatsFileSchema, { ...data, loop_runs: runs });
    return { id: record2.id, warnings };
  });
}
async function recordLoopRun(state, now) {
  try {
    return (await saveLoopRun(state.stats_file, loopRunOf(state), "update", now)).warnings;
  } catch (error) {
    return [`loopkit could not update the stats log ${state.stats_file}: ${formatError(error)}`];
  }
}
async function readStats(file, now) {
  try {
    const read = await readJson(file, StatsFileSchema);
    return { data: read.exists ? read.value : {}, warnings: [] };
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    const aside = await keepAside(file, now);
    return { data: {}, warnings: [`The stats file ${formatError(error)}; loopkit kept it as ${aside} and started a fresh one.`] };
  }
}

// src/repeat/store.ts
import { promises as fs } from "node:fs";
import path3 from "node:path";
function loadState(file, now) {
  return readOrKeepAside(file, RepeatStateSchema, now, "the repeat loop stopped; start a new one when ready");
}
var saveState = (file, state) => writeJson(file, RepeatStateSchema, state);
function writeMarker(data, state, stateFile, now) {
  return writeSessionMarker(
    data,
    state.session_id,
    { kind: "repeat", loop_id: state.loop_id, project_dir: state.project_dir, state_file: stateFile },
    now
  );
}
async function projectLoops(data, projectDir) {
  return (await scanLoops(data, projectDir)).loops;
}
async function scanLoops(data, projectDir) {
  const dir = repeatStateDir(data);
  const names = await fs.readdir(dir).catch(() => []);
  const loops = [];
  const unreadable = [];
  for (const name of names.filter((n) => n.endsWith(".json"))) {
    const file = path3.join(dir, name);
    const read = await readJson(file, RepeatStateSchema).catch(() => null);
    if (read === null) {
      const modified = await fs.stat(file).then(
        (stat) => stat.mtime,
        () => null
      );
      if (modified) unreadable.push({ file, modified });
    } else if (read.exists && (projectDir === null || read.value.project_dir === projectDir)) loops.push({ file, state: read.value });
  }
  return { loops: loops.sort((a, b) => b.state.started_at.localeCompare(a.state.started_at)), unreadable };
}

export {
  FINAL_STATUSES,
  TERMINAL_KEY_PREFIX,
  RepeatStateSchema,
  repeatTokens,
  isActive,
  nextIterationNumber,
  repeatStateFile,
  repeatStateDir,
  terminalRunDir,
  LoopRunSchema,
  StatsFileSchema,
  statsFile,
  loopRunOf,
  newLoopId,
  saveLoopRun,
  recordLoopRun,
  loadState,
  saveState,
  writeMarker,
  projectLoops,
  scanLoops
};
