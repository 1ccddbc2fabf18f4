import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  LoopRunSchema,
  RepeatStateSchema,
  StatsFileSchema,
  projectLoops,
  repeatStateDir
} from "./chunk-VN5KYKVC.js";
import {
  RESUME_HINT,
  diffLines,
  findRepo,
  hunks,
  runGit,
  sandboxLine,
  sandboxMeaning
} from "./chunk-BGGK4KIJ.js";
import {
  compareSnapshots,
  isAgentChange,
  showText
} from "./chunk-P4IBK2I7.js";
import {
  auditLabel,
  elapsedMs,
  iterationCount,
  iterationsAgainstCap,
  trendLine
} from "./chunk-4FYXKZ2R.js";
import {
  formatDuration
} from "./chunk-7BFHLTUB.js";
import {
  allRecords,
  findRecord,
  loadRecord,
  recordFile
} from "./chunk-BUUOZ462.js";
import {
  loopFiles
} from "./chunk-DXEZUW42.js";
import {
  HistoryEntrySchema
} from "./chunk-SRAQKVGE.js";
import {
  decodeTree,
  evidenceFiles,
  openStore
} from "./chunk-5F52TF2U.js";
import {
  AutoLoopStateSchema,
  LOOP_STATUSES,
  isPaused,
  tokensUsed
} from "./chunk-HALTCE3W.js";
import {
  isLoopkitOwnPath
} from "./chunk-T4GQSL4B.js";
import {
  LoopkitError,
  formatError,
  isLoopkitError,
  readJson,
  writeFileAtomic
} from "./chunk-W3MJS3SN.js";
import {
  TestCountsSchema,
  countsOf,
  describeTests
} from "./chunk-JR3TLBIQ.js";
import {
  _enum,
  array,
  boolean,
  int,
  literal,
  object,
  string
} from "./chunk-CW3O4QTE.js";

// src/action/actions-report.ts
var NOTE_EVENTS = {
  tamper: () => "tampering undone",
  protected: (entry) => entry.detail,
  "blocked-report": (entry) => `blocker: ${entry.detail}`,
  "wrap-up": (entry) => `cap reached: ${entry.detail}`,
  end: (entry) => `ended ${entry.status}`
};
function iterationRows(history, loopId) {
  const rows = /* @__PURE__ */ new Map();
  let total = 0;
  for (const entry of history) {
    if (entry.loop_id !== loopId) continue;
    const note = NOTE_EVENTS[entry.event];
    if (entry.iteration > 0 && (entry.event === "gate" || note)) {
      const row = rows.get(entry.iteration) ?? {
        iteration: entry.iteration,
        verdict: null,
        exitCode: null,
        vote: null,
        tokens: 0,
        total,
        notes: []
      };
      if (entry.event === "gate") Object.assign(row, { verdict: entry.verdict, exitCode: entry.exit_code, vote: entry.vote });
      if (note) row.notes.push(note(entry));
      if (entry.not_a_pass) row.notes.push(`not a pass by loopkit's rules: ${entry.not_a_pass}`);
      row.tokens += Math.max(0, entry.tokens - row.total);
      row.total = Math.max(row.total, entry.tokens);
      rows.set(entry.iteration, row);
    }
    total = Math.max(total, entry.tokens);
  }
  return [...rows.values()];
}
var STATUS_MARK = {
  achieved: "\u2705",
  pursuing: "\u23F8\uFE0F",
  paused: "\u23F8\uFE0F",
  unmet: "\u274C",
  blocked: "\u26D4",
  "budget-limited": "\u23F1\uFE0F",
  cancelled: "\u{1F6AB}",
  "no-progress": "\u{1F4C9}",
  none: "\u2754"
};
function renderSummary(report) {
  const s = report.status;
  const outcome = s.active ? `the runner stopped${report.stoppedBy ? ` (${report.stoppedBy})` : ""} with the loop still pursuing (exit ${report.exitCode}); \`loopkit run --takeover\` continues it` : `${s.status}${s.reason ? `: ${s.reason}` : ""}`;
  const exit = report.budgetLimitedOk && s.status === "budget-limited" ? `${report.exitCode} (budget-limited counts as success: --budget-limited-ok)` : `${report.exitCode}`;
  const lines = [
    `## ${STATUS_MARK[s.status]} loopkit run: ${s.status}`,
    "",
    ...fenced(s.goal ?? "(no goal recorded)"),
    "",
    "| | |",
    "| --- | --- |",
    `| Verifier | ${code(s.verify_command ?? "-")} |`,
    `| Final status | ${cell(outcome)} |`,
    `| Iterations | ${iterationsAgainstCap(s.iteration, s.iterations_not_counted, s.max_iterations)} |`,
    ...s.tests?.trend ? [`| Tests | ${cell(`${s.tests.trend}${s.tests.last ? ` (last run: ${describeTests(s.tests.last)})` : ""}`)} |`] : [],
    `| Tokens | ${s.tokens_used} of ${s.max_tokens ?? "-"} |`,
    `| Total time | ${formatDuration(s.elapsed_ms)} of ${formatDuration(s.max_wallclock_ms ?? 0)} |`,
    `| Exit code | ${cell(exit)} |`,
    ...s.protected_globs.length ? [`| Protected | ${s.protected_globs.map(code).join(" ")} |`] : [],
    `| Loop id | ${code(s.loop_id ?? "-")} |`,
    "",
    "### Iterations",
    "",
    ...iterationTable(iterationRows(report.history, s.loop_id ?? "")),
    ...s.last_audit_vote ? ["", `**Last audit: ${s.last_audit_vote}**`, "", ...s.last_audit_reasons.map((reason) => `- ${inline(reason)}`)] : [],
    ...s.handoff_note ? ["", "**Hand-off note**", "", ...fenced(s.handoff_note)] : []
  ];
  return `${lines.join("\n")}
`;
}
function iterationTable(rows) {
  if (rows.length === 0) return ["No iteration was judged."];
  return [
    "| Iteration | Verifier | Audit | Tokens | Total tokens | Notes |",
    "| ---: | --- | --- | ---: | ---: | --- |",
    ...rows.map((r) => {
      const verifier = r.verdict ? `${r.verdict}${r.exitCode !== null ? ` (exit ${r.exitCode})` : ""}` : "-";
      return `| ${r.iteration} | ${verifier} | ${r.vote ?? "-"} | ${r.tokens} | ${r.total} | ${cell(r.notes.join("; "))} |`;
    })
  ];
}
function runOutputs(report) {
  const s = report.status;
  return {
    status: s.status,
    reason: s.reason ?? "",
    iterations: String(s.iteration),
    tokens: String(s.tokens_used),
    loop_id: s.loop_id ?? "",
    exit_code: String(report.exitCode)
  };
}
function renderOutputs(values, delimiter) {
  return Object.entries(values).map(([name, value]) => {
    if (value.split(/\r?\n/).includes(delimiter)) throw new Error(`output ${name} contains the delimiter`);
    return `${name}<<${delimiter}
${value}
${delimiter}
`;
  }).join("");
}
function inertLog(text, token) {
  const body = text.endsWith("\n") || text === "" ? text : `${text}
`;
  return `::stop-commands::${token}
${body}::${token}::
`;
}
function cell(text) {
  return inline(text).replace(/\|/g, "\\|");
}
var oneLine = (text) => text.replace(/\s*\r?\n\s*/g, " ");
function inline(text) {
  return oneLine(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
function code(text) {
  const one = oneLine(text);
  const ticks = "`".repeat(longestRun(one, "`") + 1);
  const pad = one.startsWith("`") || one.endsWith("`") ? " " : "";
  return `${ticks}${pad}${one.replace(/\|/g, "\\|")}${pad}${ticks}`;
}
function fenced(text) {
  const fence = "`".repeat(Math.max(3, longestRun(text, "`") + 1));
  return [`${fence}text`, text, fence];
}
function longestRun(text, ch) {
  let best = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

// src/shared/exit-codes.ts
var EXIT = {
  /** Done: the command did its job; as a loop's status, it ended in success (achieved, COMPLETED, EARLY_SUCCESS). */
  ok: 0,
  /** An error: a corrupt or locked file, a process that could not start, ... */
  error: 1,
  /** A usage error: an unknown command or flag, a missing or bad value. Nothing was started or changed. */
  usage: 2,
  /** The loop is still running (pursuing; repeat running or waiting). */
  running: 3,
  /** It ended without success (unmet; repeat MAX_ITERATIONS or CIRCUIT_BREAKER). */
  unmet: 4,
  /** It is stuck and needs a person (blocked; a paused loop of either kind). */
  blocked: 5,
  /** A cap ended it (budget-limited). */
  budgetLimited: 6,
  /** --cancel ended it. */
  cancelled: 7,
  /** The failing tests stopped going down for --no-progress-limit turns (auto-loop no-progress). */
  noProgress: 9,
  /** There is nothing to act on: no loop (to show or to cancel), no run or checkpoint with that id. */
  noLoop: 8
};

// src/checkpoint/summary.ts
var CheckpointSummaryShape = {
  /** How many checkpoints the loop holds (see `loopkit checkpoints`). */
  checkpoints: int(),
  /** The loop's checkpoint record in loopkit's data folder, once it holds one. */
  checkpoint_record: string().nullable(),
  /** The latest failure to take a checkpoint, while none has succeeded since. */
  checkpoint_failure: string().nullable()
};
function summarize(record, file = null) {
  return {
    checkpoints: record?.checkpoints.length ?? 0,
    checkpoint_record: record?.checkpoints.length ? file : null,
    checkpoint_failure: record?.failure ? `iteration ${record.failure.iteration}: ${record.failure.message}` : null
  };
}
async function loadSummary(data, projectDir, loopId, now) {
  if (!loopId || data === null) return summarize(void 0);
  const file = recordFile(data, projectDir, loopId);
  return summarize(await loadRecord(file, now).catch(() => void 0), file);
}
function summaryLines(s, loopId) {
  const lines = s.checkpoints ? [`  checkpoints: ${s.checkpoints} (loopkit checkpoints ${loopId})`] : [];
  return s.checkpoint_failure ? [...lines, `  checkpoint failed: ${s.checkpoint_failure}`] : lines;
}
async function checkpointCounts(data) {
  return new Map((await allRecords(data)).map((record) => [record.loop_id, record.checkpoints.length]));
}

// src/auto-loop/core/status.ts
var STATUS_EXIT_CODES = {
  achieved: EXIT.ok,
  pursuing: EXIT.running,
  // Live, and waiting for the person: "needs a person", as a paused repeat loop.
  paused: EXIT.blocked,
  unmet: EXIT.unmet,
  blocked: EXIT.blocked,
  "budget-limited": EXIT.budgetLimited,
  cancelled: EXIT.cancelled,
  "no-progress": EXIT.noProgress,
  none: EXIT.noLoop
};
var AutoLoopStatusSchema = object({
  version: literal(1),
  /** "paused": a live loop (`active`) that waits for the person's --resume; `reason` says why. */
  status: _enum([...LOOP_STATUSES, "paused", "none"]),
  active: boolean(),
  /** While paused: who paused it, when, and what the person wrote since (it goes into the prompt --resume starts); else null. */
  pause: object({ by: _enum(["person", "agent"]), at: string(), words: array(string()) }).nullable(),
  /** The exit code of `--status` from a terminal (usage.md, "Exit codes"). */
  exit_code: int(),
  reason: string().nullable(),
  project_dir: string(),
  loop_id: string().nullable(),
  session_id: string().nullable(),
  goal: string().nullable(),
  /** The goal file the goal was read from at the start (--goal-file or goal.md), or null for a goal typed inline. */
  goal_file: string().nullable(),
  verify_command: string().nullable(),
  iteration: int(),
  max_iterations: int().nullable(),
  /** Iterations --max-iterations does not count: their audit could not run (auto-loop state audit_not_run). */
  iterations_not_counted: int(),
  tokens_used: int(),
  /** Checked between turns, as max_wallclock_ms is: a turn in flight may run past either, and the loop stops at its end. */
  max_tokens: int().nullable(),
  elapsed_ms: int(),
  max_wallclock_ms: int().nullable(),
  started_at: string().nullable(),
  heartbeat_at: string().nullable(),
  heartbeat_stale: boolean(),
  last_verifier: _enum(["pass", "flaky", "fail"]).nullable(),
  last_verifier_exit_code: int().nullable(),
  /** Why the last run does not count as a pass though it exited 0 (the test rule: core/gate.ts), or null. */
  last_verifier_breach: string().nullable(),
  /** The last audit's vote, or "could not run" when it did not get to one. */
  last_audit_vote: string().nullable(),
  last_audit_reasons: array(string()),
  next_action: string().nullable(),
  blocker: string().nullable(),
  tamper_count: int(),
  flaky_count: int(),
  handoff_note: string().nullable(),
  /** --protect / protect: globs, and the protected files that differed from the start at the last Stop. */
  protected_globs: array(string()),
  protected_changed: array(string()),
  /** Whether the loop's agent runs in Claude Code's sandbox, as measured (agent-sandbox.ts); null with no loop. */
  agent_sandbox: object({
    agent: _enum(["sandboxed", "unsandboxed", "unknown"]),
    how: string(),
    fail_if_unavailable: boolean(),
    measuring: boolean(),
    meaning: string()
  }).nullable(),
  /** The verifier's tests (src/test-results/): at the start, at the last judged run, and the trend; null with no loop. */
  tests: object({
    baseline: TestCountsSchema.nullable(),
    /** Why there is no baseline, or null. */
    baseline_note: string().nullable(),
    last: TestCountsSchema.nullable(),
    /** "7 -> 3 failing", or null before any reading. */
    trend: string().nullable(),
    no_progress_limit: int(),
    /** The last judged turn's run on the start's tests, with its cost (runners/contract-run.ts); null when none was made. */
    contract: string().nullable()
  }).nullable(),
  ...CheckpointSummaryShape
});
function loopStatus(projectDir, state, now, staleMs, checkpoints = summarize(void 0)) {
  if (!state) {
    return {
      version: 1,
      status: "none",
      active: false,
      pause: null,
      exit_code: STATUS_EXIT_CODES.none,
      reason: "no auto-loop was started in this project on this machine",
      project_dir: projectDir,
      loop_id: null,
      session_id: null,
      goal: null,
      goal_file: null,
      verify_command: null,
      iteration: 0,
      max_iterations: null,
      iterations_not_counted: 0,
      tokens_used: 0,
      max_tokens: null,
      elapsed_ms: 0,
      max_wallclock_ms: null,
      started_at: null,
      heartbeat_at: null,
      heartbeat_stale: false,
      last_verifier: null,
      last_verifier_exit_code: null,
      last_verifier_breach: null,
      last_audit_vote: null,
      last_audit_reasons: [],
      next_action: null,
      blocker: null,
      tamper_count: 0,
      flaky_count: 0,
      handoff_note: null,
      protected_globs: [],
      protected_changed: [],
      agent_sandbox: null,
      tests: null,
      ...checkpoints
    };
  }
  const lastRun = state.last_verifier?.runs[state.last_verifier.runs.length - 1];
  const end = state.ended_at ? new Date(state.ended_at) : now;
  return {
    version: 1,
    status: isPaused(state) ? "paused" : state.status,
    active: state.status === "pursuing",
    pause: isPaused(state) ? { by: state.pause.by, at: state.pause.at, words: state.pause.words } : null,
    exit_code: STATUS_EXIT_CODES[isPaused(state) ? "paused" : state.status],
    reason: isPaused(state) ? state.pause.reason : state.status_reason,
    project_dir: state.project_dir,
    loop_id: state.loop_id,
    session_id: state.session_id,
    goal: state.goal,
    goal_file: state.goal_file,
    verify_command: state.verify_command,
    iteration: state.iteration,
    max_iterations: state.caps.max_iterations,
    iterations_not_counted: state.audit_not_run.turns,
    tokens_used: tokensUsed(state),
    max_tokens: state.caps.max_tokens,
    elapsed_ms: elapsedMs(state, end),
    max_wallclock_ms: state.caps.max_wallclock_ms,
    started_at: state.started_at,
    heartbeat_at: state.heartbeat_at,
    heartbeat_stale: state.status === "pursuing" && now.getTime() - Date.parse(state.heartbeat_at) > staleMs,
    last_verifier: state.last_verifier?.verdict ?? null,
    last_verifier_exit_code: lastRun?.exit_code ?? null,
    last_verifier_breach: lastRun?.breach ?? null,
    last_audit_vote: state.last_audit ? auditLabel(state.last_audit) : null,
    last_audit_reasons: state.last_audit?.reasons ?? [],
    next_action: state.status === "pursuing" ? state.next_action : null,
    blocker: state.blocker?.reason ?? null,
    tamper_count: state.tamper_count,
    flaky_count: state.flaky_count,
    handoff_note: state.handoff_note,
    protected_globs: state.protect.globs,
    protected_changed: state.protect.changed,
    agent_sandbox: {
      ...state.launch.agent_sandbox,
      measuring: state.launch.agent_sandbox.measuring === true,
      meaning: sandboxMeaning(state.launch.agent_sandbox)
    },
    tests: {
      baseline: state.test_results.baseline ? countsOf(state.test_results.baseline) : null,
      baseline_note: state.test_results.baseline_note,
      last: lastRun?.tests ?? null,
      trend: trendLine(state.test_results),
      no_progress_limit: state.test_results.no_progress_limit,
      contract: state.last_verifier?.contract ?? null
    },
    ...checkpoints
  };
}
var CAPS_CHECKED = "checked between turns: a turn in flight may run past a cap, and the loop stops at its end";
function testsLines(tests) {
  const start = tests.baseline ? describeTests(tests.baseline) : `not read (${tests.baseline_note ?? "no results"})`;
  return [
    `  tests:      at the start ${start}`,
    ...tests.last ? [`              last run ${describeTests(tests.last)}${tests.trend ? `; ${tests.trend}` : ""}`] : [],
    ...tests.contract ? [`              ${tests.contract}`] : []
  ];
}
function formatStatus(s) {
  if (s.status === "none") return `auto-loop: no loop in ${s.project_dir} (${s.reason}).
`;
  const lines = [
    `auto-loop ${s.status}${s.reason ? `: ${s.reason}` : ""}`,
    `  goal:       ${s.goal.split("\n")[0]}${s.goal.includes("\n") ? " ..." : ""}`,
    ...s.goal_file ? [`  goal file:  ${s.goal_file}`] : [],
    `  verifier:   ${s.verify_command}`,
    `  iteration:  ${iterationsAgainstCap(s.iteration, s.iterations_not_counted, s.max_iterations)}`,
    `  tokens:     ${s.tokens_used} of ${s.max_tokens}${s.max_tokens !== null && s.tokens_used > s.max_tokens ? " (past the cap: caps are checked between turns)" : ""}`,
    `  elapsed:    ${formatDuration(s.elapsed_ms)} of ${formatDuration(s.max_wallclock_ms)}`,
    `  caps:       ${CAPS_CHECKED}`,
    ...s.pause ? [
      `  paused:     since ${s.pause.at} (${s.pause.by === "person" ? "by your message" : "by the agent's question for you"}); ${RESUME_HINT}`,
      ...s.pause.words.map((word) => `    > ${word.split("\n")[0]}${word.includes("\n") ? " ..." : ""}`)
    ] : [],
    `  session:    ${s.session_id}${s.heartbeat_stale ? " (gone or silent, heartbeat stale: /loopkit:auto-loop --takeover continues the loop)" : ""}`,
    `  sandbox:    ${sandboxLine({ ...s.agent_sandbox, measuring: s.agent_sandbox.measuring || void 0 })}`,
    `  last check: verifier ${s.last_verifier ?? "not run yet"}${s.last_verifier_exit_code !== null ? ` (exit ${s.last_verifier_exit_code})` : ""}, audit ${s.last_audit_vote ?? "not run yet"}`,
    ...s.last_verifier_breach ? [`    - not a pass: ${s.last_verifier_breach}`] : [],
    ...s.last_audit_reasons.map((reason) => `    - ${reason}`),
    ...testsLines(s.tests),
    ...s.blocker ? [`  blocker:    ${s.blocker}`] : [],
    ...s.protected_globs.length ? [`  protected:  ${s.protected_globs.join(", ")}${s.protected_changed.length ? "" : " (unchanged)"}`] : [],
    ...s.protected_changed.map((file) => `    - ${file}`),
    ...s.tamper_count ? [`  tampering:  ${s.tamper_count} time(s) detected and undone`] : [],
    ...s.next_action ? [`  next:       ${s.next_action}`] : [],
    ...summaryLines(s, s.loop_id),
    ...s.handoff_note ? ["  hand-off note:", ...s.handoff_note.split("\n").map((line) => `    ${line}`)] : []
  ];
  return `${lines.join("\n")}
`;
}

// src/report/find.ts
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";

// src/report/auto-loop-story.ts
var count = int().nonnegative();
var CountsSchema = object({ passed: count, failed: count, skipped: count.nullable().optional() });
function testCountsOf(raw) {
  for (const key of ["tests", "test_counts"]) {
    const value = raw[key];
    const direct = CountsSchema.safeParse(value);
    const nested = typeof value === "object" && value !== null ? CountsSchema.safeParse(value.counts) : null;
    const found = direct.success ? direct.data : nested?.success ? nested.data : null;
    if (found) return { passed: found.passed, failed: found.failed, skipped: found.skipped ?? null };
  }
  return null;
}
var ReasonsSchema = array(string());
function withNotRun(tests, start) {
  if (!tests) return null;
  const skipped = tests.skipped ?? 0;
  const gone = start ? Math.max(0, start.passed + start.failed + start.skipped - (tests.passed + tests.failed + skipped)) : 0;
  return { ...tests, notRun: skipped + gone };
}
function autoLoopStory(input) {
  const lines = input.lines.filter((line) => line.entry.loop_id === input.loopId);
  const state = input.state?.loop_id === input.loopId ? input.state : void 0;
  const first = lines[0]?.entry;
  const last = lines.at(-1)?.entry;
  const start = lines.find((line) => line.entry.event === "start")?.entry;
  const startedAt = state?.started_at ?? first?.at ?? input.now.toISOString();
  const gaps = [...input.gaps];
  if (!state)
    gaps.push("The project's next loop replaced this one's state: its caps, hand-off note and last verifier output are not on record.");
  let previousAt = startedAt;
  const iterations = iterationRows2(lines.map((line) => line.entry)).map((row) => {
    const own = lines.filter((line) => line.entry.iteration === row.iteration);
    const gate = own.filter((line) => line.entry.event === "gate").at(-1);
    const at = (gate ?? own.at(-1)).entry.at;
    const durationMs = Math.max(0, Date.parse(at) - Date.parse(previousAt));
    previousAt = at;
    const recorded = gate ? ReasonsSchema.safeParse(gate.raw.audit_reasons) : null;
    const fromState = state?.last_audit?.iteration === row.iteration && row.vote !== null ? state.last_audit.reasons : null;
    const verifierRun = state?.last_verifier?.iteration === row.iteration ? state.last_verifier.runs.at(-1) : void 0;
    const changed = input.changes.get(row.iteration);
    return {
      number: row.iteration,
      at,
      durationMs,
      tokens: row.tokens,
      totalTokens: row.total,
      verdict: row.verdict,
      exitCode: row.exitCode,
      vote: row.vote,
      reasons: recorded?.success ? recorded.data : fromState,
      tests: withNotRun(gate ? testCountsOf(gate.raw) : null, state?.test_results.baseline ?? null),
      notes: gate?.entry.not_a_pass ? [`not a pass by loopkit's rules: ${gate.entry.not_a_pass}`, ...row.notes] : row.notes,
      changes: changed?.changes ?? null,
      moreChanges: changed?.more ?? 0,
      verifierOutput: verifierRun?.output_tail ?? null
    };
  });
  const paused = state && isPaused(state) ? state.pause : null;
  const status = paused ? "paused" : state?.status ?? last?.status ?? "pursuing";
  const endedAt = state ? state.ended_at : status === "pursuing" ? null : last?.at ?? null;
  const endLine = [...lines].reverse().find((line) => line.entry.event === "end" || line.entry.event === "cancel")?.entry;
  return {
    kind: "auto-loop",
    id: input.loopId,
    projectDir: state?.project_dir ?? null,
    goal: state?.goal ?? start?.goal ?? null,
    verifyCommand: state?.verify_command ?? null,
    status,
    reason: paused ? `${paused.reason}; it waits for /loopkit:auto-loop --resume` : state?.status_reason ?? endLine?.detail ?? null,
    startedAt,
    endedAt,
    caps: state ? capsUsed(state, input.now) : null,
    startDetail: start?.detail ?? null,
    handoffNote: state?.handoff_note ?? null,
    iterations,
    gaps
  };
}
var NOTE_EVENTS2 = {
  tamper: () => "tampering undone",
  protected: (entry) => entry.detail,
  "blocked-report": (entry) => `blocker: ${entry.detail}`,
  "wrap-up": (entry) => `cap reached: ${entry.detail}`,
  pause: (entry) => `paused: ${entry.detail}`,
  continue: (entry) => entry.detail
};
function iterationRows2(entries) {
  const rows = /* @__PURE__ */ new Map();
  let total = 0;
  for (const entry of entries) {
    const note = NOTE_EVENTS2[entry.event];
    if (entry.iteration > 0 && (entry.event === "gate" || note)) {
      const row = rows.get(entry.iteration) ?? {
        iteration: entry.iteration,
        verdict: null,
        exitCode: null,
        vote: null,
        tokens: 0,
        total,
        notes: []
      };
      if (entry.event === "gate") Object.assign(row, { verdict: entry.verdict, exitCode: entry.exit_code, vote: entry.vote });
      if (note) row.notes.push(note(entry));
      row.tokens += Math.max(0, entry.tokens - row.total);
      row.total = Math.max(row.total, entry.tokens);
      rows.set(entry.iteration, row);
    }
    total = Math.max(total, entry.tokens);
  }
  return [...rows.values()];
}
function capsUsed(state, now) {
  return [
    {
      name: "iterations",
      used: iterationCount(state.iteration, state.audit_not_run.turns, state.caps.max_iterations).counted,
      max: state.caps.max_iterations,
      unit: "count"
    },
    { name: "tokens", used: tokensUsed(state), max: state.caps.max_tokens, unit: "tokens" },
    {
      name: "wall clock",
      used: elapsedMs(state, state.ended_at ? new Date(state.ended_at) : now),
      max: state.caps.max_wallclock_ms,
      unit: "ms"
    }
  ];
}

// src/report/diffs.ts
var DIFF_LIMITS = { files: 200, linesPerFile: 2e3, lineChars: 2e3, totalChars: 8 * 1024 * 1024 };
function iterationChanges(record, openStore2, gaps, limits = DIFF_LIMITS) {
  const out = /* @__PURE__ */ new Map();
  const iterations = record.checkpoints.filter((c) => c.kind === "iteration");
  let store = null;
  try {
    store = openStore2();
  } catch (error) {
    gaps.push(`loopkit's record of the project could not be read, so the diffs are missing (${formatError(error)}).`);
  }
  const budget = { chars: limits.totalChars };
  try {
    let previous = record.base;
    for (const checkpoint of iterations) {
      out.set(checkpoint.iteration, changesOf(store, record, previous, checkpoint, budget, limits, gaps));
      previous = checkpoint.snapshot;
    }
  } finally {
    store?.close();
  }
  if (budget.chars <= 0)
    gaps.push(`The diffs are cut at ${Math.round(limits.totalChars / 1024 / 1024)} MB for the page; the rest are listed without them.`);
  return out;
}
function changesOf(store, record, previous, checkpoint, budget, limits, gaps) {
  const listed = () => ({
    changes: checkpoint.changed.paths.filter((p) => !isLoopkitOwnPath(p.path)).map((p) => ({ ...p, diff: null, note: null })),
    more: checkpoint.changed.more
  });
  if (!store) return listed();
  let found;
  try {
    found = compareSnapshots(store, record.project_dir, previous, checkpoint.snapshot).filter(isAgentChange);
  } catch (error) {
    gaps.push(
      `Iteration ${checkpoint.iteration}'s changes could not be compared (${formatError(error)}); its files are listed without diffs.`
    );
    return listed();
  }
  found.sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const changes = found.slice(0, limits.files).map((change) => fileChange(store, change, budget, limits));
  return { changes, more: found.length - changes.length };
}
function fileChange(store, change, budget, limits) {
  const status = change.how === "added" ? "A" : change.how === "deleted" ? "D" : change.before.kind !== change.after.kind ? "T" : "M";
  const base = { status, path: change.path };
  if (budget.chars <= 0) return { ...base, diff: null, note: "not shown: the page's room for diffs is used up" };
  const sides = [change.before, change.after];
  const unkept = sides.find((leaf) => leaf?.kind === "file" && !leaf.kept);
  if (unkept) return { ...base, diff: null, note: "over 1 MB: loopkit keeps its hash, not its content" };
  const notFile = sides.find((leaf) => leaf !== null && leaf.kind !== "file");
  if (notFile) return { ...base, diff: null, note: describe(notFile) };
  let a;
  let b;
  try {
    a = linesOf(store, change.before);
    b = linesOf(store, change.after);
  } catch (error) {
    return { ...base, diff: null, note: `its content could not be read from loopkit's record (${formatError(error)})` };
  }
  let diff = hunks(a, b, diffLines(a, b)).map((line) => shown(line, limits.lineChars));
  let note = null;
  if (diff.length > limits.linesPerFile) {
    note = `cut at ${limits.linesPerFile} of ${diff.length} lines`;
    diff = diff.slice(0, limits.linesPerFile);
  }
  budget.chars -= diff.reduce((sum, line) => sum + line.length + 1, 0);
  return { ...base, diff, note };
}
function describe(leaf) {
  if (leaf.kind === "link") return `a symbolic link to ${showText(leaf.target ?? Buffer.alloc(0))}`;
  if (leaf.kind === "dir") return "an empty folder";
  return leaf.kind === "unreadable" ? "unreadable by loopkit" : `a ${leaf.kind}`;
}
function linesOf(store, leaf) {
  if (!leaf?.hash) return [];
  const lines = store.get(leaf.hash, "blob").toString("latin1").split(/(?<=\n)/);
  return lines.at(-1) === "" ? lines.slice(0, -1) : lines;
}
function shown(line, max) {
  if (line.startsWith("@@")) return line;
  const body = line.slice(1);
  const text = showText(Buffer.from(body.endsWith("\n") ? body.slice(0, -1) : body, "latin1"));
  const cut = text.length > max ? `${text.slice(0, max)}[... ${(text.length - max).toLocaleString("en-US")} more characters]` : text;
  return `${line[0]}${cut}`;
}

// src/report/repeat-story.ts
function repeatStoryFromState(state) {
  return {
    kind: "repeat",
    id: state.loop_id,
    projectDir: state.project_dir,
    command: state.command,
    interval: formatDuration(state.interval_ms),
    maxIterations: state.max_iterations,
    status: state.final_status ?? state.phase,
    startedAt: state.started_at,
    endedAt: state.ended_at,
    iterations: state.iterations.map((it) => ({
      number: it.number,
      startedAt: it.started_at,
      durationMs: Math.max(0, Date.parse(it.ended_at) - Date.parse(it.started_at)),
      result: it.result,
      exitCode: it.exit_code,
      summary: it.summary
    })),
    gaps: []
  };
}
function repeatStoryFromStats(run) {
  return {
    kind: "repeat",
    id: run.id,
    projectDir: null,
    command: run.command,
    interval: run.interval,
    maxIterations: run.max_iterations,
    status: run.final_status ?? "running",
    startedAt: run.started_at,
    endedAt: run.ended_at,
    iterations: run.iterations.map((it) => ({
      number: it.number,
      startedAt: it.timestamp,
      durationMs: null,
      result: it.result,
      exitCode: it.exit_code,
      summary: it.summary
    })),
    gaps: [
      "Only the stats log holds this loop (its state in loopkit's data folder is gone): it keeps when each iteration started, not how long it ran."
    ]
  };
}

// src/report/find.ts
async function findStory(from, id) {
  if (id === void 0) return latestStory(from);
  const data = from.dataDir;
  if (data) {
    for (const dir of await subfolders(path.join(data, "auto-loop"))) {
      const lines = await historyLines(path.join(dir, "gate-history.jsonl"));
      if (lines.some((line) => line.entry.loop_id === id) || (await stateIn(dir))?.loop_id === id)
        return autoStory(data, dir, id, lines, from.now);
    }
    const state = (await repeatStates(data)).find((s) => s.loop_id === id);
    if (state) return repeatStoryFromState(state);
  }
  const run = from.statsFile ? (await statsRuns(from.statsFile)).find((r) => r.id === id) : void 0;
  if (run) return repeatStoryFromStats(run);
  throw new LoopkitError("NO_LOOP", `no loop with id ${id} is on record`, { value: id, hint: "loopkit history lists the ids" });
}
async function latestStory(from) {
  const projectDir = from.projectDir();
  const data = from.dataDir;
  const none = new LoopkitError("NO_LOOP", `no loop has run in ${projectDir} (none is on record in ${data ?? "any loopkit data folder"})`, {
    value: projectDir,
    hint: "start one, or name a loop: loopkit history lists them, loopkit report <id>"
  });
  if (!data) throw none;
  const dir = loopFiles(data, projectDir).dir;
  const lines = await historyLines(path.join(dir, "gate-history.jsonl"));
  const starts = /* @__PURE__ */ new Map();
  for (const { entry } of lines) if (!starts.has(entry.loop_id)) starts.set(entry.loop_id, entry.at);
  const auto = [...starts].sort((a, b) => b[1].localeCompare(a[1]))[0];
  const repeat = (await projectLoops(data, projectDir))[0]?.state;
  if (auto && (!repeat || auto[1] >= repeat.started_at)) return autoStory(data, dir, auto[0], lines, from.now);
  if (repeat) return repeatStoryFromState(repeat);
  throw none;
}
async function autoStory(data, dir, loopId, lines, now) {
  const state = await stateIn(dir);
  const gaps = [];
  const record = await findRecord(data, loopId);
  const judged = lines.some((line) => line.entry.loop_id === loopId && line.entry.event === "gate");
  let changes = /* @__PURE__ */ new Map();
  if (record) {
    const open = () => {
      if (!existsSync(evidenceFiles(data, record.project_dir).pack)) throw new Error("it is not there any more (pruned?)");
      return openStore(data, record.project_dir);
    };
    changes = iterationChanges(record, open, gaps);
  } else if (judged) gaps.push("No checkpoint of this loop is on record, so the files each iteration changed are not shown.");
  return autoLoopStory({ loopId, lines, state, changes, gaps, now });
}
async function stateIn(dir) {
  const read = await readJson(path.join(dir, "state.json"), AutoLoopStateSchema).catch(() => ({ exists: false }));
  return read.exists ? read.value : void 0;
}
async function historyLines(file) {
  const text = await fs.readFile(file, "utf8").catch(() => "");
  return text.split("\n").flatMap((line) => {
    if (!line.trim()) return [];
    try {
      const raw = JSON.parse(line);
      const parsed = HistoryEntrySchema.safeParse(raw);
      return parsed.success ? [{ entry: parsed.data, raw }] : [];
    } catch {
      return [];
    }
  });
}
async function subfolders(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
}
async function repeatStates(data) {
  const dir = repeatStateDir(data);
  const names = (await fs.readdir(dir).catch(() => [])).filter((n) => n.endsWith(".json"));
  const states = [];
  for (const name of names) {
    const read = await readJson(path.join(dir, name), RepeatStateSchema).catch(() => ({ exists: false }));
    if (read.exists) states.push(read.value);
  }
  return states;
}
async function statsRuns(file) {
  const read = await readJson(file, StatsFileSchema).catch(() => ({ exists: false }));
  if (!read.exists) return [];
  return (read.value.loop_runs ?? []).flatMap((raw) => {
    const parsed = LoopRunSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}

// src/report/html.ts
import { createHash } from "node:crypto";

// src/report/style.ts
var PAGE_CSS = `
:root { color-scheme: light; --ink: #1f2328; --muted: #59636e; --line: #d1d9e0; --soft: #f6f8fa;
  --pass: #1a7f37; --fail: #cf222e; --flaky: #9a6700; --info: #0969da; --other: #8250df; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
main { max-width: 1080px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 24px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
h3 { font-size: 15px; margin: 16px 0 6px; }
p { margin: 6px 0; }
.sub { color: var(--muted); margin: 0 0 16px; }
.muted { color: var(--muted); }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; font-size: 13px; }
pre { background: var(--soft); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; margin: 6px 0; }
.goal { font-size: 14px; max-height: 320px; overflow: auto; }
.badge { display: inline-block; padding: 1px 10px; border-radius: 999px; font-weight: 600; font-size: 13px; color: #fff; background: var(--muted); vertical-align: middle; }
.badge.pass, .badge.achieved, .badge.EARLY_SUCCESS, .badge.COMPLETED { background: var(--pass); }
.badge.fail, .badge.unmet, .badge.CIRCUIT_BREAKER, .badge.ERROR { background: var(--fail); }
.badge.flaky, .badge.budget-limited, .badge.MAX_ITERATIONS, .badge.blocked, .badge.paused { background: var(--flaky); }
.badge.pursuing, .badge.running, .badge.waiting { background: var(--info); }
.status { display: flex; gap: 12px; align-items: baseline; flex-wrap: wrap; margin: 12px 0; padding: 12px 14px; border: 1px solid var(--line); border-radius: 8px; background: var(--soft); }
.status .why { flex: 1 1 300px; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 8px 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
.caps { display: grid; grid-template-columns: repeat(auto-fit, minmax(240px, 1fr)); gap: 12px; }
.cap { border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
.cap .name { color: var(--muted); font-size: 13px; }
.cap .value { font-weight: 600; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(420px, 1fr)); gap: 16px; }
figure { max-width: 700px; margin: 0; border: 1px solid var(--line); border-radius: 8px; padding: 10px 12px; }
figcaption { font-weight: 600; margin-bottom: 4px; }
figure .note { font-size: 13px; color: var(--muted); }
svg { display: block; width: 100%; height: auto; }
svg.chart { max-width: 640px; }
svg text { font: 13px system-ui, sans-serif; fill: var(--muted); }
svg .axis { stroke: var(--line); }
svg .grid { stroke: #eaeef2; }
svg .series { fill: none; stroke: var(--info); stroke-width: 2; }
svg .dot { fill: var(--info); }
svg .series.other { stroke: var(--other); stroke-dasharray: 5 4; }
svg .dot.other { fill: var(--other); }
svg .bar { fill: var(--info); }
svg .bar.pass { fill: var(--pass); } svg .bar.fail { fill: var(--fail); } svg .bar.flaky { fill: var(--flaky); } svg .bar.none { fill: var(--line); }
svg .track { fill: #eaeef2; }
svg .used { fill: var(--info); } svg .used.high { fill: var(--flaky); } svg .used.full { fill: var(--fail); }
table { border-collapse: collapse; width: 100%; font-size: 14px; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.summary { overflow-wrap: anywhere; }
.iteration { border: 1px solid var(--line); border-radius: 8px; margin: 12px 0; padding: 4px 14px 10px; }
.iteration h3 { display: flex; gap: 10px; align-items: baseline; flex-wrap: wrap; }
.iteration h3 .when { color: var(--muted); font-weight: normal; font-size: 13px; }
ul.reasons { margin: 4px 0; padding-left: 20px; }
ul.files { list-style: none; margin: 4px 0; padding: 0; }
ul.files li { margin: 2px 0; }
details > summary { cursor: pointer; overflow-wrap: anywhere; }
details[open] > summary { margin-bottom: 4px; }
.st { display: inline-block; width: 1.6em; text-align: center; font-weight: 700; border-radius: 4px; margin-right: 6px; font-family: ui-monospace, monospace; }
.st.A { color: var(--pass); } .st.D { color: var(--fail); } .st.M, .st.T { color: var(--flaky); }
pre.diff { white-space: pre; padding: 0; max-height: 600px; overflow: auto; }
pre.diff span { display: block; padding: 0 10px; min-height: 1.3em; }
pre.diff .add { background: #dafbe1; } pre.diff .del { background: #ffebe9; } pre.diff .hunk { background: #ddf4ff; color: var(--muted); }
.gaps { border-left: 4px solid var(--flaky); background: #fff8c5; padding: 8px 12px; border-radius: 4px; margin: 12px 0; }
footer { margin-top: 40px; color: var(--muted); font-size: 13px; }
`;

// src/report/html.ts
function esc(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}
function html(strings, ...values) {
  let out = strings[0];
  values.forEach((value, i) => {
    out += piece(value) + strings[i + 1];
  });
  return { html: out };
}
function piece(value) {
  if (value === null || value === void 0 || value === false) return "";
  if (Array.isArray(value)) return value.map(piece).join("");
  if (typeof value === "object" && "html" in value) return value.html;
  return esc(String(value));
}
var styleHash = () => createHash("sha256").update(PAGE_CSS).digest("base64");
function contentSecurityPolicy() {
  return `default-src 'none'; style-src 'sha256-${styleHash()}'; img-src 'none'; script-src 'none'; base-uri 'none'; form-action 'none'`;
}
function page(title, body) {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(contentSecurityPolicy())}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${esc(title)}</title>
<style>${PAGE_CSS}</style>
</head>
<body>
${body.html}
</body>
</html>
`;
}

// src/report/parts.ts
var when = (iso) => `${iso.slice(0, 19).replace("T", " ")} UTC`;
function statusBadge(status) {
  return html`<span class="badge ${status}">${status}</span>`;
}
function ranFor(story, now) {
  const end = story.endedAt ? Date.parse(story.endedAt) : now.getTime();
  return formatDuration(end - Date.parse(story.startedAt));
}
function gapsBox(gaps) {
  return gaps.length ? html`<div class="gaps">${gaps.map((gap) => html`<p>${gap}</p>`)}</div>` : html``;
}

// src/report/charts.ts
var W = 640;
var H = 220;
var PAD = { left: 56, right: 14, top: 14, bottom: 34 };
function axisTicks(max, whole) {
  const rough = Math.max(max, 1e-9) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough);
  if (whole) step = Math.max(1, Math.ceil(step));
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
}
function compactNumber(n) {
  if (Math.abs(n) >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (Math.abs(n) >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return String(+n.toFixed(1));
}
function frame(points, ariaLabel, scale, marks) {
  const ticks = axisTicks(
    Math.max(...points.map((p) => p.value), 0),
    points.every((p) => Number.isInteger(p.value))
  );
  const top = ticks.at(-1);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const step = plotW / Math.max(points.length, 1);
  const x = (i) => PAD.left + step * (i + 0.5);
  const y = (v) => Math.round((PAD.top + plotH - v / top * plotH) * 10) / 10;
  const every = Math.max(1, Math.ceil(points.length / 20));
  return html`<svg class="chart" viewBox="0 0 ${W} ${H}" role="img" aria-label="${ariaLabel}" xmlns="http://www.w3.org/2000/svg">
    ${(scale ? ticks : []).map(
    (t) => html`<line class="grid" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(t)}" y2="${y(t)}" /><text
            x="${PAD.left - 6}"
            y="${y(t) + 4}"
            text-anchor="end"
            >${compactNumber(t)}</text
          >`
  )}
    <line class="axis" x1="${PAD.left}" x2="${W - PAD.right}" y1="${y(0)}" y2="${y(0)}" />
    ${points.map((p, i) => i % every === 0 ? html`<text x="${x(i)}" y="${H - PAD.bottom + 16}" text-anchor="middle">${p.x}</text>` : "")}
    <text x="${PAD.left + plotW / 2}" y="${H - 4}" text-anchor="middle">iteration</text>
    ${marks(x, y, step)}
  </svg>`;
}
function barChart(points, ariaLabel, options = {}) {
  return frame(points, ariaLabel, options.scale ?? true, (x, y, step) => {
    const width = Math.max(2, Math.min(48, step * 0.7));
    return html`${points.map(
      (p, i) => html`<rect
          class="bar ${p.tone ?? ""}"
          x="${x(i) - width / 2}"
          y="${y(p.value)}"
          width="${width}"
          height="${Math.max(0, y(0) - y(p.value))}"
          ><title>${p.label}</title></rect
        >`
    )}`;
  });
}
function lineChart(points, ariaLabel, second = []) {
  const scaled = points.map((p, i) => ({ ...p, value: Math.max(p.value, second[i]?.value ?? 0) }));
  return frame(scaled, ariaLabel, true, (x, y) => {
    const line = (series, other) => html`<polyline
          class="series${other}"
          points="${series.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(" ")}"
        />${series.map(
      (p, i) => html`<circle class="dot${other}" cx="${x(i)}" cy="${y(p.value)}" r="4"><title>${p.label}</title></circle>`
    )}`;
    return html`${second.length ? line(second, " other") : ""}${line(points, "")}`;
  });
}
function meter(used, max, ariaLabel) {
  const share = max > 0 ? Math.min(1, used / max) : 0;
  const tone = share >= 1 ? "full" : share >= 0.8 ? "high" : "";
  return html`<svg viewBox="0 0 200 10" role="img" aria-label="${ariaLabel}" xmlns="http://www.w3.org/2000/svg">
    <rect class="track" x="0" y="0" width="200" height="10" rx="5" />
    <rect class="used ${tone}" x="0" y="0" width="${(200 * share).toFixed(1)}" height="10" rx="5" />
  </svg>`;
}

// src/report/render-auto-loop.ts
function renderAutoLoop(story, now) {
  const judged = story.iterations.length;
  return html`<h1>auto-loop <span class="mono">${story.id}</span></h1>
    <p class="sub">
      ${story.projectDir ? html`<code>${story.projectDir}</code> · ` : ""}started ${when(story.startedAt)} · ran
      ${ranFor(story, now)}${story.status === "pursuing" ? " so far (still pursuing)" : story.status === "paused" ? " so far (paused)" : ""}
    </p>
    <div class="status">
      ${statusBadge(story.status)}<span class="why"
        >${story.reason ?? (story.status === "pursuing" ? "The loop is still pursuing its goal." : "")}</span
      >
    </div>
    ${gapsBox(story.gaps)}
    <h2>Goal</h2>
    ${story.goal === null ? html`<p class="muted">Not recorded.</p>` : html`<pre class="goal">${story.goal}</pre>`}
    <dl class="facts">
      ${story.verifyCommand ? html`<dt>Verifier</dt>
              <dd><code>${story.verifyCommand}</code></dd>` : ""}
      ${story.startDetail ? html`<dt>At the start</dt>
              <dd>${story.startDetail}</dd>` : ""}
      <dt>Ended</dt>
      <dd>${story.endedAt ? when(story.endedAt) : "not yet"}</dd>
      <dt>Iterations judged</dt>
      <dd>${judged}</dd>
    </dl>
    ${story.caps ? html`<h2>Caps</h2>
            <div class="caps">${story.caps.map(capBox)}</div>` : ""}
    ${judged ? charts(story.iterations) : ""}
    <h2>Iterations</h2>
    ${judged ? story.iterations.map(iteration) : html`<p class="muted">No iteration was judged.</p>`}
    <h2>Hand-off note</h2>
    ${story.handoffNote ? html`<pre>${story.handoffNote}</pre>` : html`<p class="muted">None was written${story.caps ? "" : " (or it is not on record)"}.</p>`}`;
}
function capValue(cap, n) {
  return cap.unit === "ms" ? formatDuration(n) : cap.unit === "tokens" ? compactNumber(n) : String(n);
}
function capBox(cap) {
  const pct = cap.max > 0 ? Math.round(cap.used / cap.max * 100) : 0;
  return html`<div class="cap">
    <div class="name">${cap.name}</div>
    <div class="value">${capValue(cap, cap.used)} of ${capValue(cap, cap.max)} <span class="muted">(${pct}%)</span></div>
    ${meter(cap.used, cap.max, `${cap.name}: ${pct}% of the cap used`)}
  </div>`;
}
function charts(iterations) {
  const counted = iterations.filter((it) => it.tests !== null);
  const tests = counted.length ? html`<figure>
        <figcaption>Failing tests, and tests that did not run</figcaption>
        ${lineChart(
    counted.map((it) => ({ x: it.number, value: it.tests.failed, label: testsLabel(it) })),
    "failing tests, and tests that did not run, per iteration",
    counted.map((it) => ({ x: it.number, value: it.tests.notRun ?? it.tests.skipped ?? 0, label: testsLabel(it) }))
  )}
        <p class="note">
          From the verifier's test results at each gate: failing (solid), and did not run (dashed: skipped, or gone since the start).
        </p>
      </figure>` : html`<figure>
        <figcaption>Verifier per iteration</figcaption>
        ${barChart(
    iterations.map((it) => ({
      x: it.number,
      value: 1,
      tone: it.verdict ?? "none",
      label: `iteration ${it.number}: verifier ${it.verdict ?? "not run"}${it.exitCode !== null ? ` (exit ${it.exitCode})` : ""}`
    })),
    "verifier outcome per iteration",
    { scale: false }
  )}
        <p class="note">
          Green pass, amber flaky, red fail. No test counts are on record for this loop, so its failing tests cannot be charted.
        </p>
      </figure>`;
  const tokenPoints = iterations.map((it) => ({
    x: it.number,
    value: it.tokens,
    label: `iteration ${it.number}: ${it.tokens.toLocaleString("en-US")} tokens (${it.totalTokens.toLocaleString("en-US")} in all)`
  }));
  return html`<h2>Charts</h2>
    <div class="charts">
      ${tests}
      <figure>
        <figcaption>Tokens per iteration</figcaption>
        ${barChart(tokenPoints, "tokens per iteration")}
        <p class="note">The turn and its audit; ${compactNumber(iterations.at(-1).totalTokens)} in all.</p>
      </figure>
    </div>`;
}
function testsLabel(it) {
  const tests = it.tests;
  const notRun = tests.notRun ?? tests.skipped ?? 0;
  return `iteration ${it.number}: ${tests.failed} failing, ${tests.passed} passing${notRun ? `, ${notRun} did not run` : ""}`;
}
function iteration(it) {
  const verifier = it.verdict ? html`verifier ${statusBadge(it.verdict)}${it.exitCode !== null ? html` <span class="muted">exit ${it.exitCode}</span>` : ""}` : html`<span class="muted">verifier not run</span>`;
  const audit = it.vote ? html` · audit ${statusBadge(it.vote)}` : "";
  const tests = it.tests ? html`<p>
        Tests: ${it.tests.passed} passed, ${it.tests.failed} failed${it.tests.skipped !== null ? `, ${it.tests.skipped} skipped` : ""}.
      </p>` : "";
  return html`<section class="iteration">
    <h3>
      Iteration ${it.number} ${verifier}${audit}<span class="when"
        >${when(it.at)} · ${formatDuration(it.durationMs)} · ${it.tokens.toLocaleString("en-US")} tokens</span
      >
    </h3>
    ${tests}
    ${it.reasons?.length ? html`<p>The audit's reasons:</p>
            <ul class="reasons">
              ${it.reasons.map((r) => html`<li>${r}</li>`)}
            </ul>` : ""}
    ${it.notes.length ? html`<p class="muted">${it.notes.join("; ")}</p>` : ""} ${files(it)}
    ${it.verifierOutput ? html`<details>
            <summary>The verifier's output (its tail)</summary>
            <pre>${it.verifierOutput}</pre>
          </details>` : ""}
  </section>`;
}
function files(it) {
  if (it.changes === null) return html`<p class="muted">Files changed: not on record.</p>`;
  if (it.changes.length === 0) return html`<p class="muted">No file changed.</p>`;
  const count2 = it.changes.length + it.moreChanges;
  return html`<p>${count2} file${count2 === 1 ? "" : "s"} changed:</p>
    <ul class="files">
      ${it.changes.map(fileItem)}${it.moreChanges ? html`<li class="muted">… and ${it.moreChanges} more</li>` : ""}
    </ul>`;
}
function fileItem(change) {
  const name = html`<span class="st ${change.status}">${change.status}</span><code>${visible(change.path)}</code>`;
  const note = change.note ? html` <span class="muted">(${change.note})</span>` : "";
  if (!change.diff) return html`<li>${name}${note}</li>`;
  return html`<li>
    <details>
      <summary>${name}${note}</summary>
      <pre class="diff">${change.diff.map(diffLine)}</pre>
    </details>
  </li>`;
}
function visible(name) {
  return showText(Buffer.from(name)).replace(/[\t\n]/g, (c) => `\\x0${c === "	" ? 9 : "a"}`);
}
function diffLine(line) {
  const cls = line.startsWith("@@") ? "hunk" : line.startsWith("+") ? "add" : line.startsWith("-") ? "del" : "";
  return html`<span class="${cls}">${line}</span>`;
}

// src/report/render-repeat.ts
var STATUS_WORDS = {
  EARLY_SUCCESS: "An iteration reported the work done, so the loop stopped early.",
  COMPLETED: "Every iteration ran and the last one passed.",
  MAX_ITERATIONS: "Every iteration ran; the last one did not pass.",
  CIRCUIT_BREAKER: "It stopped after 3 failed iterations in a row.",
  CANCELLED: "It was cancelled.",
  ERROR: "loopkit's own hook failed, so the loop was ended rather than left running unjudged.",
  running: "An iteration is running.",
  waiting: "It waits for its next iteration.",
  paused: "It is paused: loopkit repeat --resume (or /loopkit:repeat --resume) goes on."
};
function renderRepeat(story, now) {
  const passed = story.iterations.filter((it) => it.result === "pass").length;
  return html`<h1>repeat <span class="mono">${story.id}</span></h1>
    <p class="sub">
      ${story.projectDir ? html`<code>${story.projectDir}</code> · ` : ""}started ${when(story.startedAt)} · ran ${ranFor(story, now)}
    </p>
    <div class="status">${statusBadge(story.status)}<span class="why">${STATUS_WORDS[story.status] ?? ""}</span></div>
    ${gapsBox(story.gaps)}
    <h2>Command</h2>
    <pre class="goal">${story.command}</pre>
    <dl class="facts">
      <dt>Interval</dt>
      <dd>${story.interval}</dd>
      <dt>Iterations</dt>
      <dd>${story.iterations.length} of at most ${story.maxIterations}: ${passed} passed, ${story.iterations.length - passed} failed</dd>
      <dt>Ended</dt>
      <dd>${story.endedAt ? when(story.endedAt) : "not yet"}</dd>
    </dl>
    ${story.iterations.length ? chart(story.iterations) : ""}
    <h2>Iterations</h2>
    ${story.iterations.length ? table(story.iterations) : html`<p class="muted">No iteration is on record yet.</p>`}`;
}
function chart(iterations) {
  const timed = iterations.every((it) => it.durationMs !== null);
  const points = iterations.map((it) => ({
    x: it.number,
    value: timed ? it.durationMs / 1e3 : 1,
    tone: it.result,
    label: `iteration ${it.number}: ${it.result}${it.durationMs !== null ? `, ${formatDuration(it.durationMs)}` : ""}`
  }));
  const caption = timed ? "Duration per iteration (seconds)" : "Result per iteration";
  return html`<h2>Chart</h2>
    <div class="charts">
      <figure>
        <figcaption>${caption}</figcaption>
        ${barChart(points, caption)}
        <p class="note">Green passed, red failed.</p>
      </figure>
    </div>`;
}
function table(iterations) {
  return html`<table>
    <thead>
      <tr>
        <th class="num">#</th>
        <th>Started</th>
        <th class="num">Duration</th>
        <th>Result</th>
        <th>Summary</th>
      </tr>
    </thead>
    <tbody>
      ${iterations.map(
    (it) => html`<tr>
            <td class="num">${it.number}</td>
            <td>${when(it.startedAt)}</td>
            <td class="num">${it.durationMs === null ? "-" : formatDuration(it.durationMs)}</td>
            <td>${statusBadge(it.result)}${it.exitCode === 2 ? html` <span class="muted">(no result line)</span>` : ""}</td>
            <td class="summary">${it.summary ?? html`<span class="muted">none</span>`}</td>
          </tr>`
  )}
    </tbody>
  </table>`;
}

// src/report/render.ts
function renderReport(story, now) {
  const body = story.kind === "auto-loop" ? renderAutoLoop(story, now) : renderRepeat(story, now);
  return page(`loopkit ${story.kind} ${story.id}: ${story.status}`, html`<main>${body}${footer(story, now)}</main>`);
}
function footer(story, now) {
  return html`<footer>
    Written by <code>loopkit report ${story.id}</code> at ${when(now.toISOString())} from loopkit's own
    records${story.projectDir ? html` of <code>${story.projectDir}</code>` : ""}. Everything the agent wrote is shown as text; the page runs
    no script and loads nothing.
  </footer>`;
}

// src/report/write.ts
import { spawn } from "node:child_process";
import { accessSync, constants, promises as fs2 } from "node:fs";
import path2 from "node:path";
function defaultReportPath(dataDir, loopId) {
  return path2.join(dataDir, "reports", `${loopId.replace(/[^A-Za-z0-9._-]/g, "_")}.html`);
}
async function writeReport(file, text) {
  try {
    await fs2.mkdir(path2.dirname(file), { recursive: true });
    await writeFileAtomic(file, text);
  } catch (cause) {
    if (isLoopkitError(cause, "NO_SPACE")) throw cause;
    throw new LoopkitError("READ_ONLY", `cannot write the report to ${file}: ${formatError(cause)}`, {
      value: file,
      cause,
      hint: "name a file you can write with --output <file>"
    });
  }
}
function opener(platform, env) {
  if (platform === "win32")
    return { command: env.ComSpec || "cmd.exe", args: (file) => ["/d", "/s", "/c", `start "" "${file}"`], verbatim: true };
  const command = platform === "darwin" ? "open" : "xdg-open";
  return onPath(command, env) ? { command, args: (file) => [file], verbatim: false } : null;
}
var openerName = (platform) => platform === "win32" ? "start" : platform === "darwin" ? "open" : "xdg-open";
function onPath(command, env) {
  return (env.PATH ?? "").split(path2.delimiter).some((dir) => {
    if (!dir) return false;
    try {
      accessSync(path2.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}
function openFile(open, file, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(open.command, open.args(file), { detached: true, stdio: "ignore", env, windowsVerbatimArguments: open.verbatim });
    child.once("error", reject);
    child.once("spawn", () => {
      child.unref();
      resolve();
    });
  });
}

// src/checkpoint/export.ts
import path3 from "node:path";

// src/checkpoint/message.ts
function checkpointMessage(record, facts) {
  const tokens = facts.tokens === null ? "tokens not counted" : `${facts.tokens} tokens`;
  const subject = facts.kind === "iteration" ? `loopkit: iteration ${facts.iteration} of ${record.loop_kind} ${record.loop_id}: ${facts.verdict}, ${tokens}` : `loopkit: the tree before restoring checkpoint ${facts.restored} of ${record.loop_kind} ${record.loop_id}`;
  return [
    subject,
    "",
    `Loop: ${record.loop_id}`,
    `Kind: ${record.loop_kind}`,
    `Checkpoint: ${facts.id}`,
    `Iteration: ${facts.iteration}`,
    `Verdict: ${facts.verdict}`,
    `Tokens: ${facts.tokens ?? "not counted"}`,
    ...facts.restored ? [`Restored: ${facts.restored}`] : [],
    ""
  ].join("\n");
}

// src/checkpoint/export.ts
async function exportToBranch(data, record, upTo, branch, now) {
  const repo = findRepo(record.project_dir);
  if (!repo)
    throw new LoopkitError("USAGE", `${record.project_dir} is not in a git repository`, {
      value: record.project_dir,
      hint: "run git init there first, or restore the checkpoint with loopkit restore"
    });
  const git = (args, input) => runGit(repo, args, { input, maxBytes: 16 * 1024 * 1024, timeoutMs: 3e5 });
  if (!(await git(["check-ref-format", "--branch", branch])).ok)
    throw new LoopkitError("USAGE", `"${branch}" is not a branch name git takes`, { value: branch });
  if ((await git(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`])).ok) {
    throw new LoopkitError("USAGE", `the branch ${branch} exists already`, {
      value: branch,
      hint: "name a new branch; loopkit never moves one of yours"
    });
  }
  const head = await git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  const base = head.ok ? head.stdout.trim() : null;
  const prefix = path3.relative(repo.workTree, record.project_dir).split(path3.sep).join("/");
  const chain = record.checkpoints.slice(0, record.checkpoints.indexOf(upTo) + 1);
  const store = openStore(data, record.project_dir);
  try {
    const unkept = /* @__PURE__ */ new Set();
    const trees = chain.map(
      (c) => listFiles(store, Buffer.from(c.snapshot.root, "hex"), prefix ? Buffer.from(`${prefix}/`) : Buffer.alloc(0), unkept)
    );
    const ignored = await ignoredPaths(repo, [...new Set(trees.flat().map((f) => f.path.toString("latin1")))]);
    const stream = [Buffer.from("feature done\n")];
    const marks = /* @__PURE__ */ new Map();
    let mark = 0;
    const date = `${Math.floor(now.getTime() / 1e3)} +0000`;
    chain.forEach((checkpoint, i) => {
      const files2 = trees[i].filter((f) => !ignored.has(f.path.toString("latin1")));
      for (const file of files2) {
        if (marks.has(file.hash)) continue;
        marks.set(file.hash, ++mark);
        const content = file.content();
        stream.push(Buffer.from(`blob
mark :${mark}
data ${content.length}
`), content, Buffer.from("\n"));
      }
      const message = Buffer.from(checkpointMessage(record, checkpoint));
      stream.push(
        Buffer.from(`commit refs/heads/${branch}
mark :c${i}
committer loopkit <loopkit@localhost> ${date}
data ${message.length}
`),
        message,
        Buffer.from("\n")
      );
      if (i === 0 && base) stream.push(Buffer.from(`from ${base}
`));
      stream.push(Buffer.from(prefix ? `D ${quote(Buffer.from(prefix))}
` : "deleteall\n"));
      for (const file of files2) stream.push(Buffer.from(`M ${file.mode} :${marks.get(file.hash)} `), quote(file.path), Buffer.from("\n"));
      stream.push(Buffer.from("\n"));
    });
    stream.push(Buffer.from("done\n"));
    const imported = await git(["fast-import", "--quiet", "--done"], Buffer.concat(stream));
    if (!imported.ok)
      throw new LoopkitError("CHECKPOINT_FAILED", `git fast-import failed: ${imported.stderr.trim().split("\n").slice(-3).join(" ")}`, {
        value: branch
      });
    const commit = (await git(["rev-parse", `refs/heads/${branch}`])).stdout.trim();
    const lines = [
      `Exported checkpoint${chain.length > 1 ? `s ${chain[0].id} to ${upTo.id}` : ` ${upTo.id}`} of ${record.loop_kind} ${record.loop_id} to the branch ${branch} (commit ${commit.slice(0, 12)}${base ? `, on ${base.slice(0, 12)}` : ""}).`,
      ...ignored.size ? [`${ignored.size} file(s) git ignores were left out, as a commit would leave them.`] : [],
      ...unkept.size ? [
        `${unkept.size} file(s) over 1 MB could not be exported (loopkit keeps their hash only): ${[...unkept].slice(0, 5).join(", ")}${unkept.size > 5 ? ", ..." : ""}`
      ] : [],
      `See it with: git log --stat ${branch}`
    ];
    return { commit, lines };
  } finally {
    store.close();
  }
}
function listFiles(store, tree, prefix, unkept) {
  const files2 = [];
  for (const entry of decodeTree(store.get(tree, "tree"))) {
    const at = Buffer.concat([prefix, entry.name]);
    if (entry.kind === "dir") files2.push(...listFiles(store, entry.hash, Buffer.concat([at, Buffer.from("/")]), unkept));
    else if (entry.kind === "link")
      files2.push({ path: at, mode: "120000", hash: `link ${entry.hash.toString("hex")}`, content: () => entry.target });
    else if (entry.kind === "file" && !entry.kept) unkept.add(at.toString("utf8"));
    else if (entry.kind === "file")
      files2.push({
        path: at,
        mode: entry.mode & 73 ? "100755" : "100644",
        hash: entry.hash.toString("hex"),
        content: () => store.get(entry.hash, "blob")
      });
  }
  return files2;
}
async function ignoredPaths(repo, paths) {
  if (paths.length === 0) return /* @__PURE__ */ new Set();
  const input = Buffer.concat(paths.map((p) => Buffer.concat([Buffer.from(p, "latin1"), Buffer.from([0])])));
  const result = await runGit(repo, ["check-ignore", "--stdin", "-z"], { input, maxBytes: 64 * 1024 * 1024, timeoutMs: 3e5 });
  if (!result.ok && result.exitCode !== 1) throw new LoopkitError("CHECKPOINT_FAILED", `git check-ignore failed: ${result.stderr.trim()}`);
  return new Set(Buffer.from(result.stdout, "utf8").toString("latin1").split("\0").filter(Boolean));
}
function quote(p) {
  if (!p.includes(10) && p[0] !== 34) return p;
  const out = ['"'];
  for (const byte of p) {
    if (byte === 34 || byte === 92) out.push(`\\${String.fromCharCode(byte)}`);
    else if (byte === 10) out.push("\\n");
    else if (byte < 32 || byte >= 127) out.push(`\\${byte.toString(8).padStart(3, "0")}`);
    else out.push(String.fromCharCode(byte));
  }
  out.push('"');
  return Buffer.from(out.join(""), "latin1");
}

export {
  EXIT,
  CheckpointSummaryShape,
  summarize,
  loadSummary,
  summaryLines,
  checkpointCounts,
  STATUS_EXIT_CODES,
  loopStatus,
  formatStatus,
  exportToBranch,
  findStory,
  renderReport,
  defaultReportPath,
  writeReport,
  opener,
  openerName,
  openFile,
  renderSummary,
  runOutputs,
  renderOutputs,
  inertLog
};
