// One flat status object for --status, --status --json and the tests: every field always present.
import { CheckpointSummaryShape, summarize, summaryLines, type CheckpointSummary } from "../../checkpoint/summary.js";
import { formatDuration } from "../../shared/duration.js";
import { EXIT } from "../../shared/exit-codes.js";
import { sandboxLine, sandboxMeaning } from "./agent-sandbox.js";
import { elapsedMs, iterationsAgainstCap } from "./caps.js";
import { auditLabel } from "./gate.js";
import * as z from "zod";
import { isPaused, LOOP_STATUSES, tokensUsed, type AutoLoopState, type LoopStatus } from "./state.js";
import { RESUME_HINT } from "./prompts.js";
import { countsOf, describeTests, TestCountsSchema } from "../../test-results/results.js";
import { trendLine } from "./test-progress.js";

/** --status exit codes: 0 only for achieved (1 and 2 stay for errors and usage errors). */
export const STATUS_EXIT_CODES: Record<LoopStatus | "paused" | "none", number> = {
  achieved: EXIT.ok,
  pursuing: EXIT.running,
  // Live, and waiting for the person: "needs a person", as a paused repeat loop.
  paused: EXIT.blocked,
  unmet: EXIT.unmet,
  blocked: EXIT.blocked,
  "budget-limited": EXIT.budgetLimited,
  cancelled: EXIT.cancelled,
  "no-progress": EXIT.noProgress,
  none: EXIT.noLoop,
};

/** The shape of `--status --json` (schemas/auto-loop-status.schema.json is generated from it). */
export const AutoLoopStatusSchema = z.object({
  version: z.literal(1),
  /** "paused": a live loop (`active`) that waits for the person's --resume; `reason` says why. */
  status: z.enum([...LOOP_STATUSES, "paused", "none"]),
  active: z.boolean(),
  /** While paused: who paused it, when, and what the person wrote since (it goes into the prompt --resume starts); else null. */
  pause: z.object({ by: z.enum(["person", "agent"]), at: z.string(), words: z.array(z.string()) }).nullable(),
  /** The exit code of `--status` from a terminal (usage.md, "Exit codes"). */
  exit_code: z.int(),
  reason: z.string().nullable(),
  project_dir: z.string(),
  loop_id: z.string().nullable(),
  session_id: z.string().nullable(),
  goal: z.string().nullable(),
  /** The goal file the goal was read from at the start (--goal-file or goal.md), or null for a goal typed inline. */
  goal_file: z.string().nullable(),
  verify_command: z.string().nullable(),
  iteration: z.int(),
  max_iterations: z.int().nullable(),
  /** Iterations --max-iterations does not count: their audit could not run (auto-loop state audit_not_run). */
  iterations_not_counted: z.int(),
  tokens_used: z.int(),
  /** Checked between turns, as max_wallclock_ms is: a turn in flight may run past either, and the loop stops at its end. */
  max_tokens: z.int().nullable(),
  elapsed_ms: z.int(),
  max_wallclock_ms: z.int().nullable(),
  started_at: z.string().nullable(),
  heartbeat_at: z.string().nullable(),
  heartbeat_stale: z.boolean(),
  last_verifier: z.enum(["pass", "flaky", "fail"]).nullable(),
  last_verifier_exit_code: z.int().nullable(),
  /** Why the last run does not count as a pass though it exited 0 (the test rule: core/gate.ts), or null. */
  last_verifier_breach: z.string().nullable(),
  /** The last audit's vote, or "could not run" when it did not get to one. */
  last_audit_vote: z.string().nullable(),
  last_audit_reasons: z.array(z.string()),
  next_action: z.string().nullable(),
  blocker: z.string().nullable(),
  tamper_count: z.int(),
  flaky_count: z.int(),
  handoff_note: z.string().nullable(),
  /** --protect / protect: globs, and the protected files that differed from the start at the last Stop. */
  protected_globs: z.array(z.string()),
  protected_changed: z.array(z.string()),
  /** Whether the loop's agent runs in Claude Code's sandbox, as measured (agent-sandbox.ts); null with no loop. */
  agent_sandbox: z
    .object({
      agent: z.enum(["sandboxed", "unsandboxed", "unknown"]),
      how: z.string(),
      fail_if_unavailable: z.boolean(),
      measuring: z.boolean(),
      meaning: z.string(),
    })
    .nullable(),
  /** The verifier's tests (src/test-results/): at the start, at the last judged run, and the trend; null with no loop. */
  tests: z
    .object({
      baseline: TestCountsSchema.nullable(),
      /** Why there is no baseline, or null. */
      baseline_note: z.string().nullable(),
      last: TestCountsSchema.nullable(),
      /** "7 -> 3 failing", or null before any reading. */
      trend: z.string().nullable(),
      no_progress_limit: z.int(),
      /** The last judged turn's run on the start's tests, with its cost (runners/contract-run.ts); null when none was made. */
      contract: z.string().nullable(),
    })
    .nullable(),
  ...CheckpointSummaryShape,
});
export type AutoLoopStatus = z.infer<typeof AutoLoopStatusSchema>;

export function loopStatus(
  projectDir: string,
  state: AutoLoopState | undefined,
  now: Date,
  staleMs: number,
  checkpoints: CheckpointSummary = summarize(undefined),
): AutoLoopStatus {
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
      ...checkpoints,
    };
  }
  const lastRun = state.last_verifier?.runs[state.last_verifier.runs.length - 1];
  const end = state.ended_at ? new Date(state.ended_at) : now;
  return {
    version: 1,
    status: isPaused(state) ? "paused" : state.status,
    active: state.status === "pursuing",
    pause: isPaused(state) ? { by: state.pause!.by, at: state.pause!.at, words: state.pause!.words } : null,
    exit_code: STATUS_EXIT_CODES[isPaused(state) ? "paused" : state.status],
    reason: isPaused(state) ? state.pause!.reason : state.status_reason,
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
      meaning: sandboxMeaning(state.launch.agent_sandbox),
    },
    tests: {
      baseline: state.test_results.baseline ? countsOf(state.test_results.baseline) : null,
      baseline_note: state.test_results.baseline_note,
      last: lastRun?.tests ?? null,
      trend: trendLine(state.test_results),
      no_progress_limit: state.test_results.no_progress_limit,
      contract: state.last_verifier?.contract ?? null,
    },
    ...checkpoints,
  };
}

/** What the token and wall-clock caps are (caps.ts): shown wherever the caps are. */
export const CAPS_CHECKED = "checked between turns: a turn in flight may run past a cap, and the loop stops at its end";

/** The tests at the start, at the last run, and the trend. */
function testsLines(tests: NonNullable<AutoLoopStatus["tests"]>): string[] {
  const start = tests.baseline ? describeTests(tests.baseline) : `not read (${tests.baseline_note ?? "no results"})`;
  return [
    `  tests:      at the start ${start}`,
    ...(tests.last ? [`              last run ${describeTests(tests.last)}${tests.trend ? `; ${tests.trend}` : ""}`] : []),
    ...(tests.contract ? [`              ${tests.contract}`] : []),
  ];
}

/** The same object for a person. */
export function formatStatus(s: AutoLoopStatus): string {
  if (s.status === "none") return `auto-loop: no loop in ${s.project_dir} (${s.reason}).\n`;
  const lines = [
    `auto-loop ${s.status}${s.reason ? `: ${s.reason}` : ""}`,
    `  goal:       ${s.goal!.split("\n")[0]}${s.goal!.includes("\n") ? " ..." : ""}`,
    ...(s.goal_file ? [`  goal file:  ${s.goal_file}`] : []),
    `  verifier:   ${s.verify_command}`,
    `  iteration:  ${iterationsAgainstCap(s.iteration, s.iterations_not_counted, s.max_iterations)}`,
    `  tokens:     ${s.tokens_used} of ${s.max_tokens}${s.max_tokens !== null && s.tokens_used > s.max_tokens ? " (past the cap: caps are checked between turns)" : ""}`,
    `  elapsed:    ${formatDuration(s.elapsed_ms)} of ${formatDuration(s.max_wallclock_ms!)}`,
    `  caps:       ${CAPS_CHECKED}`,
    ...(s.pause
      ? [
          `  paused:     since ${s.pause.at} (${s.pause.by === "person" ? "by your message" : "by the agent's question for you"}); ${RESUME_HINT}`,
          ...s.pause.words.map((word) => `    > ${word.split("\n")[0]}${word.includes("\n") ? " ..." : ""}`),
        ]
      : []),
    `  session:    ${s.session_id}${s.heartbeat_stale ? " (gone or silent, heartbeat stale: /loopkit:auto-loop --takeover continues the loop)" : ""}`,
    `  sandbox:    ${sandboxLine({ ...s.agent_sandbox!, measuring: s.agent_sandbox!.measuring || undefined })}`,
    `  last check: verifier ${s.last_verifier ?? "not run yet"}${s.last_verifier_exit_code !== null ? ` (exit ${s.last_verifier_exit_code})` : ""}, audit ${s.last_audit_vote ?? "not run yet"}`,
    ...(s.last_verifier_breach ? [`    - not a pass: ${s.last_verifier_breach}`] : []),
    ...s.last_audit_reasons.map((reason) => `    - ${reason}`),
    ...testsLines(s.tests!),
    ...(s.blocker ? [`  blocker:    ${s.blocker}`] : []),
    ...(s.protected_globs.length
      ? [`  protected:  ${s.protected_globs.join(", ")}${s.protected_changed.length ? "" : " (unchanged)"}`]
      : []),
    ...s.protected_changed.map((file) => `    - ${file}`),
    ...(s.tamper_count ? [`  tampering:  ${s.tamper_count} time(s) detected and undone`] : []),
    ...(s.next_action ? [`  next:       ${s.next_action}`] : []),
    ...summaryLines(s, s.loop_id),
    ...(s.handoff_note ? ["  hand-off note:", ...s.handoff_note.split("\n").map((line) => `    ${line}`)] : []),
  ];
  return `${lines.join("\n")}\n`;
}
