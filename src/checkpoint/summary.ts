// How many checkpoints a loop holds, for --status and the history: three flat fields, always present.
import { loadRecord, recordFiles, type CheckpointRecord } from "./record.js";

export interface CheckpointSummary {
  checkpoints: number;
  checkpoint_ref: string | null;
  /** The latest failure to take a checkpoint, while none has succeeded since. */
  checkpoint_failure: string | null;
}

export function summarize(record: CheckpointRecord | undefined): CheckpointSummary {
  return {
    checkpoints: record?.checkpoints.length ?? 0,
    checkpoint_ref: record?.checkpoints.length ? record.ref : null,
    checkpoint_failure: record?.failure ? `iteration ${record.failure.iteration}: ${record.failure.message}` : null,
  };
}

/** The summary of a loop's record; an unreadable record counts as none here (the hook reports it). */
export async function loadSummary(data: string, projectDir: string, loopId: string | undefined, now: Date): Promise<CheckpointSummary> {
  if (!loopId) return summarize(undefined);
  return summarize(await loadRecord(recordFiles(data, projectDir, loopId).record, now).catch(() => undefined));
}

/** Status lines for a person. */
export function summaryLines(s: CheckpointSummary, loopId: string | null): string[] {
  const lines = s.checkpoints ? [`  checkpoints: ${s.checkpoints} on ${s.checkpoint_ref} (loopkit checkpoints ${loopId})`] : [];
  return s.checkpoint_failure ? [...lines, `  checkpoint failed: ${s.checkpoint_failure}`] : lines;
}
