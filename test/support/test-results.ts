// Test results for the test rule's and the readers' tests: the captured runner outputs, and results
// built by src's own constructor.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fromTests, type TestResults, type TestStatus } from "../../src/test-results/results.js";

/** A runner's output captured in test/fixtures/test-results. */
export const testOutputFixture = (name: string) =>
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures", "test-results", name), "utf8");

/** Results read by name: each test's status (a failing one fails with "boom"). */
export const namedResults = (tests: Record<string, TestStatus>, runner = "node:test"): TestResults =>
  fromTests(
    runner,
    Object.entries(tests).map(([name, status]) => ({ name, status, message: status === "failed" ? "boom" : "" })),
  );

/** Results read by counts only (vitest's default reporter). */
export const countedResults = (passed: number, failed: number, skipped: number, runner = "vitest"): TestResults => ({
  runner,
  passed,
  failed,
  skipped,
  failing: [],
  ran: null,
});
