import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  formatDuration
} from "./chunk-MW4PHROV.js";
import {
  tokensUsed
} from "./chunk-LSO3555E.js";

// src/auto-loop/core/caps.ts
var DEFAULT_CAPS = {
  max_iterations: 40,
  max_tokens: 2e6,
  max_wallclock_ms: 4 * 36e5,
  restart_pct: 70
};
function resolveCaps(flags, fromFile) {
  return { ...DEFAULT_CAPS, ...fromFile, ...flags };
}
function capReached(state, now) {
  const { caps } = state;
  if (countedIterations(state) >= caps.max_iterations) return `reached --max-iterations ${caps.max_iterations}`;
  const tokens = tokensUsed(state);
  if (tokens >= caps.max_tokens) return `reached --max-tokens ${caps.max_tokens} (used ${tokens})`;
  const elapsed = elapsedMs(state, now);
  if (elapsed >= caps.max_wallclock_ms) {
    return `reached --max-wallclock ${formatDuration(caps.max_wallclock_ms)} (ran ${formatDuration(elapsed)})`;
  }
  return null;
}
function countedIterations(state) {
  return state.iteration - state.audit_not_run.turns;
}
function iterationsAgainstCap(turns, notCounted, max) {
  return `${turns - notCounted} of ${max ?? "-"}${notCounted ? ` (and ${notCounted} not counted: the audit could not run)` : ""}`;
}
function elapsedMs(state, now) {
  return Math.max(0, now.getTime() - Date.parse(state.started_at));
}
var DEADLINE_MARGIN_MS = 3e4;
function loopDeadline(state) {
  return { at: Date.parse(state.started_at) + state.caps.max_wallclock_ms + DEADLINE_MARGIN_MS };
}

// src/auto-loop/core/settings.ts
var DEFAULT_VERIFIER_TIMEOUT_MS = 10 * 6e4;
var DEFAULT_AUDIT_TIMEOUT_MS = 10 * 6e4;
var DEFAULT_STALE_MS = 30 * 6e4;
var DEFAULT_API_RETRY_MS = 3e4;
var DEFAULT_PROGRESS_MS = 6e4;
var DEFAULT_CONTEXT_WINDOW = 2e5;
function positive(env, name, fallback) {
  const value = Number(env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}
function readSettings(env) {
  return {
    contextWindow: positive(env, "LOOPKIT_CONTEXT_WINDOW", DEFAULT_CONTEXT_WINDOW),
    verifierTimeoutMs: positive(env, "LOOPKIT_VERIFIER_TIMEOUT_MS", DEFAULT_VERIFIER_TIMEOUT_MS),
    auditTimeoutMs: positive(env, "LOOPKIT_AUDIT_TIMEOUT_MS", DEFAULT_AUDIT_TIMEOUT_MS),
    staleMs: positive(env, "LOOPKIT_STALE_MS", DEFAULT_STALE_MS),
    apiRetryMs: positive(env, "LOOPKIT_API_RETRY_MS", DEFAULT_API_RETRY_MS),
    progressMs: positive(env, "LOOPKIT_PROGRESS_MS", DEFAULT_PROGRESS_MS)
  };
}

// src/auto-loop/core/test-progress.ts
var KEEP_TREND = 50;
function recordTestProgress(tests, iteration, run) {
  if (!run.tests || run.breach) return tests;
  const point = { iteration, passed: run.tests.passed, failed: run.tests.failed };
  const progressed = tests.trend.length === 0 || point.failed < Math.min(...tests.trend.map((p) => p.failed)) || point.passed > Math.max(...tests.trend.map((p) => p.passed));
  return {
    ...tests,
    trend: [...tests.trend, point].slice(-KEEP_TREND),
    progress_at: progressed ? iteration : tests.progress_at
  };
}
function noProgressReason(tests, iteration) {
  const last = tests.trend.at(-1);
  if (!last || last.failed === 0) return null;
  const turns = iteration - tests.progress_at;
  if (turns < tests.no_progress_limit) return null;
  return `no progress in tests: ${turns} turns without fewer failing or more passing tests (${trendLine(tests)}; --no-progress-limit ${tests.no_progress_limit})`;
}
function trendLine(tests) {
  const first = tests.trend[0];
  const last = tests.trend.at(-1);
  if (!first || !last) return null;
  return first === last ? `${last.failed} failing` : `${first.failed} -> ${last.failed} failing`;
}
function carriedTestBaseline(fresh, previous, verify) {
  const earlier = previous?.test_results;
  if (!previous || !earlier?.baseline || previous.verify_command !== verify || earlier.report !== fresh.report)
    return { tests: fresh, note: null };
  const { baseline } = earlier;
  return {
    tests: {
      ...fresh,
      baseline,
      baseline_note: null,
      trend: [{ iteration: 0, passed: baseline.passed, failed: baseline.failed }],
      progress_at: 0
    },
    note: `The test rule holds to loop ${previous.loop_id}'s start, as the audit does (the tests of this start's own run are not the baseline).`
  };
}

export {
  resolveCaps,
  capReached,
  countedIterations,
  iterationsAgainstCap,
  elapsedMs,
  loopDeadline,
  readSettings,
  recordTestProgress,
  noProgressReason,
  trendLine,
  carriedTestBaseline
};
