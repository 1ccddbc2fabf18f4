// `loopkit restore`: the project's tree back to a checkpoint, written from loopkit's own record. The
// tree as it is now is recorded first, as a checkpoint of its own, so the restore itself can be undone.
import { compareSnapshots } from "../evidence/compare.js";
import { openStore, takeSnapshot } from "../evidence/snapshot.js";
import { writeTree, type WriteResult } from "../evidence/write-tree.js";
import { deadlineIn } from "../shared/deadline.js";
import { formatError, LoopkitError } from "../shared/errors.js";
import { isLoopkitOwnPath } from "../shared/mirror-layout.js";
import { withLock } from "../state/json-store.js";
import { countChanges, countLine, pathLines } from "./changes.js";
import { lastCheckpoint, loadRecord, nextRestoreId, recordFile, saveRecord, type Checkpoint, type CheckpointRecord } from "./record.js";
import { appendCheckpoint } from "./take.js";

/** How long the snapshot of the tree before a restore may take. */
const SNAPSHOT_MS = 300_000;

/** A loop that still runs in the project, which a restore must not pull the work away from. */
export interface RunningLoop {
  kind: CheckpointRecord["loop_kind"];
  loopId: string;
  /** What the person types to cancel it (its kind's cancel command). */
  cancel: string;
}

/** The checkpoint `target` names ("2", "r1"), or a coded error saying why it cannot be restored. */
export function planRestore(record: CheckpointRecord, target: string, running: RunningLoop | null): Checkpoint {
  if (running) {
    const which =
      running.loopId === record.loop_id
        ? `${running.kind} ${running.loopId} is still running`
        : `${running.kind} ${running.loopId} is running in this project`;
    throw new LoopkitError("LOOP_ACTIVE", `${which}; restoring under it would pull its work away`, {
      value: running.loopId,
      hint: `cancel it first (${running.cancel}), then restore`,
    });
  }
  const found = record.checkpoints.find((c) => c.id === target.trim());
  if (!found) {
    const ids = record.checkpoints.map((c) => c.id).join(", ") || "none";
    throw new LoopkitError("NO_CHECKPOINT", `loop ${record.loop_id} has no checkpoint "${target}" (it has: ${ids})`, {
      value: target,
      hint: `see loopkit checkpoints ${record.loop_id}`,
    });
  }
  return found;
}

/** Records the current tree (the undo point), then writes `target`'s tree into the project. Returns what to tell the person. */
export async function restoreCheckpoint(data: string, record: CheckpointRecord, target: Checkpoint, now: Date): Promise<string> {
  const file = recordFile(data, record.project_dir, record.loop_id);
  return withLock(file, async () => {
    const current = (await loadRecord(file, now)) ?? record;
    const before = await takeSnapshot({ dataDir: data, projectDir: record.project_dir, deadline: deadlineIn(SNAPSHOT_MS) });
    const store = openStore(data, record.project_dir);
    try {
      const root = Buffer.from(target.snapshot.root, "hex");
      if (!store.has(root)) {
        throw new LoopkitError("NO_CHECKPOINT", `checkpoint ${target.id}'s tree is gone from loopkit's record of the project`, {
          value: target.snapshot.root,
          hint: "was the record pruned or kept aside as damaged? Nothing was changed",
        });
      }
      const restored = countChanges(compareSnapshots(store, record.project_dir, before.snapshot, target.snapshot));
      const undoId = nextRestoreId(current);
      const last = lastCheckpoint(current);
      const facts = {
        kind: "before-restore" as const,
        id: undoId,
        iteration: last?.iteration ?? 0,
        verdict: "before restore",
        tokens: last?.tokens ?? null,
        restored: target.id,
      };
      const changes = countChanges(compareSnapshots(store, record.project_dir, last?.snapshot ?? current.base, before.snapshot));
      // The undo point is saved before any file changes, so even a failed restore loses nothing loopkit keeps.
      await saveRecord(file, appendCheckpoint(current, facts, { snapshot: before.snapshot, changes }, now));
      // loopkit's own files (the gate history, the verifier's logs) are loopkit's to write, not the tree's.
      const written = writeTree(store, record.project_dir, Buffer.from(before.snapshot.root, "hex"), root, isLoopkitOwnPath);
      if (written.failed) throw incomplete(record, target, undoId, written);
      return [
        `Restored checkpoint ${target.id} of ${record.loop_kind} ${record.loop_id}: ${countLine(restored)}.`,
        ...pathLines(restored, 20).map((line) => `  ${line}`),
        `The tree as it was is checkpoint ${undoId}; undo with: loopkit restore ${record.loop_id} ${undoId}`,
        ...listed(`Left as they are (${written.left.length}):`, written.left),
        "HEAD, the index, branches and .git are untouched; git status shows the restored files as changes.",
      ].join("\n");
    } finally {
      store.close();
    }
  });
}

/** The first 20 of `lines`, indented. */
const indented = (lines: string[]): string[] => [
  ...lines.slice(0, 20).map((line) => `  ${line}`),
  ...(lines.length > 20 ? [`  ... and ${lines.length - 20} more`] : []),
];

/** `title` over `lines` indented; nothing for no lines. */
const listed = (title: string, lines: string[]): string[] => (lines.length ? [title, ...indented(lines)] : []);

/** A restore that stopped at a write that failed: what it restored, what not, and the two ways on. */
function incomplete(record: CheckpointRecord, target: Checkpoint, undoId: string, written: WriteResult): LoopkitError {
  const { at, cause } = written.failed!;
  const code = (cause as NodeJS.ErrnoException | null)?.code;
  const why =
    code === "ENOSPC" || code === "EDQUOT"
      ? `the disk holding the project is full (${code})`
      : code === "EROFS" || code === "EACCES" || code === "EPERM"
        ? `the project's folder cannot be written (${code})`
        : formatError(cause);
  return new LoopkitError(
    "RESTORE_INCOMPLETE",
    [
      `the restore of checkpoint ${target.id} stopped at ${at}: ${why}.`,
      ...(written.done.length
        ? [`Restored before it stopped (${written.written} written, ${written.deleted} deleted):`, ...indented(written.done)]
        : ["Nothing was restored."]),
      `Not restored: ${at} and what comes after it in the tree; those files are as they were (no file is half-written, no temp file is left).`,
      ...listed(`Left as they are (${written.left.length}):`, written.left),
    ].join("\n"),
    {
      value: at,
      cause,
      hint: `free some space (or make the folder writable) and run loopkit restore ${record.loop_id} ${target.id} again to finish; loopkit restore ${record.loop_id} ${undoId} puts back the tree as it was before`,
    },
  );
}
