// What loopkit read of a verifier's test results: counts, the tests that ran by name where the report
// names each one, and a few failing tests with the first line of each failure. One schema, used by
// the loop's state (the start's baseline, each verifier run) and its history.
import * as z from "zod";

/** How many failing tests a record keeps. */
export const KEEP_FAILING = 10;
/** Past this many names the baseline keeps counts only (a state file stays small). */
export const KEEP_NAMES = 5_000;

export const FailingTestSchema = z.object({ name: z.string(), message: z.string() });
export type FailingTest = z.infer<typeof FailingTestSchema>;

/** What one verifier run's tests came to, as the state and the history record it. */
export const TestCountsSchema = z.object({
  /** Whose results they are: "node:test", "vitest", "jest", "mocha", "pytest", "go test", "cargo test", "JUnit XML", "TAP". */
  runner: z.string().min(1),
  passed: z.int().nonnegative(),
  failed: z.int().nonnegative(),
  /** Skipped, todo, pending, ignored, xfail: tests that exist but did not run to a result. */
  skipped: z.int().nonnegative(),
  /** The first few failing tests, each with the first line of its failure. */
  failing: z.array(FailingTestSchema).max(KEEP_FAILING),
});
export type TestCounts = z.infer<typeof TestCountsSchema>;

/** The counts plus every test that ran (passed or failed) by name; null when the runner's output gives counts only. */
export const TestResultsSchema = TestCountsSchema.extend({ ran: z.array(z.string()).nullable() });
export type TestResults = z.infer<typeof TestResultsSchema>;

/** Builds results from per-test outcomes: the counts, the names that ran, and the first failures. */
export function fromTests(
  runner: string,
  tests: Array<{ name: string; status: "passed" | "failed" | "skipped"; message?: string }>,
): TestResults {
  const ran = tests.filter((test) => test.status !== "skipped").map((test) => test.name);
  return {
    runner,
    passed: tests.filter((test) => test.status === "passed").length,
    failed: tests.filter((test) => test.status === "failed").length,
    skipped: tests.filter((test) => test.status === "skipped").length,
    failing: tests
      .filter((test) => test.status === "failed")
      .slice(0, KEEP_FAILING)
      .map((test) => ({ name: test.name, message: firstLine(test.message ?? "") })),
    ran: ran.length > KEEP_NAMES ? null : ran,
  };
}

/** The counts a run record keeps (no names). */
export function countsOf(results: TestResults): TestCounts {
  const { ran: _ran, ...counts } = results;
  return counts;
}

/** Tests that ran to a result. */
export const ranCount = (counts: Pick<TestCounts, "passed" | "failed">) => counts.passed + counts.failed;

/** "12 tests: 9 pass, 3 fail, 1 skipped: a, b, c" (node:test). */
export function describeTests(counts: TestCounts): string {
  const total = counts.passed + counts.failed + counts.skipped;
  const parts = [`${counts.passed} pass`, `${counts.failed} fail`, ...(counts.skipped ? [`${counts.skipped} skipped`] : [])];
  const names = counts.failing.slice(0, 3).map((test) => test.name);
  const more = counts.failed > names.length ? ", ..." : "";
  return `${total} test${total === 1 ? "" : "s"}: ${parts.join(", ")}${names.length ? `: ${names.join(", ")}${more}` : ""} (${counts.runner})`;
}

/** The first non-empty line of a failure message, trimmed and bounded. */
export function firstLine(text: string): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.trim())
      .find((l) => l !== "") ?? "";
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}
