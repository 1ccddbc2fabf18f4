// The data folder for a loopkit command. Inside Claude Code the skill passes CLAUDE_PLUGIN_DATA; a
// person at a terminal has no such variable, so loopkit looks where Claude Code keeps plugin data.
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LoopkitError } from "../shared/errors.js";

const STATE_FOLDERS = ["sessions", "repeat", "auto-loop"];

function holdsLoopkitState(dir: string): boolean {
  return STATE_FOLDERS.some((folder) => existsSync(path.join(dir, folder)));
}

/** Folders that hold loopkit state: Claude Code's per-plugin data folders of loopkit, then ~/.loopkit. */
export function dataDirCandidates(env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME || os.homedir();
  const pluginData = path.join(env.CLAUDE_CONFIG_DIR || path.join(home, ".claude"), "plugins", "data");
  let installed: string[] = [];
  try {
    installed = readdirSync(pluginData)
      .filter((name) => name === "loopkit" || name.startsWith("loopkit-"))
      .sort()
      .map((name) => path.join(pluginData, name));
  } catch {
    // No plugin data at all: nothing of loopkit's there.
  }
  return [...installed, path.join(home, ".loopkit")].filter(holdsLoopkitState);
}

/**
 * $LOOPKIT_DATA_DIR, else the given or inherited CLAUDE_PLUGIN_DATA, else the one folder that holds
 * loopkit state (~/.loopkit when none does). Several candidates are an error naming them.
 */
export function resolveDataDir(env: NodeJS.ProcessEnv, pluginData?: string): string {
  if (env.LOOPKIT_DATA_DIR) return env.LOOPKIT_DATA_DIR;
  if (pluginData) return pluginData;
  if (env.CLAUDE_PLUGIN_DATA) return env.CLAUDE_PLUGIN_DATA;
  const candidates = dataDirCandidates(env);
  if (candidates.length > 1) {
    throw new LoopkitError("USAGE", `loopkit state is in several folders: ${candidates.join(", ")}`, {
      value: candidates,
      hint: "name one with --plugin-data <dir> or LOOPKIT_DATA_DIR",
    });
  }
  return candidates[0] ?? path.join(env.HOME || os.homedir(), ".loopkit");
}
