// The repeat loop's hooks: the I/O around the pure core in decide.ts. A Stop loads the loop, lets
// onStop decide, saves what it returns, updates the stats log, and carries out a wait in this very
// hook until the next start, then asks afterWait whether to continue the session with the next
// iteration's prompt. A wait that is interrupted (Esc, a kill) leaves the loop paused: its prompt is
// never re-fed on a later, unrelated turn.
import { randomUUID } from "node:crypto";
import { withLock } from "../state/json-store.js";
import { formatError } from "../shared/errors.js";
import { loadOwned } from "../session/owner.js";
import type { HookContext, LoopHookHandlers } from "../session/handlers.js";
import type { StopInput } from "../session/input.js";
import { withNotes, type StopDecision } from "../session/output.js";
import { checkpointRepeat } from "./checkpoint.js";
import { afterWait, endLoop, isActive, onResume, onStop, waitGoesOn, type SettledStep, type StopStep } from "./decide.js";
import type { RepeatState } from "./state.js";
import { loopRunOf, saveLoopRun } from "./stats-store.js";
import { loadState, removeMarker, saveState } from "./store.js";

/** How often a waiting hook re-reads the state, so a --cancel from another process ends the wait at once. */
const POLL_MS = 1_000;

type Ctx = HookContext<StopInput>;
type Waiting = Extract<StopStep, { kind: "wait" }> & { warnings: string[] };

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
  // The loop ends with ERROR and the hook's error on record (fail closed), never left running unseen.
  async endOnError(ctx, reason) {
    const file = ctx.marker.state_file;
    return withLock(file, async () => {
      const owned = await loadOwned(ctx, "repeat", () => loadState(file, ctx.now()));
      if ("decision" in owned) return owned.decision;
      const now = ctx.now();
      const warnings: string[] = [];
      if (isActive(owned.state)) {
        const ended = endLoop(owned.state, "ERROR", now);
        await saveState(file, ended);
        warnings.push(...(await recordStats(ended, now)));
      }
      await removeMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
      return allow(`loopkit repeat stopped (ERROR): ${reason}.`, ...warnings);
    });
  },
  // A resumed session: the person hears about a paused loop before typing anything.
  async sessionStart(ctx) {
    if (ctx.input.source !== "resume") return undefined;
    const file = ctx.marker.state_file;
    return withLock(file, async () => {
      const state = await loadState(file, ctx.now()).catch(() => undefined);
      const resumed = state && onResume(state, ctx.input.session_id);
      if (!resumed) return undefined;
      await saveState(file, resumed.state);
      return { kind: "context", eventName: "SessionStart", message: resumed.line };
    });
  },
};

const allow = (...lines: (string | undefined)[]): StopDecision => {
  const message = lines.filter(Boolean).join("\n");
  return message ? { kind: "allow", message } : { kind: "allow" };
};

async function endIteration(ctx: Ctx, file: string): Promise<StopDecision | Waiting> {
  const owned = await loadOwned(ctx, "repeat", () => loadState(file, ctx.now()));
  if ("decision" in owned) return owned.decision;
  const { state } = owned;
  const now = ctx.now();
  const step = onStop(state, { now, promptId: ctx.input.prompt_id ?? null, lastMessage: ctx.input.last_assistant_message, waitToken: randomUUID() });
  if (step.kind !== "wait") return carryOut(ctx, file, step, now);
  await saveState(file, step.state);
  return { ...step, warnings: await recordStats(step.state, now) };
}

/** Saves what the core decided, updates the stats log for a recorded iteration, and drops the marker of a loop that is over. */
async function carryOut(ctx: Ctx, file: string, step: SettledStep, now: Date, earlier: string[] = []): Promise<StopDecision> {
  if (step.state) await saveState(file, step.state);
  if (step.kind === "continue") return { kind: "block", reason: step.prompt, message: [...earlier, step.line].join("\n") };
  const warnings = step.recorded && step.state ? await recordStats(step.state, now) : [];
  if (step.removeMarker) await removeMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
  return allow(...earlier, ...warnings, ...step.lines);
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

/** Sleeps until the wait is due, watching the state file; then lets afterWait decide. */
async function waitThenContinue(ctx: Ctx, file: string, waiting: Waiting, interrupt: Interrupt): Promise<StopDecision> {
  const dueAt = waiting.until.getTime();
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
    if (!waitGoesOn(await loadState(file, ctx.now()).catch(() => undefined), waiting.token)) break;
  }
  return withLock(file, async () => {
    const owned = await loadOwned(ctx, "repeat", () => loadState(file, ctx.now()));
    if ("decision" in owned) return owned.decision;
    const now = ctx.now();
    const step = afterWait(owned.state, { now, token: waiting.token, interrupted: interrupt.interrupted, waitedMs: now.getTime() - waitStart });
    return carryOut(ctx, file, step, now, waiting.warnings);
  });
}
