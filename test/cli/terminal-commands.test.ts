// A message printed in a terminal names the terminal's commands; the texts themselves name the slash commands.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forTerminal } from "../../src/cli/terminal-commands.js";
import { runLoopkit } from "./cli-io.js";

describe("forTerminal", () => {
  it.each([
    ["see /loopkit:auto-loop --status", undefined, "see loopkit auto-loop --status"],
    [
      "cancel it (/loopkit:auto-loop --cancel or /loopkit:repeat --cancel) first",
      undefined,
      "cancel it (loopkit auto-loop --cancel or loopkit repeat --cancel) first",
    ],
    ["run /loopkit:repeat --help for usage", "repeat", "run loopkit repeat --help for usage"],
    ["run /loopkit:auto-loop --help for usage", "auto-loop", "run loopkit auto-loop --help for usage"],
    ["run /loopkit:auto-loop --help for usage", "run", "run loopkit run --help for usage"],
    ["run /loopkit:auto-loop --takeover to continue it here", undefined, "run loopkit run --takeover to continue it here"],
    ["start one with /loopkit:auto-loop <goal> --verify <cmd>", undefined, "start one with loopkit run <goal> --verify <cmd>"],
    ["e.g. /loopkit:auto-loop make the tests pass --verify npm test", "run", "e.g. loopkit run make the tests pass --verify npm test"],
    ['e.g. /loopkit:repeat 5m /test or /loopkit:repeat 10m "x"', "repeat", 'e.g. loopkit repeat 5m /test or loopkit repeat 10m "x"'],
    // Only Claude Code can do these: they keep their slash form.
    ["resume with /loopkit:repeat --resume", undefined, "resume with /loopkit:repeat --resume"],
    ["start a new loop with /loopkit:auto-loop", undefined, "start a new loop with /loopkit:auto-loop"],
    ["/loopkit:repeat --statusx", undefined, "/loopkit:repeat --statusx"],
  ])("%s (from loopkit %s)", (text, command, shown) => {
    expect(forTerminal(text, command)).toBe(shown);
  });
});

describe("a usage error typed in a terminal", () => {
  let home: string;
  beforeEach(() => void (home = mkdtempSync(path.join(os.tmpdir(), "loopkit terminal errors "))));
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  it.each([
    [
      ["run", "fix it", "--verfiy", "true"],
      /^loopkit: unknown option --verfiy: did you mean --verify\? .*\(run loopkit run --help for usage\)\n$/,
    ],
    [
      ["run", "--", "--model", "m"],
      /^loopkit: no goal: .* e\.g\. loopkit run make the tests pass --verify npm test \(run loopkit run --help/,
    ],
    [["auto-loop", "--verfiy", "x"], /\(run loopkit auto-loop --help for usage\)\n$/],
    [["run", "--projcet", "p", "fix it", "--verify", "true"], /^loopkit: unknown option --projcet: did you mean --project\? /],
    [["repeat", "5m", "/test", "--detahc"], /^loopkit: unknown option --detahc: did you mean --detach\? /],
    [["repeat"], /^loopkit: no command: .* e\.g\. loopkit repeat 5m \/test or loopkit repeat 10m /],
    [["run", "x", "--verify", "true", "--max-wallclock", "10"], /^loopkit: invalid --max-wallclock "10": use units h, m, s \([^()]*\)\n$/],
  ])("loopkit %j names the command that was run, in terminal syntax", async (args, stderr) => {
    const result = await runLoopkit(args, { env: { HOME: home, LOOPKIT_DATA_DIR: path.join(home, "data") }, cwd: home });
    expect(result).toMatchObject({ code: 2, stderr: expect.stringMatching(stderr) });
    expect(result.stderr).not.toMatch(/\/loopkit:/);
  });
});
