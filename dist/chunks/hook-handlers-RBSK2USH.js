import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  RECURSION_GUARD,
  auditPrompt,
  beginTurn,
  changesSince,
  endedOutcome,
  failLoop,
  finishTurn,
  hashProtected,
  launchEnv,
  loopContext,
  nextGateStep,
  saveNextPrompt,
  treeFingerprint
} from "./chunk-ZWQPSDFM.js";
import {
  BoundedOutput,
  historyEntry,
  inspectMirror,
  loadState,
  loopFiles,
  openRegular,
  persist,
  readHandoff,
  runVerifier,
  verifierRun,
  writeVerifierLog
} from "./chunk-SQSKPIA5.js";
import {
  killGroupAfter
} from "./chunk-PZX5E6UV.js";
import "./chunk-U5S7PE33.js";
import {
  AUDIT_VOTES,
  AutoLoopStateSchema,
  tokensUsed
} from "./chunk-6SZGXROK.js";
import {
  loadOwned,
  ownsLoop
} from "./chunk-735F5FTY.js";
import {
  iterationChangesText,
  recordIteration,
  snapshotIteration
} from "./chunk-S2X5YVR6.js";
import {
  withNotes
} from "./chunk-5FM7APW3.js";
import {
  findRepo,
  guardedGitEnv
} from "./chunk-3MQ5DR7M.js";
import {
  _enum,
  array,
  auditWorkDir,
  iso_exports,
  literal,
  object,
  readJson,
  removeSessionMarker,
  strictObject,
  string,
  withLock,
  writeJson
} from "./chunk-FYQO72EP.js";
import "./chunk-JXA4W5PX.js";

// src/auto-loop/audit.ts
import { randomBytes } from "node:crypto";
import { promises as fs2 } from "node:fs";

// src/auto-loop/audit-vote.ts
var VoteSchema = strictObject({ vote: _enum(AUDIT_VOTES), reasons: array(string().max(4e3)).max(50) });
var VOTE_KEY = /\\*["']vote\\*["']\s*:/gi;
function parseAuditVote(reply) {
  const lines = reply.trimEnd().split("\n");
  const last = lines[lines.length - 1]?.trim() ?? "";
  let raw;
  try {
    raw = JSON.parse(last);
  } catch {
    return { problem: "the audit's reply does not end with a vote object on its final line" };
  }
  const parsed = VoteSchema.safeParse(raw);
  if (!parsed.success) return { problem: "the final line of the audit's reply is not a valid vote object" };
  if ((last.match(VOTE_KEY)?.length ?? 0) !== 1) return { problem: "the final line of the audit's reply is not a plain vote object" };
  const keys = reply.match(VOTE_KEY)?.length ?? 0;
  if (keys !== 1) return { problem: `the audit's reply holds ${keys} vote objects; exactly one, on the final line, counts` };
  return { vote: parsed.data };
}

// src/auto-loop/transcript-usage.ts
import { promises as fs } from "node:fs";
import path from "node:path";
var CHUNK = 1024 * 1024;
var KEEP_IDS = 500;
var MAX_SUBAGENT_FILES = 1e3;
var MAX_DELTA_BYTES = 64 * 1024 * 1024;
var count = (value) => typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
function usageTokens(usage) {
  if (!usage) return 0;
  return count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens) + count(usage.output_tokens);
}
async function readTranscriptDelta(file, cursor, notBefore = null) {
  const seen = new Set(cursor.recentMessageIds);
  const since = notBefore?.getTime() ?? Number.NEGATIVE_INFINITY;
  const delta = { ...cursor, recentMessageIds: [...cursor.recentMessageIds], subagentOffsets: { ...cursor.subagentOffsets }, tokens: 0, toolCalls: 0, contextTokens: null };
  delta.offset = await readFileDelta(file, cursor.offset, seen, delta, since);
  const subagents = path.join(file.replace(/\.jsonl$/, ""), "subagents");
  const names = (await fs.readdir(subagents).catch(() => [])).filter((name) => name.endsWith(".jsonl")).sort().slice(0, MAX_SUBAGENT_FILES);
  for (const name of names) {
    delta.subagentOffsets[name] = await readFileDelta(path.join(subagents, name), cursor.subagentOffsets[name] ?? 0, seen, delta, since);
  }
  delta.recentMessageIds = delta.recentMessageIds.slice(-KEEP_IDS);
  return delta;
}
async function readFileDelta(file, offset, seen, delta, since) {
  const handle = await openRegular(file, true);
  if (!handle) return offset;
  try {
    const { size: fullSize } = await handle.stat();
    let position = offset > fullSize ? 0 : offset;
    const size = Math.min(fullSize, position + MAX_DELTA_BYTES);
    let pending = Buffer.alloc(0);
    let consumed = position;
    while (position < size) {
      const buffer = Buffer.alloc(Math.min(CHUNK, size - position));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      pending = pending.length ? Buffer.concat([pending, buffer.subarray(0, bytesRead)]) : buffer.subarray(0, bytesRead);
      let newline;
      while ((newline = pending.indexOf(10)) !== -1) {
        readLine(pending.subarray(0, newline).toString("utf8"), seen, delta, since);
        consumed += newline + 1;
        pending = pending.subarray(newline + 1);
      }
    }
    return consumed;
  } finally {
    await handle.close();
  }
}
function readLine(line, seen, delta, since) {
  if (line.trim() === "") return;
  let record;
  try {
    record = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof record !== "object" || record === null) return;
  const { type, message, isSidechain, timestamp } = record;
  if (type !== "assistant" || typeof message !== "object" || message === null) return;
  if (typeof timestamp === "string" && Date.parse(timestamp) < since) return;
  const { id, usage, content } = message;
  const mainChain = isSidechain !== true;
  if (mainChain && Array.isArray(content)) {
    delta.toolCalls += content.filter((block) => block?.type === "tool_use").length;
  }
  if (typeof id !== "string" || seen.has(id)) return;
  seen.add(id);
  delta.recentMessageIds.push(id);
  delta.tokens += usageTokens(usage);
  if (mainChain && usage) {
    delta.contextTokens = count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens);
  }
}

// src/auto-loop/audit.ts
var AUDIT_DIFF_BYTES = 60 * 1024;
var READ_ONLY_TOOLS = ["Read", "Grep", "Glob"];
var DENIED_TOOLS = ["Bash", "Edit", "Write", "MultiEdit", "NotebookEdit", "WebFetch", "WebSearch", "Task", "Agent"];
function auditArgs(projectDir) {
  return [
    "-p",
    "--output-format",
    "json",
    "--no-session-persistence",
    "--setting-sources",
    "user",
    "--strict-mcp-config",
    "--add-dir",
    projectDir,
    "--tools",
    READ_ONLY_TOOLS.join(","),
    "--allowedTools",
    READ_ONLY_TOOLS.join(","),
    "--disallowedTools",
    DENIED_TOOLS.join(",")
  ];
}
async function auditLoop(input) {
  const { state } = input;
  const prompt = auditPrompt({
    projectDir: state.project_dir,
    goal: state.goal,
    verifyCommand: state.verify_command,
    verifierTail: input.verifierTail,
    changes: await changesSince(state.project_dir, state.base_commit, AUDIT_DIFF_BYTES),
    nonce: randomBytes(16).toString("hex"),
    iterationChanges: input.iterationChanges ?? null
  });
  const cwd = auditWorkDir(input.dataDir);
  await fs2.mkdir(cwd, { recursive: true });
  const env = { ...launchEnv(state.launch, input.env), [RECURSION_GUARD]: "1" };
  delete env.CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD;
  return runAudit({ prompt, bin: state.launch.claude_bin, projectDir: state.project_dir, cwd, env, timeoutMs: state.launch.audit_timeout_ms });
}
async function runAudit(options) {
  const { bin } = options;
  const stdout = new BoundedOutput(1024 * 1024, 1024 * 1024);
  const repo = findRepo(options.projectDir);
  const env = repo ? await guardedGitEnv(repo, options.env) : options.env;
  const { execa } = await import("./execa-6UQVBNIA.js");
  const child = execa(bin, auditArgs(options.projectDir), {
    cwd: options.cwd,
    env,
    extendEnv: false,
    input: options.prompt,
    buffer: false,
    stderr: "ignore",
    reject: false,
    detached: true,
    cleanup: true
  });
  const deadline = killGroupAfter(child, options.timeoutMs);
  child.stdout?.on("data", (chunk) => stdout.push(chunk));
  const result = await child;
  deadline.clear();
  if (deadline.timedOut()) return unmet(`the audit timed out after ${Math.round(options.timeoutMs / 1e3)} s`, 0);
  if (result.failed && result.exitCode === void 0) return unmet(`the audit could not run ${bin}: ${result.shortMessage}`, 0);
  return readAuditReply(stdout.text(), result.exitCode ?? null);
}
function readAuditReply(stdout, exitCode) {
  let parsed;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return unmet(`the audit's output is not JSON (exit code ${exitCode ?? "none"})`, 0);
  }
  const result = Array.isArray(parsed) ? [...parsed].reverse().find((event) => event?.type === "result") : parsed;
  const tokens = usageTokens(result?.usage);
  if (typeof result?.result !== "string") return unmet(`the audit's output has no result text (exit code ${exitCode ?? "none"})`, tokens);
  if (result.is_error !== false || result.subtype !== void 0 && result.subtype !== "success") return unmet("the audit ended with an error", tokens);
  if (exitCode !== 0) return unmet(`the audit exited with code ${exitCode ?? "none"}`, tokens);
  const read = parseAuditVote(result.result);
  if ("problem" in read) return unmet(read.problem, tokens);
  return { ...read.vote, failure: null, tokens };
}
function unmet(failure, tokens) {
  return { vote: "unmet", reasons: [failure], failure, tokens };
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
import { promises as fs3 } from "node:fs";

// src/auto-loop/hook-events.ts
import path2 from "node:path";
var resumePendingFile = (stateFile) => path2.join(path2.dirname(stateFile), "resume-pending.json");

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
    await fs3.rm(file, { force: true });
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
    const outcome = await runVerifier(state.verify_command, state.project_dir, state.launch.verifier_timeout_ms, env);
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
export {
  autoLoopHookHandlers
};
