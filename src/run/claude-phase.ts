// Runs one phase: `claude -p --session-id <id>` (or `--resume <id>`) in the project root, the prompt on
// stdin (never on a command line), its output bounded into a log file. The binary is the one given,
// else $LOOPKIT_CLAUDE_BIN or `claude`.
import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { StringDecoder } from "node:string_decoder";
import { writeFileAtomic } from "../shared/atomic-write.js";
import { BoundedOutput } from "../shared/bounded-output.js";
import { endOrphanedRuns, guardRunWithSentinel, killTagged, runTagEnv } from "../shared/process-group.js";
import type { PhaseExit } from "./progress.js";
import { phaseSettings, type Settings } from "./phase-settings.js";

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
  /** The person's own claude options (after `--`, their --settings taken out), e.g. --allowedTools or --permission-mode. */
  claudeArgs: string[];
  /** The person's own --settings, if they gave one; loopkit's go on top (phase-settings.ts). */
  settings: Settings | null;
  /** The `sandbox` block loopkit turns on for the phase (phase-sandbox.ts); null with --no-sandbox. */
  sandbox: Settings | null;
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
/** How much of the end of claude's output the runner shows when claude fails. */
const TAIL_LINES = 12;
const TAIL_BYTES = 2_000;

/**
 * The phase's argv: one --settings, the person's own with loopkit's on top (src/run/phase-settings.ts):
 * the data folder as env (a settings file the agent writes in the project, `.claude/settings.local.json`
 * `env`, reaches the phase's hooks on newer Claude Code, and command-line settings outrank it,
 * measured on 2.1.332, so the agent cannot point the hook at another data folder) and, by default,
 * Claude Code's sandbox. The person's other options come last.
 */
export function phaseArgs(
  run: Pick<PhaseRun, "sessionId" | "resume" | "pluginDir" | "claudeArgs" | "settings" | "sandbox"> & { dataDir: string },
): string[] {
  const settings = JSON.stringify(phaseSettings(run.settings, { dataDir: run.dataDir, sandbox: run.sandbox }));
  return [
    "-p",
    run.resume ? "--resume" : "--session-id",
    run.sessionId,
    "--settings",
    settings,
    ...(run.pluginDir ? ["--plugin-dir", run.pluginDir] : []),
    ...run.claudeArgs,
  ];
}

export async function runClaudePhase(run: PhaseRun): Promise<PhaseExit> {
  const bin = run.bin ?? (run.env.LOOPKIT_CLAUDE_BIN || "claude");
  const output = new BoundedOutput(KEEP_BYTES, KEEP_BYTES);
  // execa (and its dependencies) load only when a process is spawned, not with every hook or command.
  const { execa } = await import("execa");
  // An agent whose runner was killed (kill -9 runs no handler) is still running: it is ended before
  // another starts, so a --resume or --takeover never runs two agents in one project.
  await endOrphanedRuns();
  // Every process of the agent carries the run's tag and this runner as its owner (process-group.ts).
  const tag = randomUUID();
  const endSentinel = guardRunWithSentinel(tag);
  const child = execa(bin, phaseArgs(run), {
    cwd: run.projectDir,
    env: { ...run.env, ...runTagEnv(tag) },
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
  // What the agent left running (a tool's children, a daemon) ends with it, at once: one holding its
  // stdout open would otherwise keep this run waiting for the output to end.
  const leftover = new Promise<number>((resolve) => {
    child.once("exit", () => resolve(killTagged(tag)));
    child.once("error", () => resolve(killTagged(tag)));
  });
  child.all?.on("data", (chunk: Buffer) => output.push(chunk));
  if (run.onLine) readLines(child.stdout, run.onLine);
  const result = await child;
  await leftover;
  endSentinel();
  await saveLog(run.logFile, output.text()).catch(() => undefined);
  const failure =
    result.failed && result.exitCode === undefined && !result.timedOut && !result.isCanceled
      ? `could not run ${bin}: ${result.shortMessage}`
      : null;
  const tail = output.last(TAIL_BYTES).split("\n").slice(-TAIL_LINES).join("\n");
  return { exitCode: result.exitCode ?? null, timedOut: Boolean(result.timedOut), failure, tail };
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
