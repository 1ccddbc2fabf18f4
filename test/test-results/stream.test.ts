// Reading a runner's output as it streams: whatever its length and however it is cut into chunks,
// every test point counts, and memory stays bounded.
import { describe, expect, it } from "vitest";
import { parseTestOutput, TestOutputReader } from "../../src/test-results/text-output.js";
import { runAndReadTests } from "../../src/auto-loop/runners/test-run.js";
import { useTempProject } from "../support/bundle-driver.js";
import { testOutputFixture as fixture } from "../support/test-results.js";

/** `text` fed to a reader in chunks of `size` bytes (cutting lines and characters anywhere). */
function readInChunks(text: string | Buffer, size: number) {
  const reader = new TestOutputReader();
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
  return reader.end();
}

/** A fixture with `filler` printed after its first test point's block, as a test that logs a lot would. */
const withFiller = (name: string, filler: string) => fixture(name).replace("# Subtest: subtracts", `${filler}\n# Subtest: subtracts`);

describe("a runner's output read as it streams", () => {
  it.each([
    ["node-tap.txt", 1],
    ["node-tap.txt", 7],
    ["node-spec.txt", 3],
    ["jest.txt", 5],
    ["mocha.txt", 2],
    ["pytest-verbose.txt", 11],
    ["cargo.txt", 64],
    ["go-verbose.txt", 4],
    ["vitest-default.txt", 9],
  ])("%s in chunks of %i bytes reads as the whole does", (file, size) => {
    expect(readInChunks(fixture(file), size)).toEqual(parseTestOutput(fixture(file)));
  });

  it("keeps every name of node:test's TAP past 70 KB of printing (the kept output is its first and last 32 KB)", () => {
    const long = withFiller("node-tap.txt", "# noise from a test\n".repeat(4_000));
    expect(long.length).toBeGreaterThan(70_000);
    expect(readInChunks(long, 4096)!.ran).toEqual(["adds", "subtracts", "multiplies", "suite > inner ok", "suite > inner bad"]);
  });

  it("reads on after a line of 20 MB without a newline (the line is cut, the points after it count)", () => {
    const long = withFiller("node-tap.txt", `# ${"x".repeat(20 * 1024 * 1024)}`);
    expect(readInChunks(long, 65_536)).toMatchObject({ passed: 3, failed: 2, skipped: 2 });
  });

  it("holds no more than its bounds while 100 MB of output stream through", () => {
    const reader = new TestOutputReader();
    const chunk = Buffer.from(`ok 1 - ${"y".repeat(1000)}\n`.repeat(64));
    const chunks = 1_600;
    const before = process.memoryUsage().heapUsed;
    for (let sent = 0; sent < chunks; sent++) reader.push(chunk);
    reader.push(Buffer.from("1..1\n"));
    const grown = process.memoryUsage().heapUsed - before;
    // Past READ_NAMES_BYTES the names go and the counts stay; all of it kept would be 200 MB as strings.
    expect(reader.end()).toMatchObject({ runner: "TAP", passed: chunks * 64, ran: null });
    expect(grown).toBeLessThan(64 * 1024 * 1024);
  });

  it.each<[string, string, { passed: number; failed: number; skipped: number }]>([
    [
      "jest without --verbose (several files: no tree)",
      " PASS  a.test.js\n FAIL  b.test.js\n  ● b › fails\n\n    boom\n\nTests:       1 failed, 3 passed, 4 total\n",
      { passed: 3, failed: 1, skipped: 0 },
    ],
    [
      "mocha with a failing hook (the tree does not account for the count)",
      '  s\n    ✔ a\n\n  1 passing (2ms)\n  1 failing\n\n  1) s\n       "before all" hook:\n\n     Error: setup\n',
      { passed: 1, failed: 1, skipped: 0 },
    ],
    [
      "node:test's spec tree missing a test the summary counts",
      "✔ a (1ms)\nℹ tests 2\nℹ suites 0\nℹ pass 2\nℹ fail 0\nℹ cancelled 0\nℹ skipped 0\nℹ todo 0\n",
      { passed: 2, failed: 0, skipped: 0 },
    ],
    [
      "cargo test --quiet (dots, no names)",
      "running 2 tests\n..\ntest result: ok. 2 passed; 0 failed; 0 ignored; 0 measured\n",
      { passed: 2, failed: 0, skipped: 0 },
    ],
  ])("reads counts only, never a partial list of names: %s", (_, text, counts) => {
    expect(parseTestOutput(text)).toMatchObject({ ...counts, ran: null });
  });

  it("reads jest's tree by name after what the tests logged", () => {
    const text = [
      " PASS  src/a.test.js",
      "  ● Console",
      "",
      "    console.log",
      "      hello",
      "",
      "      at Object.log (src/a.test.js:2:11)",
      "",
      "  math",
      "    ✓ adds (2 ms)",
      "",
      "Tests:       1 passed, 1 total",
    ].join("\n");
    expect(parseTestOutput(text)).toMatchObject({ passed: 1, failing: [], ran: ["src/a.test.js > math > adds"] });
  });

  it("reads pytest -rA's report by name (its skipped tests by count)", () => {
    const text = [
      "=========================== short test summary info ============================",
      "PASSED t.py::test_a",
      "PASSED t.py::test_b[1 2]",
      "SKIPPED [1] t.py:9: later",
      "FAILED t.py::test_c - assert 1 == 2",
      "============== 1 failed, 2 passed, 1 skipped in 0.05s ==============",
    ].join("\n");
    expect(parseTestOutput(text)).toMatchObject({
      passed: 2,
      failed: 1,
      skipped: 1,
      ran: ["t.py::test_a", "t.py::test_b[1 2]", "t.py::test_c"],
    });
  });
});

describe("the verifier's output read as it streams", () => {
  const temp = useTempProject("loopkit stream");
  it("names every test of a run that prints 100 KB between its TAP points", async () => {
    const script = `console.log("TAP version 13\\nok 1 - a"); console.log("# " + "z".repeat(100000)); console.log("ok 2 - b\\n1..2")`;
    const run = await runAndReadTests(`node -e '${script}'`, temp.project, null, 30_000, process.env, {});
    expect(run.outcome.outputBytes).toBeGreaterThan(100_000);
    expect(run.results).toMatchObject({ runner: "TAP", passed: 2, ran: ["a", "b"] });
  });
});
