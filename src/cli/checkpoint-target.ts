// What the checkpoint commands share: the project they look at and whether a loop still runs.
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { AutoLoopStateSchema } from "../auto-loop/state.js";
import type { CheckpointRecord } from "../checkpoint/record.js";
import { RepeatStateSchema } from "../repeat/state.js";
import { LoopkitError } from "../shared/errors.js";
import { readJson } from "../state/json-store.js";
import type { CliIo } from "./io.js";

/** --project, else $CLAUDE_PROJECT_DIR, else the current directory. */
export function checkpointProject(given: string | undefined, io: CliIo): string {
  const full = path.resolve(io.cwd, given || io.env.CLAUDE_PROJECT_DIR || ".");
  if (!existsSync(full)) throw new LoopkitError("USAGE", `project folder ${full} does not exist`, { value: full });
  return realpathSync(full);
}

/** True while the record's loop may still change the tree: auto-loop pursuing, repeat not ended. An unreadable state is a stopped loop. */
export async function loopRunning(record: CheckpointRecord): Promise<boolean> {
  if (record.loop_kind === "auto-loop") {
    const read = await readJson(record.state_file, AutoLoopStateSchema).catch(() => ({ exists: false as const }));
    return read.exists && read.value.loop_id === record.loop_id && read.value.status === "pursuing";
  }
  const read = await readJson(record.state_file, RepeatStateSchema).catch(() => ({ exists: false as const }));
  return read.exists && read.value.loop_id === record.loop_id && read.value.phase !== "ended";
}
