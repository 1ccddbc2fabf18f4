// The repeat loop's hooks: the I/O around the pure core in decide.ts. A Stop loads the loop, lets
// onStop decide, saves what it returns and updates the stats log; when the next iteration is due
// later, the Stop hook only tells the person, and the background hook of the same Stop (asyncRewake:
// the session stays free meanwhile) sleeps until then and wakes the session with the next iteration's
// prompt. A wait that is interrupted (a kill, the session going away) leaves the loop paused: its
// prompt is never re-fed on a later, unrelated turn. An API error ends a turn with a StopFailure (or,
// in `claude -p`, only with SessionEnd): recorded as a failed iteration, never a hang. Esc during an
// iteration fires no hook at all: the person's next prompt shows it, and the loop pauses then. A prompt
// typed into a running iteration lets it finish, and the loop pauses instead of waiting for the next.
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { withLock } from "../state/json-store.js";
import { apiErrorOf, lastTurnApiError } from "../session/api-error.js";
import { promptIdOfTurnWith, transcriptTail } from "../session/transcript.js";
import { loadOwned, ownsLoop } from "../session/owner.js";
import type { HookContext, LoopHookHandlers } from "../session/handlers.js";
import type { StopFailureInput, StopInput } from "../session/input.js";
import { withNotes, type StopDecision, type WakeDecision } from "../session/output.js";
import { checkpointNotesBefore, checkpointRepeat } from "./checkpoint.js";
import {
  afterWait,
  claimWait,
  endLoop,
  type WaitClaim,
  onApiError,
  onPromptSubmit,
  onResume,
  onSessionEnd,
  onStop,
  plannedWaitMs,
  waitGoesOn,
  type SettledStep,
  type StopStep,
} from "./decide.js";
import { spanLeft, waitOf } from "../shared/monotonic.js";
import { iterationUsage } from "./iteration-usage.js";
import { iterationTag } from "./prompt.js";
import { recordLoopRun } from "./stats-store.js";
import { loadState, removeMarker, saveState } from "./store.js";
import { isActive } from "./state.js";

/** How often a waiting hook re-reads the state, so a --cancel from another process ends the wait at once. */
const POLL_MS = 1_000;
/** How often, and how long, a background hook looks for its Stop hook's record before giving up. */
const SETTLE_POLL_MS = 100;
const SETTLE_MAX_MS = 60_000;
/** How long a prompt that seems to show an interrupted iteration waits before the loop pauses (the prompt waits with it, rarely). */
const PAUSE_GRACE_MS = 1_500;

type Ctx = HookContext<StopInput | StopFailureInput>;
/** Any event's context: what saving and the marker need. */
type AnyCtx = HookContext<{ session_id: string }>;

export const repeatHookHandlers: LoopHookHandlers = {
  async stop(ctx) {
    const file = ctx.marker.state_file;
    const decision = await withLock(file, async () => {
      const owned = await loadOwned(ctx, "repeat", () => loadState(file, ctx.now()));
      if ("decision" in owned) return owned.decision;
      const now = ctx.now();
      return settle(
        ctx,
        file,
        onStop(owned.state, {
          now,
          promptId: ctx.input.prompt_id ?? null,
          lastMessage: ctx.input.last_assistant_message,
          waitToken: randomUUID(),
          usage: await iterationUsage(owned.state, ctx.input.transcript_path, true),
        }),
        now,
      );
    });
    // The iteration's tree is kept once it is recorded; a failure is told, never fatal.
    return withNotes(decision, await checkpointRepeat(ctx, file));
  },
  async stopFailure(ctx) {
    const file = ctx.marker.state_file;
    const decision = await withLock(file, async () => {
      const owned = await loadOwned(ctx, "repeat", () => loadState(file, ctx.now()));
      if ("decision" in owned) return owned.decision;
      const now = ctx.now();
      const error = apiErrorOf(ctx.input.error, ctx.input.last_assistant_message, now);
      return settle(
        ctx,
        file,
        onApiError(owned.state, {
          now,
          promptId: ctx.input.prompt_id ?? null,
          error,
          waitToken: randomUUID(),
          usage: await iterationUsage(owned.state, ctx.input.transcript_path),
        }),
        now,
      );
    });
    return withNotes(decision, await checkpointRepeat(ctx, file));
  },
  async background(ctx) {
    const interrupt = trapSignals();
    try {
      return await waitInBackground(ctx, interrupt);
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
        warnings.push(...(await recordLoopRun(ended, now)));
      }
      await removeMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
      return allow(`loopkit repeat stopped (ERROR): ${reason}.`, ...warnings);
    });
  },
  async sessionEnd(ctx) {
    const file = ctx.marker.state_file;
    await withLock(file, async () => {
      const state = await loadState(file, ctx.now()).catch(() => undefined);
      if (!state || !ownsLoop(state, ctx)) return;
      const now = ctx.now();
      const step = onSessionEnd(state, {
        now,
        apiError: state.phase === "running" ? await lastTurnApiError(ctx.input.transcript_path, now) : null,
        usage: await iterationUsage(state, ctx.input.transcript_path),
      });
      if (step) await carryOut(ctx, file, step, now);
    });
  },
  // The woken iteration's own turn in the interactive UI comes as a new prompt: the loop learns its id.
  // A prompt of the person's may show that Esc cut the iteration off: the loop pauses, and says so.
  // One typed into the running iteration is marked: the iteration's Stop then pauses the loop.
  async userPromptSubmit(ctx) {
    const file = ctx.marker.state_file;
    const step = async () => {
      const state = await loadState(file, ctx.now()).catch(() => undefined);
      if (!state || !ownsLoop(state, ctx) || state.phase !== "running") return null;
      const tag = iterationTag(state);
      const iterationTurn = ctx.input.prompt?.includes(tag)
        ? null
        : promptIdOfTurnWith(await transcriptTail(ctx.input.transcript_path), tag, new Date(state.iteration_started_at));
      return onPromptSubmit(state, { promptId: ctx.input.prompt_id ?? null, prompt: ctx.input.prompt, iterationTurn });
    };
    const first = await withLock(file, async () => {
      const found = await step();
      if (found && !found.line) await saveState(file, found.state);
      return found;
    });
    if (!first?.line) return undefined;
    // A pause is decided again a moment later: a Stop hook of the iteration still on its way records it instead.
    await delay(PAUSE_GRACE_MS);
    return withLock(file, async () => {
      const found = await step();
      if (!found) return undefined;
      await saveState(file, found.state);
      return found.line ? { kind: "context", eventName: "UserPromptSubmit", message: found.line } : undefined;
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

/** Saves a Stop's step: a wait is saved and announced here, and carried out by the background hook. */
async function settle(ctx: AnyCtx, file: string, step: StopStep, now: Date): Promise<StopDecision> {
  if (step.kind !== "wait") return carryOut(ctx, file, step, now);
  await saveState(file, step.state);
  return allow(...(await recordLoopRun(step.state, now)), ...step.lines);
}

/**
 * Updates the stats log for a recorded iteration, saves what the core decided, and drops the marker of
 * a loop that is over. The stats log first: it is rewritten from the state (an update, never an
 * append), and Claude Code gives a SessionEnd hook only 1.5 s before it ends it (2.1.197 and 2.1.332),
 * so a hook cut short leaves the log never behind the state: no saved iteration is missing from it.
 */
async function carryOut(ctx: AnyCtx, file: string, step: SettledStep, now: Date): Promise<StopDecision> {
  const warnings = step.kind !== "continue" && step.recorded && step.state ? await recordLoopRun(step.state, now) : [];
  if (step.state) await saveState(file, step.state);
  if (step.kind === "continue") return { kind: "block", reason: step.prompt };
  if (step.removeMarker) await removeMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
  return allow(...warnings, ...step.lines);
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

/** The background hook: finds the wait its Stop started (or one left overdue), sleeps until it is due, then lets afterWait decide. */
async function waitInBackground(ctx: Ctx, interrupt: Interrupt): Promise<WakeDecision> {
  const file = ctx.marker.state_file;
  const promptId = ctx.input.prompt_id ?? null;
  const settleBy = ctx.now().getTime() + SETTLE_MAX_MS;
  let claim: WaitClaim;
  let plannedMs: number;
  for (;;) {
    const state = await loadState(file, ctx.now()).catch(() => undefined);
    if (!state || !ownsLoop(state, ctx)) return { kind: "none" };
    claim = claimWait(state, { now: ctx.now(), promptId });
    plannedMs = plannedWaitMs(state);
    if (claim.kind !== "pending") break;
    // This Stop's own hook has not recorded the iteration yet (both start together).
    if (ctx.now().getTime() > settleBy || interrupt.interrupted) return { kind: "none" };
    await sleep(SETTLE_POLL_MS, interrupt);
  }
  if (claim.kind === "none") return { kind: "none" };
  const taken = claim.state;
  if (taken) {
    // An overdue wait whose hook died: taken over under the lock, unless another hook was quicker.
    const won = await withLock(file, async () => {
      const current = await loadState(file, ctx.now()).catch(() => undefined);
      if (!current || !waitGoesOn(current, taken.wait_token!) || current.wait_owner === taken.wait_owner) return false;
      await saveState(file, { ...current, wait_owner: taken.wait_owner });
      return true;
    });
    if (!won) return { kind: "none" };
  }
  const token = claim.token;
  // Measured on the monotonic clock: a wall clock set back or forward meanwhile moves the wait neither way.
  const wait = waitOf(spanLeft(claim.until, ctx.now(), plannedMs));
  // A new parent means the session is gone (Claude Code killed by SIGTERM leaves this hook as an orphan).
  const parent = process.ppid;
  while (!interrupt.interrupted && wait.left() > 0) {
    await sleep(Math.min(POLL_MS, wait.left()), interrupt);
    if (process.ppid !== parent) interrupt.interrupted = true;
    if (!waitGoesOn(await loadState(file, ctx.now()).catch(() => undefined), token)) break;
  }
  return withLock(file, async () => {
    const owned = await loadOwned(ctx, "repeat", () => loadState(file, ctx.now()));
    if ("decision" in owned) return { kind: "none", ...(owned.decision.message ? { message: owned.decision.message } : {}) };
    const now = ctx.now();
    const step = afterWait(owned.state, { now, token, interrupted: interrupt.interrupted });
    const decision = await carryOut(ctx, file, step, now);
    if (decision.kind === "block") {
      // A checkpoint of the iteration before that failed is told in this prompt (the Stop hook told the person).
      const notes = step.kind === "continue" ? await checkpointNotesBefore(ctx, step.state, file) : [];
      return { kind: "wake", prompt: notes.length ? `${decision.reason}\n\n${notes.join("\n")}` : decision.reason };
    }
    return { kind: "none", ...(decision.message ? { message: decision.message } : {}) };
  });
}

/** Sleeps `ms`, or less when a signal wakes the hook. */
function sleep(ms: number, interrupt: Interrupt): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    interrupt.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}
