// The two halves of a typed /loopkit:<kind> command, driven in-process: the hook's (`--from-hook`)
// carries out what writes and keeps the answer; the skill's `!` line (`--from-skill`) shows that
// answer, answers read-only requests itself, and refuses to act on its own.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hookAnswerFile, sameArguments } from "../../src/cli/hook-answer.js";
import { typedAnswerOf } from "../../src/shared/typed-answer.js";
import { runLoopkit } from "./cli-io.js";

let tmp: string;
let project: string;
let data: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit skill request "));
  project = path.join(tmp, "my project");
  data = path.join(tmp, "data");
  mkdirSync(project);
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const NOW = new Date("2026-11-30T12:00:00Z");
const later = (ms: number) => new Date(NOW.getTime() + ms);
const env = () => ({
  HOME: tmp,
  PATH: process.env.PATH ?? "",
  LOOPKIT_STATS_FILE: path.join(tmp, "stats.json"),
  LOOPKIT_CLAUDE_BIN: process.execPath,
});
const half = (which: "--from-hook" | "--from-skill", kind: string, text: string, now = NOW) =>
  runLoopkit([kind, which, "--session", "s-1", "--project", project, "--plugin-data", data, "--args-stdin"], {
    env: env(),
    cwd: project,
    stdin: text,
    now,
  });
const answerFile = () => hookAnswerFile(data, "s-1");

describe("sameArguments", () => {
  it.each([
    ["the same text", '5m "check it"', '5m "check it"\n', true],
    ["a ! at a word start, which the `!` line gets as \\!", "5m say hi! !now", "5m say hi! \\!now\n", true],
    ["\\r\\n, which 2.1.332 hands over as \\n", "goal\r\nmore --verify true", "goal\nmore --verify true\n", true],
    ["other words", "5m check it", "5m check that", false],
    ["another flag", "--cancel", "--status", false],
  ])("%s", (_name, typed, copy, same) => {
    expect(sameArguments(typed, copy)).toBe(same);
  });
});

describe.each(["repeat", "auto-loop"])("loopkit %s, the hook's half", (kind) => {
  it("answers --status itself for the hook to show (one JSON line) and keeps nothing", async () => {
    const ran = await half("--from-hook", kind, "--status");
    expect(ran).toMatchObject({ code: 0, stderr: "" });
    expect(typedAnswerOf(ran.stdout)).toMatch(new RegExp(`^${kind}: no loop`));
    expect(existsSync(answerFile())).toBe(false);
  });

  it("keeps a usage error as the command's answer: exit code 2 and its stderr", async () => {
    expect(await half("--from-hook", kind, "--bogus")).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(JSON.parse(readFileSync(answerFile(), "utf8"))).toMatchObject({
      kind,
      args: "--bogus",
      exit_code: 2,
      stdout: "",
      stderr: expect.stringMatching(/^loopkit: unknown option --bogus/),
      loop_id: null,
    });
    const shown = await half("--from-skill", kind, "--bogus");
    expect(shown).toMatchObject({ code: 2, stdout: "", stderr: expect.stringMatching(/^loopkit: unknown option --bogus/) });
  });
});

describe("which typed commands the hook answers alone (no model turn)", () => {
  it.each([
    ["repeat", "--status", /^repeat: no loop has run in /],
    ["repeat", "  --status  ", /^repeat: no loop has run in /],
    ["repeat", "--status --json", /"status": "none"/],
    ["repeat", "--help", /^Usage: \/loopkit:repeat/],
    ["repeat", "-h", /^Usage: \/loopkit:repeat/],
    ["repeat", "--cancel", /^loopkit: no active repeat loop/],
    ["repeat", "--cancel\n", /^loopkit: no active repeat loop/],
    ["auto-loop", "--status", /^auto-loop: no loop in /],
    ["auto-loop", "--status --json", /"status": "none"/],
    ["auto-loop", "--help", /^Usage: \/loopkit:auto-loop/],
    ["auto-loop", "--cancel", /^loopkit: no running auto-loop/],
  ])("%s %j: answered", async (kind, text, wanted) => {
    const ran = await half("--from-hook", kind, text);
    expect(ran).toMatchObject({ code: 0, stderr: "" });
    expect(typedAnswerOf(ran.stdout)).toMatch(wanted);
  });

  it.each([
    ["repeat", "5m check the --status page"],
    ["repeat", '5m "--status"'],
    ["repeat", "--status --cancel"],
    ["repeat", "--status extra words"],
    ["repeat", "--statusx"],
    ["repeat", "--status\\"],
    ["repeat", "```\n--status"],
    ["repeat", "--resume"],
    ["repeat", ""],
    ["auto-loop", "--status --verify true"],
    ["auto-loop", "make --status pass --verify true"],
    ["auto-loop", "--cancel --codex"],
    ["auto-loop", "--status\r"],
  ])("%s %j: left to the skill's way (a start, a usage error, or a refusal the skill shows)", async (kind, text) => {
    const ran = await half("--from-hook", kind, text);
    expect(ran.code).toBe(0);
    expect(typedAnswerOf(ran.stdout)).toBeNull();
  });
});

describe("arguments Claude Code does not pass to the skill's command whole", () => {
  it.each([
    ["a backslash before a space", "5m echo a\\ b", "a backslash before a space"],
    ["a backslash before a tab", "5m echo a\\\tb", "a backslash before a space"],
    ["a backslash at the end", "5m echo a\\", "a backslash before a space"],
    ["a carriage return", "5m check\r\nthe build", "a carriage return"],
    ["a fence line, even indented", "5m check\n  ```\nmore", "a line that starts with ```"],
  ])("are refused by the hook before anything is done: %s", async (_name, text, why) => {
    await half("--from-hook", "repeat", text);
    expect(JSON.parse(readFileSync(answerFile(), "utf8"))).toMatchObject({
      exit_code: 2,
      loop_id: null,
      stderr: expect.stringContaining(`the arguments hold ${why}`),
    });
    expect(existsSync(path.join(data, "repeat"))).toBe(false);
  });

  it.each([
    ["a backslash before a letter or a backslash", "5m check a\\nb c:\\\\dir"],
    ["a ~~~ line", "5m check\n~~~\nmore"],
  ])("pass when Claude Code passes them: %s", async (_name, text) => {
    await half("--from-hook", "repeat", text);
    expect(JSON.parse(readFileSync(answerFile(), "utf8"))).toMatchObject({ exit_code: 0 });
  });

  it("the skill's command shows the refusal even from the copy a ``` line cut short", async () => {
    await half("--from-hook", "repeat", "5m check\n```\nmore");
    const shown = await half("--from-skill", "repeat", "5m check\n", later(500));
    expect(shown).toMatchObject({ code: 2, stderr: expect.stringContaining("a line that starts with ```") });
  });
});

describe("the answers kept", () => {
  it("are one per session; another session's answer a day old goes when a new one is kept, a recent one stays", async () => {
    const answers = path.join(data, "answers");
    mkdirSync(answers, { recursive: true });
    writeFileSync(path.join(answers, "old.json"), "{}");
    writeFileSync(path.join(answers, "recent.json"), "{}");
    const dayAgo = (NOW.getTime() - 25 * 3_600_000) / 1000;
    utimesSync(path.join(answers, "old.json"), dayAgo, dayAgo);
    const hourAgo = (NOW.getTime() - 3_600_000) / 1000;
    utimesSync(path.join(answers, "recent.json"), hourAgo, hourAgo);
    await half("--from-hook", "repeat", "--cancel");
    expect(readdirSync(answers).sort()).toEqual(["recent.json", "s-1.json"]);
  });
});

describe("the skill's half", () => {
  it("shows the hook's answer to this command, with the sandbox it measured; the loop is the hook's", async () => {
    await half("--from-hook", "repeat", '5m "check the build"');
    const answer = JSON.parse(readFileSync(answerFile(), "utf8"));
    expect(answer).toMatchObject({ exit_code: 0, loop_id: expect.stringMatching(/^loop-/) });
    const shown = await half("--from-skill", "repeat", '5m "check the build"\n', later(2_000));
    expect(shown.code).toBe(0);
    expect(shown.stdout.startsWith(answer.stdout)).toBe(true);
    // This test process can write the data folder: no sandbox.
    expect(shown.stdout.slice(answer.stdout.length)).toMatch(
      /^Sandbox: the agent runs in no sandbox \(.*\)\. A repeat loop runs no project code from its hooks/,
    );
    // Showing it changed nothing: still one loop, iteration 1.
    const state = JSON.parse(readFileSync(path.join(data, "repeat", "s-1.json"), "utf8"));
    expect(state).toMatchObject({ loop_id: answer.loop_id, iteration: 1, phase: "running" });
  });

  it("writes the auto-loop's probe after the hook started it, which the loop's first Stop then settles from", async () => {
    await half("--from-hook", "auto-loop", "make it pass --verify true");
    const shown = await half("--from-skill", "auto-loop", "make it pass --verify true", later(1_000));
    expect(shown.stdout).toMatch(
      /loopkit auto-loop started[\s\S]*\nSandbox: the agent runs in no sandbox \(loopkit's skill command[^)]*\): the verifier runs with your rights/,
    );
    const [key] = readdirSync(path.join(data, "auto-loop"));
    expect(JSON.parse(readFileSync(path.join(data, "auto-loop", key!, "sandbox-probe.json"), "utf8"))).toMatchObject({
      session_id: "s-1",
      sandbox_runtime: false,
    });
    const state = JSON.parse(readFileSync(path.join(data, "auto-loop", key!, "state.json"), "utf8"));
    expect(state.launch.agent_sandbox).toMatchObject({ agent: "unknown", measuring: true, fail_if_unavailable: false });
  });

  it("writes the probe and says where the agent runs after a bare /loopkit:auto-loop started the loop from goal.md too", async () => {
    writeFileSync(path.join(project, "goal.md"), "---\nverify: true\n---\nmake it pass\n");
    expect((await half("--from-hook", "auto-loop", "")).code).toBe(0);
    const shown = await half("--from-skill", "auto-loop", "", later(1_000));
    expect(shown.stdout).toMatch(
      /loopkit auto-loop started[\s\S]*\nSandbox: the agent runs in no sandbox \(loopkit's skill command[^)]*\)/,
    );
    const [key] = readdirSync(path.join(data, "auto-loop"));
    expect(existsSync(path.join(data, "auto-loop", key!, "sandbox-probe.json"))).toBe(true);
  });

  it.each([
    ["no answer at all (the hook did not run)", null, NOW],
    ["an answer older than a minute", "5m x", later(61_000)],
    ["an answer to other arguments", "5m y", later(1_000)],
  ])("refuses to carry out a request that writes itself: %s", async (_name, answered, now) => {
    if (answered) await half("--from-hook", "repeat", answered);
    const state = path.join(data, "repeat", "s-1.json");
    const before = existsSync(state) ? readFileSync(state, "utf8") : null;
    const shown = await half("--from-skill", "repeat", "5m x", now);
    expect(shown).toMatchObject({ code: 1, stdout: "" });
    expect(shown.stderr).toMatch(
      /^loopkit: \/loopkit:repeat 5m x needs loopkit's UserPromptExpansion hook, which did not answer this command: nothing was started or changed/,
    );
    expect(existsSync(state) ? readFileSync(state, "utf8") : null).toBe(before);
  });

  it("answers a read-only request itself, with the sandbox it finds now (repeat)", async () => {
    const shown = await half("--from-skill", "repeat", "--status");
    expect(shown).toMatchObject({ code: 0, stderr: "" });
    expect(shown.stdout).toMatch(/^repeat: no loop has run in .*\nSandbox: the agent runs in no sandbox/);
    expect(existsSync(path.join(data, "answers", "s-1.sandbox-probe.json"))).toBe(false);
  });

  it("says the agent is sandboxed when it cannot write loopkit's data folder (here: a folder where its probe goes)", async () => {
    mkdirSync(path.join(data, "answers", "s-1.sandbox-probe.json"), { recursive: true });
    const shown = await half("--from-skill", "repeat", "--status");
    expect(shown.stdout).toMatch(
      /\nSandbox: the agent runs in Claude Code's sandbox \(loopkit's skill command[^)]*could not write loopkit's data folder/,
    );
  });

  it("answers --help and usage errors itself, with no answer from the hook", async () => {
    expect(await half("--from-skill", "auto-loop", "--help")).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Usage: \/loopkit:auto-loop/),
    });
    expect(await half("--from-skill", "auto-loop", "goal --verify")).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--verify needs a command/),
    });
  });

  it("is not confused by an answer kept for the other loop kind", async () => {
    await half("--from-hook", "auto-loop", "--cancel");
    expect(JSON.parse(readFileSync(answerFile(), "utf8"))).toMatchObject({
      kind: "auto-loop",
      exit_code: 0,
      stdout: expect.stringMatching(/^loopkit: no running auto-loop/),
    });
    expect((await half("--from-skill", "repeat", "--cancel", later(500))).stderr).toMatch(/needs loopkit's UserPromptExpansion hook/);
    expect((await half("--from-skill", "auto-loop", "--cancel", later(500))).stdout).toMatch(/^loopkit: no running auto-loop/);
  });
});

describe("a LOOPKIT_DATA_DIR the agent planted mid-session (a settings env block reaches hooks on 2.1.332)", () => {
  const withEnv = (which: "--from-hook" | "--from-skill", kind: string, text: string, extra: Record<string, string>, now = NOW) =>
    runLoopkit([kind, which, "--session", "s-1", "--project", project, "--plugin-data", data, "--args-stdin"], {
      env: { ...env(), ...extra },
      cwd: project,
      stdin: text,
      now,
    });

  it.each([
    ["repeat", "5m /test", "CANCELLED"],
    ["auto-loop", "make it pass --verify true", "cancelled"],
  ])("%s: the --cancel the person types still acts on the loop kept in Claude Code's own folder", async (kind, start, cancelled) => {
    expect((await half("--from-hook", kind, start)).code).toBe(0);
    expect(existsSync(path.join(data, "sessions", "s-1.json"))).toBe(true);
    const planted = { LOOPKIT_DATA_DIR: path.join(project, "fake") };
    await withEnv("--from-hook", kind, "--cancel", planted, later(5_000));
    const shown = await withEnv("--from-skill", kind, "--cancel", planted, later(5_500));
    expect(shown).toMatchObject({ code: 0, stdout: expect.stringMatching(/cancel/i) });
    const status = await withEnv("--from-skill", kind, "--status --json", planted, later(6_000));
    expect(JSON.parse(status.stdout)).toMatchObject({ status: cancelled });
    expect(existsSync(path.join(project, "fake"))).toBe(false);
  });

  it("a folder the person named before the session (no marker or answer of it in Claude Code's folder) is used as before", async () => {
    const own = path.join(tmp, "person's data");
    await withEnv("--from-hook", "repeat", "5m /test", { LOOPKIT_DATA_DIR: own });
    expect(existsSync(path.join(own, "sessions", "s-1.json"))).toBe(true);
    expect((await withEnv("--from-skill", "repeat", "5m /test", { LOOPKIT_DATA_DIR: own }, later(500))).stdout).toMatch(/started/);
    expect(existsSync(data)).toBe(false);
  });
});
