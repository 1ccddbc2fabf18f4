import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  sandboxLine,
  sandboxMeaning
} from "./chunk-ECEA42CA.js";
import {
  elapsedMs
} from "./chunk-HX4ZNTEN.js";
import {
  LOOP_STATUSES,
  tokensUsed
} from "./chunk-AXB226XK.js";
import {
  allRecords,
  loadRecord,
  recordFiles
} from "./chunk-5JA36OZH.js";
import {
  formatDuration
} from "./chunk-ZWUMA3U4.js";
import {
  _enum,
  array,
  boolean,
  int,
  literal,
  object,
  string
} from "./chunk-PGQLL66H.js";

// src/run/actions-report.ts
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
      const row = rows.get(entry.iteration) ?? { iteration: entry.iteration, verdict: null, exitCode: null, vote: null, tokens: 0, total, notes: [] };
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
var STATUS_MARK = {
  achieved: "\u2705",
  pursuing: "\u23F8\uFE0F",
  unmet: "\u274C",
  blocked: "\u26D4",
  "budget-limited": "\u23F1\uFE0F",
  cancelled: "\u{1F6AB}",
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
    `| Iterations | ${s.iteration} of ${s.max_iterations ?? "-"} |`,
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
  /** It is stuck and needs a person (blocked; a paused repeat loop). */
  blocked: 5,
  /** A cap ended it (budget-limited). */
  budgetLimited: 6,
  /** --cancel ended it. */
  cancelled: 7,
  /** There is no loop (to show or to cancel). */
  noLoop: 8
};

// src/checkpoint/summary.ts
var CheckpointSummaryShape = {
  /** How many checkpoints the loop holds (refs/loopkit/<loop id>; see `loopkit checkpoints`). */
  checkpoints: int(),
  checkpoint_ref: string().nullable(),
  /** The latest failure to take a checkpoint, while none has succeeded since. */
  checkpoint_failure: string().nullable()
};
function summarize(record) {
  return {
    checkpoints: record?.checkpoints.length ?? 0,
    checkpoint_ref: record?.checkpoints.length ? record.ref : null,
    checkpoint_failure: record?.failure ? `iteration ${record.failure.iteration}: ${record.failure.message}` : null
  };
}
async function loadSummary(data, projectDir, loopId, now) {
  if (!loopId || data === null) return summarize(void 0);
  return summarize(await loadRecord(recordFiles(data, projectDir, loopId).record, now).catch(() => void 0));
}
function summaryLines(s, loopId) {
  const lines = s.checkpoints ? [`  checkpoints: ${s.checkpoints} on ${s.checkpoint_ref} (loopkit checkpoints ${loopId})`] : [];
  return s.checkpoint_failure ? [...lines, `  checkpoint failed: ${s.checkpoint_failure}`] : lines;
}
async function checkpointCounts(data) {
  return new Map((await allRecords(data)).map((record) => [record.loop_id, record.checkpoints.length]));
}

// src/auto-loop/status.ts
var STATUS_EXIT_CODES = {
  achieved: EXIT.ok,
  pursuing: EXIT.running,
  unmet: EXIT.unmet,
  blocked: EXIT.blocked,
  "budget-limited": EXIT.budgetLimited,
  cancelled: EXIT.cancelled,
  none: EXIT.noLoop
};
var AutoLoopStatusSchema = object({
  version: literal(1),
  status: _enum([...LOOP_STATUSES, "none"]),
  active: boolean(),
  /** The exit code of `--status` from a terminal (usage.md, "Exit codes"). */
  exit_code: int(),
  reason: string().nullable(),
  project_dir: string(),
  loop_id: string().nullable(),
  session_id: string().nullable(),
  goal: string().nullable(),
  verify_command: string().nullable(),
  iteration: int(),
  max_iterations: int().nullable(),
  tokens_used: int(),
  max_tokens: int().nullable(),
  elapsed_ms: int(),
  max_wallclock_ms: int().nullable(),
  started_at: string().nullable(),
  heartbeat_at: string().nullable(),
  heartbeat_stale: boolean(),
  last_verifier: _enum(["pass", "flaky", "fail"]).nullable(),
  last_verifier_exit_code: int().nullable(),
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
  agent_sandbox: object({ agent: _enum(["sandboxed", "unsandboxed", "unknown"]), how: string(), fail_if_unavailable: boolean(), measuring: boolean(), meaning: string() }).nullable(),
  ...CheckpointSummaryShape
});
function loopStatus(projectDir, state, now, staleMs, checkpoints = summarize(void 0)) {
  if (!state) {
    return {
      version: 1,
      status: "none",
      active: false,
      exit_code: STATUS_EXIT_CODES.none,
      reason: "no auto-loop was started in this project on this machine",
      project_dir: projectDir,
      loop_id: null,
      session_id: null,
      goal: null,
      verify_command: null,
      iteration: 0,
      max_iterations: null,
      tokens_used: 0,
      max_tokens: null,
      elapsed_ms: 0,
      max_wallclock_ms: null,
      started_at: null,
      heartbeat_at: null,
      heartbeat_stale: false,
      last_verifier: null,
      last_verifier_exit_code: null,
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
      ...checkpoints
    };
  }
  const lastRun = state.last_verifier?.runs[state.last_verifier.runs.length - 1];
  const end = state.ended_at ? new Date(state.ended_at) : now;
  return {
    version: 1,
    status: state.status,
    active: state.status === "pursuing",
    exit_code: STATUS_EXIT_CODES[state.status],
    reason: state.status_reason,
    project_dir: state.project_dir,
    loop_id: state.loop_id,
    session_id: state.session_id,
    goal: state.goal,
    verify_command: state.verify_command,
    iteration: state.iteration,
    max_iterations: state.caps.max_iterations,
    tokens_used: tokensUsed(state),
    max_tokens: state.caps.max_tokens,
    elapsed_ms: elapsedMs(state, end),
    max_wallclock_ms: state.caps.max_wallclock_ms,
    started_at: state.started_at,
    heartbeat_at: state.heartbeat_at,
    heartbeat_stale: state.status === "pursuing" && now.getTime() - Date.parse(state.heartbeat_at) > staleMs,
    last_verifier: state.last_verifier?.verdict ?? null,
    last_verifier_exit_code: lastRun?.exit_code ?? null,
    last_audit_vote: state.last_audit?.vote ?? null,
    last_audit_reasons: state.last_audit?.reasons ?? [],
    next_action: state.status === "pursuing" ? state.next_action : null,
    blocker: state.blocker?.reason ?? null,
    tamper_count: state.tamper_count,
    flaky_count: state.flaky_count,
    handoff_note: state.handoff_note,
    protected_globs: state.protect.globs,
    protected_changed: state.protect.changed,
    agent_sandbox: { ...state.launch.agent_sandbox, measuring: state.launch.agent_sandbox.measuring === true, meaning: sandboxMeaning(state.launch.agent_sandbox) },
    ...checkpoints
  };
}
function formatStatus(s) {
  if (s.status === "none") return `auto-loop: no loop in ${s.project_dir} (${s.reason}).
`;
  const lines = [
    `auto-loop ${s.status}${s.reason ? `: ${s.reason}` : ""}`,
    `  goal:       ${s.goal.split("\n")[0]}${s.goal.includes("\n") ? " ..." : ""}`,
    `  verifier:   ${s.verify_command}`,
    `  iteration:  ${s.iteration} of ${s.max_iterations}`,
    `  tokens:     ${s.tokens_used} of ${s.max_tokens}`,
    `  elapsed:    ${formatDuration(s.elapsed_ms)} of ${formatDuration(s.max_wallclock_ms)}`,
    `  session:    ${s.session_id}${s.heartbeat_stale ? " (heartbeat stale: --takeover possible)" : ""}`,
    `  sandbox:    ${sandboxLine({ ...s.agent_sandbox, measuring: s.agent_sandbox.measuring || void 0 })}`,
    `  last check: verifier ${s.last_verifier ?? "not run yet"}${s.last_verifier_exit_code !== null ? ` (exit ${s.last_verifier_exit_code})` : ""}, audit ${s.last_audit_vote ?? "not run yet"}`,
    ...s.last_audit_reasons.map((reason) => `    - ${reason}`),
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
  renderSummary,
  runOutputs,
  renderOutputs,
  inertLog
};
