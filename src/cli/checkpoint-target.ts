// What restore and prune share: whether a loop still runs.
import { AutoLoopStateSchema } from "../auto-loop/state.js";
import type { CheckpointRecord } from "../checkpoint/record.js";
import { RepeatStateSchema } from "../repeat/state.js";
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
