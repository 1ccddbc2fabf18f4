// The gate's test rule and the progress it measures: pure, one row per case.
import { describe, expect, it } from "vitest";
import { testRuleBreach } from "../../src/auto-loop/core/gate.js";
import { carriedTestBaseline, noProgressReason, recordTestProgress, trendLine } from "../../src/auto-loop/core/test-progress.js";
import { NO_TEST_RESULTS, type TestResultsState, type VerifierRun } from "../../src/auto-loop/core/state.js";
import type { TestResults } from "../../src/test-results/results.js";
import { cannotRun } from "../../src/auto-loop/runners/test-run.js";
import { countedResults as counts, namedResults as results } from "../support/test-results.js";

const START = results({ a: "passed", b: "passed", c: "failed" });
const basis = (baseline: TestResults | null, allowRemovedTests = false) => ({ baseline, allowRemovedTests });

describe("the test rule", () => {
  const exited0 = (current: TestResults | null) => ({
    exitCode: 0,
    results: current,
    unread: current ? null : "no runner it knows in the output",
  });
  it.each<[string, ReturnType<typeof basis>, TestResults | null, RegExp | null]>([
    ["an honest fix keeps every test", basis(START), results({ a: "passed", b: "passed", c: "passed" }), null],
    ["new tests are welcome", basis(START), results({ a: "passed", b: "passed", c: "passed", d: "passed" }), null],
    ["the failing test skipped", basis(START), results({ a: "passed", b: "passed", c: "skipped" }), /no longer run.*: c$/],
    ["the failing test deleted", basis(START), results({ a: "passed", b: "passed" }), /no longer run.*: c$/],
    ["the failing test swapped for a new one", basis(START), results({ a: "passed", b: "passed", d: "passed" }), /no longer run.*: c$/],
    [
      "`node -e 0`: nothing read where the start read node:test",
      basis(START),
      null,
      /read no test results.*at the start the verifier ran 3 tests/,
    ],
    ["no test ran at all", basis(START), results({ a: "skipped", b: "skipped", c: "skipped" }), /no test ran/],
    ["no test ran, even without a baseline", basis(null), counts(0, 0, 0), /no test ran/],
    [
      "`|| true`: a failing test swallowed",
      basis(START),
      START,
      /the runner reported 1 failed test although the command exited 0 \(3 tests: 2 pass, 1 fail: c/,
    ],
    ["`|| exit 0` without a baseline", basis(null), counts(5, 2, 0), /reported 2 failed tests although the command exited 0/],
    ["a failure swallowed where the goal allows removed tests", basis(START, true), counts(1, 1, 0), /1 failed test although/],
    [
      "the reporter switched from TAP to spec: names lost",
      basis(START),
      { ...counts(4, 0, 0), runner: "node:test" },
      /at the start loopkit read every test by name \(node:test\), but this run's output gives counts only/,
    ],
    ["counts only at both ends: the fix", basis(counts(2, 1, 0)), counts(3, 0, 0), null],
    [
      "counts only: a test skipped (.skip, .only, a name pattern)",
      basis(counts(2, 1, 0)),
      counts(2, 0, 1),
      /fewer tests ran than at the start: 3 -> 2/,
    ],
    [
      "counts only: skip one, add one",
      basis(counts(2, 1, 0)),
      counts(3, 0, 1),
      /more tests skipped, todo, pending or expected to fail than at the start: 0 -> 1/,
    ],
    ["counts only: a test made todo beside skipped ones", basis(counts(2, 1, 3)), counts(4, 0, 4), /skipped.*: 3 -> 4/],
    ["counts only: a test deleted", basis(counts(2, 1, 0)), counts(2, 0, 0), /fewer tests ran than at the start: 3 -> 2/],
    ["counts only: a skipped test of the start deleted", basis(counts(2, 0, 1)), counts(2, 0, 0), /fewer tests than at the start: 3 -> 2/],
    ["counts only: a skipped test of the start now runs", basis(counts(2, 0, 1)), counts(3, 0, 0), null],
    ["a runner loopkit does not read: as before", basis(null), null, null],
    ["the goal allows removed tests", basis(START, true), results({ a: "passed", b: "passed" }), null],
    ["the goal allows removed tests, read by counts now", basis(START, true), counts(2, 0, 1), null],
    ["but never no test at all", basis(START, true), counts(0, 0, 2), /no test ran/],
    ["nor nothing read at all", basis(START, true), null, /read no test results/],
  ])("%s", (_, rules, current, breach) => {
    const found = testRuleBreach(rules, exited0(current));
    if (breach) expect(found).toMatch(breach);
    else expect(found).toBeNull();
  });

  it.each<[string, number | null]>([
    ["exits 1", 1],
    ["times out", null],
  ])("leaves a still-failing run that %s to its exit code (no breach)", (_, exitCode) => {
    expect(testRuleBreach(basis(START), { exitCode, results: START, unread: null })).toBeNull();
  });
});

describe("progress in tests", () => {
  const run = (passed: number, failed: number, breach: string | null = null): VerifierRun => ({
    exit_code: failed ? 1 : 0,
    passed: !failed && !breach,
    timed_out: false,
    duration_ms: 1,
    output_tail: "",
    output_bytes: 0,
    log_file: null,
    sandbox: "unsandboxed",
    tests: { runner: "vitest", passed, failed, skipped: 0, failing: [] },
    breach,
  });
  const start: TestResultsState = { ...NO_TEST_RESULTS, no_progress_limit: 3, trend: [{ iteration: 0, passed: 3, failed: 7 }] };
  const after = (...runs: VerifierRun[]) => runs.reduce<TestResultsState>((tests, r, i) => recordTestProgress(tests, i + 1, r), start);

  it("follows the failing tests from the start: 7 -> 3 failing", () => {
    expect(trendLine(after(run(5, 5), run(7, 3)))).toBe("7 -> 3 failing");
    expect(trendLine(NO_TEST_RESULTS)).toBeNull();
  });

  it.each<[string, VerifierRun[], RegExp | null]>([
    ["fewer failing each turn is progress", [run(4, 6), run(5, 5), run(6, 4)], null],
    ["more passing (new tests) is progress too", [run(4, 7), run(5, 7), run(6, 7)], null],
    ["three turns without either end it", [run(3, 7), run(3, 7), run(3, 7)], /no progress in tests: 3 turns.*7 failing/],
    ["a breach never counts as progress", [run(10, 0, "fewer tests ran"), run(3, 7), run(3, 7)], /3 turns/],
    ["two turns are within the limit", [run(3, 7), run(3, 7)], null],
    ["no failing tests left: the rule is off (the audit decides)", [run(10, 0), run(10, 0), run(10, 0), run(10, 0)], null],
  ])("%s", (_, runs, reason) => {
    const tests = after(...runs);
    const found = noProgressReason(tests, runs.length);
    if (reason) expect(found).toMatch(reason);
    else expect(found).toBeNull();
  });

  it("is off for a runner loopkit does not read", () => {
    expect(noProgressReason({ ...NO_TEST_RESULTS, no_progress_limit: 1 }, 10)).toBeNull();
  });
});

describe("a restart after an unfinished loop", () => {
  const own = (baseline: TestResults | null): TestResultsState => ({ ...NO_TEST_RESULTS, baseline });
  const earlier = (baseline: TestResults | null) => ({ loop_id: "L1", test_results: own(baseline) });
  const withoutC = results({ a: "passed", b: "passed" });

  it("holds the rule to the earlier loop's start: a test it let go is still missed", () => {
    const { tests, note } = carriedTestBaseline(own(withoutC), earlier(START));
    expect(tests.baseline).toEqual(START);
    expect(note).toMatch(/loop L1's start/);
    expect(testRuleBreach(basis(tests.baseline), { exitCode: 0, results: withoutC, unread: null })).toMatch(/no longer run.*: c$/);
  });

  it.each([
    ["no earlier loop (one that ended achieved, or --new-baseline)", undefined],
    ["an earlier loop without a baseline", earlier(null)],
  ])("keeps this start's own run: %s", (_, previous) => {
    const fresh = own(withoutC);
    expect(carriedTestBaseline(fresh, previous)).toEqual({ tests: fresh, note: null });
  });
});

describe("a verifier that cannot run", () => {
  const outcome = (exitCode: number | null, output: string, timedOut = false) => ({
    exitCode,
    passed: exitCode === 0,
    timedOut,
    durationMs: 1,
    output,
    outputTail: output,
    outputBytes: output.length,
    sandbox: "unsandboxed" as const,
  });
  it.each<[string, ReturnType<typeof outcome>, RegExp | null]>([
    ["npm run tset", outcome(1, 'npm error Missing script: "tset"\nnpm error\n'), /npm has no script "tset"/],
    [
      "npm tset (npm 11)",
      outcome(
        1,
        'Unknown command: "tset"\n\n\nDid you mean this?\n  npm set # Set a value in the npm configuration\nTo see a list of supported npm commands, run:\n  npm help\n',
      ),
      /npm has no command "tset"/,
    ],
    ["a test's own output naming an unknown command", outcome(1, '# fail 1\nUnknown command: "x"\nsupported npm commands\n'), null],
    ["an older npm", outcome(1, 'npm ERR! Missing script: "tset"\n'), /npm has no script "tset"/],
    ["a command not found", outcome(127, "sh: 1: pytset: not found\n"), /not found \(exit 127\)/],
    ["a script not executable", outcome(126, "sh: 1: ./verify.sh: Permission denied\n"), /not executable \(exit 126\)/],
    ["failing tests are no reason to refuse", outcome(1, "# tests 3\n# pass 2\n# fail 1\n"), null],
    ["nor a slow suite", outcome(null, "", true), null],
  ])("%s", (_, run, reason) => {
    const found = cannotRun(run);
    if (reason) expect(found).toMatch(reason);
    else expect(found).toBeNull();
  });
});
