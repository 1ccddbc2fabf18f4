import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadOwned,
  ownsLoop,
  readTranscriptDelta
} from "./chunk-M6B4I5ZY.js";
import {
  afterWait,
  checkpointNotesBefore,
  checkpointRepeat,
  claimWait,
  endLoop,
  iterationTag,
  onApiError,
  onPromptSubmit,
  onResume,
  onSessionEnd,
  onStop,
  plannedWaitMs,
  waitGoesOn
} from "./chunk-FW7RJCAR.js";
import "./chunk-ZXZMPERI.js";
import {
  apiErrorOf,
  lastTurnApiError,
  promptIdOfTurnWith,
  spanLeft,
  transcriptTail,
  waitOf
} from "./chunk-PY5V25UZ.js";
import {
  isNotThePersonsWord
} from "./chunk-EUSUULBY.js";
import {
  withNotes
} from "./chunk-5FM7APW3.js";
import {
  isActive,
  loadState,
  recordLoopRun,
  saveState
} from "./chunk-VN5KYKVC.js";
import "./chunk-P4IBK2I7.js";
import "./chunk-7BFHLTUB.js";
import "./chunk-BUUOZ462.js";
import "./chunk-QJD4XBMD.js";
import {
  removeSessionMarker
} from "./chunk-HY7BSOUE.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-5F52TF2U.js";
import "./chunk-T4GQSL4B.js";
import "./chunk-PVEHQ6JT.js";
import {
  withLock
} from "./chunk-W3MJS3SN.js";
import "./chunk-CW3O4QTE.js";
import "./chunk-JXA4W5PX.js";

// src/repeat/hook-handlers.ts
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";

// src/repeat/iteration-usage.ts
import { stat } from "node:fs/promises";
var LAG_WAIT_MS = 1500;
var LAG_POLL_MS = 50;
async function iterationUsage(state, transcriptPath, turnEnded = false) {
  if (state.phase !== "running" || !transcriptPath) return null;
  const kept = state.transcript_cursor?.path === transcriptPath ? state.transcript_cursor : null;
  try {
    const read = () => readTranscriptDelta(
      transcriptPath,
      { offset: kept?.offset ?? 0, recentMessageIds: kept?.recent_message_ids ?? [], subagentOffsets: kept?.subagent_offsets ?? {} },
      new Date(state.iteration_started_at)
    );
    let delta = await read();
    const lagging = turnEnded && delta.tokens === 0 && await isFile(transcriptPath);
    for (const wait = waitOf(LAG_WAIT_MS); lagging && delta.tokens === 0 && wait.left() > 0; ) {
      await new Promise((resolve) => setTimeout(resolve, LAG_POLL_MS));
      delta = await read();
    }
    return {
      tokens: delta.tokens,
      transcriptCursor: {
        path: transcriptPath,
        offset: delta.offset,
        recent_message_ids: delta.recentMessageIds,
        subagent_offsets: delta.subagentOffsets
      },
      personMessages: delta.personMessages.filter((message) => !isNotThePersonsWord(message))
    };
  } catch {
    return null;
  }
}
var isFile = (file) => stat(file).then(
  (found) => found.isFile(),
  () => false
);

// src/repeat/hook-handlers.ts
var POLL_MS = 1e3;
var SETTLE_POLL_MS = 100;
var SETTLE_MAX_MS = 6e4;
var PAUSE_GRACE_MS = 1500;
var repeatHookHandlers = {
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
          usage: await iterationUsage(owned.state, ctx.input.transcript_path, true)
        }),
        now
      );
    });
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
          usage: await iterationUsage(owned.state, ctx.input.transcript_path)
        }),
        now
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
      const warnings = [];
      if (isActive(owned.state)) {
        const ended = endLoop(owned.state, "ERROR", now);
        await saveState(file, ended);
        warnings.push(...await recordLoopRun(ended, now));
      }
      await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
      return allow(`loopkit repeat stopped (ERROR): ${reason}.`, ...warnings);
    });
  },
  async sessionEnd(ctx) {
    const file = ctx.marker.state_file;
    await withLock(file, async () => {
      const state = await loadState(file, ctx.now()).catch(() => void 0);
      if (!state || !ownsLoop(state, ctx)) return;
      const now = ctx.now();
      const step = onSessionEnd(state, {
        now,
        apiError: state.phase === "running" ? await lastTurnApiError(ctx.input.transcript_path, now) : null,
        usage: await iterationUsage(state, ctx.input.transcript_path)
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
      const state = await loadState(file, ctx.now()).catch(() => void 0);
      if (!state || !ownsLoop(state, ctx) || state.phase !== "running") return null;
      const tag = iterationTag(state);
      const iterationTurn = ctx.input.prompt?.includes(tag) ? null : promptIdOfTurnWith(await transcriptTail(ctx.input.transcript_path), tag, new Date(state.iteration_started_at));
      return onPromptSubmit(state, { promptId: ctx.input.prompt_id ?? null, prompt: ctx.input.prompt, iterationTurn });
    };
    const first = await withLock(file, async () => {
      const found = await step();
      if (found && !found.line) await saveState(file, found.state);
      return found;
    });
    if (!first?.line) return void 0;
    await delay(PAUSE_GRACE_MS);
    return withLock(file, async () => {
      const found = await step();
      if (!found) return void 0;
      await saveState(file, found.state);
      return found.line ? { kind: "context", eventName: "UserPromptSubmit", message: found.line } : void 0;
    });
  },
  // A resumed session: the person hears about a paused loop before typing anything.
  async sessionStart(ctx) {
    if (ctx.input.source !== "resume") return void 0;
    const file = ctx.marker.state_file;
    return withLock(file, async () => {
      const state = await loadState(file, ctx.now()).catch(() => void 0);
      const resumed = state && onResume(state, ctx.input.session_id);
      if (!resumed) return void 0;
      await saveState(file, resumed.state);
      return { kind: "context", eventName: "SessionStart", message: resumed.line };
    });
  }
};
var allow = (...lines) => {
  const message = lines.filter(Boolean).join("\n");
  return message ? { kind: "allow", message } : { kind: "allow" };
};
async function settle(ctx, file, step, now) {
  if (step.kind !== "wait") return carryOut(ctx, file, step, now);
  await saveState(file, step.state);
  return allow(...await recordLoopRun(step.state, now), ...step.lines);
}
async function carryOut(ctx, file, step, now) {
  const warnings = step.kind !== "continue" && step.recorded && step.state ? await recordLoopRun(step.state, now) : [];
  if (step.state) await saveState(file, step.state);
  if (step.kind === "continue") return { kind: "block", reason: step.prompt };
  if (step.removeMarker) await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
  return allow(...warnings, ...step.lines);
}
function trapSignals() {
  const signals = ["SIGTERM", "SIGINT", "SIGHUP"];
  const interrupt = {
    interrupted: false,
    wake: () => {
    },
    release: () => {
      for (const signal of signals) process.off(signal, onSignal);
    }
  };
  const onSignal = () => {
    interrupt.interrupted = true;
    interrupt.wake();
  };
  for (const signal of signals) process.on(signal, onSignal);
  return interrupt;
}
async function waitInBackground(ctx, interrupt) {
  const file = ctx.marker.state_file;
  const promptId = ctx.input.prompt_id ?? null;
  const settleBy = ctx.now().getTime() + SETTLE_MAX_MS;
  let claim;
  let plannedMs;
  for (; ; ) {
    const state = await loadState(file, ctx.now()).catch(() => void 0);
    if (!state || !ownsLoop(state, ctx)) return { kind: "none" };
    claim = claimWait(state, { now: ctx.now(), promptId });
    plannedMs = plannedWaitMs(state);
    if (claim.kind !== "pending") break;
    if (ctx.now().getTime() > settleBy || interrupt.interrupted) return { kind: "none" };
    await sleep(SETTLE_POLL_MS, interrupt);
  }
  if (claim.kind === "none") return { kind: "none" };
  const taken = claim.state;
  if (taken) {
    const won = await withLock(file, async () => {
      const current = await loadState(file, ctx.now()).catch(() => void 0);
      if (!current || !waitGoesOn(current, taken.wait_token) || current.wait_owner === taken.wait_owner) return false;
      await saveState(file, { ...current, wait_owner: taken.wait_owner });
      return true;
    });
    if (!won) return { kind: "none" };
  }
  const token = claim.token;
  const wait = waitOf(spanLeft(claim.until, ctx.now(), plannedMs));
  const parent = process.ppid;
  while (!interrupt.interrupted && wait.left() > 0) {
    await sleep(Math.min(POLL_MS, wait.left()), interrupt);
    if (process.ppid !== parent) interrupt.interrupted = true;
    if (!waitGoesOn(await loadState(file, ctx.now()).catch(() => void 0), token)) break;
  }
  return withLock(file, async () => {
    const owned = await loadOwned(ctx, "repeat", () => loadState(file, ctx.now()));
    if ("decision" in owned) return { kind: "none", ...owned.decision.message ? { message: owned.decision.message } : {} };
    const now = ctx.now();
    const step = afterWait(owned.state, { now, token, interrupted: interrupt.interrupted });
    const decision = await carryOut(ctx, file, step, now);
    if (decision.kind === "block") {
      const notes = step.kind === "continue" ? await checkpointNotesBefore(ctx, step.state, file) : [];
      return { kind: "wake", prompt: notes.length ? `${decision.reason}

${notes.join("\n")}` : decision.reason };
    }
    return { kind: "none", ...decision.message ? { message: decision.message } : {} };
  });
}
function sleep(ms, interrupt) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    interrupt.wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
}
export {
  repeatHookHandlers
};
