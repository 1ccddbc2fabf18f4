// `loopkit restore`: the working tree back to a checkpoint. The tree as it is now is recorded first,
// as a checkpoint of its own, so the restore itself can be undone the same way.
import { lstatSync } from "node:fs";
import path from "node:path";
import { findRepo } from "../shared/git.js";
import { LoopkitError } from "../shared/errors.js";
import { withLock } from "../state/json-store.js";
import { countLine, pathLines } from "./changes.js";
import { lastCheckpoint, loadRecord, nextRestoreId, recordFiles, saveRecord, type Changes, type Checkpoint, type CheckpointRecord } from "./record.js";
import { appendCheckpoint } from "./take.js";
import { changesBetween, checkGitDir, snapshotTree, switchTree, treeOf } from "./tree.js";

/** A loop that still runs in the project, which a restore must not pull the work away from. */
export interface RunningLoop {
  kind: CheckpointRecord["loop_kind"];
  loopId: string;
}

/** The checkpoint `target` names ("2", "r1"), or a coded error saying why it cannot be restored. */
export function planRestore(record: CheckpointRecord, target: string, running: RunningLoop | null): Checkpoint {
  if (running) {
    const cancel = running.kind === "auto-loop" ? "/loopkit:auto-loop --cancel" : "/loopkit:repeat --cancel";
    const which = running.loopId === record.loop_id ? `${running.kind} ${running.loopId} is still running` : `${running.kind} ${running.loopId} is running in this project`;
    throw new LoopkitError("LOOP_ACTIVE", `${which}; restoring under it would pull its work away`, {
      value: running.loopId,
      hint: `cancel it first (${cancel}), then restore`,
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

/** Records the current tree (the undo point), then switches the working tree to `target`. Returns what to tell the person. */
export async function restoreCheckpoint(data: string, record: CheckpointRecord, target: Checkpoint, now: Date): Promise<string> {
  const repo = findRepo(record.project_dir);
  if (!repo) throw new LoopkitError("NO_CHECKPOINT", `${record.project_dir} is no longer a git repository, so its checkpoints cannot be read`, { value: record.project_dir });
  const files = recordFiles(data, record.project_dir, record.loop_id);
  return withLock(files.record, async () => {
    const current = (await loadRecord(files.record, now)) ?? record;
    await checkGitDir(repo, current.git_dir);
    if ((await treeOf(repo, target.commit)) !== target.tree) {
      throw new LoopkitError("NO_CHECKPOINT", `checkpoint ${target.id} (commit ${target.commit}) is gone from the repository`, {
        value: target.commit,
        hint: "was the repository re-cloned, or its objects pruned? Nothing was changed",
      });
    }
    const snapshot = await snapshotTree(repo, record.project_dir, files.index, current.git_dir, current.checkpoints.length === 0);
    const restored = await changesBetween(repo, files.index, snapshot.tree, target.tree, Number.MAX_SAFE_INTEGER);
    const blocked = ignoredInTheWay(repo.workTree, restored);
    if (blocked.length > 0) {
      throw new LoopkitError("CHECKPOINT_FAILED", `restoring checkpoint ${target.id} would overwrite ${blocked.length} ignored file(s): ${blocked.slice(0, 10).join(", ")}`, {
        value: blocked,
        hint: "move them out of the way and run the restore again; nothing was changed",
      });
    }
    const undoId = nextRestoreId(current);
    const last = lastCheckpoint(current);
    const changes = await changesBetween(repo, files.index, last?.tree ?? null, snapshot.tree);
    const facts = { kind: "before-restore" as const, id: undoId, iteration: last?.iteration ?? 0, verdict: "before restore", tokens: last?.tokens ?? null, restored: target.id };
    const saved = await appendCheckpoint(repo, current, facts, { snapshot, changes }, now);
    // The undo point is saved before any file changes, so even a failed switch loses nothing.
    await saveRecord(files.record, saved);
    await switchTree(repo, files.index, snapshot.tree, target.tree);
    return [
      `Restored checkpoint ${target.id} of ${record.loop_kind} ${record.loop_id} (commit ${target.commit.slice(0, 12)}): ${countLine(restored)}.`,
      ...pathLines(restored, 20).map((line) => `  ${line}`),
      `The tree as it was is checkpoint ${undoId} (commit ${saved.checkpoints[saved.checkpoints.length - 1]!.commit.slice(0, 12)}); undo with: loopkit restore ${record.loop_id} ${undoId}`,
      "HEAD, the index, branches and ignored files are as they were; git status shows the restored files as changes.",
    ].join("\n");
  });
}

/**
 * Paths the restore would write where something git ignores now stands: an added path that exists,
 * or a folder it needs where a file stands. Everything not ignored is in the snapshot, so this is all.
 */
function ignoredInTheWay(workTree: string, changes: Changes): string[] {
  const exists = (rel: string) => lstatSync(path.join(workTree, rel), { throwIfNoEntry: false });
  return changes.paths
    .filter((p) => p.status === "A")
    .map((p) => p.path)
    .filter((rel) => {
      if (exists(rel)) return true;
      const parts = rel.split("/");
      return parts.slice(0, -1).some((_, i) => {
        const stat = exists(parts.slice(0, i + 1).join("/"));
        return stat !== undefined && !stat.isDirectory();
      });
    });
}
