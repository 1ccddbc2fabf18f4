import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  formatDuration
} from "./chunk-7BFHLTUB.js";
import {
  tokensUsed
} from "./chunk-HALTCE3W.js";
import {
  describeTests,
  ranCount
} from "./chunk-JR3TLBIQ.js";

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
function iterationCount(turns, notCounted, max) {
  const counted = turns - notCounted;
  return max !== null && counted > max ? { counted: max, wrapUp: counted - max, notCounted } : { counted, wrapUp: 0, notCounted };
}
function iterationsAgainstCap(turns, notCounted, max) {
  const count = iterationCount(turns, notCounted, max);
  const apart = [
    count.wrapUp ? `${count.wrapUp} wrap-up turn after the cap` : "",
    count.notCounted ? `${count.notCounted} not counted: the audit could not run` : ""
  ].filter(Boolean);
  return `${count.counted} of ${max ?? "-"}${apart.length ? ` (and ${apart.join("; and ")})` : ""}`;
}
function elapsedMs(state, now) {
  return Math.max(0, now.getTime() - Date.parse(state.started_at));
}
var DEADLINE_MARGIN_MS = 3e4;
function loopDeadline(state) {
  return { at: Date.parse(state.started_at) + state.caps.max_wallclock_ms + DEADLINE_MARGIN_MS };
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
function carriedTestBaseline(fresh, earlier) {
  const baseline = earlier?.test_results.baseline;
  if (!earlier || !baseline) return { tests: fresh, note: null };
  return {
    tests: {
      ...fresh,
      baseline,
      baseline_note: null,
      trend: [{ iteration: 0, passed: baseline.passed, failed: baseline.failed }],
      progress_at: 0
    },
    note: `The test rule holds to loop ${earlier.loop_id}'s start, as the audit does (the tests of this start's own run are not the baseline).`
  };
}

// src/auto-loop/core/gate.ts
function verifierVerdict(runs) {
  const [first, second] = runs;
  if (!first) return null;
  if (!first.passed) return "fail";
  if (!second) return null;
  return second.passed ? "pass" : "flaky";
}
function gateNext(runs, audit) {
  const verdict = verifierVerdict(runs);
  if (verdict === null) return { kind: "verify" };
  if (verdict !== "pass") return { kind: "verdict", verdict, achieved: false };
  if (!audit) return { kind: "audit" };
  return { kind: "verdict", verdict, achieved: audit.vote === "achieved" };
}
function auditUnmet(failure, ran, tokens = 0) {
  return { vote: "unmet", reasons: [failure], failure, tokens, ran };
}
function refusedByLoopkit(rule, reason) {
  return { ...auditUnmet(reason, true), refused_by: rule };
}
function auditLabel(audit) {
  if (audit.refused_by) return `not run: loopkit's ${RULE_NAMES[audit.refused_by]} rule refused the passes`;
  return audit.ran ? audit.vote : "could not run";
}
var auditVote = (audit) => audit && audit.ran && !audit.refused_by ? audit.vote : null;
var RULE_NAMES = {
  processes: "leftover-process",
  verification: "changed-while-verifying",
  unseen: "every-change-shown",
  contract: "test-contract",
  tests: "test"
};
function testRuleBreach(basis, run) {
  const base = basis.baseline;
  const current = run.results;
  if (!current)
    return base ? `loopkit read no test results from this run (${run.unread ?? "none found"}), but at the start the verifier ran ${describeTests(base)}; a pass counts only when the tests ran` : null;
  if (ranCount(current) === 0) return `no test ran (${describeTests(current)}); a pass counts only when at least one test ran`;
  if (current.failed > 0 && run.exitCode === 0)
    return `the runner reported ${current.failed} failed test${current.failed === 1 ? "" : "s"} although the command exited 0 (${describeTests(current)}); a run with a failing test is no pass, whatever the exit code`;
  if (!base || basis.allowRemovedTests) return null;
  return [namesLost, namesGone, fewerRan, moreSkipped, fewerInAll].reduce(
    (found, rule) => found ?? rule(base, current),
    null
  );
}
var namesLost = (base, current) => base.ran && !current.ran ? `at the start loopkit read every test by name (${base.runner}), but this run's output gives counts only (${describeTests(current)}), so it cannot tell whether the tests that ran at the start still ran; a pass counts only when the run can be read as fully as the start was (a reporter or an option changed? jest lists every test only with --verbose or a single test file; loopkit's docs/test-results.md says which outputs name every test)` : null;
var namesGone = (base, current) => {
  if (!base.ran || !current.ran) return null;
  const now = new Set(current.ran);
  const gone = base.ran.filter((name) => !now.has(name));
  return gone.length > 0 ? `${gone.length} test(s) that ran at the start no longer run (removed, skipped, made todo or filtered out): ${listNames(gone)}` : null;
};
var fewerRan = (base, current) => ranCount(current) < ranCount(base) ? `fewer tests ran than at the start: ${ranCount(base)} -> ${ranCount(current)} (${current.skipped} skipped or todo now, ${base.skipped} at the start); a test removed, skipped, made todo or left out by a filter, a name pattern or .only does not count` : null;
var moreSkipped = (base, current) => current.skipped > base.skipped ? `more tests skipped, todo, pending or expected to fail than at the start: ${base.skipped} -> ${current.skipped}; a pass counts only when none is skipped that was not at the start` : null;
var total = (results) => ranCount(results) + results.skipped;
var fewerInAll = (base, current) => total(current) < total(base) ? `fewer tests than at the start: ${total(base)} -> ${total(current)}` : null;
var listNames = (names) => `${names.slice(0, 5).join(", ")}${names.length > 5 ? `, and ${names.length - 5} more` : ""}`;

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

export {
  resolveCaps,
  capReached,
  iterationCount,
  iterationsAgainstCap,
  elapsedMs,
  loopDeadline,
  recordTestProgress,
  noProgressReason,
  trendLine,
  carriedTestBaseline,
  verifierVerdict,
  gateNext,
  auditUnmet,
  refusedByLoopkit,
  auditLabel,
  auditVote,
  RULE_NAMES,
  testRuleBreach,
  readSettings
};
