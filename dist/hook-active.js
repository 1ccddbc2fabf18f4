import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  afterWait,
  auditPrompt,
  beginTurn,
  changesSince,
  checkpointIteration,
  endLoop,
  endedOutcome,
  failLoop,
  finishTurn,
  isActive,
  iterationChangesText,
  loadState as loadState2,
  loopContext,
  loopRunOf,
  nextGateStep,
  onResume,
  onStop,
  readLoop,
  recordIteration,
  saveLoopRun,
  saveNextPrompt,
  saveState,
  snapshotIteration,
  tellPerson,
  treeFingerprint,
  waitGoesOn
} from "./chunks/chunk-DFJ7WAFP.js";
import {
  historyEntry,
  inspectMirror,
  loadState,
  loopFiles,
  persist,
  readHandoff,
  readSettings,
  readTranscriptDelta,
  runAudit,
  runVerifier,
  verifierRun,
  writeVerifierLog
} from "./chunks/chunk-GTZE34UZ.js";
import "./chunks/chunk-JPMZYOPS.js";
import {
  AutoLoopStateSchema,
  SessionMarkerSchema,
  external_exports,
  keepAside,
  readJson,
  removeSessionMarker,
  tokensUsed,
  withLock,
  writeJson
} from "./chunks/chunk-T5RPSBXM.js";
import {
  SESSION_ID_PATTERN,
  sessionMarkerPath
} from "./chunks/chunk-2LPL6D4U.js";
import {
  formatError,
  isLoopkitError
} from "./chunks/chunk-WA7G27RY.js";

// src/auto-loop/hook-handlers.ts
import { randomBytes } from "node:crypto";

// src/session/owner.ts
var ownsLoop = (state, ctx) => state.session_id === ctx.input.session_id && state.loop_id === ctx.marker.loop_id;
async function loadOwned(ctx, kind, load) {
  const forget = async (message) => {
    await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return { decision: message ? { kind: "allow", message } : { kind: "allow" } };
  };
  let state;
  try {
    state = await load();
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    return forget(`loopkit ${kind} stopped: ${formatError(error)}`);
  }
  if (!state) return forget(`loopkit ${kind} stopped: its state is gone from loopkit's data folder.`);
  return ownsLoop(state, ctx) ? { state } : forget();
}

// src/session/output.ts
function toHookJson(decision) {
  if (!decision) return void 0;
  switch (decision.kind) {
    case "block":
      return { decision: "block", reason: decision.reason, ...decision.message ? { systemMessage: decision.message } : {} };
    case "allow":
      return decision.message ? { systemMessage: decision.message } : void 0;
    case "context":
      return {
        ...decision.message ? { systemMessage: decision.message } : {},
        ...decision.context ? { hookSpecificOutput: { hookEventName: decision.eventName, additionalContext: decision.context } } : {}
      };
  }
}
function withNotes(decision, notes) {
  if (notes.length === 0) return decision;
  const message = [decision.message, ...notes].filter(Boolean).join("\n");
  return decision.kind === "block" ? { ...decision, reason: `${decision.reason}

${notes.join("\n")}`, message } : { ...decision, message };
}

// src/auto-loop/checkpoint.ts
function checkpointLoop(ctx) {
  return { dataDir: ctx.dataDir, projectDir: ctx.marker.project_dir, loopId: ctx.marker.loop_id, loopKind: "auto-loop", stateFile: ctx.marker.state_file };
}
function iterationFacts(state) {
  const judged = state.last_verifier?.iteration === state.iteration ? state.last_verifier.verdict : null;
  const vote = judged && state.last_audit?.iteration === state.iteration ? `, audit ${state.last_audit.vote}` : "";
  const verdict = judged ? `${judged}${vote}` : state.status === "pursuing" ? "not judged" : state.status;
  return { iteration: state.iteration, verdict, tokens: tokensUsed(state) };
}
async function checkpointJudged(ctx, loop, pending) {
  const state = await loadState(ctx.marker.state_file, ctx.now()).catch(() => void 0);
  if (!state || state.loop_id !== loop.loopId || state.session_id !== ctx.input.session_id || state.iteration === 0) return [];
  return recordIteration(loop, pending, iterationFacts(state), ctx.now());
}

// src/auto-loop/long-runs.ts
async function endRunPhase(ctx, decision) {
  if (decision.kind !== "block") return decision;
  await saveNextPrompt(ctx.marker.state_file, { loop_id: ctx.marker.loop_id, session_id: ctx.input.session_id, prompt: decision.reason, at: ctx.now().toISOString() });
  return { kind: "allow", message: `${decision.message ?? "loopkit auto-loop"} loopkit run: phase over; the next phase starts in a fresh session.` };
}

// src/auto-loop/resume.ts
import path from "node:path";
import { promises as fs } from "node:fs";
var ResumePendingSchema = external_exports.object({ version: external_exports.literal(1), loop_id: external_exports.string().min(1), session_id: external_exports.string().min(1), at: external_exports.iso.datetime() });
var pendingFile = (stateFile) => path.join(path.dirname(stateFile), "resume-pending.json");
async function readOwned(ctx) {
  const read = await readJson(ctx.marker.state_file, AutoLoopStateSchema).catch(() => ({ exists: false }));
  if (!read.exists) return void 0;
  const state = read.value;
  return state.status === "pursuing" && ownsLoop(state, ctx) ? state : void 0;
}
async function noteResume(ctx) {
  if (!await readOwned(ctx)) return;
  await writeJson(pendingFile(ctx.marker.state_file), ResumePendingSchema, {
    version: 1,
    loop_id: ctx.marker.loop_id,
    session_id: ctx.input.session_id,
    at: ctx.now().toISOString()
  });
}
async function resumeOnPrompt(ctx) {
  const file = pendingFile(ctx.marker.state_file);
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const state = await withLock(files.state, async () => {
    const pending = await readJson(file, ResumePendingSchema).catch(() => ({ exists: false }));
    if (!pending.exists || pending.value.session_id !== ctx.input.session_id || pending.value.loop_id !== ctx.marker.loop_id) return void 0;
    await fs.rm(file, { force: true });
    const owned = await readOwned(ctx);
    if (!owned) return void 0;
    const now = ctx.now();
    const renewed = { ...owned, heartbeat_at: now.toISOString(), updated_at: now.toISOString() };
    return persist(files, renewed, [historyEntry(renewed, now, "resume", `session ${renewed.session_id} resumed`)], now);
  });
  if (!state) return void 0;
  return {
    kind: "context",
    eventName: "UserPromptSubmit",
    context: loopContext(state, ctx.now(), "resume"),
    message: `loopkit auto-loop: resumed at iteration ${state.iteration} of ${state.caps.max_iterations}; loop context restored.`
  };
}

// src/auto-loop/session-start.ts
async function restoreLoopContext(ctx) {
  if (ctx.input.source === "resume") {
    await noteResume(ctx);
    return void 0;
  }
  if (ctx.input.source !== "compact") return void 0;
  const state = await readOwned(ctx);
  if (!state) return void 0;
  return {
    kind: "context",
    eventName: "SessionStart",
    context: loopContext(state, ctx.now(), "compact"),
    message: `loopkit auto-loop: loop context restored after compaction (iteration ${state.iteration} of ${state.caps.max_iterations}).`
  };
}

// src/auto-loop/hook-handlers.ts
var AUDIT_DIFF_BYTES = 60 * 1024;
var autoLoopHookHandlers = {
  async stop(ctx) {
    const loop = checkpointLoop(ctx);
    const pending = await snapshotIteration(loop, ctx.now());
    const judged = await judgeTurn(ctx, iterationChangesText(pending));
    const decision = withNotes(judged, await checkpointJudged(ctx, loop, pending));
    return ctx.marker.driver === "run" ? endRunPhase(ctx, decision) : decision;
  },
  endOnError: endLoopOnError,
  sessionStart: restoreLoopContext,
  userPromptSubmit: resumeOnPrompt
};
async function endLoopOnError(ctx, reason) {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  return withLock(files.state, async () => {
    const owned = await loadOwnedLoop(ctx, files);
    if ("decision" in owned) return owned.decision;
    await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    if (owned.state.status !== "pursuing") return { kind: "allow", message: `${endedOutcome(owned.state).message} (Afterwards ${reason}.)` };
    const now = ctx.now();
    const failed = failLoop(owned.state, now, reason);
    await persist(files, failed.state, failed.history, now).catch(() => writeJson(files.state, AutoLoopStateSchema, failed.state));
    return { kind: "allow", message: `loopkit auto-loop stopped, blocked: ${reason}. The turn was not judged; start a new loop when ready.` };
  });
}
async function judgeTurn(ctx, iterationChanges) {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const settings = readSettings(ctx.env);
  const first = await withLock(files.state, () => startTurn(ctx, files, settings));
  if ("decision" in first) return first.decision;
  const gate = await runGate(first.state, settings, ctx.env, ctx.now, iterationChanges);
  return withLock(files.state, async () => {
    const current = await loadOwnedLoop(ctx, files);
    if ("decision" in current) return current.decision;
    if (current.state.status !== "pursuing") return save(ctx, files, { state: current.state, outcome: endedOutcome(current.state), history: [] });
    const notes = iterationChanges ? [...first.notes, iterationChanges] : first.notes;
    const decided = finishTurn(current.state, { now: ctx.now(), ...gate }, notes, first.history);
    return save(ctx, files, decided);
  });
}
var loadOwnedLoop = (ctx, files) => loadOwned(ctx, "auto-loop", () => loadState(files.state, ctx.now()));
async function startTurn(ctx, files, settings) {
  const owned = await loadOwnedLoop(ctx, files);
  if ("decision" in owned) return owned;
  const { state } = owned;
  const now = ctx.now();
  if (state.status !== "pursuing") return { decision: await save(ctx, files, { state, outcome: endedOutcome(state), history: [] }) };
  const transcriptPath = ctx.input.transcript_path ?? null;
  const samePath = transcriptPath !== null && transcriptPath === state.transcript.path;
  const cursor = samePath ? { offset: state.transcript.offset, recentMessageIds: state.transcript.recent_message_ids, subagentOffsets: state.transcript.subagent_offsets } : { offset: 0, recentMessageIds: [], subagentOffsets: {} };
  const transcript = transcriptPath ? await readTranscriptDelta(transcriptPath, cursor, samePath ? null : new Date(state.transcript.since)) : { ...cursor, tokens: 0, toolCalls: 0, contextTokens: null };
  const started = beginTurn(state, {
    now,
    transcriptPath,
    transcript,
    lastMessage: ctx.input.last_assistant_message ?? "",
    treeHash: await treeFingerprint(state.project_dir),
    tamper: await inspectMirror(state.project_dir, state.mirror_sha256, now),
    handoffNote: await readHandoff(state.project_dir),
    contextWindow: settings.contextWindow
  });
  if (started.kind === "decided") return { decision: await save(ctx, files, started) };
  const saved = await persist(files, started.state, [], now);
  return { ...started, state: saved };
}
async function runGate(state, settings, env, now, iterationChanges) {
  const runs = [];
  let outputTail = "";
  while (nextGateStep(runs) === "verify") {
    const outcome = await runVerifier(state.verify_command, state.project_dir, settings.verifierTimeoutMs, env);
    const log = await writeVerifierLog(state.project_dir, state.iteration, runs.length + 1, outcome.output, now()).catch(() => null);
    outputTail = outcome.outputTail;
    runs.push(verifierRun(outcome, log));
  }
  if (nextGateStep(runs) !== "audit") return { runs, audit: null };
  const prompt = auditPrompt({
    goal: state.goal,
    verifyCommand: state.verify_command,
    verifierTail: outputTail,
    changes: await changesSince(state.project_dir, state.base_commit, AUDIT_DIFF_BYTES),
    nonce: randomBytes(16).toString("hex"),
    iterationChanges
  });
  return { runs, audit: await runAudit({ prompt, cwd: state.project_dir, env, timeoutMs: settings.auditTimeoutMs }) };
}
async function save(ctx, files, decided) {
  const now = ctx.now();
  if (decided.history.length > 0 || decided.state.status === "pursuing") await persist(files, decided.state, decided.history, now);
  if (decided.outcome.kind === "stop") await removeSessionMarker(ctx.dataDir, ctx.input.session_id, decided.state.loop_id);
  return toStopDecision(decided.outcome);
}
function toStopDecision(outcome) {
  return outcome.kind === "block" ? { kind: "block", reason: outcome.prompt, message: outcome.message } : { kind: "allow", message: outcome.message };
}

// src/repeat/hook-handlers.ts
import { randomUUID } from "node:crypto";

// src/repeat/checkpoint.ts
async function checkpointRepeat(ctx, file) {
  const state = await loadState2(file, ctx.now()).catch(() => void 0);
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
      const owned = await loadOwned(ctx, "repeat", () => loadState2(file, ctx.now()));
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
      const state = await loadState2(file, ctx.now()).catch(() => void 0);
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
  const owned = await loadOwned(ctx, "repeat", () => loadState2(file, ctx.now()));
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
    if (!waitGoesOn(await loadState2(file, ctx.now()).catch(() => void 0), waiting.token)) break;
  }
  return withLock(file, async () => {
    const owned = await loadOwned(ctx, "repeat", () => loadState2(file, ctx.now()));
    if ("decision" in owned) return owned.decision;
    const now = ctx.now();
    const step = afterWait(owned.state, { now, token: waiting.token, interrupted: interrupt.interrupted, waitedMs: now.getTime() - waitStart });
    return carryOut(ctx, file, step, now, waiting.warnings);
  });
}

// src/session/input.ts
var common = {
  session_id: external_exports.string().regex(SESSION_ID_PATTERN, "session_id has an unexpected shape"),
  transcript_path: external_exports.string().optional(),
  cwd: external_exports.string().optional()
};
var StopInputSchema = external_exports.looseObject({
  ...common,
  hook_event_name: external_exports.literal("Stop"),
  stop_hook_active: external_exports.boolean().optional(),
  /** The same on every Stop of one prompt (hook continuations included); a new prompt from the person gets a new one. */
  prompt_id: external_exports.string().optional(),
  last_assistant_message: external_exports.string().nullish()
});
var SessionStartInputSchema = external_exports.looseObject({
  ...common,
  hook_event_name: external_exports.literal("SessionStart"),
  source: external_exports.string().optional()
});
var UserPromptSubmitInputSchema = external_exports.looseObject({
  ...common,
  hook_event_name: external_exports.literal("UserPromptSubmit"),
  prompt: external_exports.string().optional()
});
var HookInputSchema = external_exports.discriminatedUnion("hook_event_name", [
  StopInputSchema,
  SessionStartInputSchema,
  UserPromptSubmitInputSchema
]);

// src/hook/dispatch.ts
var HANDLERS = {
  repeat: repeatHookHandlers,
  "auto-loop": autoLoopHookHandlers
};
async function dispatchHook(payload, dataDir, userHome) {
  const parsed = HookInputSchema.safeParse(payload);
  if (!parsed.success) {
    process.stderr.write(`loopkit: ignoring a hook payload it does not understand: ${parsed.error.issues[0]?.message ?? "invalid"}
`);
    return void 0;
  }
  const input = parsed.data;
  const markerFile = sessionMarkerPath(dataDir, input.session_id);
  let marker;
  try {
    const read = await readJson(markerFile, SessionMarkerSchema);
    if (!read.exists) return void 0;
    marker = read.value;
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    const aside = await keepAside(markerFile);
    return toHookJson({ kind: "allow", message: `loopkit: ${formatError(error)}; kept it as ${aside} and stopped acting on it` });
  }
  const handlers = HANDLERS[marker.kind];
  const base = { marker, dataDir, env: process.env, now: () => /* @__PURE__ */ new Date() };
  const before = await readLoop(marker.kind, marker.state_file);
  let decision;
  switch (input.hook_event_name) {
    case "Stop":
      decision = await stopFailingClosed(handlers, { ...base, input });
      break;
    case "SessionStart":
      decision = await handlers.sessionStart?.({ ...base, input });
      break;
    case "UserPromptSubmit":
      decision = await handlers.userPromptSubmit?.({ ...base, input });
      break;
  }
  const lines = await tellPerson(before, await readLoop(marker.kind, marker.state_file), Boolean(decision?.message), userHome);
  return toHookJson(lines.length ? withLines(decision, lines, input.hook_event_name) : decision);
}
async function stopFailingClosed(handlers, ctx) {
  try {
    return await handlers.stop(ctx);
  } catch (error) {
    const reason = `loopkit's Stop hook failed (${formatError(error)})`;
    process.stderr.write(`loopkit: ${reason}
`);
    try {
      return await handlers.endOnError(ctx, reason);
    } catch (second) {
      const command = ctx.marker.kind === "repeat" ? "/loopkit:repeat --cancel" : "/loopkit:auto-loop --cancel";
      return { kind: "allow", message: `loopkit: ${reason}, and ending the loop failed too (${formatError(second)}). Its state may still say it is running: run ${command}.` };
    }
  }
}
function withLines(decision, lines, eventName) {
  const message = [decision?.message, ...lines].filter(Boolean).join("\n");
  if (decision) return { ...decision, message };
  return eventName === "Stop" ? { kind: "allow", message } : { kind: "context", eventName, message };
}
export {
  dispatchHook
};
