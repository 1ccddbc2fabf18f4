// What restore and prune share: whether a loop still runs, and what of loopkit's record it still needs.
import { loadStartEvidence } from "../auto-loop/data/evidence-start.js";
import { AutoLoopStateSchema } from "../auto-loop/core/state.js";
import { loopFiles } from "../auto-loop/data/store.js";
import type { CheckpointRecord } from "../checkpoint/record.js";
import type { Snapshot } from "../evidence/snapshot.js";
import type { RunningLoop } from "../checkpoint/restore.js";
import { isActive } from "../repeat/decide.js";
import { RepeatStateSchema } from "../repeat/state.js";
import { projectLoops } from "../repeat/store.js";
import { readJson } from "../state/json-store.js";

/** True while the record's loop may still change the tree: auto-loop pursuing, repeat not ended. An unreadable state is a stopped loop. */
export async function loopRunning(record: CheckpointRecord): Promise<boolean> {
  if (record.loop_kind === "auto-loop") {
    const read = await readJson(record.state_file, AutoLoopStateSchema).catch(() => ({ exists: false as const }));
    return read.exists && read.value.loop_id === record.loop_id && read.value.status === "pursuing";
  }
  const read = await readJson(record.state_file, RepeatStateSchema).catch(() => ({ exists: false as const }));
  return read.exists && read.value.loop_id === record.loop_id && read.value.phase !== "ended";
}

/** The record's loop if it still runs, else any other loop running in the same project (its work would be pulled away too). */
export async function runningLoopFor(data: string, record: CheckpointRecord): Promise<RunningLoop | null> {
  if (await loopRunning(record)) return { kind: record.loop_kind, loopId: record.loop_id };
  const auto = await readJson(loopFiles(data, record.project_dir).state, AutoLoopStateSchema).catch(() => ({ exists: false as const }));
  if (auto.exists && auto.value.status === "pursuing") return { kind: "auto-loop", loopId: auto.value.loop_id };
  const repeat = (await projectLoops(data, record.project_dir)).find((loop) => isActive(loop.state));
  return repeat ? { kind: "repeat", loopId: repeat.state.loop_id } : null;
}

/** The start snapshot of the project's running auto-loop (its audit compares with it), if one runs. */
export async function runningLoopStart(data: string, projectDir: string): Promise<Snapshot[]> {
  const files = loopFiles(data, projectDir);
  const auto = await readJson(files.state, AutoLoopStateSchema).catch(() => ({ exists: false as const }));
  if (!auto.exists || auto.value.status !== "pursuing") return [];
  const start = await loadStartEvidence(files.dir, auto.value.loop_id, new Date()).catch(() => null);
  return start ? [start] : [];
}
