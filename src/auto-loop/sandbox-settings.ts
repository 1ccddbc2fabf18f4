// The person's sandbox.failIfUnavailable, as Claude Code's settings layers give it: managed, user,
// project, local, and the --settings flag of the running Claude Code (its command line, where the
// platform shows it: Linux /proc). Any layer that says true makes it true: a project file, which the
// agent can write, can only make loopkit stricter, never undo the person's own true.
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** The folder of Claude Code's managed (policy) settings on this platform. */
function managedDir(): string {
  if (process.platform === "darwin") return "/Library/Application Support/ClaudeCode";
  if (process.platform === "win32") return "C:\\Program Files\\ClaudeCode";
  return "/etc/claude-code";
}

const readText = (file: string): string | null => {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
};

/** The value of `--settings` (inline JSON, or a file to read) in a Claude Code command line, or null. */
export function settingsFlagOf(argv: string[], cwd: string): string | null {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = arg === "--settings" ? argv[i + 1] : arg.startsWith("--settings=") ? arg.slice("--settings=".length) : undefined;
    if (value === undefined) continue;
    return value.trimStart().startsWith("{") ? value : readText(path.resolve(cwd, value));
  }
  return null;
}

/** True when any of the settings texts sets sandbox.failIfUnavailable to true; unreadable ones count for nothing. */
export function failIfUnavailableOf(texts: (string | null)[]): boolean {
  return texts.some((text) => {
    if (text === null) return false;
    try {
      return (JSON.parse(text) as { sandbox?: { failIfUnavailable?: unknown } } | null)?.sandbox?.failIfUnavailable === true;
    } catch {
      return false;
    }
  });
}

/** The command line of Claude Code's process `pid`, where the platform shows it (Linux), else []. */
function commandLineOf(pid: number | undefined): string[] {
  if (!pid || process.platform !== "linux") return [];
  return (readText(`/proc/${pid}/cmdline`) ?? "").split("\0").filter(Boolean);
}

/** The person's failIfUnavailable for a loop starting in `projectDir` under the Claude Code process `claudePid`. */
export function readFailIfUnavailable(env: NodeJS.ProcessEnv, projectDir: string, claudePid: number | undefined): boolean {
  const managed = managedDir();
  let dropIns: string[] = [];
  try {
    dropIns = readdirSync(path.join(managed, "managed-settings.d"))
      .filter((name) => name.endsWith(".json"))
      .map((name) => path.join(managed, "managed-settings.d", name));
  } catch {
    // no drop-in folder
  }
  const userDir = env.CLAUDE_CONFIG_DIR || path.join(env.HOME || os.homedir(), ".claude");
  const files = [
    path.join(managed, "managed-settings.json"),
    ...dropIns,
    path.join(userDir, "settings.json"),
    path.join(projectDir, ".claude", "settings.json"),
    path.join(projectDir, ".claude", "settings.local.json"),
  ];
  return failIfUnavailableOf([...files.map(readText), settingsFlagOf(commandLineOf(claudePid), projectDir)]);
}
