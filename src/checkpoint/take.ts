// Taking a loop's checkpoint at the Stop that ends an iteration: the tree is snapshot first (before
// the verifier can touch anything), then committed once the verdict is known. Nothing here throws:
// a checkpoint that fails is reported and recorded, and the loop goes on.
import { findRepo, type GitRepo } from "../shared/git.js";
import { formatError } from "../shared/errors.js";
import { readJson, withLock } from "../state/json-store.js";
import { countLine, pathLines } from "./changes.js";
import { checkpointMessage } from "./message.js";
import { checkpointRef } from "./ref.js";
import { CheckpointRecordSchema, lastCheckpoint, loadRecord, recordFiles, saveRecord, type Changes, type Checkpoint, type CheckpointRecord } from "./record.js";
import { changesBetween, commitTree, setRef, snapshotTree, treeOf, type Snapshot } from "./tree.js";

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

/** A snapshot waiting for its verdict: none outside git, a failure to report, or the tree and what changed in it. */
export type PendingCheckpoint =
  | { kind: "none" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; repo: GitRepo; snapshot: Snapshot; changes: Changes };

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

export function newRecord(loop: LoopRef, base: string | null): CheckpointRecord {
  return {
    version: 1,
    loop_id: loop.loopId,
    loop_kind: loop.loopKind,
    project_dir: loop.projectDir,
    state_file: loop.stateFile,
    ref: checkpointRef(loop.loopId),
    git_dir: null,
    base_commit: base,
    checkpoints: [],
    failure: null,
    failures: 0,
  };
}

/** The tree a new checkpoint is compared with: the last checkpoint's, else HEAD's, else the empty tree. */
async function previousTree(repo: GitRepo, record: CheckpointRecord | undefined, head: string | null): Promise<string | null> {
  const last = lastCheckpoint(record);
  if (last) return last.tree;
  return head ? treeOf(repo, head) : null;
}

/** Snapshots the working tree now; outside a git repository there is nothing to do. */
export async function snapshotIteration(loop: LoopRef, now: Date): Promise<PendingCheckpoint> {
  const repo = findRepo(loop.projectDir);
  if (!repo) return { kind: "none" };
  const files = recordFiles(loop.dataDir, loop.projectDir, loop.loopId);
  try {
    return await withLock(files.record, async () => {
      // A corrupt record is left for recordIteration to keep aside and report.
      const read = await readJson(files.record, CheckpointRecordSchema).catch(() => ({ exists: false as const }));
      const record = read.exists ? read.value : undefined;
      const snapshot = await snapshotTree(repo, loop.projectDir, files.index, record?.git_dir ?? null, !record?.checkpoints.length);
      const changes = await changesBetween(repo, files.index, await previousTree(repo, record, snapshot.head), snapshot.tree);
      return { kind: "ready", repo, snapshot, changes } as const;
    });
  } catch (error) {
    return { kind: "failed", message: formatError(error) };
  }
}

/** Commits a pending snapshot with its verdict and records it. Returns what the person and the agent should hear (nothing when all went well). */
export async function recordIteration(loop: LoopRef, pending: PendingCheckpoint, facts: IterationFacts, now: Date): Promise<string[]> {
  if (pending.kind === "none") return [];
  const files = recordFiles(loop.dataDir, loop.projectDir, loop.loopId);
  const notes: string[] = [];
  try {
    await withLock(files.record, async () => {
      const record = (await loadOrRestart(files.record, now, notes)) ?? newRecord(loop, pending.kind === "ready" ? pending.snapshot.head : null);
      // Each iteration is checkpointed once, whichever Stop comes first.
      if (record.checkpoints.some((c) => c.kind === "iteration" && c.iteration === facts.iteration)) return;
      if (pending.kind === "failed") {
        await saveRecord(files.record, withFailure(record, facts.iteration, pending.message, now));
        notes.push(failureNote(loop, facts.iteration, pending.message));
        return;
      }
      try {
        await saveRecord(files.record, await appendCheckpoint(pending.repo, record, { kind: "iteration", id: String(facts.iteration), restored: null, ...facts }, pending, now));
      } catch (error) {
        await saveRecord(files.record, withFailure(record, facts.iteration, formatError(error), now));
        notes.push(failureNote(loop, facts.iteration, formatError(error)));
      }
    });
  } catch (error) {
    notes.push(failureNote(loop, facts.iteration, formatError(error)));
  }
  return notes;
}

/** Snapshot and record in one step, for a loop whose verdict is known at the Stop (repeat); an iteration already kept costs one read. */
export async function checkpointIteration(loop: LoopRef, facts: IterationFacts, now: Date): Promise<string[]> {
  const files = recordFiles(loop.dataDir, loop.projectDir, loop.loopId);
  const known = await readJson(files.record, CheckpointRecordSchema).catch(() => ({ exists: false as const }));
  if (known.exists && known.value.checkpoints.some((c) => c.kind === "iteration" && c.iteration === facts.iteration)) return [];
  return recordIteration(loop, await snapshotIteration(loop, now), facts, now);
}

type NewCheckpoint = Pick<Checkpoint, "kind" | "id" | "iteration" | "verdict" | "tokens" | "restored">;

/** Commits the snapshot on the chain, moves the ref and returns the record with the checkpoint added. */
export async function appendCheckpoint(
  repo: GitRepo,
  record: CheckpointRecord,
  facts: NewCheckpoint,
  ready: { snapshot: Snapshot; changes: Changes },
  now: Date,
): Promise<CheckpointRecord> {
  const base = record.checkpoints.length ? record.base_commit : ready.snapshot.head;
  const parent = lastCheckpoint(record)?.commit ?? base;
  const commit = await commitTree(repo, ready.snapshot.tree, parent, checkpointMessage(record, facts), now);
  await setRef(repo, record.ref, commit);
  const checkpoint: Checkpoint = { ...facts, commit, tree: ready.snapshot.tree, parent, at: now.toISOString(), changed: ready.changes };
  return { ...record, git_dir: ready.snapshot.gitDir, base_commit: base, checkpoints: [...record.checkpoints, checkpoint], failure: null };
}

function withFailure(record: CheckpointRecord, iteration: number, message: string, now: Date): CheckpointRecord {
  return { ...record, failure: { at: now.toISOString(), iteration, message }, failures: record.failures + 1 };
}

/** The note of a failed checkpoint of `iteration`, while it is the record's latest failure (for a prompt written later than the Stop). */
export async function failureNoteOf(loop: LoopRef, iteration: number, now: Date): Promise<string | null> {
  const record = await loadRecord(recordFiles(loop.dataDir, loop.projectDir, loop.loopId).record, now).catch(() => undefined);
  return record?.failure?.iteration === iteration ? failureNote(loop, iteration, record.failure.message) : null;
}

function failureNote(loop: LoopRef, iteration: number, message: string): string {
  return `loopkit could not record a checkpoint of iteration ${iteration} (${message}); the loop goes on, and the next iteration tries again (see loopkit checkpoints ${loop.loopId}).`;
}

/** What the agent and the audit are told changed in the iteration that just ended. */
export function iterationChangesText(pending: PendingCheckpoint, limit = 20): string | null {
  if (pending.kind !== "ready") return null;
  const lines = pathLines(pending.changes, limit);
  return [`Changed in this iteration (from loopkit's checkpoints): ${countLine(pending.changes)}`, ...lines.map((line) => `  ${line}`)].join("\n");
}
