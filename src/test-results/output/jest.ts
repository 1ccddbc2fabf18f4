// jest: its summary, its failures, and every test by name where it lists them.
import { firstLine, KEEP_FAILING, Tally, type FailingTest, type TestResults, type TestStatus } from "../results.js";
import { agrees, count, indentOf, TitlePath, type LineReader } from "./line-reader.js";

/**
 * jest: `Tests:       1 failed, 1 skipped, 1 todo, 2 passed, 5 total`, the `● suite › name` blocks, and
 * every test by name where it lists them (`--verbose`, or a single test file): `✓ name` under its file.
 */
export class JestReader implements LineReader {
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
