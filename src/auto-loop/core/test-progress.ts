// Progress measured in tests: each judged turn's readable run joins the trend; a loop whose failing
// tests stop going down (and passing ones stop going up) for --no-progress-limit turns ends no-progress
// before its caps burn. Pure.
import type { TestResultsState, VerifierRun } from "./state.js";

const KEEP_TREND = 50;

/** The tests after a judged turn: its last run joins the trend when loopkit read it and it kept the test rule. */
export function recordTestProgress(tests: TestResultsState, iteration: number, run: VerifierRun): TestResultsState {
  if (!run.tests || run.breach) return tests;
  const point = { iteration, passed: run.tests.passed, failed: run.tests.failed };
  const progressed =
    tests.trend.length === 0 ||
    point.failed < Math.min(...tests.trend.map((p) => p.failed)) ||
    point.passed > Math.max(...tests.trend.map((p) => p.passed));
  return {
    ...tests,
    trend: [...tests.trend, point].slice(-KEEP_TREND),
    progress_at: progressed ? iteration : tests.progress_at,
  };
}

/** Why the loop ends no-progress after this turn, or null: tests still fail and none got better for the limit's turns. */
export function noProgressReason(tests: TestResultsState, iteration: number): string | null {
  const last = tests.trend.at(-1);
  if (!last || last.failed === 0) return null;
  const turns = iteration - tests.progress_at;
  if (turns < tests.no_progress_limit) return null;
  return `no progress in tests: ${turns} turns without fewer failing or more passing tests (${trendLine(tests)}; --no-progress-limit ${tests.no_progress_limit})`;
}

/** "7 -> 3 failing" from the start (or first reading) to the last, or null before any. */
export function trendLine(tests: TestResultsState): string | null {
  const first = tests.trend[0];
  const last = tests.trend.at(-1);
  if (!first || !last) return null;
  return first === last ? `${last.failed} failing` : `${first.failed} -> ${last.failed} failing`;
}

/**
 * The tests' baseline of a loop that follows an unfinished one (restart-contract.ts): that loop's start,
 * so tests it let go do not vanish from the rule by a restart (its verifier is this loop's too).
 */
export function carriedTestBaseline(
  fresh: TestResultsState,
  earlier: { loop_id: string; test_results: TestResultsState } | undefined,
): { tests: TestResultsState; note: string | null } {
  const baseline = earlier?.test_results.baseline;
  if (!earlier || !baseline) return { tests: fresh, note: null };
  return {
    tests: {
      ...fresh,
      baseline,
      baseline_note: null,
      trend: [{ iteration: 0, passed: baseline.passed, failed: baseline.failed }],
      progress_at: 0,
    },
    note: `The test rule holds to loop ${earlier.loop_id}'s start, as the audit does (the tests of this start's own run are not the baseline).`,
  };
}
