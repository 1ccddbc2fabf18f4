// node:test: its summary, and every test by name from its TAP or its spec reporter's tree.
import { Tally, type TestResults, type TestStatus } from "../results.js";
import { TapReader } from "../tap.js";
import { depthOf, indentOf, TitlePath, type LineReader } from "./line-reader.js";

/**
 * node:test: its summary (`# pass 3` in TAP, `ℹ pass 3` in spec); every test by name from its TAP, or
 * from its spec reporter's tree when that tree accounts for the summary's every test.
 */
export class NodeTestReader implements LineReader {
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
