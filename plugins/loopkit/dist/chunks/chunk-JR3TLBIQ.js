import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  array,
  int,
  object,
  string
} from "./chunk-CW3O4QTE.js";

// src/test-results/results.ts
var KEEP_FAILING = 10;
var KEEP_NAMES = 5e3;
var READ_NAMES_BYTES = 8 * 1024 * 1024;
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
  const tally = new Tally();
  for (const test of tests) tally.add(test.name, test.status, test.message);
  return tally.results(runner);
}
var Tally = class {
  passed = 0;
  failed = 0;
  skipped = 0;
  failing = [];
  names = [];
  nameBytes = 0;
  add(name, status, message = "") {
    this[status]++;
    if (status === "failed" && this.failing.length < KEEP_FAILING) this.failing.push({ name, message: firstLine(message) });
    if (status === "skipped" || !this.names) return;
    this.nameBytes += name.length * 2;
    if (this.nameBytes > READ_NAMES_BYTES) this.names = null;
    else this.names.push(name);
  }
  /** Sets the message of the last failing test added, for runners that print it after the test's line. */
  explainLastFailure(message) {
    const last = this.failing.at(-1);
    if (last && last.message === "" && this.failed === this.failing.length) last.message = firstLine(message);
  }
  get count() {
    return this.passed + this.failed + this.skipped;
  }
  results(runner, named = true) {
    const { passed, failed, skipped } = this;
    return { runner, passed, failed, skipped, failing: this.failing, ran: named ? this.names : null };
  }
};
function baselineOf(results) {
  return results.ran && results.ran.length > KEEP_NAMES ? { ...results, ran: null } : results;
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
  READ_NAMES_BYTES,
  TestCountsSchema,
  TestResultsSchema,
  fromTests,
  Tally,
  baselineOf,
  countsOf,
  ranCount,
  describeTests,
  firstLine
};
