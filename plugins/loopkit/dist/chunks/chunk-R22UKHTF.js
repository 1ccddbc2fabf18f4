import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  iso_exports,
  projectKey
} from "./chunk-CEDA2V6R.js";
import {
  _enum,
  array,
  boolean,
  int,
  literal,
  object,
  string,
  uuid
} from "./chunk-PGQLL66H.js";

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
  summary: string().nullable()
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
  log_file: string().nullable()
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
  /** Set for a loop `loopkit repeat` runs from a terminal; null (or absent, in older files) for the skill's loop, driven by its session's hooks. */
  terminal: TerminalRunSchema.nullable().default(null)
});
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

export {
  FINAL_STATUSES,
  TERMINAL_KEY_PREFIX,
  RepeatStateSchema,
  nextIterationNumber,
  repeatStateFile,
  repeatStateDir,
  terminalRunDir
};
