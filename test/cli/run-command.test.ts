// `loopkit run` argument handling through createProgram: what is refused before any claude starts.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProgram } from "../../src/cli/program.js";
import type { CliIo } from "../../src/cli/io.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit run-cli "));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

async function run(args: string[], env: Record<string, string> = {}) {
  let stdout = "";
  const io: CliIo = {
    stdout: (text) => void (stdout += text),
    stderr: () => undefined,
    readStdin: async () => "",
    // A claude that cannot exist: nothing here may get as far as starting a phase.
    env: { LOOPKIT_DATA_DIR: path.join(tmp, "data"), LOOPKIT_CLAUDE_BIN: path.join(tmp, "no-such-claude"), ...env },
    cwd: tmp,
    now: () => new Date("2026-01-01T00:00:00Z"),
    exitCode: 0,
  };
  try {
    await createProgram(io).parseAsync(["node", "loopkit", "run", ...args]);
    return { code: io.exitCode, stdout, error: null };
  } catch (error) {
    return { code: io.exitCode, stdout, error: error as { code?: string; message: string } };
  }
}

describe("loopkit run arguments", () => {
  it.each([[[]], [["--help"]]])("prints its usage for %j and exits 0", async (args) => {
    const result = await run(args);
    expect(result).toMatchObject({ code: 0, error: null });
    expect(result.stdout).toMatch(/^loopkit run: drive an auto-loop headless/);
  });

  it.each([
    [["--status"], /does not take --status/],
    [["--cancel"], /does not take --cancel/],
    [["fix it", "--verify", "true", "--codex"], /--codex does not apply/],
    [["--bogus", "fix it", "--verify", "true"], /unknown option --bogus/],
    [["--verfiy", "true", "fix it"], /unknown option --verfiy: did you mean --verify\?/],
    [["--", "--allowedTools", "Bash"], /^no goal: give a goal/],
    [["fix it", "--no-sandbox"], /no verifier command/],
    [["--project", "no/such/dir", "fix it", "--verify", "true"], /does not exist/],
  ])("refuses %j with a usage error", async (args, message) => {
    const result = await run(args);
    expect(result.error?.code).toBe("USAGE");
    expect(result.error?.message).toMatch(message);
  });

  it.each([["no/such/plugin"], ["a-file"]])("refuses a --plugin-dir %s that is no folder before it creates anything", async (dir) => {
    writeFileSync(path.join(tmp, "a-file"), "");
    const result = await run(["--plugin-dir", dir, "fix it", "--verify", "true"]);
    expect(result.error).toMatchObject({ code: "USAGE", message: expect.stringMatching(/is not a folder/) });
    expect(existsSync(path.join(tmp, "data"))).toBe(false);
  });

  it("does not start inside a nested loopkit run", async () => {
    const result = await run(["fix it", "--verify", "true"], { VD_AUTOLOOP_DEPTH: "1" });
    expect(result.error?.message).toMatch(/loopkit run does not start inside a Claude Code run that loopkit itself started/);
  });

  it("passes words after -- to claude untouched, not to loopkit's parser", async () => {
    // --bogus after -- is claude's business; the run then fails only because this claude does not exist,
    // which the loop's start already refuses (the audit needs it), recording nothing.
    const result = await run(["fix it", "--verify", "true", "--max-iterations", "1", "--no-sandbox", "--", "--bogus", "x"]);
    expect(result.error).toMatchObject({
      code: "USAGE",
      message: expect.stringMatching(/LOOPKIT_CLAUDE_BIN .*no-such-claude is not an executable file/),
    });
    const written = existsSync(path.join(tmp, "data")) ? readdirSync(path.join(tmp, "data"), { recursive: true }).map(String) : [];
    expect(written.filter((file) => file.endsWith(".json"))).toEqual([]);
  });

  it("starts from the project's goal.md when only claude's options follow --", async () => {
    writeFileSync(path.join(tmp, "goal.md"), "---\nverify: true\n---\nfix it\n");
    const result = await run(["--no-sandbox", "--", "--allowedTools", "Bash"]);
    expect(result.error).toMatchObject({ message: expect.stringMatching(/no-such-claude is not an executable file/) });
  });

  it("continues only a loop that exists: --takeover in an empty project is refused", async () => {
    const result = await run(["--takeover", "--no-sandbox"]);
    expect(result.error?.code).toBe("NO_LOOP");
  });

  it("refuses to start without --no-sandbox where no sandbox can start (here: no launcher beside the source), recording nothing", async () => {
    const result = await run(["fix it", "--verify", "true"]);
    expect(result.error).toMatchObject({ code: "SANDBOX_UNAVAILABLE", message: expect.stringMatching(/no sandbox can start here/) });
    expect(existsSync(path.join(tmp, "data"))).toBe(false);
  });

  it.each([
    [["--", "--settings", "{not json"], /not valid JSON/],
    [["--", "--settings", "no-such-file.json"], /no-such-file\.json: ENOENT/],
    [["--", "--settings"], /needs a file or a JSON object/],
    [["--", "--settings=array.json"], /not a JSON object/],
  ])("refuses a person's --settings it cannot read: %j", async (tail, message) => {
    writeFileSync(path.join(tmp, "array.json"), "[1]");
    const result = await run(["fix it", "--verify", "true", "--no-sandbox", ...tail]);
    expect(result.error).toMatchObject({ code: "USAGE", message: expect.stringMatching(message) });
  });
});
