import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  LOOP_KINDS
} from "./chunk-WZLN5BNR.js";
import {
  SnapshotSchema
} from "./chunk-5F52TF2U.js";
import {
  projectKey
} from "./chunk-PVEHQ6JT.js";
import {
  iso_exports,
  readJson,
  readOrKeepAside,
  writeJson
} from "./chunk-W3MJS3SN.js";
import {
  _enum,
  array,
  int,
  literal,
  object,
  string
} from "./chunk-CW3O4QTE.js";

// src/checkpoint/record.ts
import { promises as fs } from "node:fs";
import path from "node:path";
var ChangesSchema = object({
  added: int().nonnegative(),
  modified: int().nonnegative(),
  deleted: int().nonnegative(),
  /** The first paths, each with a status letter as git's (A added, M modified, D deleted, T kind changed); `more` counts the rest. */
  paths: array(object({ status: _enum(["A", "M", "D", "T"]), path: string() })),
  more: int().nonnegative()
});
var CheckpointSchema = object({
  /** "3" for the tree after iteration 3; "r1" for the tree just before the first restore. */
  id: string().regex(/^(\d+|r\d+)$/),
  kind: _enum(["iteration", "before-restore"]),
  /** The iteration this tree follows (for a before-restore checkpoint: the loop's last iteration). */
  iteration: int().nonnegative(),
  /** The tree, in loopkit's record of the project. */
  snapshot: SnapshotSchema,
  at: iso_exports.datetime(),
  /** What the loop made of the iteration: "pass", "fail", "flaky, audit unmet", "budget-limited", ... */
  verdict: string(),
  /** The loop's tokens so far; null for repeat, which does not count tokens. */
  tokens: int().nonnegative().nullable(),
  changed: ChangesSchema,
  /** For a before-restore checkpoint: the checkpoint that was restored. */
  restored: string().nullable()
});
var CheckpointRecordSchema = object({
  version: literal(2),
  loop_id: string().min(1),
  loop_kind: _enum(LOOP_KINDS),
  project_dir: string().min(1),
  /** The loop's state file, so restore and prune can tell whether the loop still runs. */
  state_file: string().min(1),
  /** What the first checkpoint is compared with: the project when the loop started (null: none kept, as for repeat). */
  base: SnapshotSchema.nullable(),
  checkpoints: array(CheckpointSchema),
  /** The latest failure to take a checkpoint, until one succeeds again. */
  failure: object({ at: iso_exports.datetime(), iteration: int().nonnegative(), message: string() }).nullable(),
  failures: int().nonnegative()
});
function checkpointsDir(data, projectDir) {
  return path.join(data, "checkpoints", projectKey(projectDir));
}
function recordFile(data, projectDir, loopId) {
  return path.join(checkpointsDir(data, projectDir), `${loopId}.json`);
}
function loadRecord(file, now) {
  return readOrKeepAside(
    file,
    CheckpointRecordSchema,
    now,
    "its snapshots stay in loopkit's record of the project until pruned; new checkpoints start a new record"
  );
}
var saveRecord = (file, record) => writeJson(file, CheckpointRecordSchema, record);
function lastCheckpoint(record) {
  return record?.checkpoints[record.checkpoints.length - 1] ?? null;
}
function nextRestoreId(record) {
  return `r${record.checkpoints.filter((c) => c.kind === "before-restore").length + 1}`;
}
async function projectRecords(data, projectDir) {
  return readRecordsIn(checkpointsDir(data, projectDir));
}
async function allRecords(data) {
  const root = path.join(data, "checkpoints");
  const projects = await fs.readdir(root).catch(() => []);
  return (await Promise.all(projects.map((project) => readRecordsIn(path.join(root, project))))).flat();
}
async function findRecord(data, loopId) {
  const root = path.join(data, "checkpoints");
  for (const project of await fs.readdir(root).catch(() => [])) {
    const read = await readJson(path.join(root, project, `${loopId}.json`), CheckpointRecordSchema).catch(() => ({
      exists: false
    }));
    if (read.exists && read.value.loop_id === loopId) return read.value;
  }
  return void 0;
}
async function readRecordsIn(dir) {
  const names = (await fs.readdir(dir).catch(() => [])).filter((n) => n.endsWith(".json"));
  const records = [];
  for (const name of names) {
    const read = await readJson(path.join(dir, name), CheckpointRecordSchema).catch(() => ({ exists: false }));
    if (read.exists) records.push(read.value);
  }
  const newest = (r) => lastCheckpoint(r)?.at ?? r.failure?.at ?? "";
  return records.sort((a, b) => newest(b).localeCompare(newest(a)));
}

export {
  CheckpointRecordSchema,
  recordFile,
  loadRecord,
  saveRecord,
  lastCheckpoint,
  nextRestoreId,
  projectRecords,
  allRecords,
  findRecord
};
