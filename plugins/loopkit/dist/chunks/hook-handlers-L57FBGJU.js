import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  alreadyRecorded,
  auditLoop,
  beginTurn,
  clearApiErrors,
  endedOutcome,
  failLoop,
  finishTurn,
  hashProtected,
  launchEnv,
  loopContext,
  nextGateStep,
  pendingRetry,
  readTranscriptDelta,
  recordApiError,
  retryPrompt,
  saveNextPrompt,
  treeFingerprint
} from "./chunk-PUSWAL6I.js";
import {
  historyEntry,
  inspectMirror,
  loadState,
  loopFiles,
  persist,
  readHandoff,
  readSettings,
  runVerifier,
  settleFromProbe,
  verifierRun,
  writeVerifierLog
} from "./chunk-ECEA42CA.js";
import "./chunk-PZX5E6UV.js";
import "./chunk-HX4ZNTEN.js";
import {
  AutoLoopStateSchema,
  tokensUsed
} from "./chunk-AXB226XK.js";
import "./chunk-5KW5UY5D.js";
import {
  loadOwned,
  ownsLoop
} from "./chunk-LJPQ7DQG.js";
import {
  apiErrorOf,
  iterationChangesText,
  lastTurnApiError,
  recordIteration,
  snapshotIteration
} from "./chunk-VMUL5C7U.js";
import {
  withNotes
} from "./chunk-5FM7APW3.js";
import "./chunk-5JA36OZH.js";
import {
  iso_exports,
  readJson,
  removeSessionMarker,
  withLock,
  writeJson
} from "./chunk-ZWUMA3U4.js";
import {
  literal,
  object,
  string
} from "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";

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
import { promises as fs } from "node:fs";

// src/auto-loop/hook-events.ts
import path from "node:path";
var resumePendingFile = (stateFile) => path.join(path.dirname(stateFile), "resume-pending.json");

// src/auto-loop/resume.ts
var ResumePendingSchema = object({ version: literal(1), loop_id: string().min(1), session_id: string().min(1), at: iso_exports.datetime() });
async function readOwned(ctx) {
  const read = await readJson(ctx.marker.state_file, AutoLoopStateSchema).catch(() => ({ exists: false }));
  if (!read.exists) return void 0;
  const state = read.value;
  return state.status === "pursuing" && ownsLoop(state, ctx) ? state : void 0;
}
async function noteResume(ctx) {
  if (!await readOwned(ctx)) return;
  await writeJson(resumePendingFile(ctx.marker.state_file), ResumePendingSchema, {
    version: 1,
    loop_id: ctx.marker.loop_id,
    session_id: ctx.input.session_id,
    at: ctx.now().toISOString()
  });
}
async function resumeOnPrompt(ctx) {
  const file = resumePendingFile(ctx.marker.state_file);
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
  userPromptSubmit: resumeOnPrompt,
  stopFailure: apiErrorTurn,
  sessionEnd,
  background: retryAfterApiError
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
  const first = await withLock(files.state, () => startTurn(ctx, files));
  if ("decision" in first) return first.decision;
  const gate = await runGate(first.state, ctx, iterationChanges);
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
async function startTurn(ctx, files) {
  const owned = await loadOwnedLoop(ctx, files);
  if ("decision" in owned) return owned;
  const state = await settleFromProbe(clearApiErrors(owned.state), files.state);
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
    contextWindow: state.launch.context_window,
    protectedFiles: state.protect.globs.length ? await hashProtected(state.project_dir, state.protect.globs) : {}
  });
  if (started.kind === "decided") return { decision: await save(ctx, files, started) };
  const saved = await persist(files, started.state, [], now);
  return { ...started, state: saved };
}
async function runGate(state, ctx, iterationChanges) {
  const runs = [];
  let outputTail = "";
  const env = launchEnv(state.launch, ctx.env);
  while (nextGateStep(runs) === "verify") {
    const outcome = await runVerifier(state.verify_command, state.project_dir, state.launch.verifier_timeout_ms, env, { sandbox: state.launch.agent_sandbox });
    const log = await writeVerifierLog(state.project_dir, state.iteration, runs.length + 1, outcome.output, ctx.now()).catch(() => null);
    outputTail = outcome.outputTail;
    runs.push(verifierRun(outcome, log));
  }
  if (nextGateStep(runs) !== "audit") return { runs, audit: null };
  return { runs, audit: await auditLoop({ state, dataDir: ctx.dataDir, env: ctx.env, verifierTail: outputTail, iterationChanges }) };
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
async function recordTurnApiError(ctx, error) {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const turn = { sessionId: ctx.input.session_id, promptId: ctx.input.prompt_id ?? null };
  return withLock(files.state, async () => {
    const owned = await loadOwned(ctx, "auto-loop", () => loadState(files.state, ctx.now()));
    if ("decision" in owned) return owned.decision;
    if (owned.state.status !== "pursuing" || alreadyRecorded(owned.state, turn)) return { kind: "allow" };
    const now = ctx.now();
    const step = recordApiError(owned.state, error, turn, now, readSettings(ctx.env).apiRetryMs);
    await persist(files, step.state, [], now);
    if (!step.retryAt) await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return { kind: "allow", message: step.line };
  });
}
function apiErrorTurn(ctx) {
  return recordTurnApiError(ctx, apiErrorOf(ctx.input.error, ctx.input.last_assistant_message, ctx.now()));
}
async function sessionEnd(ctx) {
  const error = await lastTurnApiError(ctx.input.transcript_path, ctx.now());
  if (error) await recordTurnApiError(ctx, error);
}
async function retryAfterApiError(ctx) {
  if (ctx.input.hook_event_name !== "StopFailure") return { kind: "none" };
  const file = ctx.marker.state_file;
  let due = null;
  for (let i = 0; i < 100 && !due; i++) {
    const state2 = await loadState(file, ctx.now()).catch(() => void 0);
    if (!state2 || state2.status !== "pursuing") return { kind: "none" };
    due = pendingRetry(state2, ctx.input.session_id);
    if (!due) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!due) return { kind: "none" };
  const since = (await loadState(file, ctx.now()).catch(() => void 0))?.api_errors.last?.at;
  while (ctx.now() < due) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(1e3, due.getTime() - ctx.now().getTime())));
    const state2 = await loadState(file, ctx.now()).catch(() => void 0);
    if (!state2 || state2.status !== "pursuing" || state2.api_errors.last?.at !== since) return { kind: "none" };
  }
  const state = await loadState(file, ctx.now()).catch(() => void 0);
  if (!state || state.status !== "pursuing" || state.api_errors.last?.at !== since) return { kind: "none" };
  return { kind: "wake", prompt: retryPrompt(state) };
}
export {
  autoLoopHookHandlers
};
