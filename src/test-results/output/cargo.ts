// cargo test: every test line, checked against its `test result:` lines.
import { firstLine, Tally, type TestResults } from "../results.js";
import { agrees, count, type LineReader } from "./line-reader.js";

/** cargo test: each `test name ... ok|FAILED|ignored` line, checked against the `test result:` lines. */
export class CargoReader implements LineReader {
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
