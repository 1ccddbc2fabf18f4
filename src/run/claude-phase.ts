// Runs one phase: `claude -p --session-id <id>` (or `--resume <id>`) in the project root, the prompt on
// stdin (never on a command line), its output bounded into a log file. The binary is the one given,
// else $LOOPKIT_CLAUDE_BIN or `claude`.
import { promises as fs } from "node:fs";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import writeFileAtomic from "write-file-atomic";
import { BoundedOutput } from "../shared/bounded-output.js";
import type { PhaseExit } from "./progress.js";

export interface PhaseRun {
  sessionId: string;
  /** Continue that session's conversation (--resume) instead of starting a session under the id (--session-id). */
  resume?: boolean;
  /** The claude binary (default: $LOOPKIT_CLAUDE_BIN, else `claude` on PATH). */
  bin?: string;
  prompt: string;
  projectDir: string;
  env: NodeJS.ProcessEnv;
  /** Passed as --plugin-dir when loopkit is not installed as a plugin (development, CI). */
  pluginDir: string | null;
  /** The person's own claude options (after `--`), e.g. --allowedTools or --permission-mode. */
  claudeArgs: string[];
  /** 0: none. */
  timeoutMs: number;
  logFile: string;
  /** loopkit's data folder, where the phase's hooks find the loop. */
  dataDir: string;
  /** Gets each line claude prints on stdout as it comes (a runner reading --output-format stream-json). */
  onLine?: (line: string) => void;
  /** Ends the run early: SIGTERM, then SIGKILL. */
  signal?: AbortSignal;
}

const KEEP_BYTES = 32 * 1024;
const KEEP_LOGS = 20;

/**
 * The phase's argv. The data folder also goes in as `--settings` env: a settings file the agent writes
 * in the project (`.claude/settings.local.json` `env`) reaches the phase's hooks on newer Claude Code,
 * and command-line settings outrank it (measured, 2.1.332), so the agent cannot point the hook at
 * another data folder. The person's options come last. Of several `--settings` claude takes only the
 * last (measured, both versions), so the person's own, when it is JSON text, gets the data folder
 * merged in and replaces ours; a settings file path replaces ours as it is (`loopkit repeat` reads
 * such a file in as JSON text at its start).
 */
export function phaseArgs(run: Pick<PhaseRun, "sessionId" | "resume" | "pluginDir" | "claudeArgs"> & { dataDir: string }): string[] {
  const { settings, rest } = withDataDir(run.claudeArgs, run.dataDir);
  return ["-p", run.resume ? "--resume" : "--session-id", run.sessionId, "--settings", settings, ...(run.pluginDir ? ["--plugin-dir", run.pluginDir] : []), ...rest];
}

/** The --settings JSON to pass (the person's last JSON-text --settings with the data folder's env merged in, else only that env) and the other options. */
function withDataDir(claudeArgs: string[], dataDir: string): { settings: string; rest: string[] } {
  const own = { env: { LOOPKIT_DATA_DIR: dataDir } };
  const found = lastSettings(claudeArgs);
  const given = found === null ? null : settingsObject(found.value);
  if (found === null || given === null) return { settings: JSON.stringify(own), rest: claudeArgs };
  const env = typeof given.env === "object" && given.env !== null && !Array.isArray(given.env) ? given.env : {};
  return { settings: JSON.stringify({ ...given, env: { ...env, ...own.env } }), rest: found.without };
}

/** The value of the last `--settings` option, and the options without every `--settings`; null when there is none. */
export function lastSettings(args: string[]): { value: string; without: string[] } | null {
  let value: string | null = null;
  const without: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === "--settings" && i + 1 < args.length) value = args[++i]!;
    else if (arg.startsWith("--settings=")) value = arg.slice("--settings=".length);
    else without.push(arg);
  }
  return value === null ? null : { value, without };
}

/** A JSON object given as text, else null (e.g. a settings file's path). */
export function settingsObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function runClaudePhase(run: PhaseRun): Promise<PhaseExit> {
  const bin = run.bin ?? (run.env.LOOPKIT_CLAUDE_BIN || "claude");
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
    ...(run.signal ? { cancelSignal: run.signal } : {}),
  });
  child.all?.on("data", (chunk: Buffer) => output.push(chunk));
  if (run.onLine) readLines(child.stdout, run.onLine);
  const result = await child;
  await saveLog(run.logFile, output.text()).catch(() => undefined);
  const failure = result.failed && result.exitCode === undefined && !result.timedOut && !result.isCanceled ? `could not run ${bin}: ${result.shortMessage}` : null;
  return { exitCode: result.exitCode ?? null, timedOut: Boolean(result.timedOut), failure };
}

/** A line longer than this is dropped, not held (claude's own events stay far below it). */
const MAX_LINE_CHARS = 16 * 1024 * 1024;

/** Calls `onLine` for each line of `stream` (a last line without a newline too). */
function readLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let dropping = false;
  stream.on("data", (chunk: Buffer) => {
    const lines = (pending + decoder.write(chunk)).split("\n");
    pending = lines.pop()!;
    for (const line of lines) {
      if (!dropping) onLine(line);
      dropping = false;
    }
    if (pending.length > MAX_LINE_CHARS) {
      pending = "";
      dropping = true;
    }
  });
  stream.on("end", () => {
    const last = pending + decoder.end();
    if (last && !dropping) onLine(last);
  });
}

/** Writes the phase's log and keeps the newest few of its folder. */
async function saveLog(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, text);
  await keepNewestLogs(path.dirname(file), KEEP_LOGS);
}

/** Deletes the `*.log` files of `dir` beyond the newest `keep` (log names sort oldest first). */
export async function keepNewestLogs(dir: string, keep: number): Promise<void> {
  const logs = (await fs.readdir(dir)).filter((name) => name.endsWith(".log")).sort();
  await Promise.all(logs.slice(0, Math.max(0, logs.length - keep)).map((name) => fs.rm(path.join(dir, name), { force: true })));
}
