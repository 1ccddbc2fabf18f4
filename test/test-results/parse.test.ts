import { describe, expect, it } from "vitest";
import { parseJunit } from "../../src/test-results/junit.js";
import { parseTap } from "../../src/test-results/tap.js";
import { parseTestOutput } from "../../src/test-results/text-output.js";
import { testOutputFixture as fixture } from "../support/test-results.js";

const whole = (name: string) => parseTestOutput(fixture(name));

describe("test results read from a runner's own output", () => {
  it.each<[string, string, { runner: string; passed: number; failed: number; skipped: number }, string[]]>([
    // Captured from the real runners (node 20, vitest 4, pytest 9, cargo 1.x); jest, mocha and go in their real format.
    [
      "node:test, TAP (node 20 piped)",
      "node-tap.txt",
      { runner: "node:test", passed: 3, failed: 2, skipped: 2 },
      ["multiplies", "suite > inner bad"],
    ],
    ["node:test, spec", "node-spec.txt", { runner: "node:test", passed: 3, failed: 2, skipped: 2 }, ["multiplies", "suite > inner bad"]],
    ["node:test with --test-name-pattern", "node-tap-name-pattern.txt", { runner: "node:test", passed: 1, failed: 0, skipped: 5 }, []],
    [
      "vitest",
      "vitest-default.txt",
      { runner: "vitest", passed: 3, failed: 2, skipped: 2 },
      ["a.test.js > multiplies", "a.test.js > suite > inner bad"],
    ],
    ["vitest with .only", "vitest-only.txt", { runner: "vitest", passed: 2, failed: 0, skipped: 5 }, []],
    [
      "vitest, tap-flat",
      "vitest-tap-flat.txt",
      { runner: "TAP", passed: 3, failed: 2, skipped: 2 },
      ["a.test.js > multiplies", "a.test.js > suite > inner bad"],
    ],
    ["jest", "jest.txt", { runner: "jest", passed: 2, failed: 1, skipped: 2 }, ["math › multiplies"]],
    ["mocha", "mocha.txt", { runner: "mocha", passed: 2, failed: 1, skipped: 1 }, ["math multiplies"]],
    ["pytest", "pytest.txt", { runner: "pytest", passed: 2, failed: 1, skipped: 1 }, ["test_math.py::test_multiply"]],
    ["pytest -q", "pytest-quiet.txt", { runner: "pytest", passed: 4, failed: 1, skipped: 2 }, ["test_m.py::test_mul"]],
    ["pytest -v", "pytest-verbose.txt", { runner: "pytest", passed: 2, failed: 1, skipped: 1 }, ["test_math.py::test_multiply"]],
    ["cargo test", "cargo.txt", { runner: "cargo test", passed: 1, failed: 1, skipped: 1 }, ["tests::multiplies"]],
    ["go test -v", "go-verbose.txt", { runner: "go test", passed: 2, failed: 1, skipped: 1 }, ["TestMultiply"]],
  ])("%s", (_, file, counts, failing) => {
    const results = whole(file);
    expect(results).toMatchObject(counts);
    expect(results!.failing.map((test) => test.name)).toEqual(failing);
  });

  it("keeps the first line of each failure", () => {
    expect(whole("node-tap.txt")!.failing.map((test) => test.message)).toEqual(["Expected values to be strictly equal:", "boom"]);
    expect(whole("vitest-default.txt")!.failing[0]!.message).toBe("AssertionError: expected 6 to be 5 // Object.is equality");
    expect(whole("cargo.txt")!.failing[0]!.message).toBe("assertion `left == right` failed: wrong product");
    expect(whole("pytest.txt")!.failing[0]!.message).toBe("assert (2 * 3) == 5");
    expect(whole("jest.txt")!.failing[0]!.message).toBe("expect(received).toBe(expected) // Object.is equality");
    expect(whole("go-verbose.txt")!.failing[0]!.message).toBe("math_test.go:12: wrong product: got 6, want 5");
  });

  it.each<[string, string[] | null]>([
    ["node-tap.txt", ["adds", "subtracts", "multiplies", "suite > inner ok", "suite > inner bad"]],
    ["node-spec.txt", ["adds", "subtracts", "multiplies", "suite > inner ok", "suite > inner bad"]],
    ["cargo.txt", ["tests::adds", "tests::multiplies"]],
    ["go-verbose.txt", ["TestAdd", "TestMultiply", "TestSuite/inner_ok"]],
    ["jest.txt", ["src/math.test.js > math > adds", "src/math.test.js > math > multiplies", "src/other.test.js > other passes"]],
    ["mocha.txt", ["math > adds", "math > multiplies", "other > other passes"]],
    ["pytest-verbose.txt", ["test_math.py::test_add", "test_math.py::test_multiply", "test_math.py::TestSuite::test_inner_ok"]],
    [
      "node-spec-suites.txt",
      ["adds", "multiplies", "group > inner ok", "group > inner bad", "group > deeper > deep ok", "parent > child ok"],
    ],
    [
      "pytest-ra.txt",
      ["test_m.py::test_add", "test_m.py::test_p[1]", "test_m.py::test_p[2]", "test_m.py::TestK::test_in", "test_m.py::test_mul"],
    ],
    ["pytest-quiet.txt", null],
    ["vitest-default.txt", null],
    ["pytest.txt", null],
  ])("names every test that ran where the output lists each one, and none where it gives counts only: %s", (file, ran) => {
    expect(whole(file)!.ran).toEqual(ran);
  });

  it.each([
    ["no output", ""],
    ["node -e 0", "\n"],
    ["a build's output", "> tsc -p .\n\nsrc/a.ts(1,1): error TS2304: Cannot find name 'x'.\n"],
    ["go test without -v (no count of what passed)", fixture("go-quiet.txt")],
    ["a number-looking line", "Tests: 3\n"],
  ])("reads nothing from %s", (_, text) => {
    expect(parseTestOutput(text)).toBeNull();
  });
});

describe("reports", () => {
  it.each<[string, string, { passed: number; failed: number; skipped: number }, string]>([
    ["vitest --reporter=junit", "vitest-junit.xml", { passed: 3, failed: 2, skipped: 2 }, "a.test.js > suite > inner bad"],
    ["node --test-reporter=junit", "node-junit.xml", { passed: 3, failed: 2, skipped: 2 }, "suite > test > inner bad"],
    ["pytest --junitxml", "pytest-junit.xml", { passed: 2, failed: 1, skipped: 1 }, "test_math > test_multiply"],
  ])("JUnit XML from %s", async (_, file, counts, lastFailing) => {
    const results = parseJunit(fixture(file));
    expect(results).toMatchObject({ runner: "JUnit XML", ...counts });
    expect(results!.failing.at(-1)!.name).toContain(lastFailing);
    expect(results!.ran).toHaveLength(counts.passed + counts.failed);
  });

  it.each([
    ["not XML", "ok 1 - a\n"],
    ["XML of another kind", "<project><testcase/></project>"],
    ["broken XML", "<testsuites><testsuite><testcase name='a'>"],
  ])("reads no JUnit from %s", async (_, text) => {
    expect(parseJunit(text)).toBeNull();
  });

  it("reads a TAP report's directives, nesting and an empty plan", () => {
    expect(parseTap("TAP version 14\n1..2\nok 1 - a # SKIP not now\nnot ok 2 - b # TODO later\n")).toMatchObject({
      passed: 0,
      failed: 0,
      skipped: 2,
    });
    expect(parseTap("1..0 # no tests\n")).toMatchObject({ passed: 0, failed: 0, skipped: 0 });
    expect(parseTap("no plan\nok 1 - a\n")).toBeNull();
  });

  it("ends a YAML block left open at the next test point (a failure after it still counts)", () => {
    const text = "TAP version 13\nok 1 - a\n  ---\n  duration_ms: 1\nnot ok 2 - b\n  ---\n  error: 'boom'\n  ...\n1..2\n";
    expect(parseTap(text)).toMatchObject({ passed: 1, failed: 1, failing: [{ name: "b", message: "boom" }], ran: ["a", "b"] });
  });
});
