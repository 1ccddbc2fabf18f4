import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  array,
  int,
  object,
  string
} from "./chunk-PGQLL66H.js";

// src/test-results/results.ts
var KEEP_FAILING = 10;
var KEEP_NAMES = 5e3;
var FailingTestSchema = object({ name: string(), message: string() });
var TestCountsSchema = object({
  /** Whose results they are: "node:test", "vitest", "jest", "mocha", "pytest", "go test", "cargo test", "JUnit XML", "TAP". */
  runner: string().min(1),
  passed: int().nonnegative(),
  failed: int().nonnegative(),
  /** Skipped, todo, pending, ignored, xfail: tests that exist but did not run to a result. */
  skipped: int().nonnegative(),
  /** The first few failing tests, each with the first line of its failure. */
  failing: array(FailingTestSchema).max(KEEP_FAILING)
});
var TestResultsSchema = TestCountsSchema.extend({ ran: array(string()).nullable() });
function fromTests(runner, tests) {
  const ran = tests.filter((test) => test.status !== "skipped").map((test) => test.name);
  return {
    runner,
    passed: tests.filter((test) => test.status === "passed").length,
    failed: tests.filter((test) => test.status === "failed").length,
    skipped: tests.filter((test) => test.status === "skipped").length,
    failing: tests.filter((test) => test.status === "failed").slice(0, KEEP_FAILING).map((test) => ({ name: test.name, message: firstLine(test.message ?? "") })),
    ran: ran.length > KEEP_NAMES ? null : ran
  };
}
function countsOf(results) {
  const { ran: _ran, ...counts } = results;
  return counts;
}
var ranCount = (counts) => counts.passed + counts.failed;
function describeTests(counts) {
  const total = counts.passed + counts.failed + counts.skipped;
  const parts = [`${counts.passed} pass`, `${counts.failed} fail`, ...counts.skipped ? [`${counts.skipped} skipped`] : []];
  const names = counts.failing.slice(0, 3).map((test) => test.name);
  const more = counts.failed > names.length ? ", ..." : "";
  return `${total} test${total === 1 ? "" : "s"}: ${parts.join(", ")}${names.length ? `: ${names.join(", ")}${more}` : ""} (${counts.runner})`;
}
function firstLine(text) {
  const line = text.split(/\r?\n/).map((l) => l.trim()).find((l) => l !== "") ?? "";
  return line.length > 200 ? `${line.slice(0, 199)}\u2026` : line;
}

export {
  KEEP_FAILING,
  TestCountsSchema,
  TestResultsSchema,
  fromTests,
  countsOf,
  ranCount,
  describeTests,
  firstLine
};
