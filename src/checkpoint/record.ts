// A loop's checkpoint record, in loopkit's data folder: which snapshot of loopkit's own record of the
// project (src/evidence) holds the tree after each iteration. Nothing of it is in the project or its
// .git, so the agent can neither move nor redirect it; `loopkit checkpoints export` writes a branch on request.
import { promises as fs } from "node:fs";
import path from "node:path";
import * as z from "zod";
import { readJson, readOrKeepAside, writeJson } from "../state/json-store.js";
import { projectKey } from "../state/paths.js";
import { SnapshotSchema } from "../evidence/snapshot.js";
import { LOOP_KINDS } from "../shared/loop-kinds.js";

const ChangesSchema = z.object({
  added: z.int().nonnegative(),
  modified: z.int().nonnegative(),
  deleted: z.int().nonnegative(),
  /** The first paths, each with a status letter as git's (A added, M modified, D deleted, T kind changed); `more` counts the rest. */
  paths: z.array(z.object({ status: z.enum(["A", "M", "D", "T"]), path: z.string() })),
  more: z.int().nonnegative(),
});
export type Changes = z.infer<typeof ChangesSchema>;

export const CheckpointSchema = z.object({
  /** "3" for the tree after iteration 3; "r1" for the tree just before the first restore. */
  id: z.string().regex(/^(\d+|r\d+)$/),
  kind: z.enum(["iteration", "before-restore"]),
  /** The iteration this tree follows (for a before-restore checkpoint: the loop's last iteration). */
  iteration: z.int().nonnegative(),
  /** The tree, in loopkit's record of the project. */
  snapshot: SnapshotSchema,
  at: z.iso.datetime(),
  /** What the loop made of the iteration: "pass", "fail", "flaky, audit unmet", "budget-limited", ... */
  verdict: z.string(),
  /** The loop's tokens so far; null for repeat, which does not count tokens. */
  tokens: z.int().nonnegative().nullable(),
  changed: ChangesSchema,
  /** For a before-restore checkpoint: the checkpoint that was restored. */
  restored: z.string().nullable(),
});
export type Checkpoint = z.infer<typeof CheckpointSchema>;

export const CheckpointRecordSchema = z.object({
  version: z.literal(2),
  loop_id: z.string().min(1),
  loop_kind: z.enum(LOOP_KINDS),
  project_dir: z.string().min(1),
  /** The loop's state file, so restore and prune can tell whether the loop still runs. */
  state_file: z.string().min(1),
  /** What the first checkpoint is compared with: the project when the loop started (null: none kept, as for repeat). */
  base: SnapshotSchema.nullable(),
  checkpoints: z.array(CheckpointSchema),
  /** The latest failure to take a checkpoint, until one succeeds again. */
  failure: z.object({ at: z.iso.datetime(), iteration: z.int().nonnegative(), message: z.string() }).nullable(),
  failures: z.int().nonnegative(),
});
export type CheckpointRecord = z.infer<typeof CheckpointRecordSchema>;

export function checkpointsDir(data: string, projectDir: string): string {
  return path.join(data, "checkpoints", projectKey(projectDir));
}

export function recordFile(data: string, projectDir: string, loopId: string): string {
  return path.join(checkpointsDir(data, projectDir), `${loopId}.json`);
}

/** The record, or undefined. A corrupt file is kept aside and reported as STATE_CORRUPT naming the copy. */
export function loadRecord(file: string, now: Date): Promise<CheckpointRecord | undefined> {
  return readOrKeepAside(
    file,
    CheckpointRecordSchema,
    now,
    "its snapshots stay in loopkit's record of the project until pruned; new checkpoints start a new record",
  );
}

export const saveRecord = (file: string, record: CheckpointRecord) => writeJson(file, CheckpointRecordSchema, record);

/** The checkpoint after the latest iteration, or null. */
export function lastCheckpoint(record: CheckpointRecord | undefined): Checkpoint | null {
  return record?.checkpoints[record.checkpoints.length - 1] ?? null;
}

/** The next id for a before-restore checkpoint: r1, r2, ... */
export function nextRestoreId(record: CheckpointRecord): string {
  return `r${record.checkpoints.filter((c) => c.kind === "before-restore").length + 1}`;
}

/** Every readable record of a project, the loop with the newest checkpoint first. Unreadable files are skipped here. */
export async function projectRecords(data: string, projectDir: string): Promise<CheckpointRecord[]> {
  return readRecordsIn(checkpointsDir(data, projectDir));
}

/** Every readable record in the data folder, whatever the project. */
export async function allRecords(data: string): Promise<CheckpointRecord[]> {
  const root = path.join(data, "checkpoints");
  const projects = await fs.readdir(root).catch(() => [] as string[]);
  return (await Promise.all(projects.map((project) => readRecordsIn(path.join(root, project))))).flat();
}

/** The record of `loopId` in any project, or undefined. */
export async function findRecord(data: string, loopId: string): Promise<CheckpointRecord | undefined> {
  const root = path.join(data, "checkpoints");
  for (const project of await fs.readdir(root).catch(() => [] as string[])) {
    const read = await readJson(path.join(root, project, `${loopId}.json`), CheckpointRecordSchema).catch(() => ({
      exists: false as const,
    }));
    if (read.exists && read.value.loop_id === loopId) return read.value;
  }
  return undefined;
}

async function readRecordsIn(dir: string): Promise<CheckpointRecord[]> {
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json"));
  const records: CheckpointRecord[] = [];
  for (const name of names) {
    const read = await readJson(path.join(dir, name), CheckpointRecordSchema).catch(() => ({ exists: false as const }));
    if (read.exists) records.push(read.value);
  }
  const newest = (r: CheckpointRecord) => lastCheckpoint(r)?.at ?? r.failure?.at ?? "";
  return records.sort((a, b) => newest(b).localeCompare(newest(a)));
}
