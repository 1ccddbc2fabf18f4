import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ExecRequestSchema, NODE_OPTIONS_CARRIER } from "../../src/sandbox/exec-protocol.js";
import { launcherBesideEntry, launcherSpawn, readAnswer } from "../../src/sandbox/launcher.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "loopkit launcher "));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the sandbox launcher's request", () => {
  it("carries the policy for the project, a fresh temp folder as TMPDIR, and NODE_OPTIONS past the launcher only", async () => {
    const spawn = await launcherSpawn("/plugin/dist/sandbox-exec.js", "npm test", dir, {
      HOME: dir,
      PATH: "/usr/bin",
      NODE_OPTIONS: "--require ./x.cjs",
      UNSET: undefined,
    });
    try {
      expect(spawn.file).toBe(process.execPath);
      expect(spawn.args[0]).toBe("/plugin/dist/sandbox-exec.js");
      const request = ExecRequestSchema.parse(JSON.parse(spawn.args[1]!));
      expect(request).toMatchObject({ version: 1, command: "npm test", cwd: dir });
      expect(existsSync(request.tempDir)).toBe(true);
      expect(spawn.env).toEqual({
        HOME: dir,
        PATH: "/usr/bin",
        TMPDIR: request.tempDir,
        TMP: request.tempDir,
        TEMP: request.tempDir,
        [NODE_OPTIONS_CARRIER]: "--require ./x.cjs",
      });
      const policy = request.policy as { filesystem: { allowWrite: string[] }; network: { allowedDomains: string[] } };
      expect(policy.filesystem.allowWrite).toEqual([dir, request.tempDir]);
      expect(policy.network.allowedDomains).toEqual([]);
      await spawn.cleanup();
      expect(existsSync(request.tempDir)).toBe(false);
    } finally {
      await spawn.cleanup();
    }
  });

  it("is found beside the running entry point only", () => {
    writeFileSync(path.join(dir, "sandbox-exec.js"), "");
    expect(launcherBesideEntry(path.join(dir, "hook.cjs"))).toBe(path.join(dir, "sandbox-exec.js"));
    expect(launcherBesideEntry(path.join(dir, "sub", "cli.js"))).toBeNull();
    expect(launcherBesideEntry(undefined)).toBeNull();
  });

  it("is found in ../dist for the loopkit command (bin/loopkit), also through a link to it, and nowhere else", () => {
    const plugin = path.join(dir, "plugin");
    mkdirSync(path.join(plugin, "bin"), { recursive: true });
    mkdirSync(path.join(plugin, "dist"));
    mkdirSync(path.join(plugin, "other"));
    writeFileSync(path.join(plugin, "bin", "loopkit"), "");
    writeFileSync(path.join(plugin, "other", "loopkit"), "");
    const launcher = path.join(plugin, "dist", "sandbox-exec.js");
    writeFileSync(launcher, "");
    expect(launcherBesideEntry(path.join(plugin, "bin", "loopkit"))).toBe(launcher);
    // Only a bin/ folder looks over at ../dist.
    expect(launcherBesideEntry(path.join(plugin, "other", "loopkit"))).toBeNull();
    // npm i -g: the command is a link in a folder of its own.
    mkdirSync(path.join(dir, "global-bin"));
    symlinkSync(path.join(plugin, "bin", "loopkit"), path.join(dir, "global-bin", "loopkit"));
    expect(launcherBesideEntry(path.join(dir, "global-bin", "loopkit"))).toBe(realpathSync(launcher));
  });

  it.each([
    ['{"status":"started"}\n', { status: "started" }],
    ['{"status":"unavailable","reason":"no bwrap"}\n', { status: "unavailable", reason: "no bwrap" }],
    ["", null],
    ['{"status":"maybe"}', null],
    ["garbage", null],
  ])("reads the answer %j", (text, answer) => {
    expect(readAnswer(text)).toEqual(answer);
  });
});
