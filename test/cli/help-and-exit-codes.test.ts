// Help, usage errors and exit codes of every command, and no stray state: a command that only reads
// or does nothing leaves the person's home folder exactly as it was.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AUTO_LOOP_HELP } from "../../src/auto-loop/help.js";
import { AutoLoopStatusSchema } from "../../src/auto-loop/core/status.js";
import { loopFiles } from "../../src/auto-loop/data/store.js";
import { RepeatStatusSchema } from "../../src/repeat/status.js";
import { repeatStateFile } from "../../src/repeat/state.js";
import { REPEAT_HELP } from "../../src/repeat/help.js";
import { RUN_HELP } from "../../src/run/help.js";
import { EXIT } from "../../src/shared/exit-codes.js";
import { runLoopkit } from "./cli-io.js";

let home: string;
let project: string;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "loopkit home "));
  project = path.join(home, "my project");
  mkdirSync(project);
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

/** A person's terminal: no LOOPKIT_DATA_DIR, no CLAUDE_PLUGIN_DATA; loopkit must find (or not find) its folder. */
const terminal = (args: string[], stdin?: string) =>
  runLoopkit(args, {
    env: { HOME: home, LOOPKIT_STATS_FILE: path.join(home, "stats.json"), LOOPKIT_CLAUDE_BIN: process.execPath },
    cwd: project,
    stdin,
  });

const skill = (command: string, text: string) =>
  terminal([command, "--session", "s-1", "--project", project, "--plugin-data", path.join(home, "plugin data"), "--args-stdin"], text);

describe.each([
  ["repeat", REPEAT_HELP],
  ["auto-loop", AUTO_LOOP_HELP],
  ["run", RUN_HELP],
])("loopkit %s help", (command, text) => {
  it.each([["-h"], ["--help"]])(`prints the one help text for %s, starts nothing`, async (flag) => {
    const result = await terminal([command, flag]);
    expect(result).toEqual({ code: 0, stdout: text, stderr: "" });
    expect(readdirSync(home)).toEqual(["my project"]);
  });

  it("prints the same text for loopkit help <command>", async () => {
    expect(await terminal(["help", command])).toEqual({ code: 0, stdout: text, stderr: "" });
  });

  it("says when loopkit help names no command (exit 2), printing no help", async () => {
    const result = await terminal(["help", `${command}x`]);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toMatch(new RegExp(`^error: unknown command '${command}x'`));
  });

  it("lists defaults and examples", () => {
    expect(text).toMatch(/default/);
    expect(text).toMatch(/Examples?:|loopkit run "|Usage:/);
  });
});

describe("the exit codes", () => {
  const codes = [...new Set(Object.values(EXIT))].sort((a, b) => a - b);

  it("loopkit --help gives the range of every --status code", async () => {
    const [, from, to] = /--status: (\d+)-(\d+)/.exec((await terminal(["--help"])).stdout)!;
    expect(codes.filter((code) => code > EXIT.usage)).toEqual(codes.filter((code) => code >= Number(from) && code <= Number(to)));
  });

  it("usage.md's table has one row per code", () => {
    const usage = readFileSync(path.join(import.meta.dirname, "../../plugins/loopkit/skills/auto-loop/references/usage.md"), "utf8");
    expect([...usage.matchAll(/^\| (\d+) \|/gm)].map((row) => Number(row[1]))).toEqual(codes);
  });
});

describe.each(["repeat", "auto-loop"])("from the /loopkit:%s skill", (command) => {
  it.each(["-h", "--help"])("%s prints the help and starts nothing", async (flag) => {
    const result = await skill(command, flag);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: \/loopkit:/);
    expect(readdirSync(home)).toEqual(["my project"]);
  });

  it.each(["-x", "-v -q", "-- -x"])("a prompt or goal that is only a flag (%s) is a usage error", async (text) => {
    // After `--` every word is text, --verify too: auto-loop's --verify comes first, ended by a cap.
    const result = await skill(command, command === "auto-loop" ? `--verify true --max-iterations 3 ${text}` : text);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/is not a (prompt|goal)/);
    expect(readdirSync(home)).toEqual(["my project"]);
  });

  it("a quoted flag-like word is text", async () => {
    const result = await skill(command, command === "auto-loop" ? `"-x" --verify true` : `"-x"`);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/started/);
  });
});

describe("bare /loopkit:auto-loop", () => {
  it("without a goal.md is the usage error of empty input, and starts nothing", async () => {
    expect(await skill("auto-loop", "\n")).toMatchObject({
      code: 2,
      stdout: "",
      stderr: expect.stringMatching(/^loopkit: no goal: give a goal and --verify/),
    });
    expect(readdirSync(home)).toEqual(["my project"]);
  });

  it("starts the loop from goal.md, as usage.md says", async () => {
    writeFileSync(
      path.join(project, "goal.md"),
      "---\nverify: npm test\nmax-iterations: 7\n---\nMake the parser accept trailing commas.\n",
    );
    const result = await skill("auto-loop", "\n");
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^loopkit auto-loop started/);
    expect(result.stdout).toContain("Make the parser accept trailing commas.");
    expect(result.stdout).toContain("`npm test`");
    expect(result.stdout).toMatch(/Caps: 7 iterations/);
  });

  it("from a terminal (no session) starts nothing from goal.md: the usage error of empty input", async () => {
    writeFileSync(path.join(project, "goal.md"), "---\nverify: true\n---\nA goal.\n");
    expect(await terminal(["auto-loop"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/no goal: give a goal/) });
  });
});

describe("exit codes from a terminal", () => {
  it.each([[["no-such-command"]], [["repeat", "--status", "--bogus"]], [["codex-run", "--project"]], [["codex-run"]], [[]]])(
    "a usage error exits 2, commander's own too: %j",
    async (args) => {
      const result = await terminal(args);
      expect(result.code).toBe(2);
      expect(result.stderr).not.toBe("");
    },
  );

  it("an auto-loop start without a session from a terminal is a usage error (a repeat start runs the loop there: repeat-terminal.test.ts)", async () => {
    expect((await terminal(["auto-loop", "fix it", "--verify", "true"])).code).toBe(2);
  });

  it.each(["repeat", "auto-loop"])("%s: --status with no loop exits 8, --cancel with nothing to cancel exits 8", async (command) => {
    const status = await terminal([command, "--status"]);
    expect(status.code).toBe(8);
    expect(status.stdout).toMatch(/no loop/);
    const cancel = await terminal([command, "--cancel"]);
    expect(cancel.code).toBe(8);
    expect(cancel.stderr).toMatch(/no (active|running)/);
  });

  it.each(["repeat", "auto-loop"])(
    "%s: what it prints names the terminal's commands; from the skill, the slash commands",
    async (command) => {
      const inTerminal = await terminal([command, "--cancel"]);
      expect(inTerminal.stderr).toContain(`see loopkit ${command} --status`);
      expect(inTerminal.stderr).not.toContain("/loopkit:");
      const inSkill = await skill(command, "--cancel");
      expect(inSkill.stdout).toContain(`see /loopkit:${command} --status`);
    },
  );

  it.each([
    [["history", "loop-404"]],
    [["checkpoints", "loop-404"]],
    [["checkpoints"]],
    [["restore", "loop-404", "1"]],
    [["report", "loop-404"]],
    [["report"]],
  ])("nothing with that id, or nothing at all, to act on exits 8: %j", async (args) => {
    const result = await terminal(args);
    expect(result.code).toBe(8);
    expect(result.stderr).toMatch(
      /no (run with id|checkpoints of loop|loop has checkpoints|loop with id loop-404 is on record|loop has run in)/,
    );
    // A read: the person's home is left as it was.
    expect(readdirSync(home).sort()).toEqual(["my project"]);
  });

  it.each(["repeat", "auto-loop"])("%s --status --json is versioned and carries its exit code", async (command) => {
    const status = await terminal([command, "--status", "--json"]);
    const json = JSON.parse(status.stdout);
    expect(json).toMatchObject({ version: 1, status: "none", exit_code: 8 });
    expect((command === "repeat" ? RepeatStatusSchema : AutoLoopStatusSchema).safeParse(json).success).toBe(true);
  });
});

describe("no stray state", () => {
  it("read-only and no-op commands create no folder, then a plugin's own state is found, not doubted", async () => {
    for (const args of [
      ["repeat", "--status"],
      ["repeat", "--cancel"],
      ["auto-loop", "--status"],
      ["auto-loop", "--cancel"],
      ["run", "-h"],
      ["auto-loop", "--cancel", "--project", project],
    ]) {
      await terminal(args);
    }
    expect(readdirSync(home)).toEqual(["my project"]);
    const plugin = path.join(home, ".claude", "plugins", "data", "loopkit-loopkit");
    mkdirSync(path.join(plugin, "repeat"), { recursive: true });
    const status = await terminal(["repeat", "--status"]);
    expect(status).toMatchObject({ code: 8, stderr: "" });
  });
});

describe("a corrupt state file under --status", () => {
  const data = () => path.join(home, "data");
  const stateFile = (command: string) =>
    command === "repeat" ? repeatStateFile(data(), "s-1") : loopFiles(data(), realpathSync(project)).state;

  it.each(["repeat", "auto-loop"])("%s: says where it is and what to do, and leaves it where it is", async (command) => {
    const file = stateFile(command);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "{ not json");
    const result = await runLoopkit([command, "--status", "--session", "s-1"], {
      env: { HOME: home, LOOPKIT_DATA_DIR: data() },
      cwd: project,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(file);
    expect(result.stderr).toMatch(/nothing was changed.*delete it, or start a new loop/);
    expect(readdirSync(path.dirname(file))).toEqual([path.basename(file)]);
  });
});
