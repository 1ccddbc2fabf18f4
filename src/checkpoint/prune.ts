// `loopkit prune`: the checkpoints of ended loops go when the person says so, never silently; then
// loopkit's record of the project keeps only the snapshots still referenced.
import { promises as fs } from "node:fs";
import { pruneRecord } from "../evidence/prune.js";
import type { Snapshot } from "../evidence/snapshot.js";
import { formatError } from "../shared/errors.js";
import { lastCheckpoint, recordFile, type CheckpointRecord } from "./record.js";

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

/** The snapshots a record holds (its base and every checkpoint's). */
export const recordSnapshots = (record: CheckpointRecord): Snapshot[] => [
  ...(record.base ? [record.base] : []),
  ...record.checkpoints.map((c) => c.snapshot),
];

/**
 * Deletes each loop's record, then prunes the project's store to what `kept` (the remaining records,
 * and a running loop's start) still needs. One line per loop, and one for the store.
 */
export async function applyPrune(data: string, projectDir: string, remove: CheckpointRecord[], kept: Snapshot[]): Promise<string[]> {
  const lines: string[] = [];
  for (const record of remove) {
    try {
      await fs.rm(recordFile(data, record.project_dir, record.loop_id), { force: true });
      lines.push(`removed the ${record.checkpoints.length} checkpoint(s) of ${record.loop_kind} ${record.loop_id}`);
    } catch (error) {
      lines.push(`could not remove the checkpoints of ${record.loop_id}: ${formatError(error)}`);
    }
  }
  try {
    const freed = await pruneRecord(data, projectDir, kept);
    lines.push(
      `loopkit's record of the project: ${(freed / 1024 / 1024).toFixed(1)} MB freed${kept.length ? "" : " (nothing left to keep)"}`,
    );
  } catch (error) {
    lines.push(`could not prune loopkit's record of the project: ${formatError(error)}`);
  }
  return lines;
}
