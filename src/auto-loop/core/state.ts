// The auto-loop's state: one versioned schema, used for the true copy in loopkit's data dir and for
// the person-readable mirror `.auto-loop/goal-state.json` (which is never read back for decisions).
import * as z from "zod";
import { TestCountsSchema, TestResultsSchema } from "../../test-results/results.js";

export const LOOP_STATUSES = ["pursuing", "achieved", "unmet", "blocked", "budget-limited", "cancelled", "no-progress"] as const;
export type LoopStatus = (typeof LOOP_STATUSES)[number];

export const AUDIT_VOTES = ["achieved", "unmet", "blocked", "thrashing"] as const;
export type AuditVote = (typeof AUDIT_VOTES)[number];

const CapsSchema = z.object({
  max_iterations: z.int().positive(),
  max_tokens: z.int().positive(),
  max_wallclock_ms: z.int().positive(),
  restart_pct: z.int().min(1).max(100),
});
export type Caps = z.infer<typeof CapsSchema>;

const VerifierRunSchema = z.object({
  exit_code: z.int().nullable(),
  passed: z.boolean(),
  timed_out: z.boolean(),
  duration_ms: z.int().nonnegative(),
  output_tail: z.string(),
  output_bytes: z.int().nonnegative(),
  log_file: z.string().nullable(),
  /** Whether it ran under the sandbox (src/sandbox/choice.ts); runs recorded before loopkit had one ran unsandboxed. */
  sandbox: z.enum(["sandboxed", "unsandboxed", "not run"]).default("unsandboxed"),
  /** The tests loopkit read from this run (null: none it could read); absent in older files. */
  tests: TestCountsSchema.nullable().optional(),
  /** Why this run does not count as a pass under the test rule (core/gate.ts testRuleBreach), else null. */
  breach: z.string().nullable().optional(),
});
export type VerifierRun = z.infer<typeof VerifierRunSchema>;

export const VerifierResultSchema = z.object({
  at: z.iso.datetime(),
  iteration: z.int().nonnegative(),
  /** pass = passed twice in a row; flaky = passed, then failed; fail = failed the first run. */
  verdict: z.enum(["pass", "flaky", "fail"]),
  runs: z.array(VerifierRunSchema).min(1).max(2),
  /** The run on the start's tests after two passes, with its cost (runners/contract-run.ts); absent when none was made and in older files. */
  contract: z.string().nullable().optional(),
});
export type VerifierResult = z.infer<typeof VerifierResultSchema>;

const AuditResultSchema = z.object({
  at: z.iso.datetime(),
  iteration: z.int().nonnegative(),
  vote: z.enum(AUDIT_VOTES),
  reasons: z.array(z.string()),
  /** Why the vote fell back to unmet (timeout, crash, no vote in the reply), else null. */
  failure: z.string().nullable(),
  tokens: z.int().nonnegative(),
  /** False when the audit could not run or finish: the turn was not judged (absent in older files: it ran). */
  ran: z.boolean().default(true),
  /**
   * Set when no audit ran because one of loopkit's own rules threw the verifier's passes out (the rule's
   * name; `reasons` says why): never the audit's vote. Absent in older files.
   */
  refused_by: z.enum(["processes", "verification", "unseen", "contract"]).nullish(),
});
export type AuditResult = z.infer<typeof AuditResultSchema>;

/** Default --no-progress-limit: enough turns for groundwork that moves no test, few enough to stop a loop going round in circles well before its caps. */
export const DEFAULT_NO_PROGRESS_LIMIT = 8;

/** What a loop started before loopkit read test results holds: no baseline, the rules as they were. */
export const NO_TEST_RESULTS = {
  report: null,
  allow_removed_tests: null,
  allow_test_edits: null,
  no_progress_limit: DEFAULT_NO_PROGRESS_LIMIT,
  baseline: null,
  baseline_note: null,
  trend: [],
  progress_at: 0,
};

/** The verifier's tests over the loop (src/test-results/): the start's baseline, the options, the trend. */
const TestResultsStateSchema = z.object({
  /** --test-report / test-report: a JUnit XML or TAP file the verifier writes, relative to the project; null: read its output. */
  report: z.string().nullable(),
  /** The goal file's allow-removed-tests: why the goal needs tests removed (the audit is told), or null. */
  allow_removed_tests: z.string().nullable(),
  /**
   * The goal file's allow-test-edits: why the goal must change its tests, or null. Then the start's
   * tests are not run unchanged (runners/contract-run.ts) and the audit judges the edits. Absent in older files.
   */
  allow_test_edits: z.string().nullable().default(null),
  /** Judged turns without progress (no fewer failing, no more passing tests than ever) that end the loop as no-progress. */
  no_progress_limit: z.int().positive(),
  /** The start's run; null when loopkit could read no results from it. */
  baseline: TestResultsSchema.nullable(),
  /** Why there is no baseline (a runner loopkit does not read, a run that did not finish), or null. */
  baseline_note: z.string().nullable(),
  /** Each judged turn's last run that loopkit could read, oldest first (the last 50). */
  trend: z.array(z.object({ iteration: z.int().nonnegative(), passed: z.int().nonnegative(), failed: z.int().nonnegative() })).max(50),
  /** The iteration that last made progress (0: the start). */
  progress_at: z.int().nonnegative(),
});
export type TestResultsState = z.infer<typeof TestResultsStateSchema>;

export const UNMEASURED_SANDBOX = { agent: "unknown", how: "not measured", fail_if_unavailable: false } as const;

/** What the loop runs with, fixed at start (src/auto-loop/runners/launch.ts). No secret is ever stored here. */
const LaunchSchema = z.object({
  /** The audit's claude, a real absolute path outside the project. */
  claude_bin: z.string().min(1),
  /** The environment of the start, credentials left out. */
  env: z.record(z.string(), z.string()),
  /** Credential variables present at start: their values are read from the environment when used. */
  credential_names: z.array(z.string()),
  verifier_timeout_ms: z.int().positive(),
  audit_timeout_ms: z.int().positive(),
  context_window: z.int().positive(),
  /**
   * Whether the loop's agent runs under Claude Code's sandbox, as measured when the loop started (a
   * probe from the skill's sandboxed shell), and so whether what loopkit runs from the project (the
   * verifier) runs under the same policy. Files written before loopkit measured it say "unknown",
   * which is treated as sandboxed wherever a sandbox can start (fail closed).
   */
  agent_sandbox: z
    .object({
      agent: z.enum(["sandboxed", "unsandboxed", "unknown"]),
      /** How it was measured, in words, for --status. */
      how: z.string(),
      /** The person's sandbox.failIfUnavailable: a verifier that cannot be sandboxed is then not run. */
      fail_if_unavailable: z.boolean(),
      /**
       * Set from the start (or takeover) in a session until the loop's first Stop: the skill's command,
       * which runs after the hook that started the loop, leaves its probe by then (agent-sandbox.ts).
       * While set, `agent` is "unknown".
       */
      measuring: z.literal(true).optional(),
    })
    .default(UNMEASURED_SANDBOX),
});
export type Launch = z.infer<typeof LaunchSchema>;

/** The most of the person's messages a pause keeps for the next prompt, and the most of each. */
export const PERSON_WORDS_KEPT = 5;
export const PERSON_WORDS_CHARS = 2_000;

const PauseSchema = z.object({
  at: z.iso.datetime(),
  /** Who paused it: the person's own message, or the agent's question for them (AUTO-LOOP-ASK-PERSON). */
  by: z.enum(["person", "agent"]),
  reason: z.string(),
  /** What the person wrote since the loop paused, oldest first (the last few): carried into the prompt on --resume. */
  words: z.array(z.string()).max(PERSON_WORDS_KEPT),
  /** Whether the person has been told how to go on (on the Stop that paused the loop). */
  told: z.boolean(),
});
export type Pause = z.infer<typeof PauseSchema>;

export const AutoLoopStateSchema = z.object({
  version: z.literal(1),
  loop_id: z.string().min(1),
  session_id: z.string().min(1),
  project_dir: z.string().min(1),
  status: z.enum(LOOP_STATUSES),
  /** Why the loop ended (or, while pursuing, null). */
  status_reason: z.string().nullable(),
  goal: z.string().min(1),
  goal_file: z.string().nullable(),
  verify_command: z.string().min(1),
  caps: CapsSchema,
  launch: LaunchSchema,
  /** Files the agent must not change: the globs, their content hashes at start, and what changed at the last Stop. */
  protect: z.object({
    globs: z.array(z.string()),
    snapshot: z.record(z.string(), z.string()),
    changed: z.array(z.string()),
  }),
  started_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
  heartbeat_at: z.iso.datetime(),
  ended_at: z.iso.datetime().nullable(),
  /** Completed turns the Stop gate has judged. */
  iteration: z.int().nonnegative(),
  tokens: z.object({ transcript: z.int().nonnegative(), audit: z.int().nonnegative() }),
  transcript: z.object({
    path: z.string().nullable(),
    offset: z.int().nonnegative(),
    /** The latest message ids counted, so a response split across two reads is counted once. */
    recent_message_ids: z.array(z.string()),
    subagent_offsets: z.record(z.string(), z.int().nonnegative()),
    /** When the loop was attached to this session (start or takeover): earlier spend is not the loop's. */
    since: z.iso.datetime(),
    /** Input + cache tokens of the latest main-chain response: the context in use. */
    context_tokens: z.int().nonnegative(),
  }),
  evidence: z.array(z.string()),
  blocker: z.object({ reason: z.string(), count: z.int().positive() }).nullable(),
  thrash: z.object({ streak: z.int().nonnegative(), tree_hash: z.string().nullable() }),
  next_action: z.string(),
  last_verifier: VerifierResultSchema.nullable(),
  /** Absent in files written before loopkit read test results. */
  test_results: TestResultsStateSchema.default(NO_TEST_RESULTS),
  last_audit: AuditResultSchema.nullable(),
  /** Set when a cap was reached: the next Stop collects the hand-off note and ends budget-limited. */
  wrap_up: z.object({ reason: z.string(), at: z.iso.datetime() }).nullable(),
  handoff_note: z.string().nullable(),
  /** True once the context passed --restart-pct and a hand-off note was asked for (reset below it). */
  handoff_requested: z.boolean(),
  /** sha256 of the mirror goal-state.json loopkit last wrote; anything else there is tampering. */
  mirror_sha256: z.string().nullable(),
  tamper_count: z.int().nonnegative(),
  flaky_count: z.int().nonnegative(),
  /**
   * Turns whose audit could not run or finish: not the agent's doing, so they do not count toward
   * --max-iterations (`turns`); `streak` of them in a row end the loop blocked. Absent in older files.
   */
  audit_not_run: z.object({ streak: z.int().nonnegative(), turns: z.int().nonnegative() }).default({ streak: 0, turns: 0 }),
  /**
   * Passes that one of loopkit's own rules threw out, in a row, and which rule: the same rule
   * REFUSAL_LIMIT times in a row ends the loop blocked, saying why, instead of spending its budget.
   * Absent in older files.
   */
  refusals: z.object({ rule: z.string().nullable(), streak: z.int().nonnegative() }).default({ rule: null, streak: 0 }),
  /**
   * Set while the loop waits for the person: they wrote to the session while it ran, or the agent asked
   * them a question only they can answer. No loop prompt is sent until they type --resume. Absent in older files.
   */
  pause: PauseSchema.nullable().default(null),
  /**
   * Turns in a row that ended in an API error (none is judged as the agent's), and the last one: when
   * the retry is due. Absent in files written before loopkit recorded them.
   */
  api_errors: z
    .object({
      count: z.int().nonnegative(),
      last: z
        .object({
          session_id: z.string(),
          prompt_id: z.string().nullable(),
          at: z.iso.datetime(),
          summary: z.string(),
          retry_at: z.iso.datetime(),
        })
        .nullable(),
    })
    .default({ count: 0, last: null }),
});
export type AutoLoopState = z.infer<typeof AutoLoopStateSchema>;

/** Whether the loop is live but waits for the person (--resume). */
export const isPaused = (state: AutoLoopState): boolean => state.status === "pursuing" && state.pause !== null;

/** Total tokens the loop has spent: the session's own responses plus the audits. */
export function tokensUsed(state: AutoLoopState): number {
  return state.tokens.transcript + state.tokens.audit;
}
