// How many checkpoints a loop holds, for --status and the history: three flat fields, always present.
import * as z from "zod";
import { allRecords, loadRecord, recordFile, type CheckpointRecord } from "./record.js";

/** Spread into the --status schemas of both loop kinds. */
export const CheckpointSummaryShape = {
  /** How many checkpoints the loop holds (see `loopkit checkpoints`). */
  checkpoints: z.int(),
  /** The loop's checkpoint record in loopkit's data folder, once it holds one. */
  checkpoint_record: z.string().nullable(),
  /** The latest failure to take a checkpoint, while none has succeeded since. */
  checkpoint_failure: z.string().nullable(),
};
export type CheckpointSummary = z.infer<z.ZodObject<typeof CheckpointSummaryShape>>;

export function summarize(record: CheckpointRecord | undefined, file: string | null = null): CheckpointSummary {
  return {
    checkpoints: record?.checkpoints.length ?? 0,
    checkpoint_record: record?.checkpoints.length ? file : null,
    checkpoint_failure: record?.failure ? `iteration ${record.failure.iteration}: ${record.failure.message}` : null,
  };
}

/** The summary of a loop's record; an unreadable record counts as none here (the hook reports it). */
export async function loadSummary(
  data: string | null,
  projectDir: string,
  loopId: string | undefined,
  now: Date,
): Promise<CheckpointSummary> {
  if (!loopId || data === null) return summarize(undefined);
  const file = recordFile(data, projectDir, loopId);
  return summarize(await loadRecord(file, now).catch(() => undefined), file);
}

/** Status lines for a person. */
export function summaryLines(s: CheckpointSummary, loopId: string | null): string[] {
  const lines = s.checkpoints ? [`  checkpoints: ${s.checkpoints} (loopkit checkpoints ${loopId})`] : [];
  return s.checkpoint_failure ? [...lines, `  checkpoint failed: ${s.checkpoint_failure}`] : lines;
}

/** How many checkpoints each loop holds, by loop id, across projects (for `loopkit history`). */
export async function checkpointCounts(data: string): Promise<Map<string, number>> {
  return new Map((await allRecords(data)).map((record) => [record.loop_id, record.checkpoints.length]));
}
