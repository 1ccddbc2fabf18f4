// The repeat loop's Stop hook. At the end of an iteration it records the result (state and stats
// log), lets the pure core decide, and either ends the loop or keeps the session waiting in this very
// hook until the next start, then continues it with the next iteration's prompt. A wait that is
// interrupted (Esc, a kill) leaves the loop paused: its prompt is never re-fed on a later, unrelated turn.
import { randomUUID } from "node:crypto";
import { withLock } from "../state/json-store.js";
import { formatError } from "../shared/errors.js";
import type { HookContext, LoopHookHandlers } from "../hook/handlers.js";
import type { StopInput } from "../hook/input.js";
import { withNotes, type StopDecision } from "../hook/output.js";
import { checkpointRepeat } from "./checkpoint.js";
import { pauseLoop, pauseLostIteration, recordIteration, startNextIteration } from "./decide.js";
import { findSuccessMarker } from "./early-success.js";
import { iterationPrompt, pausedLine, progressLine, summaryLine } from "./prompt.js";
import { readResultLine } from "./result-line.js";
import type { RepeatState } from "./state.js";
import { loopRunOf, saveLoopRun } from "./stats-store.js";
import { loadState, removeMarker, saveState } from "./store.js";

/** How often a waiting hook re-reads the state, so a --cancel from another process ends the wait at once. */
const POLL_MS = 1_000;

type Ctx = HookContext<StopInput>;
type Waiting = { kind: "wait"; state: RepeatState; warnings: string[] };

export const repeatHookHandlers: LoopHookHandlers = {
  async stop(ctx) {
    const file = ctx.marker.state_file;
    // Trapped from the start, so a signal that lands just as the wait begins still pauses the loop.
    const interrupt = trapSignals();
    try {
      const ended = await withLock(file, () => endIteration(ctx, file));
      // The iteration's tree is kept before the wait; a failure is told in the next prompt, never fatal.
      const notes = await checkpointRepeat(ctx, file);
      if (ended.kind !== "wait") return withNotes(ended, notes);
      return withNotes(await waitThenContinue(ctx, file, ended, interrupt), notes);
    } finally {
      interrupt.release();
    }
  },
  // A resumed session: a wait left from its earlier process can no longer continue it, so the loop
  // pauses now, and the person hears about a paused loop before typing anything.
  async sessionStart(ctx) {
    if (ctx.input.source !== "resume") return undefined;
    const file = ctx.marker.state_file;
    return withLock(file, async () => {
      const state = await loadState(file, ctx.now()).catch(() => undefined);
      if (!state || state.session_id !== ctx.input.session_id || (state.phase !== "waiting" && state.phase !== "paused")) return undefined;
      const paused = pauseLoop(state);
      await saveState(file, paused);
      return { kind: "context", eventName: "SessionStart", message: pausedLine(paused, state.phase === "waiting" ? "the session ended while it waited" : "it was paused earlier") };
    });
  },
};

const allow = (...lines: (string | undefined)[]): StopDecision => {
  const message = lines.filter(Boolean).join("\n");
  return message ? { kind: "allow", message } : { kind: "allow" };
};

/** Loads the loop if this session owns it; otherwise the decision to return (and the marker dropped where it is dead). */
async function loadOwned(ctx: Ctx, file: string): Promise<RepeatState | StopDecision> {
  let state: RepeatState | undefined;
  try {
    state = await loadState(file, ctx.now());
  } catch (error) {
    if ((error as { code?: unknown }).code !== "STATE_CORRUPT") throw error;
    await removeMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return allow(`loopkit repeat stopped: ${formatError(error)}`);
  }
  if (!state) {
    await removeMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return allow("loopkit repeat stopped: its state is gone from loopkit's data folder.");
  }
  // Only the session that started the loop acts on it.
  if (state.session_id !== ctx.input.session_id || state.loop_id !== ctx.marker.loop_id) return allow();
  return state;
}

async function endIteration(ctx: Ctx, file: string): Promise<StopDecision | Waiting> {
  const state = await loadOwned(ctx, file);
  if ("kind" in state) return state;
  const now = ctx.now();
  switch (state.phase) {
    case "ended":
      await removeMarker(ctx.dataDir, state.session_id, state.loop_id);
      return allow();
    case "paused":
      return allow();
    case "waiting": {
      // The hook that was waiting is gone (the person interrupted it): this Stop ends someone else's turn.
      const paused = pauseLoop(state);
      await saveState(file, paused);
      return allow(pausedLine(paused, "its wait was interrupted"));
    }
    case "running": {
      const promptId = ctx.input.prompt_id ?? null;
      if (promptId && state.prompt_id && promptId !== state.prompt_id) {
        // A new prompt of the person's: the loop's own continuation never ran (an interrupt, or Claude
        // Code's cap on consecutive Stop-hook continuations). Never count or re-feed on this turn.
        const paused = pauseLostIteration(state);
        await saveState(file, paused);
        return allow(pausedLine(paused, `iteration ${state.iteration} did not run as loopkit's continuation (interrupted, or Claude Code's limit on consecutive Stop-hook continuations was reached)`));
      }
      const message = ctx.input.last_assistant_message;
      const result = readResultLine(message);
      const successMarker = result.result === "pass" ? findSuccessMarker(message ?? "", `${iterationPrompt(state)}\n${state.command}`) : null;
      const next = recordIteration({ ...state, prompt_id: state.prompt_id ?? promptId }, { ...result, successMarker }, now, randomUUID());
      await saveState(file, next.state);
      const warnings = await recordStats(next.state, now);
      if (next.decision.kind === "wait") return { kind: "wait", state: next.state, warnings };
      await removeMarker(ctx.dataDir, state.session_id, state.loop_id);
      return allow(...warnings, summaryLine(next.state, now));
    }
  }
}

/** Writes the loop's stats record; a problem there is reported, never allowed to break the loop. */
async function recordStats(state: RepeatState, now: Date): Promise<string[]> {
  try {
    return (await saveLoopRun(state.stats_file, loopRunOf(state), "update", now)).warnings;
  } catch (error) {
    return [`loopkit could not update the stats log ${state.stats_file}: ${formatError(error)}`];
  }
}

interface Interrupt {
  interrupted: boolean;
  /** Ends the current sleep early. */
  wake: () => void;
  release: () => void;
}

/** SIGTERM/SIGINT/SIGHUP (Esc, Ctrl-C, a closed terminal) mark the hook interrupted instead of killing it mid-write. */
function trapSignals(): Interrupt {
  const signals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
  const interrupt: Interrupt = {
    interrupted: false,
    wake: () => {},
    release: () => {
      for (const signal of signals) process.off(signal, onSignal);
    },
  };
  const onSignal = () => {
    interrupt.interrupted = true;
    interrupt.wake();
  };
  for (const signal of signals) process.on(signal, onSignal);
  return interrupt;
}

/** Sleeps until next_at, watching the state file; then starts the next iteration if the wait is still ours. */
async function waitThenContinue(ctx: Ctx, file: string, waiting: Waiting, interrupt: Interrupt): Promise<StopDecision> {
  const token = waiting.state.wait_token;
  const dueAt = Date.parse(waiting.state.next_at!);
  const waitStart = ctx.now().getTime();
  // Claude Code killed by SIGTERM leaves this hook running as an orphan: a new parent means the session is gone.
  const parent = process.ppid;
  while (!interrupt.interrupted && ctx.now().getTime() < dueAt) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.min(POLL_MS, dueAt - ctx.now().getTime()));
      interrupt.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    if (process.ppid !== parent) interrupt.interrupted = true;
    const current = await loadState(file, ctx.now()).catch(() => undefined);
    if (current?.phase !== "waiting" || current.wait_token !== token) break;
  }
  return withLock(file, async () => {
    const current = await loadOwned(ctx, file);
    if ("kind" in current) return current;
    const now = ctx.now();
    if (current.phase === "ended") {
      await removeMarker(ctx.dataDir, current.session_id, current.loop_id);
      return allow(...waiting.warnings, summaryLine(current, now));
    }
    if (current.phase !== "waiting" || current.wait_token !== token) return allow(...waiting.warnings);
    if (interrupt.interrupted) {
      const paused = pauseLoop(current);
      await saveState(file, paused);
      return allow(...waiting.warnings, pausedLine(paused, "its wait was interrupted"));
    }
    const next = startNextIteration(current, now);
    await saveState(file, next);
    const progress = [...waiting.warnings, progressLine(current, now.getTime() - waitStart)].join("\n");
    return { kind: "block", reason: iterationPrompt(next), message: progress };
  });
}
