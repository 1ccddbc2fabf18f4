// Reads the test results out of a runner's own console output: node:test (TAP or spec), vitest, jest,
// mocha, pytest, go test and cargo test, and TAP from any other runner. Each reader knows its runner's
// summary lines and returns null when they are not there; the first that knows the output wins.
import { fromTests, KEEP_FAILING, firstLine, type FailingTest, type TestResults } from "./results.js";
import { parseTap } from "./tap.js";

/** The output as loopkit kept it; `complete` is false when its middle was cut (long output). */
export interface CapturedOutput {
  text: string;
  complete: boolean;
}

type Reader = (lines: string[], output: CapturedOutput) => TestResults | null;

/** The results in a verifier's output, or null when no runner loopkit knows wrote it. */
export function parseTestOutput(output: CapturedOutput): TestResults | null {
  const clean = { ...output, text: stripAnsi(output.text) };
  const lines = clean.text.split(/\r?\n/);
  for (const reader of READERS) {
    const results = reader(lines, clean);
    if (results) return results;
  }
  return null;
}

// eslint-disable-next-line no-control-regex
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "");

function lastIndex(lines: string[], test: (line: string) => boolean): number {
  for (let i = lines.length - 1; i >= 0; i--) if (test(lines[i]!)) return i;
  return -1;
}

const findLast = (lines: string[], test: (line: string) => boolean): string | undefined => lines[lastIndex(lines, test)];

const count = (line: string | undefined, word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(line ?? "")?.[1] ?? 0);

/** node:test: its summary (`# pass 3` in TAP, `ℹ pass 3` in spec); the test points by name when the TAP is whole. */
const nodeTest: Reader = (lines, output) => {
  const summary = (key: string) => {
    const line = findLast(lines, (l) => new RegExp(`^(#|ℹ) ${key} \\d+\\s*$`).test(l));
    return line === undefined ? null : Number(/(\d+)\s*$/.exec(line)![1]);
  };
  const pass = summary("pass");
  const fail = summary("fail");
  if (pass === null || fail === null || summary("tests") === null) return null;
  const tap = output.complete ? parseTap(output.text, "node:test") : null;
  if (tap) return tap;
  return {
    runner: "node:test",
    passed: pass,
    failed: fail + (summary("cancelled") ?? 0),
    skipped: (summary("skipped") ?? 0) + (summary("todo") ?? 0),
    failing: nodeSpecFailures(lines),
    ran: null,
  };
};

/** The spec reporter's "✖ failing tests:" list: each `✖ name (time)` and the line after it. */
function nodeSpecFailures(lines: string[]): FailingTest[] {
  const start = lines.findIndex((line) => line.trim() === "✖ failing tests:");
  if (start === -1) return [];
  const failing: FailingTest[] = [];
  for (let i = start + 1; i < lines.length && failing.length < KEEP_FAILING; i++) {
    const match = /^✖ (.*?)(?: \([\d.]+m?s\))?$/.exec(lines[i]!);
    if (match) failing.push({ name: match[1]!, message: firstLine(lines[i + 1] ?? "") });
  }
  return failing;
}

/** vitest: `Tests  2 failed | 3 passed | 1 skipped | 1 todo (7)`, and the ` FAIL  file > name` blocks. */
const vitest: Reader = (lines) => {
  const summary = findLast(lines, (line) => /^\s*Tests\s{2,}.*\(\d+\)\s*$/.test(line));
  if (!summary || !lines.some((line) => /^\s*Test Files\s/.test(line))) return null;
  const failing: FailingTest[] = [];
  for (const [i, line] of lines.entries()) {
    const match = /^\s*FAIL\s+(.+? > .+)$/.exec(line);
    if (match && failing.length < KEEP_FAILING && !failing.some((f) => f.name === match[1]!.trim()))
      failing.push({ name: match[1]!.trim(), message: firstLine(lines[i + 1] ?? "") });
  }
  return {
    runner: "vitest",
    passed: count(summary, "passed"),
    failed: count(summary, "failed"),
    skipped: count(summary, "skipped") + count(summary, "todo"),
    failing,
    ran: null,
  };
};

/** jest: `Tests:       1 failed, 1 skipped, 1 todo, 2 passed, 5 total`, and the `● suite › name` blocks. */
const jest: Reader = (lines) => {
  const summary = findLast(lines, (line) => /^Tests:\s+.*\d+ total\s*$/.test(line));
  if (!summary) return null;
  const failing: FailingTest[] = [];
  for (const [i, line] of lines.entries()) {
    const match = /^\s{2}● (.+)$/.exec(line);
    if (match && failing.length < KEEP_FAILING && !/^Test suite failed to run/.test(match[1]!))
      failing.push({ name: match[1]!.trim(), message: firstLine(lines.slice(i + 1, i + 4).join("\n")) });
  }
  return {
    runner: "jest",
    passed: count(summary, "passed"),
    failed: count(summary, "failed"),
    skipped: count(summary, "skipped") + count(summary, "todo"),
    failing,
    ran: null,
  };
};

/** mocha: `2 passing (7ms)`, `1 pending`, `1 failing`, and the numbered failures after them. */
const mocha: Reader = (lines) => {
  const at = lastIndex(lines, (line) => /^\s+\d+ passing \(\d/.test(line));
  if (at === -1) return null;
  const tail = lines.slice(at, at + 3);
  const failed = count(
    tail.find((line) => /^\s+\d+ failing\s*$/.test(line)),
    "failing",
  );
  const failing: FailingTest[] = [];
  for (let i = at + 1; i < lines.length && failing.length < KEEP_FAILING; i++) {
    const match = /^\s+\d+\) (.+)$/.exec(lines[i]!);
    if (!match) continue;
    const names = [match[1]!.trim()];
    let j = i + 1;
    for (; j < lines.length && lines[j]!.trim() !== ""; j++) names.push(lines[j]!.trim().replace(/:$/, ""));
    failing.push({ name: names.join(" "), message: firstLine(lines.slice(j).join("\n")) });
    i = j;
  }
  return {
    runner: "mocha",
    passed: count(lines[at], "passing"),
    failed,
    skipped: count(
      tail.find((line) => /^\s+\d+ pending\s*$/.test(line)),
      "pending",
    ),
    failing,
    ran: null,
  };
};

/** pytest: `==== 1 failed, 2 passed, 1 skipped in 0.03s ====` (with -q: the same counts, no `=`), and `FAILED path::name - message` lines. */
const pytest: Reader = (lines) => {
  const summary = findLast(
    lines,
    (line) =>
      (/^=+ .*\bin [\d.]+s\b.* =+$/.test(line) || /^(?:\d+ \w+(?:, \d+ \w+)*|no tests ran) in [\d.]+s\b/.test(line)) &&
      /(passed|failed|error|no tests ran|skipped)/.test(line),
  );
  if (!summary) return null;
  const failing = lines
    .filter((line) => /^(FAILED|ERROR) /.test(line))
    .slice(0, KEEP_FAILING)
    .map((line) => {
      const [name, ...message] = line.replace(/^(FAILED|ERROR) /, "").split(" - ");
      return { name: name!.trim(), message: firstLine(message.join(" - ")) };
    });
  return {
    runner: "pytest",
    passed: count(summary, "passed") + count(summary, "xpassed"),
    failed: count(summary, "failed") + count(summary, "errors?"),
    skipped: count(summary, "skipped") + count(summary, "xfailed"),
    failing,
    ran: null,
  };
};

/** cargo test: each `test name ... ok|FAILED|ignored` line (counted from the `test result:` lines when the output was cut). */
const cargo: Reader = (lines, output) => {
  const results = lines.filter((line) => /^test result: (ok|FAILED)\. \d+ passed; \d+ failed; \d+ ignored/.test(line));
  if (results.length === 0) return null;
  const panics = new Map<string, string>();
  for (const [i, line] of lines.entries()) {
    const match = /^thread '(.+?)'(?: \(\d+\))? panicked at /.exec(line);
    if (match) panics.set(match[1]!, firstLine(lines[i + 1] ?? ""));
  }
  if (output.complete) {
    const tests = lines.flatMap((line) => {
      const match = /^test (.+?) \.\.\. (ok|FAILED|ignored)\b/.exec(line);
      if (!match) return [];
      const status = match[2] === "ok" ? "passed" : match[2] === "FAILED" ? "failed" : "skipped";
      return [{ name: match[1]!, status, message: panics.get(match[1]!) ?? "" } as const];
    });
    return fromTests("cargo test", tests);
  }
  const sum = (word: string) => results.reduce((total, line) => total + count(line, word), 0);
  return { runner: "cargo test", passed: sum("passed"), failed: sum("failed"), skipped: sum("ignored"), failing: [], ran: null };
};

/** go test -v: `--- PASS/FAIL/SKIP: Name` lines (without -v go names only the failures: no count, so not read). */
const goTest: Reader = (lines, output) => {
  if (!output.complete || !lines.some((line) => line.startsWith("=== RUN"))) return null;
  const tests: Array<{ name: string; status: "passed" | "failed" | "skipped"; message: string }> = [];
  for (const [i, line] of lines.entries()) {
    const match = /^\s*--- (PASS|FAIL|SKIP): (\S+)/.exec(line);
    if (!match) continue;
    const status = match[1] === "PASS" ? "passed" : match[1] === "FAIL" ? "failed" : "skipped";
    tests.push({ name: match[2]!, status, message: status === "failed" ? goMessage(lines, i, match[2]!) : "" });
  }
  if (tests.length === 0) return null;
  // A parent whose subtests are listed is counted through them.
  return fromTests(
    "go test",
    tests.filter((test) => !tests.some((other) => other.name.startsWith(`${test.name}/`))),
  );
};

/** go prints a failure's log lines between `=== RUN` and `--- FAIL` with -v, after it without. */
function goMessage(lines: string[], at: number, name: string): string {
  const after = lines[at + 1] ?? "";
  if (/^\s{4}\S/.test(after)) return firstLine(after);
  for (let i = at - 1; i >= 0 && !lines[i]!.startsWith(`=== RUN   ${name}`); i--)
    if (/^\s{4}\S/.test(lines[i]!)) return firstLine(lines[i]!);
  return "";
}

/** TAP from any other runner (vitest's tap reporters included). */
const tap: Reader = (_lines, output) => (output.complete ? parseTap(output.text) : null);

const READERS: Reader[] = [nodeTest, vitest, jest, mocha, pytest, cargo, goTest, tap];
