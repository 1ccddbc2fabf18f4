import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadOwned,
  ownsLoop,
  readTranscriptDelta
} from "./chunk-M6B4I5ZY.js";
import {
  isLoopPrompt,
  resumePendingFile
} from "./chunk-BRCBKISV.js";
import {
  SANDBOX_READ_ONLY_IN_PROJECT,
  alreadyRecorded,
  auditLoop,
  beginTurn,
  clearApiErrors,
  endedOutcome,
  failLoop,
  finishTurn,
  globMatcher,
  goalpostReason,
  launchEnv,
  loopContext,
  namedByCommand,
  noteGateStep,
  pauseState,
  pendingRetry,
  protectedFiles,
  recordApiError,
  resumeState,
  retryPrompt,
  retryWaitMs,
  runLoopVerifier,
  runTestContract,
  saveNextPrompt,
  settleFromProbe,
  verifierRun
} from "./chunk-SM32O2GJ.js";
import {
  apiErrorOf,
  iterationChangesText,
  lastTurnApiError,
  pendingCheckpoint,
  recordIteration,
  waitOf
} from "./chunk-PY5V25UZ.js";
import "./chunk-PNKYXAUH.js";
import {
  isNotThePersonsWord
} from "./chunk-EUSUULBY.js";
import {
  withNotes
} from "./chunk-5FM7APW3.js";
import "./chunk-DTFUBUZW.js";
import {
  RESUME_HINT
} from "./chunk-BGGK4KIJ.js";
import {
  showPath,
  splitWords
} from "./chunk-P4IBK2I7.js";
import {
  auditLabel,
  auditUnmet,
  gateNext,
  loopDeadline,
  readSettings,
  refusedByLoopkit
} from "./chunk-4FYXKZ2R.js";
import "./chunk-7BFHLTUB.js";
import "./chunk-BUUOZ462.js";
import "./chunk-63YVBMM7.js";
import {
  inspectMirror,
  loadState,
  loopFiles,
  persist,
  readHandoff,
  writeVerifierLog
} from "./chunk-DXEZUW42.js";
import "./chunk-QJD4XBMD.js";
import "./chunk-SRAQKVGE.js";
import {
  removeSessionMarker
} from "./chunk-HY7BSOUE.js";
import "./chunk-WZLN5BNR.js";
import {
  loadStartEvidence
} from "./chunk-NGPYFHQX.js";
import {
  LstatAhead,
  SAFE_READ_FLAGS,
  TOOL_FOLDERS,
  checkDeadline,
  ctimeTrusted,
  digestFrom,
  fields,
  isDenied,
  isGoneOrNotAFile,
  keyPath,
  kindOf,
  lstatVia,
  nameOf,
  readRegularFileSync,
  recordScope,
  sameIdentityAndTimes,
  snapshotFingerprint,
  takeSnapshot,
  unreadableHash,
  within
} from "./chunk-5F52TF2U.js";
import {
  AutoLoopStateSchema,
  isPaused,
  tokensUsed
} from "./chunk-HALTCE3W.js";
import {
  MIRROR_DIR
} from "./chunk-T4GQSL4B.js";
import "./chunk-PVEHQ6JT.js";
import {
  formatError,
  iso_exports,
  readJson,
  withLock,
  writeJson
} from "./chunk-W3MJS3SN.js";
import "./chunk-JR3TLBIQ.js";
import {
  literal,
  object,
  string
} from "./chunk-CW3O4QTE.js";
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
  const vote = judged && audit ? `, audit ${auditLabel(audit)}` : "";
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
    message: state.pause ? `loopkit auto-loop: paused at iteration ${state.iteration} of ${state.caps.max_iterations} (${state.pause.reason}); loop context restored. ${RESUME_HINT}` : `loopkit auto-loop: resumed at iteration ${state.iteration} of ${state.caps.max_iterations}; loop context restored.`
  };
}

// src/auto-loop/hooks/person-prompt.ts
var PAUSED_CONTEXT = "loopkit: the person wrote this while the auto-loop ran, so the loop is paused: answer the person and do what they ask. Do not go on with the loop's goal unless they ask you to; the loop goes on only when they type /loopkit:auto-loop --resume.";
var personWordsOf = (messages) => messages.filter((message) => !isNotThePersonsWord(message));
async function pauseOnPrompt(ctx) {
  const prompt = ctx.input.prompt ?? "";
  if (ctx.marker.driver === "run" || isLoopPrompt(prompt)) return void 0;
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const paused = await withLock(files.state, async () => {
    const owned = await readOwned(ctx);
    if (!owned) return false;
    const now = ctx.now();
    const step = pauseState(owned, { by: "person", reason: "the person wrote to the session while the loop ran", words: [prompt] }, now);
    await persist(files, step.state, step.history, now);
    return true;
  });
  return paused ? { kind: "context", eventName: "UserPromptSubmit", context: PAUSED_CONTEXT } : void 0;
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

// src/auto-loop/hooks/turn-record.ts
import path2 from "node:path";

// src/evidence/changes-since.ts
import { createHash } from "node:crypto";
import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readlinkSync } from "node:fs";
import path from "node:path";
var BATCH = 512;
var SEP = Buffer.from(path.sep);
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
          if (isDenied(error)) return unreadable(stat);
        }
      }
      return record(stat, kind, null);
    }
    if (kind !== "file") return record(stat, kind, null);
    let fd;
    try {
      fd = openSync(abs, SAFE_READ_FLAGS);
    } catch (error) {
      if (isDenied(error)) return unreadable(stat);
      if (isGoneOrNotAFile(error)) return null;
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
      if (isDenied(error)) return void changes.push({ key, before: null, after: unreadable(null) });
      if (isGoneOrNotAFile(error)) return;
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
    let shown2 = true;
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
      shown2 = !parent.only || parent.only(nameOf(nameBytes(nameKey)).text);
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
        if (isDenied(error)) {
          changes.push({ key, before: table.recordAt(at), after: unreadable(null) });
          if (was === "dir") stack.push({ key, prefix, abs, listed: null, gone: true, only });
          continue;
        }
        if (!isGoneOrNotAFile(error)) throw error;
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
      else if (!trusted && !sameIdentityAndTimes(table.recordAt(at), stat))
        changes.push({ key, before: table.recordAt(at), after: record(stat, kind, null) });
      stack.push({ key, prefix, abs, listed: typeof names === "string" ? null : names, gone: typeof names === "string", only });
      continue;
    }
    if (trusted) continue;
    const after = current(abs, stat, kind);
    const recorded = table.recordAt(at);
    if (trust && after?.kind === "file" && !recorded.racy && sameIdentityAndTimes(recorded, after) && recorded.hash !== null && after.hash?.equals(recorded.hash))
      continue;
    changes.push({ key, before: table.recordAt(at), after });
    if (was === "dir") stack.push({ key, prefix, abs, listed: null, gone: true, only });
    else if (after?.kind === "dir" && shown2) {
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
  if (!nameKey.startsWith("\0") && typeof dir === "string") return `${dir}${path.sep}${nameKey}`;
  return Buffer.concat([Buffer.from(dir), SEP, nameBytes(nameKey)]);
}
function list(abs) {
  let names;
  try {
    names = readdirSync(abs, { encoding: "buffer" });
  } catch (error) {
    if (isDenied(error)) return "denied";
    if (isGoneOrNotAFile(error)) return "gone";
    throw error;
  }
  return new Map(names.map((raw) => [nameOf(raw).key, raw]));
}

// src/evidence/verification.ts
import { posix } from "node:path";
var CACHE_FOLDERS = /* @__PURE__ */ new Set([
  ".cache",
  ".parcel-cache",
  ".turbo",
  ".gradle",
  "coverage",
  ".nyc_output",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
  "lib-cov",
  ".vite",
  ".hypothesis",
  "test-results",
  "playwright-report",
  "reports",
  "tmp",
  ".tmp"
]);
var BUILD_FOLDERS = new Set(TOOL_FOLDERS.filter((folder) => !CACHE_FOLDERS.has(folder)));
var OUTPUT_FILES = /(\.tsbuildinfo|\.log|\.eslintcache|\.stylelintcache|\.coverage|junit[^/]*\.xml)$/;
var TS_EMIT = /^(.*)\.(js|mjs|cjs|jsx|d\.ts|d\.mts|d\.cts|js\.map|mjs\.map|cjs\.map|d\.ts\.map)$/;
var TS_SOURCES = [".ts", ".tsx", ".mts", ".cts"];
var SHOWN = 40;
function judgeVerification(found, context) {
  const named = namedByCommand(context.verifyCommand);
  const protect = context.protect.map(globMatcher);
  const tsc = runsTsc(context.verifyCommand, context.scripts ?? null);
  const relisted = foldersRelisted(found.changes);
  const mountFolders = context.mounts ? foldersOnlyMountedIn(context.mounts.points, context.mounts.seen, found) : /* @__PURE__ */ new Set();
  const reports = new Set((context.reports ?? []).map(projectPath));
  const moved = [];
  const written = [];
  for (const change of found.changes) {
    const { key, before: a, after: b } = change;
    const { path: path3, root } = keyPath(key, context.projectDir, context.git);
    if (a?.kind === "dir" && b?.kind === "dir") {
      const folder = folderDifference(a, b, relisted.has(key));
      if (folder && !folderMayChange(key, path3, root, mountFolders)) moved.push(`${path3 ? showPath(path3) : "."}/: ${folder}`);
      continue;
    }
    if ((a?.kind ?? b?.kind) === "dir" && (b?.kind ?? a?.kind) === "dir") continue;
    const how = difference(a, b);
    if (!how) continue;
    const reason = goalpostReason(path3, root, named, protect);
    const report = root === "" && reports.has(path3) && reason !== "protected";
    const why = report || reason === "named by the verifier command" && isNamedOutput(path3, root, how) ? null : reason;
    const line = `${showPath(path3)}: ${how}${why ? ` [${why}]` : ""}`;
    if (!why && (report || isOutput(path3, root, change, { found, tsc }) || how === "appeared" && reason !== null)) written.push(line);
    else moved.push(line);
  }
  const lines = [
    ...moved.map((l) => `  ${l}`),
    ...written.map((l) => `  ${l} (written by the verifier, as build output, caches and dependencies are)`)
  ];
  const voided = moved.length ? `${moved.length} file(s) changed while the verifier ran (${moved.slice(0, 5).join("; ")}${moved.length > 5 ? "; ..." : ""}): the tree the verifier saw is not the one the audit would judge. Leave nothing running that changes files, make the verifier write only build output and caches, and run it yourself before you end your turn so what it builds is already in place` : null;
  return {
    voided,
    lines: lines.length > SHOWN ? [...lines.slice(0, SHOWN), `  ... and ${lines.length - SHOWN} more`] : lines,
    count: lines.length
  };
}
var projectPath = (typed) => posix.normalize(typed.replaceAll("\\", "/")).replace(/^(\.\/)+/, "");
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
function folderDifference(a, b, relisted) {
  if (a.dev !== b.dev || a.ino !== b.ino) return "replaced by another folder";
  if (relisted || a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs) return null;
  return "its times changed but it lists the same entries: an entry appeared and vanished in it (or its mode changed) while the verifier ran";
}
function folderMayChange(key, path3, root, mountFolders) {
  if (mountFolders?.has(key)) return true;
  if (root !== "") return key === root;
  return inFolders(`${path3}/`, OUTPUT_FOLDERS) || path3 === MIRROR_DIR;
}
function sandboxMountPoints(readOnly, recorded) {
  const points = /* @__PURE__ */ new Map();
  for (const entry of readOnly) {
    const parts = entry.split("/");
    for (let i = 1; i <= parts.length; i++) {
      if (recorded(parts.slice(0, i).join("/"))) continue;
      const folder = parts.slice(0, i - 1).join("/");
      points.set(folder, (points.get(folder) ?? /* @__PURE__ */ new Set()).add(parts[i - 1]));
      break;
    }
  }
  return points;
}
function foldersOnlyMountedIn(points, seen, found) {
  const changed = new Set(found.changes.map((change) => change.key));
  const explained = /* @__PURE__ */ new Set();
  for (const [folder, names] of points) {
    const came = seen.get(folder);
    if (!came) continue;
    const keyOf = (name) => folder ? `${folder}/${name}` : name;
    if ([...came].every((name) => names.has(name) || found.exists(keyOf(name)) || changed.has(keyOf(name)))) explained.add(folder);
  }
  return explained;
}
function foldersRelisted(changes) {
  const parents = /* @__PURE__ */ new Set();
  for (const { key, before, after } of changes) {
    if (before && after && before.kind === after.kind && before.dev === after.dev && before.ino === after.ino) continue;
    const slash = key.lastIndexOf("/");
    parents.add(slash < 0 ? "" : key.slice(0, slash));
  }
  return parents;
}
function isNamedOutput(path3, root, how) {
  return how === "appeared" || root === "" && (inFolders(path3, CACHE_FOLDERS) || OUTPUT_FILES.test(path3));
}
var OUTPUT_FOLDERS = /* @__PURE__ */ new Set([...CACHE_FOLDERS, ...BUILD_FOLDERS]);
function inFolders(path3, folders) {
  return path3.split("/").slice(0, -1).some((part) => folders.has(part));
}
function isOutput(path3, root, change, now) {
  if (root !== "") return false;
  if (inFolders(path3, CACHE_FOLDERS) || OUTPUT_FILES.test(path3)) return true;
  const { before, after } = change;
  if (inFolders(path3, BUILD_FOLDERS))
    return before === null || after !== null && before.kind === after.kind && sameHash(before.hash, after.hash);
  if (before !== null || !now.tsc) return false;
  const emit = TS_EMIT.exec(path3);
  return emit !== null && TS_SOURCES.some((ext) => now.found.exists(`${emit[1]}${ext}`));
}
var sameHash = (a, b) => a === null ? b === null : b !== null && a.equals(b);
var TSC = /(^|[\s/;&|('"])(vue-)?tsc($|[\s;&|)'"])/;
var RUNNERS = /* @__PURE__ */ new Set(["npm", "pnpm", "yarn", "bun"]);
function runsTsc(command, scripts, depth = 0) {
  if (TSC.test(command)) return true;
  if (!scripts || depth > 3) return false;
  let words;
  try {
    words = splitWords(command).map((w) => w.value);
  } catch {
    words = command.split(/\s+/);
  }
  for (let i = 0; i < words.length; i++) {
    const runner = words[i].split("/").pop();
    if (!RUNNERS.has(runner)) continue;
    let name = words[i + 1];
    if (name === "run" || name === "run-script") name = words[i + 2];
    else if (name === "t" || name === "tst") name = "test";
    if (!name) continue;
    for (const script of [`pre${name}`, name, `post${name}`]) {
      const text = Object.hasOwn(scripts, script) ? scripts[script] : void 0;
      if (typeof text === "string" && runsTsc(text, scripts, depth + 1)) return true;
    }
  }
  return false;
}
function timestampSettleMs(table, nowMs) {
  let latest = -Infinity;
  let coarse = false;
  for (const at of table.starts()) {
    if (!table.racyAt(at)) continue;
    const { mtimeMs, ctimeMs } = table.recordAt(at);
    for (const time of [mtimeMs, ctimeMs]) {
      if (time <= latest) continue;
      latest = time;
      coarse = time % 1e3 === 0;
    }
  }
  if (latest === -Infinity) return 0;
  return Math.min(2e3, Math.max(0, Math.ceil(latest + (coarse ? 2e3 : 20) - nowMs)));
}

// src/evidence/folder-watch.ts
import { watch } from "node:fs";
function watchFolders(folders) {
  const seen = /* @__PURE__ */ new Map();
  const watchers = [];
  for (const [key, dir] of folders) {
    const names = /* @__PURE__ */ new Set();
    seen.set(key, names);
    try {
      const watcher = watch(dir, { persistent: false, encoding: "utf8" }, (event, name) => {
        if (event !== "rename") return;
        if (name === null) seen.set(key, null);
        else seen.get(key)?.add(name);
      });
      watcher.on("error", () => seen.set(key, null));
      watchers.push(watcher);
    } catch {
      seen.set(key, null);
    }
  }
  return {
    async stop() {
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const watcher of watchers) watcher.close();
      return seen;
    }
  };
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
async function checkVerification(state, dataDir, turn, deadline, mounts) {
  const found = await changesSince(turn, { dataDir, projectDir: state.project_dir, deadline: snapshotDeadline(deadline) });
  return judgeVerification(found, {
    projectDir: state.project_dir,
    verifyCommand: state.verify_command,
    protect: state.protect.globs,
    git: turn.snapshot.git,
    scripts: packageScripts(state.project_dir),
    reports: state.test_results.report ? [state.test_results.report] : [],
    ...mounts ? { mounts } : {}
  });
}
function packageScripts(projectDir) {
  const MAX = 1024 * 1024;
  let bytes;
  try {
    bytes = readRegularFileSync(path2.join(projectDir, "package.json"), MAX + 1);
  } catch {
    return null;
  }
  if (!bytes || bytes.length > MAX) return null;
  const text = bytes.toString("utf8");
  try {
    const scripts = JSON.parse(text).scripts;
    if (!scripts || typeof scripts !== "object") return null;
    return Object.fromEntries(Object.entries(scripts).filter((entry) => typeof entry[1] === "string"));
  } catch {
    return null;
  }
}
function watchMountFolders(turn, projectDir) {
  const points = sandboxMountPoints(mountedReadOnly(turn), (key) => turn.stats.find(key) >= 0);
  const dirs = /* @__PURE__ */ new Map();
  for (const folder of points.keys()) {
    const [root, ...rest] = folder.split("/");
    const base = root?.startsWith("\0") ? turn.snapshot.git.find((g) => g.key === root)?.dir : projectDir;
    if (base) dirs.set(folder, path2.join(base, ...root?.startsWith("\0") ? rest : folder ? folder.split("/") : []));
  }
  const watch2 = watchFolders(dirs);
  return { stop: async () => ({ points, seen: await watch2.stop() }) };
}
function mountedReadOnly(turn) {
  const gitFolder = turn.snapshot.git.find((g) => g.key === "\0git");
  return SANDBOX_READ_ONLY_IN_PROJECT.map((entry) => entry.startsWith(".git/") && gitFolder ? `\0git/${entry.slice(5)}` : entry);
}

// src/auto-loop/project/leftover-processes.ts
import { promises as fs2, realpathSync, statSync } from "node:fs";
var START_SLACK_MS = 2e3;
var HOOKS_TOGETHER_MS = 1e3;
function planLeftovers(seen, context) {
  const byPid = new Map(seen.map((p) => [p.pid, p]));
  const plan = { end: [], refuse: [] };
  for (const p of seen) {
    if (!p.holds || p.startedMs < context.loopStartMs - START_SLACK_MS) continue;
    const from = lineageOf(p, byPid, context);
    if (from === "agent" || from === null && p.marked) plan.end.push(p);
    else if (p.holds !== "plain") plan.refuse.push(p);
  }
  return plan;
}
function lineageOf(p, byPid, context) {
  for (let at = p, hops = 0; at && hops < 64; at = byPid.get(at.ppid), hops++) {
    if (at.ppid !== context.session) continue;
    const isHook = at.hookEnv && at.startedMs >= context.hookStartMs - HOOKS_TOGETHER_MS;
    return at.sid !== context.claudeSid && !isHook ? "agent" : "claude-code";
  }
  return null;
}
var NOTHING = { note: null, refused: null };
async function endLeftoverProcesses(input) {
  if (process.platform !== "linux") return NOTHING;
  const seen = await scanProcesses(input.projectDir, input.sessionId, input.loopStartMs - START_SLACK_MS);
  const self = seen && await readProcessStart(process.pid);
  const claudeSid = seen && await readSessionId(process.ppid);
  if (!seen || self === null || claudeSid === null) return NOTHING;
  const plan = planLeftovers(seen, { session: process.ppid, claudeSid, loopStartMs: input.loopStartMs, hookStartMs: self });
  const survivors = await endProcesses(plan.end);
  const refuse = [...plan.refuse, ...survivors];
  const name = (p) => `${p.pid} (${p.command}; ${p.holds === "hidden" ? "/proc hides what it holds" : shown(p.where)})`;
  const ended = plan.end.filter((p) => !survivors.includes(p));
  const lines = [];
  if (ended.length)
    lines.push(
      `loopkit ended ${ended.length} process(es) your commands left running in the project before it recorded this turn: ${mostTelling(ended, name)}. loopkit's rule: nothing your Bash commands started may run while the verifier runs (it could change what the verifier sees); Claude Code's own processes (its sandbox's bridges, MCP servers) are never ended. Stop background tasks and servers you start before you end a turn; a server the tests need belongs in the verifier's command.`
    );
  const refused = refuse.length ? `${refuse.length} process(es) that loopkit may not end could change the project unseen while the verifier runs: ${refuse.map(name).join("; ")}. This turn is not judged until they are gone (end them, or ask the person to close them)` : null;
  if (refused) lines.push(`${refused}.`);
  return { note: lines.length ? lines.join("\n") : null, refused };
}
async function readSessionId(pid) {
  const stat = await fs2.readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  return stat ? Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[3]) : null;
}
function mostTelling(list2, name) {
  const byPid = new Map(list2.map((p) => [p.pid, p]));
  const depth = (p) => {
    let n = 0;
    for (let at = byPid.get(p.ppid); at && n < 64; at = byPid.get(at.ppid)) n++;
    return n;
  };
  const ordered = [...list2].sort((a, b) => depth(b) - depth(a));
  const more = ordered.length > 3 ? `; and ${ordered.length - 3} more below or above them` : "";
  return `${ordered.slice(0, 3).map(name).join("; ")}${more}`;
}
async function readProcessStart(pid) {
  const stat = await fs2.readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  const boot = await bootTimeMs();
  if (!stat || boot === null) return null;
  return boot + Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]) * 1e3 / TICKS_PER_SECOND;
}
async function scanProcesses(projectDir, sessionId, sinceMs) {
  const names = await fs2.readdir("/proc").catch(() => null);
  const boot = await bootTimeMs();
  if (!names || boot === null) return null;
  const root = realpathSync(projectDir);
  const rootDev = statSync(root).dev;
  const uid = process.getuid?.() ?? -1;
  const skip = await ancestors(process.pid);
  const seen = await Promise.all(
    names.filter((name) => /^\d+$/.test(name) && !skip.has(Number(name))).map((name) => readProcess(Number(name), { uid, boot, root, rootDev, sessionId, sinceMs }))
  );
  return seen.filter((p) => p !== null);
}
var TICKS_PER_SECOND = 100;
async function readProcess(pid, context) {
  const status = await fs2.readFile(`/proc/${pid}/status`, "utf8").catch(() => null);
  const stat = await fs2.readFile(`/proc/${pid}/stat`, "utf8").catch(() => null);
  if (!status || !stat) return null;
  const uids = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status);
  if (!uids || Number(uids[1]) !== context.uid && Number(uids[2]) !== context.uid) return null;
  const fields2 = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  if (fields2[0] === "Z" || fields2[0] === "X") return null;
  const startTicks = fields2[19] ?? "0";
  const cmdline = await fs2.readFile(`/proc/${pid}/cmdline`).catch(() => Buffer.alloc(0));
  const command = shown(
    cmdline.toString("utf8").split("\0").filter(Boolean).join(" ") || stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))
  );
  const startedMs = context.boot + Number(startTicks) * 1e3 / TICKS_PER_SECOND;
  const holding = startedMs < context.sinceMs ? { holds: null, where: "" } : await holdsProject(pid, context);
  const environ = await fs2.readFile(`/proc/${pid}/environ`).catch(() => null);
  return {
    pid,
    ppid: Number(fields2[1]),
    sid: Number(fields2[3]),
    startedMs,
    startTicks,
    command,
    holds: holding.holds,
    where: holding.where,
    marked: environ !== null && markedByClaudeCode(environ, context.sessionId),
    hookEnv: environ !== null && environ.toString("utf8").split("\0").some((v) => v.startsWith("CLAUDE_PROJECT_DIR="))
  };
}
function markedByClaudeCode(environ, sessionId) {
  const vars = environ.toString("utf8").split("\0");
  if (!vars.includes("CLAUDECODE=1")) return false;
  const session = vars.find((v) => v.startsWith("CLAUDE_CODE_SESSION_ID="));
  return session === void 0 || session === `CLAUDE_CODE_SESSION_ID=${sessionId}`;
}
var shown = (text) => {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length > 120 ? `${escaped.slice(0, 120)}...` : escaped;
};
var inside = (file, root) => file === root || file.startsWith(`${root}/`);
var DELETED = " (deleted)";
async function holdsProject(pid, context) {
  const base = `/proc/${pid}`;
  const maps = await fs2.readFile(`${base}/maps`, "utf8").catch((error) => error);
  const cwd = await fs2.readlink(`${base}/cwd`).catch((error) => error);
  if (maps instanceof Error || cwd instanceof Error) {
    const hidden = [maps, cwd].some((e) => e instanceof Error && (e.code === "EACCES" || e.code === "EPERM"));
    return { holds: hidden ? "hidden" : null, where: "" };
  }
  const shared = sharedMapping(maps, context);
  if (shared) return { holds: "shared", where: `a shared writable mapping of ${shared}` };
  if (inside(cwd, context.root)) return { holds: "plain", where: `its folder ${cwd}` };
  for (const line of maps.split("\n")) {
    const file = mappedPath(line);
    if (file && inside(file, context.root)) return { holds: "plain", where: `a mapping of ${file}` };
  }
  const fds = await fs2.readdir(`${base}/fd`).catch(() => []);
  for (const fd of fds) {
    const target = await fs2.readlink(`${base}/fd/${fd}`).catch(() => "");
    const file = target.endsWith(DELETED) ? target.slice(0, -DELETED.length) : target;
    if (file && inside(file, context.root)) return { holds: "plain", where: `an open file ${file}` };
  }
  return { holds: null, where: "" };
}
function mappedPath(line) {
  const at = line.indexOf("/");
  if (at < 0) return null;
  const file = line.slice(at);
  return file.endsWith(DELETED) ? file.slice(0, -DELETED.length) : file;
}
function sharedMapping(maps, context) {
  for (const line of maps.split("\n")) {
    const [, perms, , dev, inode] = line.split(/\s+/, 5);
    if (!perms || perms[1] !== "w" || perms[3] !== "s" || !inode || inode === "0") continue;
    const file = mappedPath(line);
    if (!file) continue;
    if (inside(file, context.root)) return file;
    if (deviceNumber(dev ?? "") !== context.rootDev) continue;
    if (line.endsWith(DELETED)) return file;
    try {
      const stat = statSync(file);
      if (stat.nlink > 1 || String(stat.ino) !== inode) return file;
    } catch {
      return file;
    }
  }
  return null;
}
function deviceNumber(text) {
  const [major, minor] = text.split(":").map((part) => parseInt(part, 16));
  if (major === void 0 || minor === void 0 || Number.isNaN(major) || Number.isNaN(minor)) return -1;
  return (major & 4095) * 256 + (minor & 255) + (minor & ~255) * 4096 + Math.floor(major / 4096) * 2 ** 44;
}
async function ancestors(pid) {
  const found = /* @__PURE__ */ new Set();
  for (let at = pid; at > 1 && !found.has(at); ) {
    found.add(at);
    const status = await fs2.readFile(`/proc/${at}/status`, "utf8").catch(() => "");
    at = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  }
  return found;
}
async function bootTimeMs() {
  const stat = await fs2.readFile("/proc/stat", "utf8").catch(() => "");
  const btime = /^btime\s+(\d+)/m.exec(stat);
  return btime ? Number(btime[1]) * 1e3 : null;
}
var TERM_WAIT_MS = 2e3;
var KILL_WAIT_MS = 1e3;
async function endProcesses(list2) {
  let alive = await stillAlive(list2);
  for (const [signal, wait] of [
    ["SIGTERM", TERM_WAIT_MS],
    ["SIGKILL", KILL_WAIT_MS]
  ]) {
    if (!alive.length) return [];
    for (const p of alive) {
      try {
        process.kill(p.pid, signal);
      } catch {
      }
    }
    for (const until = Date.now() + wait; alive.length && Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      alive = await stillAlive(alive);
    }
  }
  return alive;
}
async function stillAlive(list2) {
  const alive = [];
  for (const p of list2) {
    const stat = await fs2.readFile(`/proc/${p.pid}/stat`, "utf8").catch(() => null);
    if (!stat) continue;
    const fields2 = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (fields2[0] !== "Z" && fields2[0] !== "X" && fields2[19] === p.startTicks) alive.push(p);
  }
  return alive;
}

// src/auto-loop/hooks/hook-handlers.ts
var autoLoopHookHandlers = {
  async stop(ctx) {
    const read = await readJson(ctx.marker.state_file, AutoLoopStateSchema).catch(() => ({ exists: false }));
    const known = read.exists ? read.value : void 0;
    if (known && isPaused(known)) {
      const paused = await pausedStop(ctx);
      if (paused) return paused;
    }
    const deadline = known ? loopDeadline(known) : { at: Date.now() + UNKNOWN_LOOP_MS };
    const leftovers = await endLeftovers(ctx, known);
    const loop = checkpointLoop(ctx);
    const turn = await recordTurn(loop, known, deadline);
    const judged = await judgeTurn(ctx, turn, deadline, leftovers.refused);
    const decision = withNotes(judged, [
      ...leftovers.note ? [leftovers.note] : [],
      ...turn.taken?.notes ?? [],
      ...await checkpointJudged(ctx, loop, turn.pending)
    ]);
    return ctx.marker.driver === "run" ? endRunPhase(ctx, decision) : decision;
  },
  endOnError: endLoopOnError,
  sessionStart: restoreLoopContext,
  userPromptSubmit: async (ctx) => await resumeOnPrompt(ctx) ?? pauseOnPrompt(ctx),
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
async function endLeftovers(ctx, known) {
  if (known?.status !== "pursuing" || known.pause) return { note: null, refused: null };
  try {
    return await endLeftoverProcesses({
      projectDir: ctx.marker.project_dir,
      sessionId: ctx.input.session_id,
      loopStartMs: Date.parse(known.started_at)
    });
  } catch (error) {
    const refused = `loopkit could not look for processes left running in the project (${formatError(error)})`;
    return { note: `${refused}: this turn is not judged.`, refused };
  }
}
var UNKNOWN_LOOP_MS = 6e4;
async function judgeTurn(ctx, turn, deadline, refused) {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const iterationChanges = turn.iterationChanges;
  const first = await withLock(files.state, () => startTurn(ctx, files, turn));
  if ("decision" in first) return first.decision;
  const gate = await runGate(first.state, ctx, files, turn, deadline, refused);
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
async function pausedStop(ctx) {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  return withLock(files.state, async () => {
    const owned = await loadOwnedLoop(ctx, files);
    if ("decision" in owned) return owned.decision;
    if (!isPaused(owned.state)) return null;
    const started = beginTurn(owned.state, await observeTurn(ctx, owned.state, UNRECORDED));
    if (started.kind !== "decided") return null;
    return save(ctx, files, started);
  });
}
var UNRECORDED = {
  taken: null,
  failure: "the loop is paused",
  pending: { kind: "failed", message: "the loop is paused" },
  iterationChanges: null
};
async function startTurn(ctx, files, turn) {
  const owned = await loadOwnedLoop(ctx, files);
  if ("decision" in owned) return owned;
  const state = await settleFromProbe(clearApiErrors(owned.state), files.state);
  const now = ctx.now();
  if (state.status !== "pursuing") return { decision: await save(ctx, files, { state, outcome: endedOutcome(state), history: [] }) };
  const started = beginTurn(state, await observeTurn(ctx, state, turn));
  if (started.kind === "decided") return { decision: await save(ctx, files, started) };
  const saved = await persist(files, started.state, [], now);
  return { ...started, state: saved };
}
async function observeTurn(ctx, state, turn) {
  const now = ctx.now();
  const transcriptPath = ctx.input.transcript_path ?? null;
  const samePath = transcriptPath !== null && transcriptPath === state.transcript.path;
  const cursor = samePath ? {
    offset: state.transcript.offset,
    recentMessageIds: state.transcript.recent_message_ids,
    subagentOffsets: state.transcript.subagent_offsets
  } : { offset: 0, recentMessageIds: [], subagentOffsets: {} };
  const transcript = transcriptPath ? await readTranscriptDelta(transcriptPath, cursor, samePath ? null : new Date(state.transcript.since)) : { ...cursor, tokens: 0, toolCalls: 0, contextTokens: null, personMessages: [] };
  return {
    now,
    transcriptPath,
    transcript,
    lastMessage: ctx.input.last_assistant_message ?? "",
    ...turnObservation(turn, state),
    tamper: await inspectMirror(state.project_dir, state.mirror_sha256, now),
    handoffNote: await readHandoff(state.project_dir),
    contextWindow: state.launch.context_window,
    personWords: personWordsOf(transcript.personMessages),
    // A `loopkit run` phase is headless: nobody there can type, or answer a question.
    personPresent: ctx.marker.driver !== "run"
  };
}
async function runGate(state, ctx, files, turn, deadline, refused) {
  const runs = [];
  const outcomes = [];
  if (turn.taken) await new Promise((resolve) => setTimeout(resolve, timestampSettleMs(turn.taken.stats, Date.now())));
  let outputTail = "";
  const logged = async () => {
    for (let i = 0; i < outcomes.length; i++) {
      const log = await writeVerifierLog(state.project_dir, state.iteration, i + 1, outcomes[i].output, ctx.now()).catch(() => null);
      runs[i] = verifierRun(outcomes[i], log);
    }
    outcomes.length = 0;
    return runs;
  };
  const env = launchEnv(state.launch, ctx.env);
  const note = (step) => noteGateStep(files, {
    loop_id: state.loop_id,
    iteration: state.iteration,
    step,
    run: step === "verifier" ? runs.length + 1 : 1,
    started_at: ctx.now().toISOString()
  });
  const mountWatch = turn.taken ? watchMountFolders(turn.taken, state.project_dir) : null;
  while (gateNext(runs, null).kind === "verify") {
    await note("verifier");
    const timeoutMs = within(deadline, state.launch.verifier_timeout_ms);
    const outcome = timeoutMs > 0 ? await runLoopVerifier(state, timeoutMs, env, { sandbox: state.launch.agent_sandbox }) : NOT_RUN;
    outputTail = outcome.outputTail;
    outcomes.push(outcome);
    runs.push(verifierRun(outcome, null));
  }
  const mounts = await mountWatch?.stop();
  if (gateNext(runs, null).kind !== "audit") return { runs: await logged(), audit: null };
  if (!turn.taken)
    return {
      runs: await logged(),
      audit: auditUnmet(
        `loopkit could not record the project at this Stop (${turn.failure}); no turn is judged achieved without its record`,
        false
      )
    };
  if (refused) return { runs, audit: refusedByLoopkit("processes", `the verifier's passes do not count: ${refused}`) };
  let during;
  try {
    const sandboxed = outcomes.some((outcome) => outcome.sandbox === "sandboxed");
    const verification = await checkVerification(state, ctx.dataDir, turn.taken, deadline, sandboxed ? mounts : void 0);
    await logged();
    if (verification.voided)
      return { runs, audit: refusedByLoopkit("verification", `the verifier's passes do not count: ${verification.voided}`) };
    during = verification.lines;
  } catch (error) {
    return {
      runs: await logged(),
      audit: auditUnmet(
        `loopkit could not record the project after the verifier ran (${formatError(error)}), so the passes cannot be shown to be of the tree the audit judges`,
        false
      )
    };
  }
  const contractMs = within(deadline, state.launch.verifier_timeout_ms);
  if (contractMs <= 0) return { runs, audit: auditUnmet("no time was left to run the start's tests within the loop's wall clock", false) };
  let contract;
  try {
    const held = await runTestContract({
      state,
      dataDir: ctx.dataDir,
      now: turn.taken.snapshot,
      timeoutMs: contractMs,
      env,
      options: { sandbox: state.launch.agent_sandbox },
      onRun: () => note("contract")
    });
    if (held.breach) return { runs, audit: refusedByLoopkit("contract", held.breach), contract: held.line };
    contract = held.line;
  } catch (error) {
    return { runs, audit: auditUnmet(`loopkit could not run the start's tests unchanged (${formatError(error)})`, false) };
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
  return { runs, audit, contract };
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
  if (outcome.kind === "block") return { kind: "block", reason: outcome.prompt, message: outcome.message };
  return outcome.message ? { kind: "allow", message: outcome.message } : { kind: "allow" };
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
  const wait = waitOf(retryWaitMs(waiting, due, ctx.now()));
  while (wait.left() > 0) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(1e3, wait.left())));
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
