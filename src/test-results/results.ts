// What loopkit read of a verifier's test results: counts, the tests that ran by name where the report
// names each one, and a few failing tests with the first line of each failure. One schema, used by
// the loop's state (the start's baseline, each verifier run) and its history.
import * as z from "zod";

/** How many failing tests a record keeps. */
export const KEEP_FAILING = 10;
/** Past this many names the baseline keeps counts only (a state file stays small). */
export const KEEP_NAMES = 5_000;
/** Past this many bytes of names a run is read by counts only (memory stays bounded, whatever the output). */
export const READ_NAMES_BYTES = 8 * 1024 * 1024;

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

export type TestStatus = "passed" | "failed" | "skipped";

/** Builds results from per-test outcomes: the counts, the names that ran, and the first failures. */
export function fromTests(runner: string, tests: Array<{ name: string; status: TestStatus; message?: string }>): TestResults {
  const tally = new Tally();
  for (const test of tests) tally.add(test.name, test.status, test.message);
  return tally.results(runner);
}

/**
 * Test outcomes counted as they are read, one at a time: the counts, the first failures and the names
 * that ran, the names only while they fit in READ_NAMES_BYTES (then the run reads by counts only).
 */
export class Tally {
  passed = 0;
  failed = 0;
  skipped = 0;
  readonly failing: FailingTest[] = [];
  private names: string[] | null = [];
  private nameBytes = 0;

  add(name: string, status: TestStatus, message = ""): void {
    this[status]++;
    if (status === "failed" && this.failing.length < KEEP_FAILING) this.failing.push({ name, message: firstLine(message) });
    if (status === "skipped" || !this.names) return;
    this.nameBytes += name.length * 2;
    if (this.nameBytes > READ_NAMES_BYTES) this.names = null;
    else this.names.push(name);
  }

  /** Sets the message of the last failing test added, for runners that print it after the test's line. */
  explainLastFailure(message: string): void {
    const last = this.failing.at(-1);
    if (last && last.message === "" && this.failed === this.failing.length) last.message = firstLine(message);
  }

  get count(): number {
    return this.passed + this.failed + this.skipped;
  }

  results(runner: string, named = true): TestResults {
    const { passed, failed, skipped } = this;
    return { runner, passed, failed, skipped, failing: this.failing, ran: named ? this.names : null };
  }
}

/** Results as a loop's baseline keeps them: names only up to KEEP_NAMES. */
export function baselineOf(results: TestResults): TestResults {
  return results.ran && results.ran.length > KEEP_NAMES ? { ...results, ran: null } : results;
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
