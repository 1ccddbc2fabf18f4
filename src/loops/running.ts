// What restore and prune share: whether a loop still runs, and what of loopkit's record it still needs.
// Each kind says what "running" means for its loops and what they still compare with (src/loops/).
import type { CheckpointRecord } from "../checkpoint/record.js";
import type { Snapshot } from "../evidence/snapshot.js";
import type { RunningLoop } from "../checkpoint/restore.js";
import { ALL_LOOP_KINDS, loopKind } from "./registry.js";
import { readJson } from "../state/json-store.js";

/** True while the record's loop may still change the tree (auto-loop pursuing, repeat not ended). An unreadable state is a stopped loop. */
export async function loopRunning(record: CheckpointRecord): Promise<boolean> {
  const kind = loopKind(record.loop_kind);
  const read = await readJson(record.state_file, kind.stateSchema).catch(() => ({ exists: false as const }));
  return read.exists && read.value.loop_id === record.loop_id && kind.running(read.value);
}

/** The record's loop if it still runs, else any other loop running in the same project (its work would be pulled away too). */
export async function runningLoopFor(data: string, record: CheckpointRecord): Promise<RunningLoop | null> {
  if (await loopRunning(record))
    return { kind: record.loop_kind, loopId: record.loop_id, cancel: loopKind(record.loop_kind).cancelCommand };
  for (const kind of ALL_LOOP_KINDS) {
    const loopId = await kind.runningIn(data, record.project_dir);
    if (loopId) return { kind: kind.entry.kind, loopId, cancel: kind.cancelCommand };
  }
  return null;
}

/** The snapshots the project's running loops still compare with (an auto-loop's start, for its audit). */
export async function runningLoopStart(data: string, projectDir: string): Promise<Snapshot[]> {
  return (await Promise.all(ALL_LOOP_KINDS.map((kind) => kind.keptSnapshots(data, projectDir)))).flat();
}
