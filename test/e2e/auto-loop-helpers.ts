// Shared pieces of the auto-loop end-to-end tests: a fake model that plays both the working session
// and the audit, and readers for the loop's files.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import type { FakeModel } from "./harness/fake-model.js";
import { makePluginCopy } from "../support/built-plugin.js";
import { baseEnv, runCli, type Ran } from "../support/bundle-driver.js";
import { CLAUDE_BIN, claudeEnv, type Sandbox } from "./harness/run-claude.js";

/** The plugin these tests load: a private copy of this run's one build (test/support/build-plugin.ts), safe from concurrent rebuilds of dist/. */
export const plugin = makePluginCopy();

export { bash, hookPrompts, isAudit, loopScript } from "./loop-scripts.js";

export const dataDirOf = (sandbox: Sandbox) => path.join(sandbox.root, "loopkit data");

export function loopkitEnv(sandbox: Sandbox, extra: Record<string, string> = {}): Record<string, string> {
  return { LOOPKIT_DATA_DIR: dataDirOf(sandbox), LOOPKIT_AUDIT_TIMEOUT_MS: "60000", ...extra };
}

/** `loopkit auto-loop <args>` run directly, as a person would from a terminal. */
export const loopkitCli = (sandbox: Sandbox, args: string[], env: Record<string, string> = {}): Ran =>
  runCli(["auto-loop", "--project", sandbox.project, ...args], {
    plugin,
    env: { ...baseEnv(sandbox.home), ...loopkitEnv(sandbox), ...env },
  });

export function readMirror(sandbox: Sandbox): any {
  return JSON.parse(readFileSync(path.join(sandbox.project, ".auto-loop", "goal-state.json"), "utf8"));
}

export function readHistory(sandbox: Sandbox): any[] {
  const file = path.join(sandbox.project, ".auto-loop", "gate-history.jsonl");
  return existsSync(file)
    ? readFileSync(file, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line))
    : [];
}

export function status(sandbox: Sandbox, env: Record<string, string> = {}): any {
  return JSON.parse(loopkitCli(sandbox, ["--status", "--json"], env).stdout);
}

/** `loopkit run` as a person types it in a terminal or CI, the phases' claude being the pinned CLI. */
export function runLoopkit(model: FakeModel, sandbox: Sandbox, args: string[], env: Record<string, string> = {}) {
  return execa(process.execPath, [plugin.cli, "run", "--project", sandbox.project, "--plugin-dir", plugin.dir, ...args], {
    cwd: sandbox.root,
    env: claudeEnv(model, sandbox, { ...loopkitEnv(sandbox), LOOPKIT_CLAUDE_BIN: CLAUDE_BIN, ...env }),
    extendEnv: false,
    reject: false,
    timeout: 240_000,
  });
}

/** The shell line with which the agent writes a `.claude/settings.local.json` `env` block (Claude Code 2.1.332 hands it to later hooks). */
export const writeSettingsEnv = (env: Record<string, string>) =>
  `mkdir -p .claude && printf '%s' '${JSON.stringify({ env })}' > .claude/settings.local.json`;
