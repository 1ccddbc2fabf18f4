// vitest's default reporter: its summary and the failures it names.
import type { TestResults } from "../results.js";
import { count, FailureBlocks, type LineReader } from "./line-reader.js";

/** vitest: `Tests  2 failed | 3 passed | 1 skipped | 1 todo (7)`, and the ` FAIL  file > name` blocks (counts only: its default reporter lists the tests of failing files alone). */
export class VitestReader implements LineReader {
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
