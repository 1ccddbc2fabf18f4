import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  GuardedFolder
} from "./chunk-QJD4XBMD.js";
import {
  HistoryEntrySchema,
  historyEntry
} from "./chunk-SRAQKVGE.js";
import {
  writeSessionMarker
} from "./chunk-HY7BSOUE.js";
import {
  AutoLoopStateSchema
} from "./chunk-HALTCE3W.js";
import {
  MIRROR_DIR,
  MIRROR_FILES,
  MIRROR_FOLDERS,
  VERIFIER_LOG
} from "./chunk-T4GQSL4B.js";
import {
  projectKey
} from "./chunk-PVEHQ6JT.js";
import {
  appendWholeSync,
  isLoopkitError,
  readJson,
  readOrKeepAside,
  writeJson
} from "./chunk-W3MJS3SN.js";

// src/auto-loop/data/store.ts
import path2 from "node:path";

// src/auto-loop/project/mirror.ts
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
var KEEP_LOGS = 20;
var MAX_HANDOFF_BYTES = 32 * 1024;
var MAX_MIRROR_BYTES = 4 * 1024 * 1024;
var GITIGNORE = "# written by loopkit: keep the loop's records out of git\n*\n";
var rel = (...parts) => path.join(MIRROR_DIR, ...parts);
var stamp = (now) => now.toISOString().replace(/[:.]/g, "-");
var guard = (projectDir, now) => new GuardedFolder(projectDir, () => now);
function mirrorText(state) {
  return `${JSON.stringify({ ...state, mirror_sha256: null }, null, 2)}
`;
}
var sha256 = (text) => createHash("sha256").update(text).digest("hex");
async function writeMirror(projectDir, state, text, now) {
  const folder = guard(projectDir, now);
  await folder.writeFile(rel(".gitignore"), GITIGNORE);
  await folder.writeFile(rel("goal-state.json"), text);
  const heartbeat = {
    version: 1,
    loop_id: state.loop_id,
    session_id: state.session_id,
    status: state.status,
    iteration: state.iteration,
    at: state.heartbeat_at
  };
  await folder.writeFile(rel("heartbeat.json"), `${JSON.stringify(heartbeat, null, 2)}
`);
  return folder.planted;
}
async function appendJsonl(file, entries) {
  if (entries.length === 0) return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  appendWholeSync(file, historyLines(entries));
}
async function appendMirrorHistory(projectDir, entries, now) {
  if (entries.length === 0) return [];
  const folder = guard(projectDir, now);
  await folder.append(rel("gate-history.jsonl"), historyLines(entries));
  return folder.planted;
}
var historyLines = (entries) => entries.map((e) => `${JSON.stringify(HistoryEntrySchema.parse(e))}
`).join("");
async function inspectMirror(projectDir, expectedSha, now) {
  if (expectedSha === null) return [];
  const folder = guard(projectDir, now);
  const found = [];
  await folder.checkDir(MIRROR_DIR);
  for (const name of MIRROR_FOLDERS) await folder.checkDir(rel(name));
  for (const name of MIRROR_FILES) await folder.checkFile(rel(name));
  const logs = await fs.readdir(path.join(projectDir, MIRROR_DIR, "logs")).catch(() => []);
  for (const name of logs.filter((n) => !n.includes("-foreign-"))) await folder.checkFile(rel("logs", name));
  const mirror = await folder.read(rel("goal-state.json"), MAX_MIRROR_BYTES);
  if (mirror === null) {
    if (!folder.planted.some((p) => p.path === rel("goal-state.json"))) found.push(".auto-loop/goal-state.json was deleted");
  } else if (mirror.truncated || sha256(mirror.bytes) !== expectedSha) {
    const keptAs = await folder.keepAside(rel("goal-state.json"), rel("tampered"), `goal-state-${stamp(now)}.json`);
    found.push(`.auto-loop/goal-state.json was edited${keptAs ? ` (the edited copy is kept as ${keptAs})` : ""}`);
  }
  for (const p of folder.planted)
    found.unshift(`${p.path} was ${p.found}, not loopkit's; it was moved to ${p.keptAs} without following it`);
  return found;
}
async function mirrorIsOurs(projectDir, expectedSha) {
  if (expectedSha === null) return false;
  const mirror = await new GuardedFolder(projectDir).read(rel("goal-state.json"), MAX_MIRROR_BYTES);
  return mirror !== null && !mirror.truncated && sha256(mirror.bytes) === expectedSha;
}
async function keepForeignAside(projectDir, now) {
  return (await guard(projectDir, now).moveAsideIfPresent(MIRROR_DIR))?.keptAs ?? null;
}
async function writeVerifierLog(projectDir, iteration, run, output, now) {
  const folder = guard(projectDir, now);
  const name = `verifier-${String(iteration).padStart(4, "0")}-${run}.log`;
  await folder.writeFile(rel("logs", name), output);
  const dir = path.join(projectDir, MIRROR_DIR, "logs");
  const logs = (await fs.readdir(dir)).filter((file) => VERIFIER_LOG.test(file)).sort();
  await Promise.all(logs.slice(0, Math.max(0, logs.length - KEEP_LOGS)).map((file) => fs.rm(path.join(dir, file), { force: true })));
  return rel("logs", name);
}
function openMirrorLog(projectDir, name, now) {
  return guard(projectDir, now).openForAppend(rel(name));
}
async function readHandoff(projectDir) {
  const read = await new GuardedFolder(projectDir).read(rel("handoff.md"), MAX_HANDOFF_BYTES);
  if (!read) return null;
  const text = read.bytes.toString("utf8").replace(/\uFFFD+$/, "").trim();
  return text === "" ? null : text;
}

// src/auto-loop/data/store.ts
function loopFiles(data, projectDir) {
  const dir = path2.join(data, "auto-loop", projectKey(projectDir));
  return { dir, state: path2.join(dir, "state.json"), history: path2.join(dir, "gate-history.jsonl") };
}
function loadState(file, now) {
  return readOrKeepAside(file, AutoLoopStateSchema, now, "the loop stopped and will not be judged achieved; start a new one when ready");
}
async function persist(files, state, history, now) {
  const text = mirrorText(state);
  const saved = { ...state, mirror_sha256: sha256(text) };
  const previous = await readJson(files.state, AutoLoopStateSchema).catch(() => null);
  await writeJson(files.state, AutoLoopStateSchema, saved);
  const planted = await writeMirror(state.project_dir, state, text, now).catch(async (error) => {
    if (isRefusal(error))
      await writeJson(files.state, AutoLoopStateSchema, { ...previous?.exists ? previous.value : saved, mirror_sha256: null });
    throw error;
  });
  const all = [
    ...history,
    ...planted.map((p) => historyEntry(saved, now, "tamper", `${p.path} was ${p.found}; moved to ${p.keptAs} without following it`))
  ];
  await appendJsonl(files.history, all);
  await appendMirrorHistory(state.project_dir, all, now).catch((error) => {
    if (!isRefusal(error)) throw error;
  });
  return saved;
}
var isRefusal = (error) => isLoopkitError(error, "NO_SPACE") || isLoopkitError(error, "READ_ONLY");
function writeMarker(data, state, files, now, driver = "session") {
  return writeSessionMarker(
    data,
    state.session_id,
    { kind: "auto-loop", loop_id: state.loop_id, project_dir: state.project_dir, state_file: files.state, driver },
    now
  );
}

export {
  inspectMirror,
  mirrorIsOurs,
  keepForeignAside,
  writeVerifierLog,
  openMirrorLog,
  readHandoff,
  loopFiles,
  loadState,
  persist,
  writeMarker
};
