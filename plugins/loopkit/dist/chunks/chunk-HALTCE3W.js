import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  iso_exports
} from "./chunk-W3MJS3SN.js";
import {
  TestCountsSchema,
  TestResultsSchema
} from "./chunk-JR3TLBIQ.js";
import {
  _enum,
  array,
  boolean,
  int,
  literal,
  object,
  record,
  string
} from "./chunk-CW3O4QTE.js";

// src/auto-loop/core/state.ts
var LOOP_STATUSES = ["pursuing", "achieved", "unmet", "blocked", "budget-limited", "cancelled", "no-progress"];
var AUDIT_VOTES = ["achieved", "unmet", "blocked", "thrashing"];
var CapsSchema = object({
  max_iterations: int().positive(),
  max_tokens: int().positive(),
  max_wallclock_ms: int().positive(),
  restart_pct: int().min(1).max(100)
});
var VerifierRunSchema = object({
  exit_code: int().nullable(),
  passed: boolean(),
  timed_out: boolean(),
  duration_ms: int().nonnegative(),
  output_tail: string(),
  output_bytes: int().nonnegative(),
  log_file: string().nullable(),
  /** Whether it ran under the sandbox (src/sandbox/choice.ts); runs recorded before loopkit had one ran unsandboxed. */
  sandbox: _enum(["sandboxed", "unsandboxed", "not run"]).default("unsandboxed"),
  /** The tests loopkit read from this run (null: none it could read); absent in older files. */
  tests: TestCountsSchema.nullable().optional(),
  /** Why this run does not count as a pass under the test rule (core/gate.ts testRuleBreach), else null. */
  breach: string().nullable().optional()
});
var VerifierResultSchema = object({
  at: iso_exports.datetime(),
  iteration: int().nonnegative(),
  /** pass = passed twice in a row; flaky = passed, then failed; fail = failed the first run. */
  verdict: _enum(["pass", "flaky", "fail"]),
  runs: array(VerifierRunSchema).min(1).max(2),
  /** The run on the start's tests after two passes, with its cost (runners/contract-run.ts); absent when none was made and in older files. */
  contract: string().nullable().optional()
});
var AuditResultSchema = object({
  at: iso_exports.datetime(),
  iteration: int().nonnegative(),
  vote: _enum(AUDIT_VOTES),
  reasons: array(string()),
  /** Why the vote fell back to unmet (timeout, crash, no vote in the reply), else null. */
  failure: string().nullable(),
  tokens: int().nonnegative(),
  /** False when the audit could not run or finish: the turn was not judged (absent in older files: it ran). */
  ran: boolean().default(true),
  /**
   * Set when no audit ran because one of loopkit's own rules threw the verifier's passes out (the rule's
   * name; `reasons` says why): never the audit's vote. Absent in older files.
   */
  refused_by: _enum(["processes", "verification", "unseen", "contract"]).nullish()
});
var DEFAULT_NO_PROGRESS_LIMIT = 8;
var NO_TEST_RESULTS = {
  report: null,
  allow_removed_tests: null,
  allow_test_edits: null,
  no_progress_limit: DEFAULT_NO_PROGRESS_LIMIT,
  baseline: null,
  baseline_note: null,
  trend: [],
  progress_at: 0
};
var TestResultsStateSchema = object({
  /** --test-report / test-report: a JUnit XML or TAP file the verifier writes, relative to the project; null: read its output. */
  report: string().nullable(),
  /** The goal file's allow-removed-tests: why the goal needs tests removed (the audit is told), or null. */
  allow_removed_tests: string().nullable(),
  /**
   * The goal file's allow-test-edits: why the goal must change its tests, or null. Then the start's
   * tests are not run unchanged (runners/contract-run.ts) and the audit judges the edits. Absent in older files.
   */
  allow_test_edits: string().nullable().default(null),
  /** Judged turns without progress (no fewer failing, no more passing tests than ever) that end the loop as no-progress. */
  no_progress_limit: int().positive(),
  /** The start's run; null when loopkit could read no results from it. */
  baseline: TestResultsSchema.nullable(),
  /** Why there is no baseline (a runner loopkit does not read, a run that did not finish), or null. */
  baseline_note: string().nullable(),
  /** Each judged turn's last run that loopkit could read, oldest first (the last 50). */
  trend: array(object({ iteration: int().nonnegative(), passed: int().nonnegative(), failed: int().nonnegative() })).max(50),
  /** The iteration that last made progress (0: the start). */
  progress_at: int().nonnegative()
});
var UNMEASURED_SANDBOX = { agent: "unknown", how: "not measured", fail_if_unavailable: false };
var LaunchSchema = object({
  /** The audit's claude, a real absolute path outside the project. */
  claude_bin: string().min(1),
  /** The environment of the start, credentials left out. */
  env: record(string(), string()),
  /** Credential variables present at start: their values are read from the environment when used. */
  credential_names: array(string()),
  verifier_timeout_ms: int().positive(),
  audit_timeout_ms: int().positive(),
  context_window: int().positive(),
  /**
   * Whether the loop's agent runs under Claude Code's sandbox, as measured when the loop started (a
   * probe from the skill's sandboxed shell), and so whether what loopkit runs from the project (the
   * verifier) runs under the same policy. Files written before loopkit measured it say "unknown",
   * which is treated as sandboxed wherever a sandbox can start (fail closed).
   */
  agent_sandbox: object({
    agent: _enum(["sandboxed", "unsandboxed", "unknown"]),
    /** How it was measured, in words, for --status. */
    how: string(),
    /** The person's sandbox.failIfUnavailable: a verifier that cannot be sandboxed is then not run. */
    fail_if_unavailable: boolean(),
    /**
     * Set from the start (or takeover) in a session until the loop's first Stop: the skill's command,
     * which runs after the hook that started the loop, leaves its probe by then (agent-sandbox.ts).
     * While set, `agent` is "unknown".
     */
    measuring: literal(true).optional()
  }).default(UNMEASURED_SANDBOX)
});
var PERSON_WORDS_KEPT = 5;
var PERSON_WORDS_CHARS = 2e3;
var PauseSchema = object({
  at: iso_exports.datetime(),
  /** Who paused it: the person's own message, or the agent's question for them (AUTO-LOOP-ASK-PERSON). */
  by: _enum(["person", "agent"]),
  reason: string(),
  /** What the person wrote since the loop paused, oldest first (the last few): carried into the prompt on --resume. */
  words: array(string()).max(PERSON_WORDS_KEPT),
  /** Whether the person has been told how to go on (on the Stop that paused the loop). */
  told: boolean()
});
var AutoLoopStateSchema = object({
  version: literal(1),
  loop_id: string().min(1),
  session_id: string().min(1),
  project_dir: string().min(1),
  status: _enum(LOOP_STATUSES),
  /** Why the loop ended (or, while pursuing, null). */
  status_reason: string().nullable(),
  goal: string().min(1),
  goal_file: string().nullable(),
  verify_command: string().min(1),
  caps: CapsSchema,
  launch: LaunchSchema,
  /** Files the agent must not change: the globs, their content hashes at start, and what changed at the last Stop. */
  protect: object({
    globs: array(string()),
    snapshot: record(string(), string()),
    changed: array(string())
  }),
  started_at: iso_exports.datetime(),
  updated_at: iso_exports.datetime(),
  heartbeat_at: iso_exports.datetime(),
  ended_at: iso_exports.datetime().nullable(),
  /** Completed turns the Stop gate has judged. */
  iteration: int().nonnegative(),
  tokens: object({ transcript: int().nonnegative(), audit: int().nonnegative() }),
  transcript: object({
    path: string().nullable(),
    offset: int().nonnegative(),
    /** The latest message ids counted, so a response split across two reads is counted once. */
    recent_message_ids: array(string()),
    subagent_offsets: record(string(), int().nonnegative()),
    /** When the loop was attached to this session (start or takeover): earlier spend is not the loop's. */
    since: iso_exports.datetime(),
    /** Input + cache tokens of the latest main-chain response: the context in use. */
    context_tokens: int().nonnegative()
  }),
  evidence: array(string()),
  blocker: object({ reason: string(), count: int().positive() }).nullable(),
  thrash: object({ streak: int().nonnegative(), tree_hash: string().nullable() }),
  next_action: string(),
  last_verifier: VerifierResultSchema.nullable(),
  /** Absent in files written before loopkit read test results. */
  test_results: TestResultsStateSchema.default(NO_TEST_RESULTS),
  last_audit: AuditResultSchema.nullable(),
  /** Set when a cap was reached: the next Stop collects the hand-off note and ends budget-limited. */
  wrap_up: object({ reason: string(), at: iso_exports.datetime() }).nullable(),
  handoff_note: string().nullable(),
  /** True once the context passed --restart-pct and a hand-off note was asked for (reset below it). */
  handoff_requested: boolean(),
  /** sha256 of the mirror goal-state.json loopkit last wrote; anything else there is tampering. */
  mirror_sha256: string().nullable(),
  tamper_count: int().nonnegative(),
  flaky_count: int().nonnegative(),
  /**
   * Turns whose audit could not run or finish: not the agent's doing, so they do not count toward
   * --max-iterations (`turns`); `streak` of them in a row end the loop blocked. Absent in older files.
   */
  audit_not_run: object({ streak: int().nonnegative(), turns: int().nonnegative() }).default({ streak: 0, turns: 0 }),
  /**
   * Passes that one of loopkit's own rules threw out, in a row, and which rule: the same rule
   * REFUSAL_LIMIT times in a row ends the loop blocked, saying why, instead of spending its budget.
   * Absent in older files.
   */
  refusals: object({ rule: string().nullable(), streak: int().nonnegative() }).default({ rule: null, streak: 0 }),
  /**
   * Set while the loop waits for the person: they wrote to the session while it ran, or the agent asked
   * them a question only they can answer. No loop prompt is sent until they type --resume. Absent in older files.
   */
  pause: PauseSchema.nullable().default(null),
  /**
   * Turns in a row that ended in an API error (none is judged as the agent's), and the last one: when
   * the retry is due. Absent in files written before loopkit recorded them.
   */
  api_errors: object({
    count: int().nonnegative(),
    last: object({
      session_id: string(),
      prompt_id: string().nullable(),
      at: iso_exports.datetime(),
      summary: string(),
      retry_at: iso_exports.datetime()
    }).nullable()
  }).default({ count: 0, last: null })
});
var isPaused = (state) => state.status === "pursuing" && state.pause !== null;
function tokensUsed(state) {
  return state.tokens.transcript + state.tokens.audit;
}

export {
  LOOP_STATUSES,
  AUDIT_VOTES,
  DEFAULT_NO_PROGRESS_LIMIT,
  UNMEASURED_SANDBOX,
  PERSON_WORDS_KEPT,
  PERSON_WORDS_CHARS,
  AutoLoopStateSchema,
  isPaused,
  tokensUsed
};
