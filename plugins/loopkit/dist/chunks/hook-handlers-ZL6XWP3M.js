import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadOwned,
  ownsLoop
} from "./chunk-T776C46V.js";
import {
  resumePendingFile
} from "./chunk-VW2W6K4J.js";
import {
  TOOL_FOLDERS,
  alreadyRecorded,
  auditLoop,
  auditUnmet,
  beginTurn,
  clearApiErrors,
  contextTokens,
  endedOutcome,
  failLoop,
  finishTurn,
  gateNext,
  globMatcher,
  goalpostReason,
  launchEnv,
  loopContext,
  namedByCommand,
  noteGateStep,
  pendingRetry,
  protectedFiles,
  recordApiError,
  resumeState,
  retryPrompt,
  runLoopVerifier,
  saveNextPrompt,
  settleFromProbe,
  usageTokens,
  verifierRun
} from "./chunk-6RGNPH3Q.js";
import {
  apiErrorOf,
  iterationChangesText,
  lastTurnApiError,
  pendingCheckpoint,
  recordIteration
} from "./chunk-C3TYMFTO.js";
import {
  withNotes
} from "./chunk-5FM7APW3.js";
import "./chunk-PZX5E6UV.js";
import {
  readSettings
} from "./chunk-X27W5W25.js";
import "./chunk-MGBIV2WO.js";
import {
  loopDeadline
} from "./chunk-J52WRLV5.js";
import "./chunk-F3ILKG56.js";
import "./chunk-5KW5UY5D.js";
import {
  inspectMirror,
  loadState,
  loopFiles,
  persist,
  readHandoff,
  writeVerifierLog
} from "./chunk-7UXT4BYG.js";
import {
  openRegular
} from "./chunk-VZNR7AND.js";
import {
  AutoLoopStateSchema,
  tokensUsed
} from "./chunk-5AUT7LJL.js";
import {
  removeSessionMarker
} from "./chunk-ULLTZM7N.js";
import {
  loadStartEvidence
} from "./chunk-6NQA5RQF.js";
import {
  LstatAhead,
  READ_FLAGS,
  checkDeadline,
  ctimeTrusted,
  denied,
  digestFrom,
  fields,
  keyPath,
  kindOf,
  lstatVia,
  nameOf,
  raced,
  recordScope,
  snapshotFingerprint,
  takeSnapshot,
  unreadableHash,
  within
} from "./chunk-UPOQHDOL.js";
import "./chunk-REG5KHU7.js";
import "./chunk-PVEHQ6JT.js";
import {
  formatError,
  iso_exports,
  readJson,
  withLock,
  writeJson
} from "./chunk-32X6X3F3.js";
import "./chunk-54WWAJ57.js";
import {
  literal,
  object,
  string
} from "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";

// src/auto-loop/hooks/checkpoint.ts
function checkpointLoop(ctx) {
  return {
    dataDir: ctx.dataDir,
    projectDir: ctx.marker.project_dir,
    loopId: ctx.marker.loop_id,
    loopKind: "auto-loop",
    stateFile: ctx.marker.state_file
  };
}
function iterationFacts(state) {
  const judged = state.last_verifier?.iteration === state.iteration ? state.last_verifier.verdict : null;
  const audit = state.last_audit?.iteration === state.iteration ? state.last_audit : null;
  const vote = judged && audit ? `, audit ${audit.ran ? audit.vote : "could not run"}` : "";
  const verdict = judged ? `${judged}${vote}` : state.status === "pursuing" ? "not judged" : state.status;
  return { iteration: state.iteration, verdict, tokens: tokensUsed(state) };
}
async function checkpointJudged(ctx, loop, pending) {
  const state = await loadState(ctx.marker.state_file, ctx.now()).catch(() => void 0);
  if (!state || state.loop_id !== loop.loopId || state.session_id !== ctx.input.session_id || state.iteration === 0) return [];
  const start = await loadStartEvidence(loopFiles(ctx.dataDir, loop.projectDir).dir, state.loop_id, ctx.now()).catch(() => null);
  return recordIteration(loop, pending, iterationFacts(state), ctx.now(), start);
}

// src/auto-loop/hooks/long-runs.ts
async function endRunPhase(ctx, decision) {
  if (decision.kind !== "block") return decision;
  await saveNextPrompt(ctx.marker.state_file, {
    loop_id: ctx.marker.loop_id,
    session_id: ctx.input.session_id,
    prompt: decision.reason,
    at: ctx.now().toISOString()
  });
  return {
    kind: "allow",
    message: `${decision.message ?? "loopkit auto-loop"} loopkit run: phase over; the next phase starts in a fresh session.`
  };
}

// src/auto-loop/hooks/resume.ts
import { promises as fs } from "node:fs";
var ResumePendingSchema = object({
  version: literal(1),
  loop_id: string().min(1),
  session_id: string().min(1),
  at: iso_exports.datetime()
});
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
    if (!pending.exists || pending.value.session_id !== ctx.input.session_id || pending.value.loop_id !== ctx.marker.loop_id)
      return void 0;
    await fs.rm(file, { force: true });
    const owned = await readOwned(ctx);
    if (!owned) return void 0;
    const now = ctx.now();
    const renewed = resumeState(owned, now);
    return persist(files, renewed.state, renewed.history, now);
  });
  if (!state) return void 0;
  return {
    kind: "context",
    eventName: "UserPromptSubmit",
    context: loopContext(state, ctx.now(), "resume"),
    message: `loopkit auto-loop: resumed at iteration ${state.iteration} of ${state.caps.max_iterations}; loop context restored.`
  };
}

// src/auto-loop/hooks/session-start.ts
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

// src/auto-loop/hooks/transcript-usage.ts
import { promises as fs2 } from "node:fs";
import path from "node:path";
var CHUNK = 1024 * 1024;
var KEEP_IDS = 500;
var MAX_SUBAGENT_FILES = 1e3;
var MAX_DELTA_BYTES = 64 * 1024 * 1024;
async function readTranscriptDelta(file, cursor, notBefore = null) {
  const seen = new Set(cursor.recentMessageIds);
  const since = notBefore?.getTime() ?? Number.NEGATIVE_INFINITY;
  const delta = {
    ...cursor,
    recentMessageIds: [...cursor.recentMessageIds],
    subagentOffsets: { ...cursor.subagentOffsets },
    tokens: 0,
    toolCalls: 0,
    contextTokens: null
  };
  delta.offset = await readFileDelta(file, cursor.offset, seen, delta, since);
  const subagents = path.join(file.replace(/\.jsonl$/, ""), "subagents");
  const names = (await fs2.readdir(subagents).catch(() => [])).filter((name) => name.endsWith(".jsonl")).sort().slice(0, MAX_SUBAGENT_FILES);
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
    delta.contextTokens = contextTokens(usage);
  }
}

// src/evidence/changes-since.ts
import { createHash } from "node:crypto";
import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readlinkSync } from "node:fs";
import path2 from "node:path";
var BATCH = 512;
var SEP = Buffer.from(path2.sep);
var WHAT = "loopkit's check of the project after the verifier";
async function changesSince(taken, input) {
  const trust = ctimeTrusted(input.projectDir);
  const ahead = trust ? await LstatAhead.open(taken.stats, input.projectDir, input.ahead) : null;
  try {
    return await changesFrom(taken, input, trust, ahead);
  } finally {
    ahead?.stop();
  }
}
async function changesFrom(taken, input, trust, ahead) {
  const { deadline } = input;
  checkDeadline(deadline, WHAT);
  const table = taken.stats;
  const scope = recordScope(input.projectDir, input.dataDir);
  const rootsNow = new Map(scope.roots.map((root) => [root.key, root]));
  const rootsThen = new Map([["", input.projectDir], ...taken.snapshot.git.map((g) => [g.key, g.dir])]);
  const changes = [];
  const stack = [];
  const record = (stat, kind, hash) => ({
    ...fields(stat),
    kind,
    kept: false,
    racy: false,
    hash
  });
  const unreadable = (stat) => stat ? record(stat, "unreadable", unreadableHash(stat)) : { dev: 0, ino: 0, size: 0, mtimeMs: 0, ctimeMs: 0, kind: "unreadable", kept: false, racy: false, hash: null };
  const current = (abs, stat, kind) => {
    if (kind === "link")
      return record(
        stat,
        kind,
        createHash("sha256").update(readlinkSync(abs, { encoding: "buffer" })).digest()
      );
    if (kind === "dir") {
      const names = list(abs);
      if (names === "denied") return unreadable(stat);
      const first = names === "gone" ? void 0 : names.keys().next().value;
      if (first) {
        try {
          lstatSync(join(abs, first), { throwIfNoEntry: false });
        } catch (error) {
          if (denied(error)) return unreadable(stat);
        }
      }
      return record(stat, kind, null);
    }
    if (kind !== "file") return record(stat, kind, null);
    let fd;
    try {
      fd = openSync(abs, READ_FLAGS);
    } catch (error) {
      if (denied(error)) return unreadable(stat);
      if (raced(error)) return null;
      throw error;
    }
    try {
      const now2 = fstatSync(fd);
      if (!now2.isFile()) return record(now2, kindOf(now2), null);
      const digest = createHash("sha256");
      digestFrom(fd, digest, 0, deadline, `${WHAT} (hashing ${abs.toString()})`);
      return record(now2, "file", digest.digest());
    } finally {
      closeSync(fd);
    }
  };
  const describeNew = (abs, key, only = null) => {
    checkDeadline(deadline, WHAT);
    let stat;
    try {
      stat = lstatSync(abs, { throwIfNoEntry: false });
    } catch (error) {
      if (denied(error)) return void changes.push({ key, before: null, after: unreadable(null) });
      if (raced(error)) return;
      throw error;
    }
    if (!stat) return;
    const kind = kindOf(stat);
    if (kind !== "dir") return void changes.push({ key, before: null, after: record(stat, kind, null) });
    const names = list(abs);
    changes.push({ key, before: null, after: names === "denied" ? unreadable(stat) : record(stat, kind, null) });
    if (typeof names !== "string") describeNames(abs, `${key}/`, names, only);
  };
  const describeNames = (abs, prefix, names, only) => {
    for (const [nameKey, raw] of [...names].sort(([, a], [, b]) => Buffer.compare(a, b))) {
      const key = `${prefix}${nameKey}`;
      if (scope.skip(key) || only && !only(nameOf(raw).text)) continue;
      describeNew(join(abs, nameKey), key);
    }
  };
  const close = (folder) => {
    if (folder.listed?.size) describeNames(folder.abs, folder.prefix, folder.listed, folder.only);
  };
  const starts = table.starts();
  for (let i = 0, looked = 0; i < starts.length; i++) {
    if (++looked % BATCH === 0) {
      checkDeadline(deadline, WHAT);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const at = starts[i];
    const key = table.keyAt(at);
    const was = table.kindAt(at);
    let abs;
    let only = null;
    let gone;
    let shown = true;
    const rootThen = rootsThen.get(key);
    if (rootThen !== void 0) {
      while (stack.length) close(stack.pop());
      const rootNow = rootsNow.get(key);
      abs = rootThen;
      gone = rootNow?.dir !== rootThen;
      only = rootNow?.only ?? null;
    } else {
      while (stack.length && !key.startsWith(stack[stack.length - 1].prefix)) close(stack.pop());
      const parent = stack[stack.length - 1];
      if (!parent) throw new Error(`loopkit's record of the project is out of order at ${JSON.stringify(key)}`);
      const nameKey = key.slice(parent.prefix.length);
      parent.listed?.delete(nameKey);
      gone = parent.gone;
      abs = gone ? "" : join(parent.abs, nameKey);
      shown = !parent.only || parent.only(nameOf(nameBytes(nameKey)).text);
    }
    const prefix = key === "" ? "" : `${key}/`;
    if (!gone && was === "dir" && ahead?.standsWhole(at)) {
      const end = table.endAt(at);
      while (i + 1 < starts.length && starts[i + 1] < end) i++;
      continue;
    }
    let stat;
    if (!gone) {
      try {
        stat = lstatVia(ahead, abs, at);
      } catch (error) {
        if (denied(error)) {
          changes.push({ key, before: table.recordAt(at), after: unreadable(null) });
          if (was === "dir") stack.push({ key, prefix, abs, listed: null, gone: true, only });
          continue;
        }
        if (!raced(error)) throw error;
      }
    }
    if (!stat) {
      changes.push({ key, before: table.recordAt(at), after: null });
      if (was === "dir") stack.push({ key, prefix, abs, listed: null, gone: true, only });
      continue;
    }
    const kind = kindOf(stat);
    const trusted = trust && table.trustedAt(at, kind, stat);
    if (was === "dir" && kind === "dir") {
      const names = trusted ? null : list(abs);
      if (typeof names === "string") changes.push({ key, before: table.recordAt(at), after: names === "denied" ? unreadable(stat) : null });
      stack.push({ key, prefix, abs, listed: typeof names === "string" ? null : names, gone: typeof names === "string", only });
      continue;
    }
    if (trusted) continue;
    const after = current(abs, stat, kind);
    changes.push({ key, before: table.recordAt(at), after });
    if (was === "dir") stack.push({ key, prefix, abs, listed: null, gone: true, only });
    else if (after?.kind === "dir" && shown) {
      const names = list(abs);
      if (typeof names !== "string") describeNames(abs, prefix, names, null);
    }
  }
  while (stack.length) close(stack.pop());
  for (const root of scope.roots) {
    if (rootsThen.get(root.key) !== root.dir) describeNew(root.dir, root.key, root.only);
  }
  let now = null;
  return {
    changes,
    exists(key) {
      now ??= {
        gone: new Set(changes.filter((c) => !c.after).map((c) => c.key)),
        added: new Set(changes.filter((c) => !c.before && c.after).map((c) => c.key))
      };
      return now.added.has(key) || table.find(key) >= 0 && !now.gone.has(key);
    }
  };
}
var nameBytes = (nameKey) => nameKey.startsWith("\0") ? Buffer.from(nameKey.slice(1), "hex") : Buffer.from(nameKey);
function join(dir, nameKey) {
  if (!nameKey.startsWith("\0") && typeof dir === "string") return `${dir}${path2.sep}${nameKey}`;
  return Buffer.concat([Buffer.from(dir), SEP, nameBytes(nameKey)]);
}
function list(abs) {
  let names;
  try {
    names = readdirSync(abs, { encoding: "buffer" });
  } catch (error) {
    if (denied(error)) return "denied";
    if (raced(error)) return "gone";
    throw error;
  }
  return new Map(names.map((raw) => [nameOf(raw).key, raw]));
}

// src/evidence/verification.ts
var OUTPUT_FOLDERS = /* @__PURE__ */ new Set([
  ...TOOL_FOLDERS,
  "lib-cov",
  ".vite",
  ".hypothesis",
  "test-results",
  "playwright-report",
  "reports",
  "tmp",
  ".tmp"
]);
var OUTPUT_FILES = /(\.tsbuildinfo|\.pyc|\.pyo|\.log|\.eslintcache|\.stylelintcache|\.coverage|junit[^/]*\.xml)$/;
var TS_EMIT = /^(.*)\.(js|mjs|cjs|jsx|d\.ts|d\.mts|d\.cts|js\.map|mjs\.map|cjs\.map|d\.ts\.map)$/;
var TS_SOURCES = [".ts", ".tsx", ".mts", ".cts"];
var SHOWN = 40;
function judgeVerification(found, context) {
  const named = namedByCommand(context.verifyCommand);
  const protect = context.protect.map(globMatcher);
  const moved = [];
  const written = [];
  for (const { key, before: a, after: b } of found.changes) {
    if ((a?.kind ?? b?.kind) === "dir" && (b?.kind ?? a?.kind) === "dir") continue;
    const how = difference(a, b);
    if (!how) continue;
    const { path: path3, root } = keyPath(key, context.projectDir, context.git);
    const reason = goalpostReason(path3, root, named, protect);
    const why = how === "appeared" && reason === "named by the verifier command" ? null : reason;
    const line = `${path3}: ${how}${why ? ` [${why}]` : ""}`;
    if (!why && (isOutput(path3, root, found) || how === "appeared" && reason !== null)) written.push(line);
    else moved.push(line);
  }
  const lines = [
    ...moved.map((l) => `  ${l}`),
    ...written.map((l) => `  ${l} (written by the verifier, as build output, caches and dependencies are)`)
  ];
  const voided = moved.length ? `${moved.length} file(s) changed while the verifier ran (${moved.slice(0, 5).join("; ")}${moved.length > 5 ? "; ..." : ""}): the tree the verifier saw is not the one the audit would judge. Leave nothing running that changes files, and make the verifier write only build output and caches` : null;
  return {
    voided,
    lines: lines.length > SHOWN ? [...lines.slice(0, SHOWN), `  ... and ${lines.length - SHOWN} more`] : lines,
    count: lines.length
  };
}
function difference(a, b) {
  if (!a) return b ? "appeared" : null;
  if (!b) return "disappeared";
  if (a.kind !== b.kind) return `was a ${a.kind}, now a ${b.kind}`;
  const sameContent = a.hash === null ? b.hash === null : b.hash !== null && a.hash.equals(b.hash);
  if (!sameContent) return "content changed";
  if (a.dev !== b.dev || a.ino !== b.ino) return "replaced by another file with the same content";
  if (a.ctimeMs !== b.ctimeMs || a.mtimeMs !== b.mtimeMs || a.size !== b.size)
    return "rewritten (or its mode or links changed), content the same at the end";
  return null;
}
function isOutput(path3, root, now) {
  if (root !== "") return false;
  const parts = path3.split("/");
  if (parts.slice(0, -1).some((part) => OUTPUT_FOLDERS.has(part)) || OUTPUT_FILES.test(path3)) return true;
  const emit = TS_EMIT.exec(path3);
  return emit !== null && TS_SOURCES.some((ext) => now.exists(`${emit[1]}${ext}`));
}

// src/auto-loop/hooks/turn-record.ts
var SNAPSHOT_MS = 12e4;
var snapshotDeadline = (deadline) => ({ at: Math.min(deadline.at, Date.now() + SNAPSHOT_MS) });
async function recordTurn(loop, state, deadline) {
  let taken;
  try {
    taken = await takeSnapshot({ dataDir: loop.dataDir, projectDir: loop.projectDir, deadline: snapshotDeadline(deadline) });
  } catch (error) {
    const failure = formatError(error);
    return { taken: null, failure, pending: { kind: "failed", message: failure }, iterationChanges: null };
  }
  const start = state ? await loadStartEvidence(loopFiles(loop.dataDir, loop.projectDir).dir, state.loop_id, /* @__PURE__ */ new Date()).catch(() => null) : null;
  const pending = await pendingCheckpoint(loop, taken.snapshot, start);
  return { taken, failure: null, pending, iterationChanges: iterationChangesText(pending) };
}
function turnObservation(turn, state) {
  if (!turn.taken) return { treeHash: null, protectedFiles: null };
  return { treeHash: snapshotFingerprint(turn.taken.snapshot), protectedFiles: protectedFiles(turn.taken.stats, state.protect.globs) };
}
async function checkVerification(state, dataDir, turn, deadline) {
  const found = await changesSince(turn, { dataDir, projectDir: state.project_dir, deadline: snapshotDeadline(deadline) });
  return judgeVerification(found, {
    projectDir: state.project_dir,
    verifyCommand: state.verify_command,
    protect: state.protect.globs,
    git: turn.snapshot.git
  });
}

// src/auto-loop/hooks/hook-handlers.ts
var autoLoopHookHandlers = {
  async stop(ctx) {
    const read = await readJson(ctx.marker.state_file, AutoLoopStateSchema).catch(() => ({ exists: false }));
    const known = read.exists ? read.value : void 0;
    const deadline = known ? loopDeadline(known) : { at: Date.now() + UNKNOWN_LOOP_MS };
    const loop = checkpointLoop(ctx);
    const turn = await recordTurn(loop, known, deadline);
    const judged = await judgeTurn(ctx, turn, deadline);
    const decision = withNotes(judged, [...turn.taken?.notes ?? [], ...await checkpointJudged(ctx, loop, turn.pending)]);
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
    if (owned.state.status !== "pursuing")
      return { kind: "allow", message: `${endedOutcome(owned.state).message} (Afterwards ${reason}.)` };
    const now = ctx.now();
    const failed = failLoop(owned.state, now, reason);
    await persist(files, failed.state, failed.history, now).catch(() => writeJson(files.state, AutoLoopStateSchema, failed.state));
    return {
      kind: "allow",
      message: `loopkit auto-loop stopped, blocked: ${reason}. The turn was not judged; start a new loop when ready.`
    };
  });
}
var UNKNOWN_LOOP_MS = 6e4;
async function judgeTurn(ctx, turn, deadline) {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const iterationChanges = turn.iterationChanges;
  const first = await withLock(files.state, () => startTurn(ctx, files, turn));
  if ("decision" in first) return first.decision;
  const gate = await runGate(first.state, ctx, files, turn, deadline);
  return withLock(files.state, async () => {
    const current = await loadOwnedLoop(ctx, files);
    if ("decision" in current) return current.decision;
    if (current.state.status !== "pursuing")
      return save(ctx, files, { state: current.state, outcome: endedOutcome(current.state), history: [] });
    const notes = iterationChanges ? [...first.notes, iterationChanges] : first.notes;
    const decided = finishTurn(current.state, { now: ctx.now(), ...gate }, notes, first.history);
    return save(ctx, files, decided);
  });
}
var loadOwnedLoop = (ctx, files) => loadOwned(ctx, "auto-loop", () => loadState(files.state, ctx.now()));
async function startTurn(ctx, files, turn) {
  const owned = await loadOwnedLoop(ctx, files);
  if ("decision" in owned) return owned;
  const state = await settleFromProbe(clearApiErrors(owned.state), files.state);
  const now = ctx.now();
  if (state.status !== "pursuing") return { decision: await save(ctx, files, { state, outcome: endedOutcome(state), history: [] }) };
  const transcriptPath = ctx.input.transcript_path ?? null;
  const samePath = transcriptPath !== null && transcriptPath === state.transcript.path;
  const cursor = samePath ? {
    offset: state.transcript.offset,
    recentMessageIds: state.transcript.recent_message_ids,
    subagentOffsets: state.transcript.subagent_offsets
  } : { offset: 0, recentMessageIds: [], subagentOffsets: {} };
  const transcript = transcriptPath ? await readTranscriptDelta(transcriptPath, cursor, samePath ? null : new Date(state.transcript.since)) : { ...cursor, tokens: 0, toolCalls: 0, contextTokens: null };
  const started = beginTurn(state, {
    now,
    transcriptPath,
    transcript,
    lastMessage: ctx.input.last_assistant_message ?? "",
    ...turnObservation(turn, state),
    tamper: await inspectMirror(state.project_dir, state.mirror_sha256, now),
    handoffNote: await readHandoff(state.project_dir),
    contextWindow: state.launch.context_window
  });
  if (started.kind === "decided") return { decision: await save(ctx, files, started) };
  const saved = await persist(files, started.state, [], now);
  return { ...started, state: saved };
}
async function runGate(state, ctx, files, turn, deadline) {
  const runs = [];
  let outputTail = "";
  const env = launchEnv(state.launch, ctx.env);
  const note = (step) => noteGateStep(files, {
    loop_id: state.loop_id,
    iteration: state.iteration,
    step,
    run: step === "audit" ? 1 : runs.length + 1,
    started_at: ctx.now().toISOString()
  });
  while (gateNext(runs, null).kind === "verify") {
    await note("verifier");
    const timeoutMs = within(deadline, state.launch.verifier_timeout_ms);
    const outcome = timeoutMs > 0 ? await runLoopVerifier(state, timeoutMs, env, { sandbox: state.launch.agent_sandbox }) : NOT_RUN;
    const log = await writeVerifierLog(state.project_dir, state.iteration, runs.length + 1, outcome.output, ctx.now()).catch(() => null);
    outputTail = outcome.outputTail;
    runs.push(verifierRun(outcome, log));
  }
  if (gateNext(runs, null).kind !== "audit") return { runs, audit: null };
  if (!turn.taken)
    return {
      runs,
      audit: auditUnmet(
        `loopkit could not record the project at this Stop (${turn.failure}); no turn is judged achieved without its record`,
        false
      )
    };
  let during;
  try {
    const verification = await checkVerification(state, ctx.dataDir, turn.taken, deadline);
    if (verification.voided) return { runs, audit: auditUnmet(`the verifier's passes do not count: ${verification.voided}`, true) };
    during = verification.lines;
  } catch (error) {
    return {
      runs,
      audit: auditUnmet(
        `loopkit could not record the project after the verifier ran (${formatError(error)}), so the passes cannot be shown to be of the tree the audit judges`,
        false
      )
    };
  }
  await note("audit");
  const audit = await auditLoop({
    state,
    dataDir: ctx.dataDir,
    env: ctx.env,
    verifierTail: outputTail,
    iterationChanges: turn.iterationChanges,
    evidence: { now: turn.taken.snapshot, duringVerification: during },
    deadline
  });
  return { runs, audit };
}
var NOT_RUN = {
  exitCode: null,
  passed: false,
  timedOut: true,
  durationMs: 0,
  output: "(not run: the loop's wall clock is spent)",
  outputTail: "(not run: the loop's wall clock is spent)",
  outputBytes: 0,
  sandbox: "not run"
};
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
  const waiting = due ? await loadState(file, ctx.now()).catch(() => void 0) : void 0;
  if (!due || !waiting) return { kind: "none" };
  const since = waiting.api_errors.last?.at;
  if (due.getTime() > loopDeadline(waiting).at) due = new Date(loopDeadline(waiting).at);
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
