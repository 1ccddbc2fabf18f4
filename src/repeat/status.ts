// One flat status object for --status, --status --json and the tests: every field always present.
import { CheckpointSummaryShape, summarize, summaryLines, type CheckpointSummary } from "../checkpoint/summary.js";
import { formatDuration } from "../shared/duration.js";
import * as z from "zod";
import { EXIT } from "../shared/exit-codes.js";
import { controlCommand } from "./prompt.js";
import { FINAL_STATUSES, isActive, repeatTokens, type RepeatState } from "./state.js";
import { isOrphaned } from "./terminal.js";

/** The shape of `--status --json` (schemas/repeat-status.schema.json is generated from it). */
export const RepeatStatusSchema = z.object({
  version: z.literal(1),
  active: z.boolean(),
  /** The phase of an active loop, the final status of an ended one, or "none". */
  status: z.enum(["running", "waiting", "paused", ...FINAL_STATUSES, "none"]),
  /** The exit code of `--status` from a terminal (usage.md, "Exit codes"). */
  exit_code: z.int(),
  loop_id: z.string().nullable(),
  session_id: z.string().nullable(),
  project_dir: z.string(),
  command: z.string().nullable(),
  interval: z.string().nullable(),
  interval_ms: z.int().nullable(),
  iteration: z.int(),
  max_iterations: z.int().nullable(),
  results: z.array(z.enum(["pass", "fail"])),
  passes: z.int(),
  failures: z.int(),
  consecutive_failures: z.int(),
  last_summary: z.string().nullable(),
  /** The tokens of the iterations counted so far (each API message once, subagents included); null when none was counted. */
  tokens_used: z.int().nullable(),
  /** Each recorded iteration's tokens, in order (null: that one was not counted). */
  iteration_tokens: z.array(z.int().nullable()),
  next_at: z.string().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  elapsed_ms: z.int(),
  /** Who drives the loop: its Claude Code session's hooks, or `loopkit repeat` from a terminal; null with no loop. */
  driver: z.enum(["session", "terminal"]).nullable(),
  /**
   * A terminal loop's runner process, and how it stands: running (it holds the loop's lock), stopped
   * (the loop paused or ended, as it should), gone (the loop would go on, but nothing drives it: the
   * machine restarted, the process was killed); null for a session's loop.
   */
  runner_pid: z.int().nullable(),
  runner: z.enum(["running", "stopped", "gone"]).nullable(),
  /** A detached runner's output, in loopkit's data folder; null otherwise. */
  log_file: z.string().nullable(),
  /** A terminal loop's Claude Code session (with fresh, the latest iteration's); null otherwise. */
  conversation_id: z.string().nullable(),
  fresh: z.boolean().nullable(),
  /** A terminal loop's --timeout: how long an iteration's claude may run; null without one. */
  iteration_timeout_ms: z.int().positive().nullable(),
  ...CheckpointSummaryShape,
});
export type RepeatStatus = z.infer<typeof RepeatStatusSchema>;

/** --status exit codes, on the same table as auto-loop's. */
export const REPEAT_EXIT_CODES: Record<RepeatStatus["status"], number> = {
  running: EXIT.running,
  waiting: EXIT.running,
  paused: EXIT.blocked,
  EARLY_SUCCESS: EXIT.ok,
  COMPLETED: EXIT.ok,
  MAX_ITERATIONS: EXIT.unmet,
  CIRCUIT_BREAKER: EXIT.unmet,
  CANCELLED: EXIT.cancelled,
  ERROR: EXIT.error,
  none: EXIT.noLoop,
};

/**
 * `runnerAlive`: whether a terminal loop's runner holds its lock. An active terminal loop without one
 * (the machine restarted, the process was killed) is paused: it waits for --resume.
 */
export function repeatStatus(
  projectDir: string,
  state: RepeatState | undefined,
  now: Date,
  checkpoints: CheckpointSummary = summarize(undefined),
  runnerAlive = true,
): RepeatStatus {
  if (!state) {
    return {
      version: 1,
      active: false,
      status: "none",
      exit_code: EXIT.noLoop,
      loop_id: null,
      session_id: null,
      project_dir: projectDir,
      command: null,
      interval: null,
      interval_ms: null,
      iteration: 0,
      max_iterations: null,
      results: [],
      passes: 0,
      failures: 0,
      consecutive_failures: 0,
      last_summary: null,
      tokens_used: null,
      iteration_tokens: [],
      next_at: null,
      started_at: null,
      ended_at: null,
      elapsed_ms: 0,
      driver: null,
      runner_pid: null,
      runner: null,
      log_file: null,
      conversation_id: null,
      fresh: null,
      iteration_timeout_ms: null,
      ...checkpoints,
    };
  }
  const results = state.iterations.map((it) => it.result);
  const passes = results.filter((r) => r === "pass").length;
  const end = state.ended_at ? Date.parse(state.ended_at) : now.getTime();
  const orphaned = isOrphaned(state, runnerAlive);
  const status = state.phase === "ended" ? (state.final_status ?? "CANCELLED") : orphaned ? "paused" : state.phase;
  const terminal = state.terminal;
  return {
    version: 1,
    active: isActive(state),
    status,
    exit_code: REPEAT_EXIT_CODES[status],
    loop_id: state.loop_id,
    session_id: state.session_id,
    project_dir: state.project_dir,
    command: state.command,
    interval: formatDuration(state.interval_ms),
    interval_ms: state.interval_ms,
    iteration: state.iteration,
    max_iterations: state.max_iterations,
    results,
    passes,
    failures: results.length - passes,
    consecutive_failures: state.consecutive_failures,
    last_summary: state.iterations[state.iterations.length - 1]?.summary ?? null,
    tokens_used: repeatTokens(state),
    iteration_tokens: state.iterations.map((it) => it.tokens),
    next_at: orphaned ? null : state.next_at,
    started_at: state.started_at,
    ended_at: state.ended_at,
    elapsed_ms: Math.max(0, end - Date.parse(state.started_at)),
    driver: terminal ? "terminal" : "session",
    runner_pid: terminal?.pid ?? null,
    runner: !terminal ? null : orphaned ? "gone" : runnerAlive && isActive(state) && state.phase !== "paused" ? "running" : "stopped",
    log_file: terminal?.log_file ?? null,
    conversation_id: terminal?.conversation?.session_id ?? null,
    fresh: terminal?.fresh ?? null,
    iteration_timeout_ms: terminal?.iteration_timeout_ms ?? null,
    ...checkpoints,
  };
}

/** The same object for a person. */
export function formatStatus(s: RepeatStatus, now: Date): string {
  if (s.status === "none") return `repeat: no loop has run in ${s.project_dir} on this machine.\n`;
  const head = s.active
    ? `repeat ${s.status}: iteration ${s.iteration}/${s.max_iterations}`
    : `repeat ended ${s.status} after ${s.results.length} iteration(s)`;
  const lines = [
    head,
    `  command:  ${s.command}`,
    `  interval: ${s.interval}`,
    `  results:  ${s.results.length ? s.results.join(" ") : "none yet"} (${s.passes} passed, ${s.failures} failed)`,
    ...(s.last_summary ? [`  last:     ${s.last_summary}`] : []),
    `  tokens:   ${tokensLine(s)}`,
    ...(s.next_at ? [`  next run: ${s.next_at} (in ${formatDuration(Date.parse(s.next_at) - now.getTime())})`] : []),
    `  elapsed:  ${formatDuration(s.elapsed_ms)}`,
    ...(s.driver === "terminal" ? terminalLines(s) : [`  session:  ${s.session_id}`]),
    ...summaryLines(s, s.loop_id),
    ...(s.status === "paused" ? [resumeAdvice(s)] : []),
  ];
  return `${lines.join("\n")}\n`;
}

/** "12345 (1: 4000, 2: 8345)": the loop's total and each iteration's. */
function tokensLine(s: RepeatStatus): string {
  if (s.tokens_used === null) return s.results.length ? "not counted" : "none yet";
  const each = s.iteration_tokens.map((tokens, i) => `${i + 1}: ${tokens ?? "not counted"}`);
  return `${s.tokens_used}${each.length > 1 ? ` (${each.join(", ")})` : ""}`;
}

const control = (s: RepeatStatus) => controlCommand(s.driver === "terminal");

/** How a paused loop goes on: a session's loop only in that session (another refuses it, for --resume and --cancel alike), which claude --resume reopens. */
function resumeAdvice(s: RepeatStatus): string {
  if (s.driver === "terminal") return `  resume with ${control(s)} --resume [--detach], or end it with ${control(s)} --cancel`;
  return `  resume with ${control(s)} --resume in its own session (another session cannot; \`claude --resume ${s.session_id}\` reopens it), or end it with ${control(s)} --cancel there, or with \`loopkit repeat --cancel\` in a terminal in the project`;
}

/** Where a terminal loop runs: its runner (alive or gone), its log, its conversation. */
function terminalLines(s: RepeatStatus): string[] {
  const where = `${s.log_file ? "detached" : "in a terminal"}, pid ${s.runner_pid}`;
  const runner =
    s.runner === "gone"
      ? `gone (pid ${s.runner_pid} no longer runs it: the machine restarted, or the process was killed)`
      : `${where}, ${s.runner === "running" ? "running" : s.active ? "stopped" : "done"}`;
  const conversation = s.fresh ? "a fresh one each iteration; the latest" : "one for the whole loop";
  return [
    `  runner:   ${runner}`,
    ...(s.log_file ? [`  log:      ${s.log_file}`] : []),
    ...(s.conversation_id ? [`  conversation: ${s.conversation_id} (${conversation}; claude --resume ${s.conversation_id} opens it)`] : []),
    ...(s.iteration_timeout_ms
      ? [`  timeout:  an iteration's claude is stopped after ${formatDuration(s.iteration_timeout_ms)} (--timeout)`]
      : []),
  ];
}
