// `loopkit repeat` from a terminal: drives one repeat loop itself, each iteration a `claude -p` turn in
// the project, with the transitions the hooks apply in a session (repeat/decide.ts via
// repeat/terminal.ts), so the state file, the stats record and --status are the same. It waits
// without a model call, counting each wait from the end of an iteration; a --cancel from another
// shell ends a wait or an iteration in flight within a second; a stop (a signal) pauses the loop.
import path from "node:path";
import { checkpointRecorded } from "../repeat/checkpoint.js";
import { afterWait, CREDENTIALS_REFUSED, plannedWaitMs, waitGoesOn } from "../repeat/decide.js";
import { iterationLine, iterationPrompt, pausedLine, summaryLine } from "../repeat/prompt.js";
import { terminalRunDir, type RepeatState } from "../repeat/state.js";
import { REPEAT_EXIT_CODES } from "../repeat/status.js";
import { recordLoopRun } from "../repeat/stats-store.js";
import { loadState, saveState } from "../repeat/store.js";
import { conversationBegun, nextConversation, onTurnEnd, pauseRunner } from "../repeat/terminal.js";
import { withLock } from "../state/json-store.js";
import { formatDuration } from "../shared/duration.js";
import { EXIT } from "../shared/exit-codes.js";
import { LoopkitError } from "../shared/errors.js";
import { monotonicMs, spanLeft, waitOf } from "../shared/monotonic.js";
import { RECURSION_GUARD } from "../shared/recursion-guard.js";
import type { PhaseRun } from "./claude-phase.js";
import { takeSettingsOption, type Settings } from "./phase-settings.js";
import { turnReader, type TurnRecord } from "./claude-stream.js";
import type { PhaseExit } from "./progress.js";

export interface RepeatRunContext {
  dataDir: string;
  projectDir: string;
  /** The environment each iteration's claude gets (the runner's own). */
  env: NodeJS.ProcessEnv;
  now(): Date;
  /** The monotonic clock the waits are measured on (monotonic.ts; tests give their own). */
  monotonicMs?(): number;
  print(line: string): void;
  runTurn(run: PhaseRun): Promise<PhaseExit>;
  newSessionId(): string;
  newToken(): string;
  /** Aborted when the runner is told to stop (a signal): the loop pauses. Its reason names the signal. */
  stop: AbortSignal;
  /** Waits `ms`, or less once `stop` aborts. */
  sleep(ms: number): Promise<void>;
  /** Tells the person (their notify command) when a change of the runner's ended or paused the loop; returns lines to print. */
  tell(before: RepeatState, after: RepeatState): Promise<string[]>;
}

/** How often the runner re-reads the state, so a --cancel from another shell takes effect at once. */
const POLL_MS = 1_000;
/** claude's output the runner reads an iteration's end from (claude-stream.ts). */
const STREAM_ARGS = ["--output-format", "stream-json", "--verbose"];

/** Drives the loop of `file` until it ends or pauses; returns the exit code of its status. */
export async function driveRepeat(ctx: RepeatRunContext, file: string): Promise<number> {
  for (;;) {
    const state = await loadState(file, ctx.now());
    if (!state?.terminal)
      throw new LoopkitError("NO_LOOP", `the repeat loop's state ${file} is gone or is not a terminal loop's`, {
        hint: "see loopkit repeat --status",
      });
    if (state.phase === "ended") {
      ctx.print(summaryLine(state, ctx.now()));
      return REPEAT_EXIT_CODES[state.final_status ?? "CANCELLED"];
    }
    if (ctx.stop.aborted || state.phase === "paused") return pause(ctx, file);
    if (state.phase === "waiting") await waitForNext(ctx, file, state);
    else await runIteration(ctx, file, state);
  }
}

/** The loop pauses for --resume (an iteration cut off runs again then); returns the exit code for paused. */
async function pause(ctx: RepeatRunContext, file: string): Promise<number> {
  const why = ctx.stop.aborted ? `its runner was stopped (${String(ctx.stop.reason ?? "a signal")})` : "it was paused";
  const change = await withLock(file, async () => {
    const state = await loadState(file, ctx.now());
    const next = state && pauseRunner(state);
    if (next) await saveState(file, next);
    return { before: state, after: next ?? state };
  });
  const paused = change.after;
  if (paused?.phase === "ended") {
    ctx.print(summaryLine(paused, ctx.now()));
    return REPEAT_EXIT_CODES[paused.final_status ?? "CANCELLED"];
  }
  if (paused) ctx.print(pausedLine(paused, why));
  if (change.before && paused) for (const line of await ctx.tell(change.before, paused)) ctx.print(line);
  return EXIT.blocked;
}

/**
 * Sleeps until the next iteration is due (re-reading the state each second), then lets afterWait start
 * it. The wait is measured on the monotonic clock: a wall clock set back or forward meanwhile neither
 * stalls the loop nor brings the next iteration closer than the interval.
 */
async function waitForNext(ctx: RepeatRunContext, file: string, state: RepeatState): Promise<void> {
  const token = state.wait_token ?? "";
  const now = ctx.now();
  const wait = waitOf(spanLeft(new Date(state.next_at ?? now), now, plannedWaitMs(state)), () => (ctx.monotonicMs ?? monotonicMs)());
  while (!ctx.stop.aborted && wait.left() > 0) {
    await ctx.sleep(Math.min(POLL_MS, wait.left()));
    if (!waitGoesOn(await loadState(file, ctx.now()).catch(() => undefined), token)) return;
  }
  if (ctx.stop.aborted) return;
  await withLock(file, async () => {
    const current = await loadState(file, ctx.now());
    if (!current) return;
    const step = afterWait(current, { now: ctx.now(), token, interrupted: false });
    if (step.state) await saveState(file, step.state);
  });
}

/** Whether `latest` is still the iteration `state` ran (no --cancel, no other runner took it). */
const stillRunning = (latest: RepeatState | undefined, state: RepeatState) =>
  latest?.phase === "running" &&
  latest.loop_id === state.loop_id &&
  latest.iteration === state.iteration &&
  latest.iteration_started_at === state.iteration_started_at;

/** Runs the iteration in flight as one claude turn, then records it as a Stop would. */
async function runIteration(ctx: RepeatRunContext, file: string, state: RepeatState): Promise<void> {
  const { terminal, resume } = nextConversation(state.terminal!, ctx.newSessionId);
  const current = { ...state, terminal };
  // The turn's session is on record before claude starts: a runner that dies now leaves nothing half-known.
  const saved = await withLock(file, async () => {
    if (!stillRunning(await loadState(file, ctx.now()), state)) return false;
    await saveState(file, current);
    return true;
  });
  if (!saved) return;
  const record = await runTurn(ctx, file, current, resume);
  const now = ctx.now();
  const done = await withLock(file, async () => {
    const latest = await loadState(file, now);
    if (ctx.stop.aborted || !latest || !stillRunning(latest, current)) return null;
    const base = record.began ? { ...latest, terminal: conversationBegun(latest.terminal!) } : latest;
    const step = onTurnEnd(base, record.end, now, ctx.newToken(), record.tokens);
    if (!step.state) return null;
    await saveState(file, step.state);
    return { before: latest, state: step.state, warnings: await recordLoopRun(step.state, now) };
  });
  if (!done) return;
  if (record.detail) ctx.print(`loopkit repeat: iteration ${current.iteration} ended without a final message: ${record.detail}`);
  for (const line of [...done.warnings, ...(await checkpointRecorded(ctx.dataDir, done.state, file, now))]) ctx.print(line);
  ctx.print(iterationLine(done.state, now));
  if (record.end.kind === "api-error" && record.end.error.credentialsRefused) ctx.print(CREDENTIALS_REFUSED);
  for (const line of await ctx.tell(done.before, done.state)) ctx.print(line);
}

/** The claude turn of the iteration in flight, cut short by a stop or when the loop changes under it (a --cancel). */
async function runTurn(ctx: RepeatRunContext, file: string, state: RepeatState, resume: boolean): Promise<TurnRecord> {
  const terminal = state.terminal!;
  const reader = turnReader();
  const cut = new AbortController();
  const onStop = () => cut.abort();
  ctx.stop.addEventListener("abort", onStop);
  const watch = setInterval(() => {
    void loadState(file, ctx.now()).then(
      (latest) => !stillRunning(latest, state) && cut.abort(),
      () => undefined,
    );
  }, POLL_MS);
  try {
    const exit = await ctx.runTurn({
      sessionId: terminal.conversation!.session_id,
      resume,
      bin: terminal.claude_bin,
      prompt: iterationPrompt(state),
      projectDir: ctx.projectDir,
      // The recursion guard: no loop of loopkit's starts inside an iteration.
      env: { ...ctx.env, LOOPKIT_DATA_DIR: ctx.dataDir, [RECURSION_GUARD]: "1" },
      dataDir: ctx.dataDir,
      pluginDir: null,
      // The loop's iterations run as the person's own claude would: no sandbox of loopkit's (--settings is theirs, read at the start).
      ...withSettings(terminal.claude_args, ctx.projectDir),
      timeoutMs: terminal.iteration_timeout_ms ?? 0,
      logFile: path.join(
        terminalRunDir(ctx.dataDir, ctx.projectDir),
        "claude",
        `${state.loop_id}-${String(state.iteration).padStart(4, "0")}.log`,
      ),
      onLine: (line) => reader.push(line),
      signal: cut.signal,
    });
    const record = reader.end(ctx.now());
    const how = exit.timedOut
      ? `claude ran past the iteration timeout (--timeout ${formatDuration(terminal.iteration_timeout_ms ?? 0)}) and was stopped`
      : (exit.failure ?? (exit.exitCode !== null && exit.exitCode !== 0 ? `claude exited ${exit.exitCode}` : null));
    if (!(record.end.kind === "answer" && record.end.message === null)) return record;
    const detail = [how, record.detail].filter(Boolean).join(": ") || "claude printed no result";
    return { ...record, end: { ...record.end, why: detail }, detail };
  } finally {
    clearInterval(watch);
    ctx.stop.removeEventListener("abort", onStop);
  }
}

/** The options kept at the start, their --settings (JSON text by then) taken out for claude-phase to merge loopkit's into. */
function withSettings(claudeArgs: string[], cwd: string): { claudeArgs: string[]; settings: Settings | null; sandbox: null } {
  const { settings, rest } = takeSettingsOption(claudeArgs, cwd);
  return { claudeArgs: [...STREAM_ARGS, ...rest], settings, sandbox: null };
}
