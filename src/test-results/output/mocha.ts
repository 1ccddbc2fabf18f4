// mocha's spec reporter: its summary, its numbered failures, and every test by name from its tree.
import { firstLine, KEEP_FAILING, Tally, type FailingTest, type TestResults, type TestStatus } from "../results.js";
import { agrees, count, indentOf, TitlePath, type LineReader } from "./line-reader.js";

/** mocha: `2 passing (7ms)`, `1 pending`, `1 failing`, the numbered failures after them, and every test by name from its spec reporter's tree. */
export class MochaReader implements LineReader {
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
