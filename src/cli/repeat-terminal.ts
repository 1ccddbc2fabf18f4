// `loopkit repeat` typed in a terminal, with no Claude Code session around it: the loop runs right here,
// each iteration a `claude -p` turn in the project (run/repeat-runner.ts), in the foreground or, with
// --detach, in a process of its own. What runs (the prompt, interval, caps, claude binary and options,
// the conversation mode) is fixed at the start in loopkit's data folder. The skill's path, a session
// id given, stays in repeat-command.ts.
import { randomUUID } from "node:crypto";
import { ensureWritableFolder } from "../state/json-store.js";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { RepeatRequest } from "../repeat/args.js";
import { terminalStartText } from "../repeat/prompt.js";
import { pruneEndedLoops } from "../repeat/prune.js";
import type { RepeatContext, StartRequest } from "../repeat/start.js";
import { terminalRunDir, type RepeatState, type TerminalRun } from "../repeat/state.js";
import { activeError, activeTerminalLoop, resumeTerminalLoop, startTerminalLoop, type TerminalLoop } from "../repeat/terminal-start.js";
import { tellPerson } from "../notify/tell.js";
import { keepNewestLogs, runClaudePhase } from "../run/claude-phase.js";
import { takeSettingsOption } from "../run/phase-settings.js";
import { driveRepeat } from "../run/repeat-runner.js";
import { holdRunnerLock, runnerAlive, type RunnerKind } from "../run/runner-lock.js";
import { isExecutable, resolveClaude } from "../shared/claude-bin.js";
import { parseDuration } from "../shared/duration.js";
import { LoopkitError } from "../shared/errors.js";
import { startDetached, tellParentStarted } from "./detach.js";
import type { Invocation } from "./invocation.js";
import type { CliIo } from "./io.js";

export interface TerminalOptions {
  detach?: boolean;
  fresh?: boolean;
  /** --timeout: how long an iteration's claude may run. */
  timeout?: string;
  /** Set by --detach for the runner it starts: the runner's log file (not for people). */
  runnerLog?: string;
}

type TerminalRequest = StartRequest | Extract<RepeatRequest, { mode: "resume" }>;

const REPEAT_RUNNER: RunnerKind = {
  other: "another `loopkit repeat` runner",
  hint: "a project runs one repeat loop from a terminal at a time: see loopkit repeat --status",
};

/** claude options the runner sets itself, or that would break reading a turn or continuing its conversation. */
const RUNNER_OWNED = [
  "-p",
  "--print",
  "-r",
  "--resume",
  "-c",
  "--continue",
  "--session-id",
  "--fork-session",
  "--output-format",
  "--input-format",
  "--no-session-persistence",
];

/** Detached runners' logs kept per project (the newest). */
const KEEP_RUNNER_LOGS = 20;

/** Starts or resumes the project's terminal loop; returns the exit code (the loop's final status, or 0 once a detached runner started). */
export async function runFromTerminal(
  request: TerminalRequest,
  claudeArgs: string[],
  loopWords: string[],
  options: TerminalOptions,
  inv: Invocation,
  io: CliIo,
): Promise<number> {
  if (options.fresh && request.mode !== "start")
    throw usage("--fresh goes with a start: a resumed loop keeps the conversation mode it started with");
  if (options.timeout !== undefined && request.mode !== "start")
    throw usage("--timeout goes with a start: a resumed loop keeps the iteration timeout it started with");
  const timeoutMs = options.timeout === undefined ? null : parseDuration(options.timeout, "--timeout");
  if (request.mode === "resume" && claudeArgs.length > 0)
    throw usage("--resume keeps the claude options the loop started with; start a new loop to change them");
  const projectDir = inv.projectDir();
  const data = inv.dataDirForStart();
  // Everything that can be refused is checked before anything starts or detaches.
  const launch =
    request.mode === "start"
      ? {
          claude_bin: resolveClaude(io.env, projectDir, "loopkit repeat"),
          claude_args: claudeOptions(claudeArgs, io.cwd),
          iteration_timeout_ms: timeoutMs,
        }
      : null;
  if (request.mode === "start") {
    const active = await activeTerminalLoop(data, projectDir);
    if (active) throw activeError(active.state);
  }
  const ctx: RepeatContext = { dataDir: data, projectDir, now: io.now(), statsFile: inv.statsFile() };
  if (options.detach && !options.runnerLog) return detach(ctx, claudeArgs, loopWords, options, io);
  return runHere(ctx, request, launch, options, io);
}

const usage = (message: string) => new LoopkitError("USAGE", message, { hint: "run loopkit repeat --help for usage" });

/**
 * The person's claude options, checked: the runner's own (-p, --resume, --output-format, ...) are
 * refused, and a --settings file is read in as JSON text now (phase-settings.ts), so the loop keeps
 * what it said at the start and each iteration merges the data folder into it (claude-phase.ts).
 */
export function claudeOptions(args: string[], cwd: string): string[] {
  const owned = args.find((arg) => RUNNER_OWNED.includes(arg.split("=")[0]!));
  if (owned) throw usage(`${owned.split("=")[0]} is set by loopkit repeat itself and cannot be passed to claude (after --)`);
  const { settings, rest } = takeSettingsOption(args, cwd);
  return settings === null ? rest : [...rest, "--settings", JSON.stringify(settings)];
}

/** Starts the runner as a process of its own (detach.ts), logging to a new file in the project's folder of loopkit's data. */
async function detach(ctx: RepeatContext, claudeArgs: string[], loopWords: string[], options: TerminalOptions, io: CliIo): Promise<number> {
  if (!io.entry)
    throw new LoopkitError("USAGE", "--detach needs loopkit's own command line to start itself again", {
      hint: "run loopkit from its command (bin/loopkit or dist/cli.js)",
    });
  const dir = terminalRunDir(ctx.dataDir, ctx.projectDir);
  await ensureWritableFolder(dir);
  await keepNewestLogs(dir, KEEP_RUNNER_LOGS - 1);
  const logFile = path.join(dir, `runner-${ctx.now.getTime()}.log`);
  const args = [
    "repeat",
    ...loopWords,
    "--project",
    ctx.projectDir,
    "--plugin-data",
    ctx.dataDir,
    "--runner-log",
    logFile,
    ...(options.fresh ? ["--fresh"] : []),
    ...(options.timeout !== undefined ? ["--timeout", options.timeout] : []),
    ...(claudeArgs.length ? ["--", ...claudeArgs] : []),
  ];
  return startDetached(io.entry, args, logFile, io);
}

/** Runs the loop in this process until it ends or pauses. */
async function runHere(
  ctx: RepeatContext,
  request: TerminalRequest,
  launch: Pick<TerminalRun, "claude_bin" | "claude_args" | "iteration_timeout_ms"> | null,
  options: TerminalOptions,
  io: CliIo,
): Promise<number> {
  const dir = terminalRunDir(ctx.dataDir, ctx.projectDir);
  if (await runnerAlive(dir))
    io.stderr(
      "loopkit repeat: a runner holds this project's lock; waiting a few seconds for it (one that just stopped frees it within 10 s)\n",
    );
  const release = await holdRunnerLock(
    dir,
    (error) => io.stderr(`loopkit repeat: lost the runner lock (${error.message}); another runner may start here\n`),
    REPEAT_RUNNER,
  );
  const stop = trapStop();
  try {
    const runner = { pid: process.pid, log_file: options.runnerLog ?? null };
    const notes: string[] = [];
    const loop: TerminalLoop & { warnings?: string[] } =
      request.mode === "start"
        ? await startTerminalLoop(ctx, request, { ...launch!, fresh: Boolean(options.fresh), conversation: null, ...runner })
        : await resumeTerminalLoop(ctx, (terminal) => ({
            ...terminal,
            ...runner,
            claude_bin: claudeForResume(terminal.claude_bin, ctx.projectDir, io.env, notes),
          }));
    const text = terminalStartText(
      loop.state,
      request.mode === "start" ? [...request.warnings, ...(loop.warnings ?? [])] : notes,
      request.mode === "resume",
    );
    io.stdout(text);
    if (request.mode === "start") await pruneEndedLoops(ctx.dataDir);
    if (options.runnerLog) tellParentStarted(text);
    return await driveRepeat(
      {
        dataDir: ctx.dataDir,
        projectDir: ctx.projectDir,
        env: io.env,
        now: () => io.now(),
        // A detached runner's log is read later: each line says when it was written.
        print: (line) => io.stdout(options.runnerLog ? `${io.now().toISOString()} ${line}\n` : `${line}\n`),
        runTurn: runClaudePhase,
        newSessionId: randomUUID,
        newToken: randomUUID,
        stop: stop.signal,
        sleep: (ms) => delay(ms, undefined, { signal: stop.signal }).catch(() => undefined),
        tell: (before: RepeatState, after: RepeatState) =>
          tellPerson({ kind: "repeat", state: before }, { kind: "repeat", state: after }, true, io.userHome?.(), io.env, ctx.dataDir),
      },
      loop.file,
    );
  } finally {
    stop.release();
    await release().catch(() => undefined);
  }
}

/** The loop's claude binary on --resume: the one of its start while it is there (an update may have removed it, say across a reboot), else found again. */
function claudeForResume(bin: string, projectDir: string, env: NodeJS.ProcessEnv, notes: string[]): string {
  if (isExecutable(bin)) return bin;
  const found = resolveClaude(env, projectDir, "loopkit repeat");
  notes.push(`The loop's claude binary ${bin} is gone; it now runs ${found}.`);
  return found;
}

/** SIGINT (Ctrl-C), SIGTERM and SIGHUP (a closed terminal) stop the runner: the loop pauses, nothing is left half-written. */
function trapStop(): { signal: AbortSignal; release(): void } {
  const controller = new AbortController();
  const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
  const onSignal = (signal: NodeJS.Signals) => controller.abort(signal);
  // Writes to a terminal that closed fail: the runner still pauses the loop cleanly.
  const ignore = () => undefined;
  for (const signal of signals) process.on(signal, onSignal);
  process.stdout.on("error", ignore);
  process.stderr.on("error", ignore);
  return {
    signal: controller.signal,
    release() {
      for (const signal of signals) process.off(signal, onSignal);
      process.stdout.off("error", ignore);
      process.stderr.off("error", ignore);
    },
  };
}
