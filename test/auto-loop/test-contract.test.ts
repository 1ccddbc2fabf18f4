// The start's tests as the contract: which files it holds, what the copy changes, and the verdict on its run. Pure, one row per case.
import { describe, expect, it } from "vitest";
import {
  changedLine,
  contractBreach,
  isRunnerConfig,
  isTestFile,
  namedFiles,
  planContract,
  withStartKeys,
  type ContractPlan,
  type ContractRunFacts,
} from "../../src/auto-loop/core/test-contract.js";
import { fromTests, type TestResults } from "../../src/test-results/results.js";

describe("which files are the contract", () => {
  it.each<[string, boolean, boolean]>([
    ["test/sum.test.js", true, false],
    ["src/sum.test.ts", true, false],
    ["src/sum.spec.tsx", true, false],
    ["test/helpers/fixture.json", true, false],
    ["tests/test_sum.py", true, false],
    ["pkg/sum_test.go", true, false],
    ["sum_test.py", true, false],
    ["test_sum.py", true, false],
    ["src/__tests__/sum.js", true, false],
    ["spec/sum.js", true, false],
    ["src/sum.js", false, false],
    ["src/testing.js", false, false],
    ["src/latest.js", false, false],
    ["vitest.config.ts", false, true],
    ["packages/a/vitest.config.mts", false, true],
    ["vite.config.js", false, true],
    ["jest.config.cjs", false, true],
    [".mocharc.yml", false, true],
    [".mocharc", false, true],
    ["conftest.py", false, true],
    ["tests/conftest.py", true, true],
    ["pytest.ini", false, true],
    ["pyproject.toml", false, true],
    ["setup.cfg", false, true],
    ["tox.ini", false, true],
    ["babel.config.js", false, true],
    [".npmrc", false, true],
    [".yarnrc.yml", false, true],
    ["sitecustomize.py", false, true],
    ["Cargo.toml", false, false],
    ["go.mod", false, false],
    ["tsconfig.json", false, false],
    ["package.json", false, false],
  ])("%s: test file %s, runner config %s", (key, test, config) => {
    expect(isTestFile(key)).toBe(test);
    expect(isRunnerConfig(key)).toBe(config);
  });

  it("takes the files the runner named at the start (vitest's file > name, pytest's path::name)", () => {
    const baseline = fromTests("vitest", [
      { name: "checks/sum.check.js > adds", status: "passed" },
      { name: "checks/other.py::test_x", status: "failed", message: "boom" },
      { name: "no such file > y", status: "passed" },
    ]);
    const named = namedFiles(baseline, new Set(["checks/sum.check.js", "checks/other.py", "src/a.js"]));
    expect([...named].sort()).toEqual(["checks/other.py", "checks/sum.check.js"]);
    expect(namedFiles(null, new Set(["a.js"])).size).toBe(0);
  });
});

describe("the plan for the copy", () => {
  const start = [
    { path: "src/sum.js", hash: "s1" },
    { path: "test/sum.test.js", hash: "t1" },
    { path: "test/other.test.js", hash: "o1" },
    { path: "package.json", hash: "p1" },
    { path: "checks/named.js", hash: "n1" },
  ];
  it.each<[string, Array<{ path: string; hash: string }>, Partial<ContractPlan>]>([
    ["an honest fix: only the code changed", [...start.filter((f) => f.path !== "src/sum.js"), { path: "src/sum.js", hash: "s2" }], {}],
    ["new tests added: nothing to put back", [...start, { path: "test/new.test.js", hash: "x" }], {}],
    ["a test edited", start.map((f) => (f.path === "test/sum.test.js" ? { ...f, hash: "t2" } : f)), { restore: ["test/sum.test.js"] }],
    ["a test deleted", start.filter((f) => f.path !== "test/other.test.js"), { restore: ["test/other.test.js"] }],
    [
      "a file the runner named, edited",
      start.map((f) => (f.path === "checks/named.js" ? { ...f, hash: "n2" } : f)),
      { restore: ["checks/named.js"] },
    ],
    [
      "package.json changed: its test keys",
      start.map((f) => (f.path === "package.json" ? { ...f, hash: "p2" } : f)),
      { packageKeys: ["package.json"] },
    ],
    ["package.json deleted: back whole", start.filter((f) => f.path !== "package.json"), { restore: ["package.json"] }],
    ["a runner config added", [...start, { path: "vitest.config.ts", hash: "v" }], { remove: ["vitest.config.ts"] }],
  ])("%s", (_, now, expected) => {
    const plan = planContract(start, now, new Set(["checks/named.js"]));
    expect(plan).toEqual({ restore: [], packageKeys: [], remove: [], packages: [], held: 4, ...expected });
  });

  it("holds nothing in a project that had no tests", () => {
    expect(planContract([{ path: "src/a.js", hash: "a" }], [{ path: "src/a.js", hash: "b" }], new Set()).held).toBe(0);
  });
});

describe("package.json's test keys", () => {
  const start = JSON.stringify({ name: "p", scripts: { test: "node --test" }, dependencies: { a: "1" } });
  it.each<[string, object, object | null]>([
    [
      "a dependency added: kept, nothing to put back",
      { name: "p", scripts: { test: "node --test" }, dependencies: { a: "1", b: "2" } },
      null,
    ],
    [
      "the test script swallowed: put back, the new dependency kept",
      { name: "p", scripts: { test: "node --test || true" }, dependencies: { a: "1", b: "2" } },
      { name: "p", scripts: { test: "node --test" }, dependencies: { a: "1", b: "2" } },
    ],
    [
      "a jest key added: taken away",
      { name: "p", scripts: { test: "node --test" }, dependencies: { a: "1" }, jest: { testPathIgnorePatterns: ["sum"] } },
      { name: "p", scripts: { test: "node --test" }, dependencies: { a: "1" } },
    ],
  ])("%s", (_, now, expected) => {
    const merged = withStartKeys(start, JSON.stringify(now));
    expect(merged === null ? null : JSON.parse(merged)).toEqual(expected);
  });

  it("puts back a file that is not JSON whole", () => {
    expect(withStartKeys(start, "{ not json")).toBe(start);
  });
});

describe("the verdict on the run with the start's tests", () => {
  const plan: ContractPlan = { restore: ["test/sum.test.js"], packageKeys: [], remove: [], packages: [], held: 2 };
  const START: TestResults = fromTests("node:test", [
    { name: "adds", status: "failed", message: "expected 3" },
    { name: "subtracts", status: "passed" },
  ]);
  const run = (tests: Record<string, "passed" | "failed" | "skipped"> | null, exitCode = 0, timedOut = false): ContractRunFacts => ({
    exitCode,
    timedOut,
    results: tests
      ? fromTests(
          "node:test",
          Object.entries(tests).map(([name, status]) => ({ name, status, message: status === "failed" ? "Expected 3, got -1" : "" })),
        )
      : null,
    unread: tests ? null : "no runner it knows in the output",
  });
  it.each<[string, TestResults | null, ContractRunFacts, RegExp | null]>([
    ["the fix: every test of the start passes", START, run({ adds: "passed", subtracts: "passed" }), null],
    ["and with new tests beside them", START, run({ adds: "passed", subtracts: "passed", more: "passed" }), null],
    [
      "try/catch around the failing assertion: with the start's version it fails",
      START,
      run({ adds: "failed", subtracts: "passed" }, 1),
      /^test\/sum\.test\.js was changed: with the start's version, 1 test\(s\) fail: 'adds' \(Expected 3, got -1\)/,
    ],
    ["a failure whatever the exit code", START, run({ adds: "failed", subtracts: "passed" }, 0), /1 test\(s\) fail: 'adds'/],
    ["a start test that no longer runs", START, run({ subtracts: "passed" }), /1 test\(s\) of the start do not run: 'adds'/],
    ["nothing read where the start was read", START, run(null, 0), /could read no test results/],
    ["timed out", START, run(null, null as unknown as number, true), /did not finish/],
    ["by counts: fewer ran", { ...START, ran: null }, run({ subtracts: "passed" }), /fewer tests run than at the start \(2 ->/],
    ["a runner loopkit cannot read: the exit code", null, run(null, 0), null],
    ["a runner loopkit cannot read, failing", null, run(null, 1), /the verifier exits 1/],
    ["tests read, but the exit code fails", START, run({ adds: "passed", subtracts: "passed" }, 2), /exits 2/],
  ])("%s", (_, baseline, facts, breach) => {
    const found = contractBreach(baseline, facts, plan);
    if (breach) expect(found).toMatch(breach);
    else expect(found).toBeNull();
  });

  it("names every kind of change", () => {
    expect(
      changedLine({ restore: ["a.test.js"], packageKeys: ["package.json"], remove: ["vitest.config.ts"], packages: [], held: 3 }),
    ).toBe("a.test.js, package.json's test keys and vitest.config.ts (added) were changed");
    expect(changedLine({ restore: [], packageKeys: [], remove: [], packages: ["node_modules/expect"], held: 3 })).toBe(
      "node_modules/expect (the test runner's package) was changed",
    );
  });
});
