// Reads the test results out of a runner's own console output, line by line as it streams: node:test
// (TAP or spec), vitest, jest, mocha, pytest, go test and cargo test, and TAP from any other runner.
// Each reader knows its runner's lines, keeps only what it needs (counts, names, the first failures)
// and answers null when its summary never came; the first that knows the output wins. A reader names
// every test only where its runner printed every test and the names agree with the runner's own counts.
import { firstLine, KEEP_FAILING, READ_NAMES_BYTES, Tally, type FailingTest, type TestResults, type TestStatus } from "./results.js";
import { TapReader } from "./tap.js";

/** One runner's reader: fed every line of the output, asked once at the end. */
interface LineReader {
  line(line: string): void;
  end(): TestResults | null;
}

/** The results in a whole verifier output, or null when no runner loopkit knows wrote it. */
export function parseTestOutput(text: string): TestResults | null {
  const reader = new TestOutputReader();
  reader.push(Buffer.from(text));
  return reader.end();
}

/** The longest line kept; the rest of a longer one is dropped (memory stays bounded whatever the output). */
const MAX_LINE = 64 * 1024;

/** Reads a verifier's output as it arrives, in chunks, every reader fed every line; nothing else is kept. */
export class TestOutputReader {
  private readonly decoder = new TextDecoder("utf-8");
  private partial = "";
  private readonly readers: LineReader[] = [
    new NodeTestReader(),
    new VitestReader(),
    new JestReader(),
    new MochaReader(),
    new PytestReader(),
    new CargoReader(),
    new GoTestReader(),
    new TapReader("TAP"),
  ];

  push(chunk: Buffer): void {
    const lines = (this.partial + this.decoder.decode(chunk, { stream: true })).split("\n");
    this.partial = lines.pop()!.slice(0, MAX_LINE);
    for (const line of lines) this.feed(line);
  }

  end(): TestResults | null {
    this.feed(this.partial + this.decoder.decode());
    this.partial = "";
    for (const reader of this.readers) {
      const results = reader.end();
      if (results) return results;
    }
    return null;
  }

  private feed(raw: string): void {
    const line = stripAnsi(raw.slice(0, MAX_LINE)).replace(/\r$/, "");
    for (const reader of this.readers) reader.line(line);
  }
}

// eslint-disable-next-line no-control-regex
const stripAnsi = (text: string) => text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "");

const MAX_DEPTH = 64;

const count = (line: string | undefined, word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(line ?? "")?.[1] ?? 0);

/** Describe blocks as an indented tree prints them: the titles above a line at a given depth (at most MAX_DEPTH). */
class TitlePath {
  private readonly titles: string[] = [];
  set(depth: number, title: string): void {
    if (depth > MAX_DEPTH) return;
    this.titles[depth] = title;
    this.titles.length = depth + 1;
  }
  above(depth: number): string[] {
    return this.titles.slice(0, depth);
  }
}

/** The first few failures printed as a name line with its message on the line after. */
class FailureBlocks {
  readonly failing: FailingTest[] = [];
  private waiting: FailingTest | null = null;
  name(name: string): void {
    if (this.failing.length >= KEEP_FAILING || this.failing.some((f) => f.name === name)) return;
    this.waiting = { name, message: "" };
    this.failing.push(this.waiting);
  }
  line(line: string): void {
    if (!this.waiting || line.trim() === "") return;
    this.waiting.message = firstLine(line);
    this.waiting = null;
  }
}

/**
 * node:test: its summary (`# pass 3` in TAP, `ℹ pass 3` in spec); every test by name from its TAP, or
 * from its spec reporter's tree when that tree accounts for the summary's every test.
 */
class NodeTestReader implements LineReader {
  private readonly summary = new Map<string, number>();
  private readonly tap = new TapReader("node:test");
  private readonly spec = new Tally();
  private readonly titles = new TitlePath();
  private readonly childSeen: boolean[] = [];
  private parents = 0;
  private specDone = false;
  private explaining = -1;

  line(line: string): void {
    this.tap.line(line);
    const total = /^(?:#|ℹ) (tests|suites|pass|fail|cancelled|skipped|todo) (\d+)\s*$/.exec(line);
    if (total) this.summary.set(total[1]!, Number(total[2]));
    if (line.trim() === "✖ failing tests:") this.specDone = true;
    if (!this.specDone) this.specLine(line);
  }

  private specLine(line: string): void {
    const header = /^(\s*)▶ (.*?)(?: \([\d.]+m?s\))?$/.exec(line);
    if (header) return this.titles.set(depthOf(header[1]!), header[2]!);
    const point = /^(\s*)([✔✖﹣]) (.*?)(?: \([\d.]+m?s\))?(?: # (SKIP|TODO)\b.*)?$/.exec(line);
    if (!point) {
      if (this.explaining >= 0 && line.trim() !== "" && indentOf(line) > this.explaining) {
        this.spec.explainLastFailure(line);
        this.explaining = -1;
      }
      return;
    }
    const depth = depthOf(point[1]!);
    const parent = this.childSeen[depth + 1] === true;
    this.childSeen[depth + 1] = false;
    this.childSeen[depth] = true;
    this.explaining = -1;
    if (parent) {
      this.parents++;
      return;
    }
    const status: TestStatus = point[4] || point[2] === "﹣" ? "skipped" : point[2] === "✔" ? "passed" : "failed";
    this.spec.add([...this.titles.above(depth), point[3]!].join(" > "), status);
    if (status === "failed") this.explaining = indentOf(line);
  }

  end(): TestResults | null {
    const pass = this.summary.get("pass");
    const fail = this.summary.get("fail");
    const tests = this.summary.get("tests");
    if (pass === undefined || fail === undefined || tests === undefined) return null;
    const tap = this.tap.end();
    if (tap) return tap;
    // A test with subtests counts in `tests`, a describe block in `suites` (node 20 and 22 print them alike).
    const points = this.spec.count + this.parents;
    if (this.spec.count > 0 && (points === tests || points === tests + (this.summary.get("suites") ?? 0)))
      return this.spec.results("node:test");
    return {
      runner: "node:test",
      passed: pass,
      failed: fail + (this.summary.get("cancelled") ?? 0),
      skipped: (this.summary.get("skipped") ?? 0) + (this.summary.get("todo") ?? 0),
      failing: this.spec.failing,
      ran: null,
    };
  }
}

const indentOf = (line: string) => /^\s*/.exec(line)![0].length;
const depthOf = (indent: string) => Math.floor(indent.length / 2);

/** vitest: `Tests  2 failed | 3 passed | 1 skipped | 1 todo (7)`, and the ` FAIL  file > name` blocks (counts only: its default reporter lists the tests of failing files alone). */
class VitestReader implements LineReader {
  private summary: string | undefined;
  private files = false;
  private readonly failures = new FailureBlocks();

  line(line: string): void {
    this.failures.line(line);
    if (/^\s*Tests\s{2,}.*\(\d+\)\s*$/.test(line)) this.summary = line;
    if (/^\s*Test Files\s/.test(line)) this.files = true;
    const fail = /^\s*FAIL\s+(.+? > .+)$/.exec(line);
    if (fail) this.failures.name(fail[1]!.trim());
  }

  end(): TestResults | null {
    if (!this.summary || !this.files) return null;
    const line = this.summary;
    const skipped = count(line, "skipped") + count(line, "todo");
    return {
      runner: "vitest",
      passed: count(line, "passed"),
      failed: count(line, "failed"),
      skipped,
      failing: this.failures.failing,
      ran: null,
    };
  }
}

/**
 * jest: `Tests:       1 failed, 1 skipped, 1 todo, 2 passed, 5 total`, the `● suite › name` blocks, and
 * every test by name where it lists them (`--verbose`, or a single test file): `✓ name` under its file.
 */
class JestReader implements LineReader {
  private summary: string | undefined;
  private readonly named = new Tally();
  private readonly titles = new TitlePath();
  private file: string | null = null;
  private console = false;
  private failing: FailingTest[] = [];
  private explaining: FailingTest | null = null;
  private explainLines = 0;

  line(line: string): void {
    if (this.explaining && this.explainLines++ < 3 && line.trim() !== "") {
      this.explaining.message = firstLine(line);
      this.explaining = null;
    }
    if (/^Tests:\s+.*\d+ total\s*$/.test(line)) this.summary = line;
    const block = /^\s{2}● (.+)$/.exec(line);
    if (block && this.failing.length < KEEP_FAILING && !/^(Test suite failed to run|Console)\s*$/.test(block[1]!)) {
      this.explaining = { name: block[1]!.trim(), message: "" };
      this.explainLines = 0;
      this.failing.push(this.explaining);
    }
    const file = /^\s?(PASS|FAIL)\s+(\S.*?)(?: \([\d.]+ m?s\))?$/.exec(line);
    if (file) {
      this.file = file[2]!;
      this.console = false;
      return;
    }
    if (this.file === null) return;
    // What the file's tests logged comes first (`  ● Console`, its lines indented deeper), then their tree.
    if (/^\s{2}● Console\s*$/.test(line)) this.console = true;
    if (this.console && (line.trim() === "" || indentOf(line) >= 4 || line.startsWith("  ● Console"))) return;
    this.console = false;
    if (line.trim() === "") {
      this.file = null;
      return;
    }
    const test = /^(\s+)([✓✕○✎]) (?:(?:skipped|todo) )?(.*?)(?: \(\d+ m?s\))?$/.exec(line);
    const depth = Math.floor(indentOf(line) / 2) - 1;
    if (!test) return this.titles.set(Math.max(0, depth), line.trim());
    const status: TestStatus = test[2] === "✓" ? "passed" : test[2] === "✕" ? "failed" : "skipped";
    this.named.add([this.file, ...this.titles.above(Math.max(0, depth)), test[3]!].join(" > "), status);
  }

  end(): TestResults | null {
    if (!this.summary) return null;
    const line = this.summary;
    const counted = { passed: count(line, "passed"), failed: count(line, "failed"), skipped: count(line, "skipped") + count(line, "todo") };
    return { runner: "jest", ...counted, failing: this.failing, ran: agrees(this.named, counted) };
  }
}

/** The names read, when they account for exactly the runner's own counts (a partial list names nothing). */
function agrees(named: Tally, counted: { passed: number; failed: number; skipped: number }): string[] | null {
  const same = named.passed === counted.passed && named.failed === counted.failed && named.skipped === counted.skipped;
  return same && named.count > 0 ? named.results("").ran : null;
}

/** mocha: `2 passing (7ms)`, `1 pending`, `1 failing`, the numbered failures after them, and every test by name from its spec reporter's tree. */
class MochaReader implements LineReader {
  private passing: number | null = null;
  private pending = 0;
  private failingCount = 0;
  private afterSummary = 0;
  private readonly named = new Tally();
  private readonly titles = new TitlePath();
  private readonly failing: FailingTest[] = [];
  private failure: { names: string[]; ended: boolean } | null = null;

  line(line: string): void {
    const passing = /^\s+(\d+) passing \(\d/.exec(line);
    if (passing) {
      this.passing = Number(passing[1]);
      this.pending = 0;
      this.failingCount = 0;
      this.afterSummary = 1;
      return;
    }
    if (this.passing === null) return this.treeLine(line);
    if (this.afterSummary > 0 && this.afterSummary++ <= 2) {
      if (/^\s+\d+ pending\s*$/.test(line)) this.pending = count(line, "pending");
      if (/^\s+\d+ failing\s*$/.test(line)) this.failingCount = count(line, "failing");
    }
    this.failureLine(line);
  }

  private treeLine(line: string): void {
    if (line.trim() === "" || indentOf(line) < 2) return;
    const depth = Math.floor(indentOf(line) / 2) - 1;
    const test = /^\s+(?:([✔✓]) (.*?)(?: \(\d+ms\))?|(\d+)\) (.*)|- (.*))$/.exec(line);
    if (!test) return this.titles.set(depth, line.trim());
    const [status, name]: [TestStatus, string] = test[1] ? ["passed", test[2]!] : test[3] ? ["failed", test[4]!] : ["skipped", test[5]!];
    this.named.add([...this.titles.above(depth), name].join(" > "), status);
  }

  /** After the summary: `1) suite` then its title lines up to a blank line, then the message. */
  private failureLine(line: string): void {
    const numbered = /^\s+\d+\) (.+)$/.exec(line);
    if (numbered && this.failing.length < KEEP_FAILING) {
      this.failure = { names: [numbered[1]!.trim()], ended: false };
      return;
    }
    if (!this.failure) return;
    if (!this.failure.ended) {
      if (line.trim() === "") this.failure.ended = true;
      else this.failure.names.push(line.trim().replace(/:$/, ""));
      return;
    }
    if (line.trim() === "") return;
    this.failing.push({ name: this.failure.names.join(" "), message: firstLine(line) });
    this.failure = null;
  }

  end(): TestResults | null {
    if (this.passing === null) return null;
    const counted = { passed: this.passing, failed: this.failingCount, skipped: this.pending };
    return { runner: "mocha", ...counted, failing: this.failing, ran: agrees(this.named, counted) };
  }
}

/** `==== 1 failed, 2 passed in 0.03s ====`, or the same without the rules (-q). */
const PYTEST_SUMMARY =
  /^(?:=+ )?(?:no tests ran|\d+ (?:passed|failed|skipped|xfailed|xpassed|errors?|deselected|warnings?|rerun)(?:, \d+ \w+)*) in [\d.]+s\b.*?(?: =+)?$/;

/**
 * pytest: `==== 1 failed, 2 passed, 1 skipped in 0.03s ====`, `FAILED path::name - message` lines, and
 * every test by name where it lists them: `path::name PASSED` (-v) or `PASSED path::name` (-rA).
 */
class PytestReader implements LineReader {
  private summary: string | undefined;
  private readonly failing: FailingTest[] = [];
  private readonly verbose = new Tally();
  private readonly report = new Tally();

  line(line: string): void {
    if (PYTEST_SUMMARY.test(line)) this.summary = line;
    const verbose = /^(\S+::\S.*?) (PASSED|FAILED|ERROR|XPASS|XFAIL|SKIPPED)\b/.exec(line);
    if (verbose) this.add(this.verbose, verbose[1]!, verbose[2]!);
    const report = /^(PASSED|FAILED|ERROR|XPASS|XFAIL) (\S+::.+?)(?: - .*)?$/.exec(line);
    if (report) this.add(this.report, report[2]!, report[1]!);
    if (/^(FAILED|ERROR) /.test(line) && this.failing.length < KEEP_FAILING) {
      const [name, ...message] = line.replace(/^(FAILED|ERROR) /, "").split(" - ");
      this.failing.push({ name: name!.trim(), message: firstLine(message.join(" - ")) });
    }
  }

  private add(tally: Tally, name: string, word: string): void {
    tally.add(name, word === "PASSED" || word === "XPASS" ? "passed" : word === "FAILED" || word === "ERROR" ? "failed" : "skipped");
  }

  end(): TestResults | null {
    if (!this.summary) return null;
    const line = this.summary;
    const counted = {
      passed: count(line, "passed") + count(line, "xpassed"),
      failed: count(line, "failed") + count(line, "errors?"),
      skipped: count(line, "skipped") + count(line, "xfailed"),
    };
    // -rA lists skipped tests by file and line only, so its names are checked against what ran.
    const ranAgrees = (tally: Tally) => agrees(tally, { ...counted, skipped: tally.skipped });
    return { runner: "pytest", ...counted, failing: this.failing, ran: ranAgrees(this.verbose) ?? ranAgrees(this.report) };
  }
}

/** cargo test: each `test name ... ok|FAILED|ignored` line, checked against the `test result:` lines. */
class CargoReader implements LineReader {
  private readonly tally = new Tally();
  private readonly sums = { passed: 0, failed: 0, skipped: 0 };
  private results = 0;
  private panicked: string | null = null;
  private readonly messages = new Map<string, string>();

  line(line: string): void {
    if (this.panicked !== null) {
      this.messages.set(this.panicked, firstLine(line));
      this.panicked = null;
    }
    const test = /^test (.+?) \.\.\. (ok|FAILED|ignored)\b/.exec(line);
    if (test) this.tally.add(test[1]!, test[2] === "ok" ? "passed" : test[2] === "FAILED" ? "failed" : "skipped");
    if (/^test result: (ok|FAILED)\. \d+ passed; \d+ failed; \d+ ignored/.test(line)) {
      this.results++;
      this.sums.passed += count(line, "passed");
      this.sums.failed += count(line, "failed");
      this.sums.skipped += count(line, "ignored");
    }
    const panic = /^thread '(.+?)'(?: \(\d+\))? panicked at /.exec(line);
    if (panic && this.tally.failing.some((f) => f.name === panic[1])) this.panicked = panic[1]!;
  }

  end(): TestResults | null {
    if (this.results === 0) return null;
    const failing = this.tally.failing.map((f) => ({ ...f, message: this.messages.get(f.name) ?? f.message }));
    return { runner: "cargo test", ...this.sums, failing, ran: agrees(this.tally, this.sums) };
  }
}

/**
 * go test -v: `--- PASS/FAIL/SKIP: Name` lines, a parent whose subtests are listed counted through them
 * (without -v go names only the failures: no count of what passed, so not read).
 */
class GoTestReader implements LineReader {
  private ran = false;
  private tests: Array<{ name: string; status: TestStatus; message: string }> | null = [];
  private bytes = 0;
  private running: { name: string; log: string } | null = null;
  private explaining: { message: string } | null = null;

  line(line: string): void {
    const run = /^=== RUN\s+(\S+)/.exec(line);
    if (run) {
      this.ran = true;
      this.running = { name: run[1]!, log: "" };
      return;
    }
    const log = /^\s{4,}\S/.test(line) && !/^\s*--- /.test(line);
    if (log && this.explaining) this.explaining.message = firstLine(line);
    this.explaining = null;
    if (log && this.running && !this.running.log) this.running.log = firstLine(line);
    const done = /^\s*--- (PASS|FAIL|SKIP): (\S+)/.exec(line);
    if (!done || !this.tests) return;
    const status: TestStatus = done[1] === "PASS" ? "passed" : done[1] === "FAIL" ? "failed" : "skipped";
    const running = this.running;
    const test = { name: done[2]!, status, message: status === "failed" && running && running.name === done[2] ? running.log : "" };
    if (status === "failed" && !test.message) this.explaining = test;
    this.bytes += test.name.length * 2;
    if (this.bytes > READ_NAMES_BYTES) this.tests = null;
    else this.tests.push(test);
  }

  end(): TestResults | null {
    if (!this.ran || !this.tests || this.tests.length === 0) return null;
    const parents = new Set(this.tests.filter((test) => test.name.includes("/")).map((test) => test.name.replace(/\/[^/]*$/, "")));
    const tally = new Tally();
    for (const test of this.tests) if (!parents.has(test.name)) tally.add(test.name, test.status, test.message);
    return tally.results("go test");
  }
}
