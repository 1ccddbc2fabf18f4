import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  AutoLoopStateSchema,
  BLOCKED_MARKER,
  HANDOFF_FILE,
  SESSION_ID_PATTERN,
  SessionMarkerSchema,
  auditPrompt,
  capReached,
  changesSince,
  elapsedMs,
  external_exports,
  formatDuration,
  formatError,
  historyEntry,
  inspectMirror,
  isLoopkitError,
  iterationPrompt,
  keepAside,
  loadState,
  loadState2,
  loopContext,
  loopFiles,
  loopRunOf,
  nextPrompt,
  pauseLoop,
  pauseLostIteration,
  pausedLine,
  persist,
  progressLine,
  readHandoff,
  readJson,
  readSettings,
  readTranscriptDelta,
  recordIteration,
  removeSessionMarker,
  runAudit,
  runVerifier,
  saveLoopRun,
  saveNextPrompt,
  saveState,
  sessionMarkerPath,
  startNextIteration,
  summaryLine,
  tokensUsed,
  treeFingerprint,
  withLock,
  wrapUpPrompt,
  writeJson,
  writeVerifierLog
} from "./chunks/chunk-GP3N4A4Z.js";

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
  const owned = state.status === "pursuing" && state.session_id === ctx.input.session_id && state.loop_id === ctx.marker.loop_id;
  return owned ? state : void 0;
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

// src/auto-loop/decide.ts
var BLOCKER_LIMIT = 3;
var THRASH_LIMIT = 3;
var KEEP_EVIDENCE = 20;
function end(state, now, status, reason) {
  return { ...state, status, status_reason: reason, ended_at: now.toISOString(), updated_at: now.toISOString() };
}
function blockedReport(message) {
  const last = message.trimEnd().split("\n").pop()?.trim() ?? "";
  if (!last.startsWith(BLOCKED_MARKER)) return null;
  const reason = last.slice(BLOCKED_MARKER.length).trim().replace(/\s+/g, " ").slice(0, 500);
  return reason || null;
}
var normalize = (reason) => reason.toLowerCase().replace(/\s+/g, " ").trim();
var sameBlocker = (a, b) => normalize(a) === normalize(b);
function endedOutcome(state) {
  const why = state.status === "cancelled" ? `cancelled (${state.status_reason ?? "no reason given"}); the working tree is left as it is` : `${state.status}: ${state.status_reason ?? "ended"}`;
  return { kind: "stop", message: `loopkit auto-loop ${why}.` };
}
function beginTurn(previous, obs) {
  const now = obs.now;
  if (previous.status !== "pursuing") return { kind: "decided", state: previous, outcome: endedOutcome(previous), history: [] };
  let state = {
    ...previous,
    iteration: previous.iteration + 1,
    tokens: { ...previous.tokens, transcript: previous.tokens.transcript + obs.transcript.tokens },
    transcript: {
      path: obs.transcriptPath,
      offset: obs.transcript.offset,
      recent_message_ids: obs.transcript.recentMessageIds,
      subagent_offsets: obs.transcript.subagentOffsets,
      since: previous.transcript.since,
      context_tokens: obs.transcript.contextTokens ?? previous.transcript.context_tokens
    },
    updated_at: now.toISOString(),
    heartbeat_at: now.toISOString()
  };
  const history = [];
  const notes = [];
  const note = obs.handoffNote?.trim() || null;
  if (note && note !== state.handoff_note) state = { ...state, handoff_note: note, handoff_requested: false };
  if (state.wrap_up) {
    state = end(state, now, "budget-limited", state.wrap_up.reason);
    history.push(historyEntry(state, now, "end", `budget-limited: ${state.wrap_up.reason}; hand-off note ${note ? "saved" : "missing"}`));
    const message = `loopkit auto-loop stopped, budget-limited: ${state.wrap_up.reason}. ${note ? "Hand-off note saved." : "No hand-off note was written."} ${summary(state, now)}`;
    return { kind: "decided", state, outcome: { kind: "stop", message }, history };
  }
  if (obs.tamper.length > 0) {
    state = { ...state, tamper_count: state.tamper_count + 1 };
    const detail = `${obs.tamper.join("; ")}; .auto-loop/ was rewritten from loopkit's own state, which alone decides`;
    history.push(historyEntry(state, now, "tamper", detail));
    notes.push(`Tampering detected: ${detail}. This turn is not judged. Do not touch .auto-loop/.`);
    return { kind: "decided", ...continueOrWrapUp({ ...state, next_action: "Carry on with the goal; leave .auto-loop/ alone." }, now, notes, history) };
  }
  const blocker = blockedReport(obs.lastMessage);
  if (blocker) {
    const count = state.blocker && sameBlocker(state.blocker.reason, blocker) ? state.blocker.count + 1 : 1;
    state = { ...state, blocker: { reason: blocker, count } };
    history.push(historyEntry(state, now, "blocked-report", `${blocker} (${count} in a row)`));
    if (count >= BLOCKER_LIMIT) {
      state = end(state, now, "blocked", `the agent reported the same blocker ${count} times in a row: ${blocker}`);
      history.push(historyEntry(state, now, "end", state.status_reason));
      return { kind: "decided", state, outcome: { kind: "stop", message: `loopkit auto-loop stopped, blocked: ${blocker}. ${summary(state, now)}` }, history };
    }
    notes.push(`You reported a blocker (${count} of ${BLOCKER_LIMIT} in a row before the loop stops as blocked): ${blocker}`);
  } else {
    state = { ...state, blocker: null };
  }
  const idle = obs.transcript.toolCalls === 0 && state.thrash.tree_hash !== null && obs.treeHash === state.thrash.tree_hash;
  state = { ...state, thrash: { streak: idle ? state.thrash.streak + 1 : 0, tree_hash: obs.treeHash } };
  if (state.thrash.streak >= THRASH_LIMIT) {
    const reason = `thrashing: ${state.thrash.streak} turns in a row made no tool call and changed nothing`;
    state = end(state, now, "unmet", reason);
    history.push(historyEntry(state, now, "end", reason));
    return { kind: "decided", state, outcome: { kind: "stop", message: `loopkit auto-loop stopped, ${reason}. ${summary(state, now)}` }, history };
  }
  state = askForHandoff(state, obs.contextWindow, notes);
  if (state.thrash.streak > 0) notes.push(`Your last ${state.thrash.streak} turn(s) made no tool call and changed nothing; ${THRASH_LIMIT} in a row stop the loop as thrashing.`);
  return { kind: "gate", state, notes, history };
}
function askForHandoff(state, contextWindow, notes) {
  const pct = Math.floor(state.transcript.context_tokens / contextWindow * 100);
  if (pct < state.caps.restart_pct) return state.handoff_requested ? { ...state, handoff_requested: false } : state;
  if (state.handoff_requested) return state;
  notes.push(
    `The context is ${pct}% full (--restart-pct ${state.caps.restart_pct}). Before anything else, write a hand-off note to ${HANDOFF_FILE}: what is done, what is next, what failed and why. loopkit keeps it, so a compaction loses nothing.`
  );
  return { ...state, handoff_requested: true };
}
function nextGateStep(runs) {
  if (runs.length === 0 || runs.length === 1 && runs[0].passed) return "verify";
  return runs.length === 2 && runs[1].passed ? "audit" : "judge";
}
function finishTurn(previous, gate, notes, history) {
  const now = gate.now;
  const first = gate.runs[0];
  if (!first) throw new Error("finishTurn needs at least one verifier run");
  const verdict = !first.passed ? "fail" : gate.runs[1]?.passed ? "pass" : "flaky";
  const lastRun = gate.runs[gate.runs.length - 1];
  let state = {
    ...previous,
    updated_at: now.toISOString(),
    last_verifier: { at: now.toISOString(), iteration: previous.iteration, verdict, runs: gate.runs },
    flaky_count: previous.flaky_count + (verdict === "flaky" ? 1 : 0)
  };
  const audit = verdict === "pass" ? gate.audit ?? { vote: "unmet", reasons: ["no audit ran"], failure: "no audit ran", tokens: 0 } : null;
  if (audit) {
    state = {
      ...state,
      tokens: { ...state.tokens, audit: state.tokens.audit + audit.tokens },
      last_audit: { at: now.toISOString(), iteration: state.iteration, ...audit }
    };
  }
  const evidence = `iteration ${state.iteration}: verifier ${verdict} (exit ${lastRun.timed_out ? "timeout" : lastRun.exit_code})${audit ? `, audit ${audit.vote}` : ""}`;
  state = { ...state, evidence: [...state.evidence, evidence].slice(-KEEP_EVIDENCE) };
  const gateEntry = (s) => historyEntry(s, now, "gate", evidence, { verdict, exit_code: lastRun.exit_code, vote: audit?.vote ?? null });
  if (verdict === "pass" && audit?.vote === "achieved") {
    state = end({ ...state, next_action: "Nothing: the goal is achieved." }, now, "achieved", "the verifier passed twice and the audit voted achieved");
    history.push(gateEntry(state));
    const reasons = audit.reasons.length ? ` Audit: ${audit.reasons.join("; ")}` : "";
    return { state, outcome: { kind: "stop", message: `loopkit auto-loop achieved the goal. ${summary(state, now)}${reasons}` }, history };
  }
  const next = {
    fail: "Make the verifier pass: read its output above, fix the cause, and check with the verifier yourself.",
    flaky: "The verifier passed once and then failed: make it pass reliably (look for order dependence, timing, shared state).",
    pass: "The verifier passes but the audit is not convinced: address every audit reason above."
  }[verdict];
  state = { ...state, next_action: next };
  history.push(gateEntry(state));
  return continueOrWrapUp(state, now, notes, history);
}
function continueOrWrapUp(state, now, notes, history) {
  const cap = capReached(state, now);
  if (cap) {
    state = { ...state, wrap_up: { reason: cap, at: now.toISOString() }, next_action: "Write the hand-off note." };
    history.push(historyEntry(state, now, "wrap-up", cap));
    return { state, outcome: { kind: "block", prompt: wrapUpPrompt(state, cap), message: `loopkit auto-loop: ${cap}; asking for a hand-off note, then stopping.` }, history };
  }
  const verdict = state.last_verifier?.iteration === state.iteration ? state.last_verifier.verdict : "not run";
  const message = `loopkit auto-loop: iteration ${state.iteration}/${state.caps.max_iterations}, verifier ${verdict}, tokens ${tokensUsed(state)}/${state.caps.max_tokens}.`;
  return { state, outcome: { kind: "block", prompt: nextPrompt(state, notes), message }, history };
}
function summary(state, now) {
  return `${state.iteration} iteration(s), ${tokensUsed(state)} tokens, ${formatDuration(elapsedMs(state, now))}.`;
}

// src/auto-loop/hook-handlers.ts
var AUDIT_DIFF_BYTES = 60 * 1024;
var autoLoopHookHandlers = {
  async stop(ctx) {
    const decision = await judgeTurn(ctx);
    return ctx.marker.driver === "run" ? endRunPhase(ctx, decision) : decision;
  },
  sessionStart: restoreLoopContext,
  userPromptSubmit: resumeOnPrompt
};
async function judgeTurn(ctx) {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const settings = readSettings(ctx.env);
  const first = await withLock(files.state, () => startTurn(ctx, files, settings));
  if ("decision" in first) return first.decision;
  const gate = await runGate(first.state, settings, ctx.env, ctx.now);
  return withLock(files.state, async () => {
    const current = await loadOwned(ctx, files);
    if ("decision" in current) return current.decision;
    if (current.state.status !== "pursuing") return save(ctx, files, { state: current.state, outcome: endedOutcome(current.state), history: [] });
    const decided = finishTurn(current.state, { now: ctx.now(), ...gate }, first.notes, first.history);
    return save(ctx, files, decided);
  });
}
async function loadOwned(ctx, files) {
  const forget = async (message) => {
    await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return { decision: { kind: "allow", ...message ? { message } : {} } };
  };
  let state;
  try {
    state = await loadState(files.state, ctx.now());
  } catch (error) {
    if (error.code !== "STATE_CORRUPT") throw error;
    return forget(`loopkit auto-loop stopped: ${formatError(error)}`);
  }
  if (!state) return forget("loopkit auto-loop stopped: its state is gone from loopkit's data folder.");
  if (state.session_id !== ctx.input.session_id || state.loop_id !== ctx.marker.loop_id) return forget();
  return { state };
}
async function startTurn(ctx, files, settings) {
  const owned = await loadOwned(ctx, files);
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
async function runGate(state, settings, env, now) {
  const runs = [];
  let outputTail = "";
  while (nextGateStep(runs) === "verify") {
    const outcome = await runVerifier(state.verify_command, state.project_dir, settings.verifierTimeoutMs, env);
    const log = await writeVerifierLog(state.project_dir, state.iteration, runs.length + 1, outcome.output, now()).catch(() => null);
    outputTail = outcome.outputTail;
    runs.push({
      exit_code: outcome.exitCode,
      passed: outcome.passed,
      timed_out: outcome.timedOut,
      duration_ms: outcome.durationMs,
      output_tail: outcome.outputTail,
      output_bytes: outcome.outputBytes,
      log_file: log
    });
  }
  if (nextGateStep(runs) !== "audit") return { runs, audit: null };
  const prompt = auditPrompt({
    goal: state.goal,
    verifyCommand: state.verify_command,
    verifierTail: outputTail,
    changes: await changesSince(state.project_dir, state.base_commit, AUDIT_DIFF_BYTES)
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

// src/repeat/early-success.ts
var MARKERS = /\b(?:all tests passed|all pass|done|complete|success)\b/gi;
var NEGATED = /\b(?:not|never|no|nothing|isn't|aren't|wasn't|weren't|hasn't|haven't|won't)\s+(?:(?:yet|quite|fully|really|been|a)\s+)?$/i;
var normalize2 = (line) => line.replace(/^[\s>*_`#-]+/, "").replace(/[\s*_`]+$/, "").replace(/\s+/g, " ").toLowerCase();
function findSuccessMarker(message, prompt) {
  const promptLines = new Set(prompt.split(/\r?\n/).map(normalize2).filter(Boolean));
  for (const line of message.split(/\r?\n/)) {
    const normalized = normalize2(line);
    if (!normalized || promptLines.has(normalized)) continue;
    for (const match of line.matchAll(MARKERS)) {
      if (!NEGATED.test(line.slice(0, match.index))) return match[0];
    }
  }
  return null;
}

// src/repeat/result-line.ts
var MAX_SUMMARY = 300;
var MARKER = /^repeat-result\b/i;
var LINE = /^REPEAT-RESULT:[ \t]*(pass|fail)[ \t]*(?:[-–—:][ \t]*(.*))?$/i;
function undecorate(line) {
  return line.trim().replace(/^[>*_`\s]+/, "").replace(/[*_`\s]+$/, "");
}
function readResultLine(message) {
  if (message === null || message === void 0 || message.trim() === "") {
    return { result: "fail", exit_code: 2, summary: "no final message from this turn, so no REPEAT-RESULT line" };
  }
  const lines = message.split(/\r?\n/).map(undecorate).filter((line) => MARKER.test(line));
  const last = lines[lines.length - 1];
  if (last === void 0) return { result: "fail", exit_code: 2, summary: "no REPEAT-RESULT line in the final message" };
  const match = LINE.exec(last);
  if (!match) return { result: "fail", exit_code: 2, summary: `malformed REPEAT-RESULT line: ${clip(last)}` };
  const result = match[1].toLowerCase() === "pass" ? "pass" : "fail";
  const summary2 = match[2]?.trim() ? clip(match[2].trim()) : null;
  return { result, exit_code: result === "pass" ? 0 : 1, summary: summary2 };
}
function clip(text) {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > MAX_SUMMARY ? `${flat.slice(0, MAX_SUMMARY - 3)}...` : flat;
}

// src/repeat/hook-handlers.ts
var POLL_MS = 1e3;
var repeatHookHandlers = {
  async stop(ctx) {
    const file = ctx.marker.state_file;
    const interrupt = trapSignals();
    try {
      const ended = await withLock(file, () => endIteration(ctx, file));
      if (ended.kind !== "wait") return ended;
      return await waitThenContinue(ctx, file, ended, interrupt);
    } finally {
      interrupt.release();
    }
  },
  // A resumed session: a wait left from its earlier process can no longer continue it, so the loop
  // pauses now, and the person hears about a paused loop before typing anything.
  async sessionStart(ctx) {
    if (ctx.input.source !== "resume") return void 0;
    const file = ctx.marker.state_file;
    return withLock(file, async () => {
      const state = await loadState2(file, ctx.now()).catch(() => void 0);
      if (!state || state.session_id !== ctx.input.session_id || state.phase !== "waiting" && state.phase !== "paused") return void 0;
      const paused = pauseLoop(state);
      await saveState(file, paused);
      return { kind: "context", eventName: "SessionStart", message: pausedLine(paused, state.phase === "waiting" ? "the session ended while it waited" : "it was paused earlier") };
    });
  }
};
var allow = (...lines) => {
  const message = lines.filter(Boolean).join("\n");
  return message ? { kind: "allow", message } : { kind: "allow" };
};
async function loadOwned2(ctx, file) {
  let state;
  try {
    state = await loadState2(file, ctx.now());
  } catch (error) {
    if (error.code !== "STATE_CORRUPT") throw error;
    await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return allow(`loopkit repeat stopped: ${formatError(error)}`);
  }
  if (!state) {
    await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return allow("loopkit repeat stopped: its state is gone from loopkit's data folder.");
  }
  if (state.session_id !== ctx.input.session_id || state.loop_id !== ctx.marker.loop_id) return allow();
  return state;
}
async function endIteration(ctx, file) {
  const state = await loadOwned2(ctx, file);
  if ("kind" in state) return state;
  const now = ctx.now();
  switch (state.phase) {
    case "ended":
      await removeSessionMarker(ctx.dataDir, state.session_id, state.loop_id);
      return allow();
    case "paused":
      return allow();
    case "waiting": {
      const paused = pauseLoop(state);
      await saveState(file, paused);
      return allow(pausedLine(paused, "its wait was interrupted"));
    }
    case "running": {
      const promptId = ctx.input.prompt_id ?? null;
      if (promptId && state.prompt_id && promptId !== state.prompt_id) {
        const paused = pauseLostIteration(state);
        await saveState(file, paused);
        return allow(pausedLine(paused, `iteration ${state.iteration} did not run as loopkit's continuation (interrupted, or Claude Code's limit on consecutive Stop-hook continuations was reached)`));
      }
      const message = ctx.input.last_assistant_message;
      const result = readResultLine(message);
      const successMarker = result.result === "pass" ? findSuccessMarker(message ?? "", `${iterationPrompt(state)}
${state.command}`) : null;
      const next = recordIteration({ ...state, prompt_id: state.prompt_id ?? promptId }, { ...result, successMarker }, now, randomUUID());
      await saveState(file, next.state);
      const warnings = await recordStats(next.state, now);
      if (next.decision.kind === "wait") return { kind: "wait", state: next.state, warnings };
      await removeSessionMarker(ctx.dataDir, state.session_id, state.loop_id);
      return allow(...warnings, summaryLine(next.state, now));
    }
  }
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
  const token = waiting.state.wait_token;
  const dueAt = Date.parse(waiting.state.next_at);
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
    const current = await loadState2(file, ctx.now()).catch(() => void 0);
    if (current?.phase !== "waiting" || current.wait_token !== token) break;
  }
  return withLock(file, async () => {
    const current = await loadOwned2(ctx, file);
    if ("kind" in current) return current;
    const now = ctx.now();
    if (current.phase === "ended") {
      await removeSessionMarker(ctx.dataDir, current.session_id, current.loop_id);
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

// src/hook/dispatch.ts
var HANDLERS = {
  repeat: repeatHookHandlers,
  "auto-loop": autoLoopHookHandlers
};
async function dispatchHook(payload, dataDir) {
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
  let decision;
  switch (input.hook_event_name) {
    case "Stop":
      decision = await handlers.stop({ ...base, input });
      break;
    case "SessionStart":
      decision = await handlers.sessionStart?.({ ...base, input });
      break;
    case "UserPromptSubmit":
      decision = await handlers.userPromptSubmit?.({ ...base, input });
      break;
  }
  return toHookJson(decision);
}
export {
  dispatchHook
};
