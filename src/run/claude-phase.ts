// Runs one phase: `claude -p --session-id <id>` in the project root, the prompt on stdin (never on a
// command line), its output bounded into a log file. The binary is $LOOPKIT_CLAUDE_BIN or `claude`.
import { promises as fs } from "node:fs";
import path from "node:path";
import writeFileAtomic from "write-file-atomic";
import { BoundedOutput } from "../shared/bounded-output.js";
import type { PhaseExit } from "./progress.js";

export interface PhaseRun {
  sessionId: string;
  prompt: string;
  projectDir: string;
  env: NodeJS.ProcessEnv;
  /** Passed as --plugin-dir when loopkit is not installed as a plugin (development, CI). */
  pluginDir: string | null;
  /** The person's own claude options (after `--`), e.g. --allowedTools or --permission-mode. */
  claudeArgs: string[];
  timeoutMs: number;
  logFile: string;
  /** loopkit's data folder, where the phase's hooks find the loop. */
  dataDir: string;
}

const KEEP_BYTES = 32 * 1024;
const KEEP_LOGS = 20;
/** How much of the end of claude's output the runner shows when claude fails. */
const TAIL_LINES = 12;
const TAIL_BYTES = 2_000;

/**
 * The phase's argv. The data folder also goes in as `--settings` env: a settings file the agent writes
 * in the project (`.claude/settings.local.json` `env`) reaches the phase's hooks on newer Claude Code,
 * and command-line settings outrank it (measured, 2.1.332), so the agent cannot point the hook at
 * another data folder. The person's options come last; their own `--settings`, if any, replaces ours
 * and the hook falls back to the process environment, as before.
 */
export function phaseArgs(run: Pick<PhaseRun, "sessionId" | "pluginDir" | "claudeArgs"> & { dataDir: string }): string[] {
  const settings = JSON.stringify({ env: { LOOPKIT_DATA_DIR: run.dataDir } });
  return ["-p", "--session-id", run.sessionId, "--settings", settings, ...(run.pluginDir ? ["--plugin-dir", run.pluginDir] : []), ...run.claudeArgs];
}

export async function runClaudePhase(run: PhaseRun): Promise<PhaseExit> {
  const bin = run.env.LOOPKIT_CLAUDE_BIN || "claude";
  const output = new BoundedOutput(KEEP_BYTES, KEEP_BYTES);
  // execa (and its dependencies) load only when a process is spawned, not with every hook or command.
  const { execa } = await import("execa");
  const child = execa(bin, phaseArgs(run), {
    cwd: run.projectDir,
    env: run.env,
    extendEnv: false,
    input: run.prompt,
    buffer: false,
    all: true,
    reject: false,
    cleanup: true,
    timeout: run.timeoutMs,
    forceKillAfterDelay: 5_000,
  });
  child.all?.on("data", (chunk: Buffer) => output.push(chunk));
  const result = await child;
  await saveLog(run.logFile, output.text()).catch(() => undefined);
  const failure = result.failed && result.exitCode === undefined && !result.timedOut ? `could not run ${bin}: ${result.shortMessage}` : null;
  const tail = output.last(TAIL_BYTES).split("\n").slice(-TAIL_LINES).join("\n");
  return { exitCode: result.exitCode ?? null, timedOut: Boolean(result.timedOut), failure, tail };
}

/** Writes the phase's log and keeps the newest few. */
async function saveLog(file: string, text: string): Promise<void> {
  const dir = path.dirname(file);
  await fs.mkdir(dir, { recursive: true });
  await writeFileAtomic(file, text);
  const logs = (await fs.readdir(dir)).filter((name) => /^phase-\d+\.log$/.test(name)).sort();
  await Promise.all(logs.slice(0, Math.max(0, logs.length - KEEP_LOGS)).map((name) => fs.rm(path.join(dir, name), { force: true })));
}
