import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadOwned
} from "./chunk-POTKQZNA.js";
import {
  withNotes
} from "./chunk-5FM7APW3.js";
import {
  afterWait,
  endLoop,
  isActive,
  loadState,
  loopRunOf,
  onResume,
  onStop,
  saveLoopRun,
  saveState,
  waitGoesOn
} from "./chunk-CB2I2DM4.js";
import {
  checkpointIteration
} from "./chunk-WMLGG7MM.js";
import "./chunk-XCF37RR2.js";
import "./chunk-YYRSI7JG.js";
import {
  removeSessionMarker,
  withLock
} from "./chunk-HHEMALVQ.js";
import "./chunk-EHWOGXT5.js";
import {
  formatError
} from "./chunk-X5LLZUM3.js";
import "./chunk-JXA4W5PX.js";

// src/repeat/hook-handlers.ts
import { randomUUID } from "node:crypto";

// src/repeat/checkpoint.ts
async function checkpointRepeat(ctx, file) {
  const state = await loadState(file, ctx.now()).catch(() => void 0);
  const last = state?.iterations[state.iterations.length - 1];
  if (!state || !last || state.session_id !== ctx.input.session_id || state.loop_id !== ctx.marker.loop_id) return [];
  const loop = { dataDir: ctx.dataDir, projectDir: state.project_dir, loopId: state.loop_id, loopKind: "repeat", stateFile: file };
  const verdict = state.phase === "ended" && state.final_status ? `${last.result}, ${state.final_status}` : last.result;
  return checkpointIteration(loop, { iteration: last.number, verdict, tokens: null }, ctx.now());
}

// src/repeat/hook-handlers.ts
var POLL_MS = 1e3;
var repeatHookHandlers = {
  async stop(ctx) {
    const file = ctx.marker.state_file;
    const interrupt = trapSignals();
    try {
      const ended = await withLock(file, () => endIteration(ctx, file));
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
      const warnings = [];
      if (isActive(owned.state)) {
        const ended = endLoop(owned.state, "ERROR", now);
        await saveState(file, ended);
        warnings.push(...await recordStats(ended, now));
      }
      await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
      return allow(`loopkit repeat stopped (ERROR): ${reason}.`, ...warnings);
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
async function endIteration(ctx, file) {
  const owned = await loadOwned(ctx, "repeat", () => loadState(file, ctx.now()));
  if ("decision" in owned) return owned.decision;
  const { state } = owned;
  const now = ctx.now();
  const step = onStop(state, { now, promptId: ctx.input.prompt_id ?? null, lastMessage: ctx.input.last_assistant_message, waitToken: randomUUID() });
  if (step.kind !== "wait") return carryOut(ctx, file, step, now);
  await saveState(file, step.state);
  return { ...step, warnings: await recordStats(step.state, now) };
}
async function carryOut(ctx, file, step, now, earlier = []) {
  if (step.state) await saveState(file, step.state);
  if (step.kind === "continue") return { kind: "block", reason: step.prompt, message: [...earlier, step.line].join("\n") };
  const warnings = step.recorded && step.state ? await recordStats(step.state, now) : [];
  if (step.removeMarker) await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
  return allow(...earlier, ...warnings, ...step.lines);
}
async function recordStats(state, now) {
  try {
    return (await saveLoopRun(state.stats_file, loopRunOf(state), "update", now)).warnings;
  } catch (error) {
    return [`loopkit could not update the stats log ${state.stats_file}: ${formatError(error)}`];
  }
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
async function waitThenContinue(ctx, file, waiting, interrupt) {
  const dueAt = waiting.until.getTime();
  const waitStart = ctx.now().getTime();
  const parent = process.ppid;
  while (!interrupt.interrupted && ctx.now().getTime() < dueAt) {
    await new Promise((resolve) => {
      const timer = setTimeout(resolve, Math.min(POLL_MS, dueAt - ctx.now().getTime()));
      interrupt.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    if (process.ppid !== parent) interrupt.interrupted = true;
    if (!waitGoesOn(await loadState(file, ctx.now()).catch(() => void 0), waiting.token)) break;
  }
  return withLock(file, async () => {
    const owned = await loadOwned(ctx, "repeat", () => loadState(file, ctx.now()));
    if ("decision" in owned) return owned.decision;
    const now = ctx.now();
    const step = afterWait(owned.state, { now, token: waiting.token, interrupted: interrupt.interrupted, waitedMs: now.getTime() - waitStart });
    return carryOut(ctx, file, step, now, waiting.warnings);
  });
}
export {
  repeatHookHandlers
};
