// The one --settings every phase's claude gets. Claude Code takes a single --settings (a later one
// replaces an earlier one), so the person's own (`-- --settings <file or JSON>`) is read once and
// loopkit's go on top of it: the data folder as env (command-line settings outrank a settings file
// the agent writes in the project) and, unless --no-sandbox, Claude Code's sandbox.
import { readFileSync } from "node:fs";
import path from "node:path";
import { LoopkitError } from "../shared/errors.js";

export type Settings = Record<string, unknown>;

/** The person's --settings taken out of their claude options (read, if it names a file); the rest as they were. */
export function takeSettingsOption(claudeArgs: string[], cwd: string): { settings: Settings | null; rest: string[] } {
  const rest: string[] = [];
  let settings: Settings | null = null;
  for (let i = 0; i < claudeArgs.length; i++) {
    const word = claudeArgs[i]!;
    if (word !== "--settings" && !word.startsWith("--settings=")) {
      rest.push(word);
      continue;
    }
    const value = word === "--settings" ? claudeArgs[++i] : word.slice("--settings=".length);
    if (value === undefined || value === "")
      throw new LoopkitError("USAGE", "--settings (after --) needs a file or a JSON object", {
        hint: "e.g. -- --settings ./ci-settings.json",
      });
    settings = { ...(settings ?? {}), ...readSettings(value, cwd) };
  }
  return { settings, rest };
}

function readSettings(value: string, cwd: string): Settings {
  const trimmed = value.trim();
  let text = trimmed;
  if (!trimmed.startsWith("{")) {
    try {
      text = readFileSync(path.resolve(cwd, trimmed), "utf8");
    } catch (error) {
      throw new LoopkitError("USAGE", `--settings ${value}: ${(error as Error).message}`, {
        value,
        hint: "give a settings file that exists, or a JSON object",
      });
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new LoopkitError("USAGE", `--settings ${value} is not valid JSON: ${(error as Error).message}`, {
      value,
      hint: "Claude Code's --settings takes a settings file or a JSON object",
    });
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new LoopkitError("USAGE", `--settings ${value} is not a JSON object`, { value });
  return parsed as Settings;
}

const objectOr = (value: unknown): Settings =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Settings) : {};

/** The person's settings with loopkit's on top: env gains LOOPKIT_DATA_DIR; `sandbox`, when given, overrides the keys it names. */
export function phaseSettings(theirs: Settings | null, own: { dataDir: string; sandbox: Settings | null }): Settings {
  const base = theirs ?? {};
  return {
    ...base,
    env: { ...objectOr(base.env), LOOPKIT_DATA_DIR: own.dataDir },
    ...(own.sandbox ? { sandbox: { ...objectOr(base.sandbox), ...own.sandbox } } : {}),
  };
}
