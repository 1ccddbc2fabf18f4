// `loopkit prune`: the checkpoint refs of ended loops go when the person says so, never silently.
import { promises as fs } from "node:fs";
import { findRepo } from "../shared/git.js";
import { formatError } from "../shared/errors.js";
import { lastCheckpoint, recordFiles, type CheckpointRecord } from "./record.js";
import { checkGitDir, deleteRef } from "./tree.js";

export interface PruneCandidate {
  record: CheckpointRecord;
  running: boolean;
}

/** Which loops' checkpoints go: every ended loop but the newest `keep`; a running loop always stays. */
export function planPrune(candidates: PruneCandidate[], keep: number): { remove: CheckpointRecord[]; keep: PruneCandidate[] } {
  const newest = (r: CheckpointRecord) => lastCheckpoint(r)?.at ?? "";
  const ended = candidates.filter((c) => !c.running).sort((a, b) => newest(b.record).localeCompare(newest(a.record)));
  const remove = ended.slice(keep).map((c) => c.record);
  return { remove, keep: candidates.filter((c) => !remove.includes(c.record)) };
}

/** Deletes each loop's ref and record; one line per loop says what happened. */
export async function applyPrune(data: string, remove: CheckpointRecord[]): Promise<string[]> {
  const lines: string[] = [];
  for (const record of remove) {
    const repo = findRepo(record.project_dir);
    try {
      if (repo) {
        await checkGitDir(repo, record.git_dir);
        await deleteRef(repo, record.ref);
      }
      const files = recordFiles(data, record.project_dir, record.loop_id);
      await fs.rm(files.index, { force: true });
      await fs.rm(files.record, { force: true });
      lines.push(`removed ${record.ref} (${record.checkpoints.length} checkpoint(s) of ${record.loop_kind} ${record.loop_id})`);
    } catch (error) {
      lines.push(`could not remove ${record.ref}: ${formatError(error)}`);
    }
  }
  return lines;
}
