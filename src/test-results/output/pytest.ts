// pytest: its summary line, its FAILED lines, and every test by name from -v or -rA.
import { firstLine, KEEP_FAILING, Tally, type FailingTest, type TestResults } from "../results.js";
import { agrees, count, type LineReader } from "./line-reader.js";

/** `==== 1 failed, 2 passed in 0.03s ====`, or the same without the rules (-q). */
const PYTEST_SUMMARY =
  /^(?:=+ )?(?:no tests ran|\d+ (?:passed|failed|skipped|xfailed|xpassed|errors?|deselected|warnings?|rerun)(?:, \d+ \w+)*) in [\d.]+s\b.*?(?: =+)?$/;

/**
 * pytest: `==== 1 failed, 2 passed, 1 skipped in 0.03s ====`, `FAILED path::name - message` lines, and
 * every test by name where it lists them: `path::name PASSED` (-v) or `PASSED path::name` (-rA).
 */
export class PytestReader implements LineReader {
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
