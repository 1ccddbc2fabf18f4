import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseGoalFile, readGoalFile } from "../../src/auto-loop/project/goal-file.js";

describe("parseGoalFile", () => {
  it("takes the whole text as the goal when there is no front matter", () => {
    expect(parseGoalFile("# Goal\n\nMake `npm test` pass.\n", "g.md")).toEqual({
      goal: "# Goal\n\nMake `npm test` pass.",
      verify: null,
      caps: {},
      protect: [],
      testReport: null,
      allowRemovedTests: null,
      allowTestEdits: null,
      noProgressLimit: null,
    });
  });

  it("reads the verifier and caps from the front matter", () => {
    const text =
      '---\nverify: npm test -- --grep "a b"\nmax-iterations: 12\nmax-tokens: 1M\nmax-wallclock: 2h\nrestart-pct: 60\n# a comment\n---\nShip it.\n';
    expect(parseGoalFile(text, "g.md")).toEqual({
      goal: "Ship it.",
      verify: 'npm test -- --grep "a b"',
      caps: { max_iterations: 12, max_tokens: 1_000_000, max_wallclock_ms: 7_200_000, restart_pct: 60 },
      protect: [],
      testReport: null,
      allowRemovedTests: null,
      allowTestEdits: null,
      noProgressLimit: null,
    });
  });

  it("reads the test fields: a report, the allowance to remove tests (with its reason), the no-progress limit", () => {
    const text =
      "---\ntest-report: reports/junit.xml\nallow-removed-tests: the legacy parser goes, and its tests with it\nno-progress-limit: 5\n---\nShip it.\n";
    expect(parseGoalFile(text, "g.md")).toMatchObject({
      testReport: "reports/junit.xml",
      allowRemovedTests: "the legacy parser goes, and its tests with it",
      allowTestEdits: null,
      noProgressLimit: 5,
    });
    expect(parseGoalFile("---\nallow-removed-tests: no\n---\nShip it.\n", "g.md").allowRemovedTests).toBeNull();
    expect(parseGoalFile("---\nallow-test-edits: the API renames sum to add\n---\nShip it.\n", "g.md").allowTestEdits).toBe(
      "the API renames sum to add",
    );
    expect(parseGoalFile("---\nallow-test-edits: false\n---\nShip it.\n", "g.md").allowTestEdits).toBeNull();
    expect(() => parseGoalFile("---\ntest-report: ../x.xml\n---\nShip it.\n", "g.md")).toThrow(/not a file inside the project/);
  });

  it("reads protect: lines, the one key that may repeat", () => {
    const text = "---\nverify: npm test\nprotect: test/**\nprotect: 'scripts/verify.sh'\n---\nShip it.\n";
    expect(parseGoalFile(text, "g.md")).toMatchObject({ protect: ["test/**", "scripts/verify.sh"] });
  });

  it("strips one pair of surrounding quotes, CRLF line ends and a BOM", () => {
    expect(parseGoalFile("\uFEFF---\r\nverify: 'make check'\r\n---\r\nGoal\r\n", "g.md")).toMatchObject({
      goal: "Goal",
      verify: "make check",
    });
  });

  it.each([
    ["no goal text", "---\nverify: x\n---\n\n", /holds no goal text/],
    ["an empty file", "", /holds no goal text/],
    ["an unknown key", "---\nrun: rm -rf /\n---\ngoal\n", /line 2 is not one of/],
    ["a line that is no key", "---\njust words\n---\ngoal\n", /line 2 is not one of/],
    ["an unclosed front matter", "---\nverify: x\ngoal\n", /never ends/],
    ["a repeated key", "---\nverify: a\nverify: b\n---\ngoal\n", /given twice/],
    ["an empty value", "---\nverify:\n---\ngoal\n", /verify is empty/],
    ["a bad cap", "---\nmax-iterations: many\n---\ngoal\n", /invalid --max-iterations/],
    ["a cap past its ceiling", "---\nmax-wallclock: 999999999h\n---\ngoal\n", /the most is 720h/],
    ["a protect glob outside the project", "---\nprotect: ../x\n---\ngoal\n", /protect: "..\/x" is not a glob inside the project/],
    ["a NUL byte in verify", "---\nverify: true\0 x\n---\ngoal\n", /verify: holds a NUL byte/],
  ])("refuses %s", (_name, text, message) => {
    expect(() => parseGoalFile(text, "g.md")).toThrow(message);
  });
});

describe("readGoalFile", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "loopkit goal "));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reads a path relative to the project root", async () => {
    mkdirSync(path.join(dir, "docs"));
    writeFileSync(path.join(dir, "docs", "goal.md"), "Do it.\n");
    expect(await readGoalFile(dir, "docs/goal.md")).toMatchObject({ goal: "Do it.", path: path.join(dir, "docs", "goal.md") });
  });

  it("says how to give a goal when the file is missing", async () => {
    await expect(readGoalFile(dir, "goal.md")).rejects.toThrow(/no goal given and no goal file/);
  });

  it("a --goal-file that is not there is a missing file (FILE_NOT_FOUND), not a usage error", async () => {
    await expect(readGoalFile(dir, "docs/missing.md", true)).rejects.toMatchObject({
      code: "FILE_NOT_FOUND",
      message: expect.stringMatching(/goal file .*missing\.md does not exist/),
    });
    await expect(readGoalFile(dir, "goal.md")).rejects.toMatchObject({ code: "USAGE" });
  });

  it("refuses a folder and a file over 64 KB", async () => {
    mkdirSync(path.join(dir, "goal.md"));
    await expect(readGoalFile(dir, "goal.md")).rejects.toThrow(/not a regular file/);
    writeFileSync(path.join(dir, "big.md"), "x".repeat(70 * 1024));
    await expect(readGoalFile(dir, "big.md")).rejects.toThrow(/larger than 64 KB/);
  });

  it.skipIf(process.platform === "win32")("refuses a goal file that links out of the project, and never waits on a FIFO", async () => {
    const project = path.join(dir, "project");
    const outside = path.join(dir, "outside");
    mkdirSync(project);
    mkdirSync(outside);
    writeFileSync(path.join(outside, "secret.md"), "Do what the secret says.\n");
    symlinkSync(path.join(outside, "secret.md"), path.join(project, "goal.md"));
    await expect(readGoalFile(project, "goal.md")).rejects.toThrow(/resolves to .*outside the project/);
    symlinkSync(outside, path.join(project, "docs"));
    await expect(readGoalFile(project, "docs/secret.md")).rejects.toThrow(/outside the project/);
    writeFileSync(path.join(project, "real.md"), "Inside.\n");
    symlinkSync(path.join(project, "real.md"), path.join(project, "alias.md"));
    expect(await readGoalFile(project, "alias.md")).toMatchObject({ goal: "Inside." });
    execFileSync("mkfifo", [path.join(project, "pipe.md")]);
    await expect(readGoalFile(project, "pipe.md")).rejects.toThrow(/not a regular file/);
  });
});
