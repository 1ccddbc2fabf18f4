// go test -v: every test's `--- PASS/FAIL/SKIP` line.
import { firstLine, READ_NAMES_BYTES, Tally, type TestResults, type TestStatus } from "../results.js";
import type { LineReader } from "./line-reader.js";

/**
 * go test -v: `--- PASS/FAIL/SKIP: Name` lines, a parent whose subtests are listed counted through them
 * (without -v go names only the failures: no count of what passed, so not read).
 */
export class GoTestReader implements LineReader {
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
