// sandbox.failIfUnavailable as Claude Code's settings give it: any layer that says true makes it true.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { failIfUnavailableOf, readFailIfUnavailable, settingsFlagOf } from "../../src/auto-loop/sandbox-settings.js";

const on = JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true } });
const off = JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: false } });

describe("failIfUnavailableOf", () => {
  it.each([
    ["no layer at all", [], false],
    ["one layer that says true", [on], true],
    ["a layer that says false beside one that says true (a project file cannot undo the person's true)", [off, on], true],
    ["only false and sandbox-less layers", [off, "{}", JSON.stringify({ sandbox: { enabled: true } })], false],
    ["a layer that is not JSON, and an absent one", ["{ not json", null], false],
    ["a true that is a string, not true", [JSON.stringify({ sandbox: { failIfUnavailable: "true" } })], false],
    ["null and a JSON array", ["null", "[1]"], false],
  ] as const)("%s", (_name, texts, wanted) => {
    expect(failIfUnavailableOf([...texts])).toBe(wanted);
  });
});

describe("the settings layers", () => {
  let tmp: string;
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit settings "));
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));

  it("reads --settings given as inline JSON, after = or as a file", () => {
    writeFileSync(path.join(tmp, "s.json"), on);
    expect(settingsFlagOf(["claude", "-p", "x", "--settings", on], tmp)).toBe(on);
    expect(settingsFlagOf(["claude", `--settings=${on}`], tmp)).toBe(on);
    expect(settingsFlagOf(["claude", "--settings", "s.json"], tmp)).toBe(on);
    expect(settingsFlagOf(["claude", "--settings", "missing.json"], tmp)).toBeNull();
    expect(settingsFlagOf(["claude", "-p", "--settings"], tmp)).toBeNull();
    expect(settingsFlagOf(["claude", "-p", "hi"], tmp)).toBeNull();
  });

  it("reads the person's and the project's settings files", () => {
    const home = path.join(tmp, "home");
    const project = path.join(tmp, "project");
    mkdirSync(path.join(home, ".claude"), { recursive: true });
    mkdirSync(path.join(project, ".claude"), { recursive: true });
    expect(readFailIfUnavailable({ HOME: home }, project, undefined)).toBe(false);
    writeFileSync(path.join(home, ".claude", "settings.json"), on);
    expect(readFailIfUnavailable({ HOME: home }, project, undefined)).toBe(true);
    // CLAUDE_CONFIG_DIR moves the person's settings; a project's false does not undo the person's true.
    writeFileSync(path.join(project, ".claude", "settings.local.json"), off);
    expect(readFailIfUnavailable({ HOME: tmp, CLAUDE_CONFIG_DIR: path.join(home, ".claude") }, project, undefined)).toBe(true);
    expect(readFailIfUnavailable({ HOME: tmp }, project, undefined)).toBe(false);
    writeFileSync(path.join(project, ".claude", "settings.json"), on);
    expect(readFailIfUnavailable({ HOME: tmp }, project, undefined)).toBe(true);
  });

  it.skipIf(process.platform !== "linux")("reads the --settings flag of the Claude Code process it is given (Linux /proc)", async () => {
    const { spawn } = await import("node:child_process");
    const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 5000)", "--", "--settings", on], { stdio: "ignore" });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(readFailIfUnavailable({ HOME: tmp }, tmp, child.pid)).toBe(true);
      expect(readFailIfUnavailable({ HOME: tmp }, tmp, process.pid)).toBe(false);
    } finally {
      child.kill();
    }
  });
});
