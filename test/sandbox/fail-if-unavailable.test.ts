// sandbox.failIfUnavailable for a loop started in a session: the person's settings, and the layers
// that can only make it stricter (the project's files, the running Claude Code's --settings flag).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessionFailIfUnavailable, settingsFlagOf } from "../../src/sandbox/fail-if-unavailable.js";

const on = JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true } });
const off = JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: false } });

let tmp: string;
let home: string;
let project: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit fail-if-unavailable "));
  home = path.join(tmp, "home");
  project = path.join(tmp, "project");
  mkdirSync(path.join(home, ".claude"), { recursive: true });
  mkdirSync(path.join(project, ".claude"), { recursive: true });
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe("settingsFlagOf", () => {
  it("reads --settings given as inline JSON, after = or as a file", async () => {
    writeFileSync(path.join(tmp, "s.json"), on);
    expect(await settingsFlagOf(["claude", "-p", "x", "--settings", on], tmp)).toBe(on);
    expect(await settingsFlagOf(["claude", `--settings=${on}`], tmp)).toBe(on);
    expect(await settingsFlagOf(["claude", "--settings", "s.json"], tmp)).toBe(on);
    expect(await settingsFlagOf(["claude", "--settings", "missing.json"], tmp)).toBeNull();
    expect(await settingsFlagOf(["claude", "-p", "--settings"], tmp)).toBeNull();
    expect(await settingsFlagOf(["claude", "-p", "hi"], tmp)).toBeNull();
  });
});

describe("sessionFailIfUnavailable", () => {
  it("is the person's setting, which a project file can make stricter but not undo", async () => {
    expect(await sessionFailIfUnavailable({ HOME: home }, project, undefined)).toBe(false);
    writeFileSync(path.join(home, ".claude", "settings.json"), on);
    expect(await sessionFailIfUnavailable({ HOME: home }, project, undefined)).toBe(true);
    writeFileSync(path.join(project, ".claude", "settings.local.json"), off);
    expect(await sessionFailIfUnavailable({ HOME: home }, project, undefined)).toBe(true);
    // CLAUDE_CONFIG_DIR moves the person's settings.
    expect(await sessionFailIfUnavailable({ HOME: tmp, CLAUDE_CONFIG_DIR: path.join(home, ".claude") }, project, undefined)).toBe(true);
    expect(await sessionFailIfUnavailable({ HOME: tmp }, project, undefined)).toBe(false);
    writeFileSync(path.join(project, ".claude", "settings.json"), on);
    expect(await sessionFailIfUnavailable({ HOME: tmp }, project, undefined)).toBe(true);
  });

  it.each([
    ["not JSON", "{ nope"],
    ["a string, not true", JSON.stringify({ sandbox: { failIfUnavailable: "true" } })],
    ["null", "null"],
  ])("reads a settings file that is %s as saying nothing", async (_name, text) => {
    writeFileSync(path.join(project, ".claude", "settings.json"), text);
    expect(await sessionFailIfUnavailable({ HOME: home }, project, undefined)).toBe(false);
  });

  it.skipIf(process.platform !== "linux")("reads the --settings flag of the Claude Code process it is given (Linux /proc)", async () => {
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 5000)", "--", "--settings", on], { stdio: "ignore" });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await sessionFailIfUnavailable({ HOME: home }, project, child.pid)).toBe(true);
      expect(await sessionFailIfUnavailable({ HOME: home }, project, process.pid)).toBe(false);
    } finally {
      child.kill();
    }
  });
});
