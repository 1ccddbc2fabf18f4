// `loopkit doctor` on a made-up machine: a claude of a tested version, loopkit installed as a plugin
// from this repository, and no codex.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { runLoopkit } from "./cli-io.js";

const plugin = path.resolve(import.meta.dirname, "../../plugins/loopkit");
let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(os.tmpdir(), "loopkit doctor "));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function fakeClaude(version: string): string {
  const file = path.join(home, "claude");
  writeFileSync(file, `#!/bin/sh\necho "${version} (Claude Code)"\n`);
  chmodSync(file, 0o755);
  return file;
}

function install(enabled: boolean) {
  mkdirSync(path.join(home, ".claude", "plugins"), { recursive: true });
  writeFileSync(path.join(home, ".claude", "plugins", "installed_plugins.json"), JSON.stringify({ version: 2, plugins: { "loopkit@loopkit": [{ scope: "user", installPath: plugin }] } }));
  writeFileSync(path.join(home, ".claude", "settings.json"), JSON.stringify({ enabledPlugins: { "loopkit@loopkit": enabled } }));
}

const doctor = (claude: string) =>
  runLoopkit(["doctor"], { env: { HOME: home, PATH: process.env.PATH ?? "", LOOPKIT_CLAUDE_BIN: claude, LOOPKIT_CODEX_BIN: path.join(home, "no-codex"), LOOPKIT_STATS_FILE: path.join(home, "stats.json") }, cwd: home });

it.skipIf(process.platform === "win32")("reports each part, tested versions and the plugin's hooks, and changes nothing", async () => {
  install(true);
  const claude = fakeClaude("2.1.197");
  const before = readdirSync(home).sort();
  const result = await doctor(claude);
  expect(result.code).toBe(0);
  expect(result.stdout).toMatch(/^✓ Claude Code\s+2\.1\.197 .*a version loopkit is tested with$/m);
  expect(result.stdout).toMatch(/^✓ loopkit data\s+none yet/m);
  expect(result.stdout).toMatch(/^✓ plugin hooks\s+loopkit@loopkit enabled, hooks Stop, SessionStart, UserPromptSubmit/m);
  expect(result.stdout).toMatch(/^! codex \(--codex\)\s+not usable: the Codex CLI could not be run/m);
  expect(readdirSync(home).sort()).toEqual(before);
});

it.skipIf(process.platform === "win32")("flags an untested version, a disabled plugin and a missing claude", async () => {
  install(false);
  const untested = await doctor(fakeClaude("2.0.1"));
  expect(untested.stdout).toMatch(/^! Claude Code\s+2\.0\.1 .*loopkit is tested with 2\.1\.197 and 2\.1\.332$/m);
  expect(untested.stdout).toMatch(/^✗ plugin hooks\s+loopkit@loopkit NOT enabled/m);
  expect(untested.code).toBe(1);
  const missing = await doctor(path.join(home, "no-claude"));
  expect(missing.stdout).toMatch(/^✗ Claude Code\s+".*no-claude" could not be run/m);
  expect(missing.code).toBe(1);
});
