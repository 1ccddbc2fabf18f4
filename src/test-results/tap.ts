// Reads TAP (13 and 14, node:test's and vitest's flavours): the test points only, nested subtests
// named after their parents, a parent that holds subtests counted through its leaves. loopkit reads no
// more of TAP than this, so it does not bundle tap-parser (with its YAML parser) for it: see
// docs/test-results.md. Line by line, so a long output is read whole as it streams.
import { Tally, type TestResults } from "./results.js";

const POINT = /^(\s*)(not ok|ok)\b\s*(\d+)?\s*(?:-\s*)?(.*)$/;
const SUBTEST = /^(\s*)# Subtest: (.*)$/;
const DIRECTIVE = /\s#\s*(SKIP|TODO)\b.*$/i;
const VERSION_OR_PLAN = /^\s*(TAP version \d+|1\.\.\d+(\s+#.*)?)\s*$/;

/** The test points of TAP text, or null when it holds none (or no plan or version line: not TAP). */
export function parseTap(text: string, runner = "TAP"): TestResults | null {
  const reader = new TapReader(runner);
  for (const line of text.split(/\r?\n/)) reader.line(line);
  return reader.end();
}

/** TAP read a line at a time; only the nesting and the point waiting for its YAML block are kept. */
export class TapReader {
  private readonly tally = new Tally();
  private tap = false;
  private emptyPlan = false;
  private readonly subtests: string[] = [];
  private readonly childSeen: boolean[] = [];
  /** The YAML block after a failing point: its lines until the message is found. */
  private yaml: string[] | null = null;
  private yamlIndent = 0;
  private lastFailed = false;
  private parents = 0;

  constructor(private readonly runner: string) {}

  line(line: string): void {
    if (this.yaml) {
      // A block ends at its `...`; a test point or subtest no deeper than its `---` ends one left open.
      const open = line.trim() !== "..." && !(POINT.test(line) || SUBTEST.test(line) ? indentOf(line) <= this.yamlIndent : false);
      if (open) {
        if (this.yaml.length < 64) this.yaml.push(line);
        return;
      }
      if (this.lastFailed) this.tally.explainLastFailure(yamlMessage(this.yaml));
      this.yaml = null;
      if (line.trim() === "...") return;
    }
    if (VERSION_OR_PLAN.test(line)) {
      this.tap = true;
      if (/^\s*1\.\.0\b/.test(line)) this.emptyPlan = true;
      return;
    }
    const subtest = SUBTEST.exec(line);
    if (subtest) {
      const depth = depthOf(subtest[1]!);
      this.subtests[depth] = subtest[2]!.trim();
      this.subtests.length = depth + 1;
      return;
    }
    const point = POINT.exec(line);
    if (point) return this.point(depthOf(point[1]!), point[2] === "ok", point[4]!);
    if (line.trim() === "---" && this.tally.count + this.parents > 0) {
      this.yaml = [];
      this.yamlIndent = indentOf(line);
    }
  }

  private point(depth: number, ok: boolean, text: string): void {
    const directive = DIRECTIVE.exec(text)?.[1];
    const bare = text
      .replace(DIRECTIVE, "")
      .replace(/\s#\s*time=.*$/, "")
      .trim();
    // A point whose subtests came before it is counted through them.
    const parent = this.childSeen[depth + 1] === true;
    this.childSeen[depth + 1] = false;
    this.childSeen[depth] = true;
    this.lastFailed = false;
    if (parent) {
      this.parents++;
      return;
    }
    const name = [...this.subtests.slice(0, depth), bare].join(" > ");
    const status = directive ? "skipped" : ok ? "passed" : "failed";
    this.tally.add(name, status);
    this.lastFailed = status === "failed";
  }

  end(): TestResults | null {
    if (!this.tap || (this.tally.count === 0 && !this.emptyPlan)) return null;
    return this.tally.results(this.runner);
  }
}

const indentOf = (line: string) => /^\s*/.exec(line)![0].replaceAll("\t", "    ").length;
const depthOf = (indent: string) => Math.floor(indent.replaceAll("\t", "    ").length / 4);

/** The failure's message from a test point's YAML block: `error:` (node:test) or `message:` (vitest). */
function yamlMessage(lines: string[]): string {
  for (const [index, line] of lines.entries()) {
    const field = /^\s*(error|message):\s*(.*)$/.exec(line);
    if (!field) continue;
    const value = field[2]!.trim();
    if (/^[|>][-+]?$/.test(value)) return lines[index + 1]?.trim() ?? "";
    return value.replace(/^(['"])(.*?)\1?$/, "$2");
  }
  return "";
}
