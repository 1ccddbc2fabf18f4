// Taking a loop's checkpoint at the Stop that ends an iteration: the Stop's snapshot of the project
// (taken before the verifier can touch anything) is recorded once the verdict is known. Nothing here
// throws: a checkpoint that fails is reported and recorded, and the loop goes on.
import { compareSnapshots } from "../evidence/compare.js";
import { openStore, takeSnapshot, type Snapshot } from "../evidence/snapshot.js";
import type { Deadline } from "../shared/deadline.js";
import { formatError } from "../shared/errors.js";
import { readJson, withLock } from "../state/json-store.js";
import { countChanges, countLine, pathLines } from "./changes.js";
import {
  CheckpointRecordSchema,
  lastCheckpoint,
  loadRecord,
  recordFile,
  saveRecord,
  type Changes,
  type Checkpoint,
  type CheckpointRecord,
} from "./record.js";

/** The loop a checkpoint belongs to. */
export interface LoopRef {
  dataDir: string;
  projectDir: string;
  loopId: string;
  loopKind: CheckpointRecord["loop_kind"];
  stateFile: string;
}

export interface IterationFacts {
  iteration: number;
  verdict: string;
  tokens: number | null;
}

/** A snapshot waiting for its verdict: a failure to report, or the tree and what changed in it. */
export type PendingCheckpoint = { kind: "failed"; message: string } | { kind: "ready"; snapshot: Snapshot; changes: Changes };

/** Loads the record; a corrupt one is kept aside (the error says where) and a new record begins. */
export async function loadOrRestart(file: string, now: Date, notes: string[]): Promise<CheckpointRecord | undefined> {
  try {
    return await loadRecord(file, now);
  } catch (error) {
    if ((error as { code?: unknown }).code !== "STATE_CORRUPT") throw error;
    notes.push(`loopkit: ${formatError(error)}`);
    return undefined;
  }
}

export function newRecord(loop: LoopRef, base: Snapshot | null): CheckpointRecord {
  return {
    version: 2,
    loop_id: loop.loopId,
    loop_kind: loop.loopKind,
    project_dir: loop.projectDir,
    state_file: loop.stateFile,
    base,
    checkpoints: [],
    failure: null,
    failures: 0,
  };
}

/** The snapshot a new checkpoint is compared with: the last checkpoint's, else the loop's start (`base`), else nothing. */
const previousSnapshot = (record: CheckpointRecord | undefined, base: Snapshot | null) =>
  lastCheckpoint(record)?.snapshot ?? record?.base ?? base;

/** The checkpoint a Stop's snapshot makes: what changed in it since the last checkpoint (or the loop's start). */
export async function pendingCheckpoint(loop: LoopRef, snapshot: Snapshot, base: Snapshot | null): Promise<PendingCheckpoint> {
  try {
    // A corrupt record is left for recordIteration to keep aside and report.
    const read = await readJson(recordFile(loop.dataDir, loop.projectDir, loop.loopId), CheckpointRecordSchema).catch(() => ({
      exists: false as const,
    }));
    const store = openStore(loop.dataDir, loop.projectDir);
    try {
      const changes = countChanges(
        compareSnapshots(store, loop.projectDir, previousSnapshot(read.exists ? read.value : undefined, base), snapshot),
      );
      return { kind: "ready", snapshot, changes };
    } finally {
      store.close();
    }
  } catch (error) {
    return { kind: "failed", message: formatError(error) };
  }
}

/** Records a pending checkpoint with its verdict. Returns what the person and the agent should hear (nothing when all went well). */
export async function recordIteration(
  loop: LoopRef,
  pending: PendingCheckpoint,
  facts: IterationFacts,
  now: Date,
  base: Snapshot | null = null,
): Promise<string[]> {
  const file = recordFile(loop.dataDir, loop.projectDir, loop.loopId);
  const notes: string[] = [];
  try {
    await withLock(file, async () => {
      const record = (await loadOrRestart(file, now, notes)) ?? newRecord(loop, base);
      // Each iteration is checkpointed once, whichever Stop comes first.
      if (record.checkpoints.some((c) => c.kind === "iteration" && c.iteration === facts.iteration)) return;
      if (pending.kind === "failed") {
        await saveRecord(file, withFailure(record, facts.iteration, pending.message, now));
        notes.push(failureNote(loop, facts.iteration, pending.message));
        return;
      }
      await saveRecord(
        file,
        appendCheckpoint(record, { kind: "iteration", id: String(facts.iteration), restored: null, ...facts }, pending, now),
      );
    });
  } catch (error) {
    notes.push(failureNote(loop, facts.iteration, formatError(error)));
  }
  return notes;
}

/** A new loop's start as loopkit recorded it: the snapshot (null when it could not be taken), and what to tell. */
export interface LoopStart {
  snapshot: Snapshot | null;
  notes: string[];
}

/**
 * Takes the project as a new loop finds it (a repeat loop, before it is recorded: an auto-loop keeps
 * its start in its state). Nothing here throws; a failure is a note, and the loop's first checkpoint
 * then counts every file as new.
 */
export async function snapshotLoopStart(dataDir: string, projectDir: string, deadline: Deadline): Promise<LoopStart> {
  try {
    const taken = await takeSnapshot({ dataDir, projectDir, deadline });
    return { snapshot: taken.snapshot, notes: taken.notes.map((note) => `loopkit: ${note}`) };
  } catch (error) {
    return { snapshot: null, notes: [startFailureNote(formatError(error))] };
  }
}

/**
 * Records the loop's start as its record's base: the first checkpoint counts its changes from it, and
 * the first Stop's snapshot reads only what changed since instead of every file. Returns what to tell
 * (the start's own notes, and a failure to keep it).
 */
export async function recordLoopBase(loop: LoopRef, start: LoopStart, now: Date): Promise<string[]> {
  const base = start.snapshot;
  if (!base) return start.notes;
  const file = recordFile(loop.dataDir, loop.projectDir, loop.loopId);
  const notes = [...start.notes];
  try {
    await withLock(file, async () => {
      const record = await loadOrRestart(file, now, notes);
      if (record && (record.base || record.checkpoints.length > 0)) return;
      await saveRecord(file, { ...(record ?? newRecord(loop, null)), base });
    });
  } catch (error) {
    notes.push(`${startFailureNote(formatError(error))} (see loopkit checkpoints ${loop.loopId})`);
  }
  return notes;
}

const startFailureNote = (why: string) =>
  `loopkit could not record the project at the loop's start (${why}); the loop goes on, and its first checkpoint counts every file as new`;

/** Snapshot and record in one step, for a loop whose verdict is known at the Stop (repeat); an iteration already kept costs one read. */
export async function checkpointIteration(loop: LoopRef, facts: IterationFacts, now: Date, deadline: Deadline): Promise<string[]> {
  const file = recordFile(loop.dataDir, loop.projectDir, loop.loopId);
  const known = await readJson(file, CheckpointRecordSchema).catch(() => ({ exists: false as const }));
  if (known.exists && known.value.checkpoints.some((c) => c.kind === "iteration" && c.iteration === facts.iteration)) return [];
  let pending: PendingCheckpoint;
  let notes: string[] = [];
  try {
    const taken = await takeSnapshot({ dataDir: loop.dataDir, projectDir: loop.projectDir, deadline });
    notes = taken.notes.map((note) => `loopkit: ${note}`);
    pending = await pendingCheckpoint(loop, taken.snapshot, null);
  } catch (error) {
    pending = { kind: "failed", message: formatError(error) };
  }
  return [...notes, ...(await recordIteration(loop, pending, facts, now))];
}

type NewCheckpoint = Pick<Checkpoint, "kind" | "id" | "iteration" | "verdict" | "tokens" | "restored">;

/** The record with the checkpoint added. */
export function appendCheckpoint(
  record: CheckpointRecord,
  facts: NewCheckpoint,
  ready: { snapshot: Snapshot; changes: Changes },
  now: Date,
): CheckpointRecord {
  const checkpoint: Checkpoint = { ...facts, snapshot: ready.snapshot, at: now.toISOString(), changed: ready.changes };
  return { ...record, checkpoints: [...record.checkpoints, checkpoint], failure: null };
}

function withFailure(record: CheckpointRecord, iteration: number, message: string, now: Date): CheckpointRecord {
  return { ...record, failure: { at: now.toISOString(), iteration, message }, failures: record.failures + 1 };
}

/** The note of a failed checkpoint of `iteration`, while it is the record's latest failure (for a prompt written later than the Stop). */
export async function failureNoteOf(loop: LoopRef, iteration: number, now: Date): Promise<string | null> {
  const record = await loadRecord(recordFile(loop.dataDir, loop.projectDir, loop.loopId), now).catch(() => undefined);
  return record?.failure?.iteration === iteration ? failureNote(loop, iteration, record.failure.message) : null;
}

function failureNote(loop: LoopRef, iteration: number, message: string): string {
  return `loopkit could not record a checkpoint of iteration ${iteration} (${message}); the loop goes on, and the next iteration tries again (see loopkit checkpoints ${loop.loopId}).`;
}

/** What the agent and the audit are told changed in the iteration that just ended. */
export function iterationChangesText(pending: PendingCheckpoint, limit = 20): string | null {
  if (pending.kind !== "ready") return null;
  const lines = pathLines(pending.changes, limit);
  return [
    `Changed in this iteration (from loopkit's checkpoints): ${countLine(pending.changes)}`,
    ...lines.map((line) => `  ${line}`),
  ].join("\n");
}
