// The data folder for a loopkit command. Inside Claude Code the skill passes CLAUDE_PLUGIN_DATA; a
// person at a terminal has no such variable, so loopkit looks where loopkit state already is. It never
// guesses a folder into existence: a command that only reads finds nothing where nothing was written.
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LoopkitError } from "../shared/errors.js";

const STATE_FOLDERS = ["sessions", "repeat", "auto-loop"];

function holdsLoopkitState(dir: string): boolean {
  return STATE_FOLDERS.some((folder) => existsSync(path.join(dir, folder)));
}

const homeOf = (env: NodeJS.ProcessEnv) => env.HOME || os.homedir();

/** The folder a command that starts a loop from a terminal uses when no folder holds loopkit state yet. */
export function defaultDataDir(env: NodeJS.ProcessEnv): string {
  return path.join(homeOf(env), ".loopkit");
}

/** Folders that hold loopkit state: Claude Code's per-plugin data folders of loopkit, then ~/.loopkit. */
export function dataDirCandidates(env: NodeJS.ProcessEnv): string[] {
  const pluginData = path.join(env.CLAUDE_CONFIG_DIR || path.join(homeOf(env), ".claude"), "plugins", "data");
  let installed: string[] = [];
  try {
    installed = readdirSync(pluginData)
      .filter((name) => name === "loopkit" || name.startsWith("loopkit-"))
      .sort()
      .map((name) => path.join(pluginData, name));
  } catch {
    // No plugin data at all: nothing of loopkit's there.
  }
  return [...installed, defaultDataDir(env)].filter(holdsLoopkitState);
}

/** A data folder named by the caller: $LOOPKIT_DATA_DIR, else --plugin-data, else an inherited CLAUDE_PLUGIN_DATA. */
export function namedDataDir(env: NodeJS.ProcessEnv, pluginData?: string): string | undefined {
  return env.LOOPKIT_DATA_DIR || pluginData || env.CLAUDE_PLUGIN_DATA || undefined;
}

/**
 * The named folder, else the one folder that holds loopkit state, else null (nothing was ever written).
 * Several candidates are an error naming them.
 */
export function findDataDir(env: NodeJS.ProcessEnv, pluginData?: string): string | null {
  const named = namedDataDir(env, pluginData);
  if (named) return named;
  const candidates = dataDirCandidates(env);
  if (candidates.length > 1) {
    throw new LoopkitError("USAGE", `loopkit state is in several folders: ${candidates.join(", ")}`, {
      value: candidates,
      hint: "name one with --plugin-data <dir> or LOOPKIT_DATA_DIR",
    });
  }
  return candidates[0] ?? null;
}
