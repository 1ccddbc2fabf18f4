// What the readers of a runner's output share: the reader's shape, counts read from a summary line,
// the titles of an indented tree, failures printed as a name and a message, and the check that names
// read agree with the runner's own counts.
import { firstLine, KEEP_FAILING, Tally, type FailingTest, type TestResults } from "../results.js";

/** One runner's reader: fed every line of the output, asked once at the end. */
export interface LineReader {
  line(line: string): void;
  end(): TestResults | null;
}

const MAX_DEPTH = 64;

/** The number before `word` in a summary line ("3 passed"), 0 when it is not there. */
export const count = (line: string | undefined, word: string) => Number(new RegExp(`(\\d+) ${word}`).exec(line ?? "")?.[1] ?? 0);

/** Describe blocks as an indented tree prints them: the titles above a line at a given depth (at most MAX_DEPTH). */
export class TitlePath {
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
export class FailureBlocks {
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

/** Leading whitespace, in characters; a tree's depth at two spaces a level. */
export const indentOf = (line: string) => /^\s*/.exec(line)![0].length;
export const depthOf = (indent: string) => Math.floor(indent.length / 2);

/** The names read, when they account for exactly the runner's own counts (a partial list names nothing). */
export function agrees(named: Tally, counted: { passed: number; failed: number; skipped: number }): string[] | null {
  const same = named.passed === counted.passed && named.failed === counted.failed && named.skipped === counted.skipped;
  return same && named.count > 0 ? named.results("").ran : null;
}
