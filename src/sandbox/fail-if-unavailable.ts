// The person's sandbox.failIfUnavailable for a loop started in a Claude Code session: their settings
// as Claude Code merges them (person-settings.ts), and two layers that can only make it stricter: the
// project's .claude/settings*.json (the agent may write them, so a true there only tightens loopkit and
// a false undoes nothing) and the running Claude Code's --settings flag, read from its command line
// where the platform shows it (Linux /proc).
import { readFile } from "node:fs/promises";
import path from "node:path";
import { personSandbox, readSettingsFile, settingsOf } from "./person-settings.js";

/** The value of `--settings` (inline JSON, or a file to read) in a Claude Code command line, as text; null when there is none. */
export async function settingsFlagOf(argv: string[], cwd: string): Promise<string | null> {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = arg === "--settings" ? argv[i + 1] : arg.startsWith("--settings=") ? arg.slice("--settings=".length) : undefined;
    if (value === undefined) continue;
    return value.trimStart().startsWith("{") ? value : readFile(path.resolve(cwd, value), "utf8").catch(() => null);
  }
  return null;
}

/** The command line of the process `pid`, where the platform shows it (Linux), else []. */
async function commandLineOf(pid: number | undefined): Promise<string[]> {
  if (!pid || process.platform !== "linux") return [];
  return (await readFile(`/proc/${pid}/cmdline`, "utf8").catch(() => "")).split("\0").filter(Boolean);
}

const says = (settings: { sandbox?: { failIfUnavailable?: boolean } } | null | undefined) => settings?.sandbox?.failIfUnavailable === true;

/** failIfUnavailable for a loop of the Claude Code process `claudePid` (started with `env`) in `projectDir`. */
export async function sessionFailIfUnavailable(
  env: NodeJS.ProcessEnv,
  projectDir: string,
  claudePid: number | undefined,
): Promise<boolean> {
  if ((await personSandbox(env)).failIfUnavailable) return true;
  const project = await Promise.all(
    ["settings.json", "settings.local.json"].map((name) => readSettingsFile(path.join(projectDir, ".claude", name))),
  );
  if (project.some(says)) return true;
  const flag = await settingsFlagOf(await commandLineOf(claudePid), projectDir);
  if (flag === null) return false;
  try {
    return says(settingsOf(JSON.parse(flag)));
  } catch {
    return false;
  }
}
