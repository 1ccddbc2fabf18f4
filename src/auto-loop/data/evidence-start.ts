// The snapshot of the project taken when the loop started: what every later "what changed" is
// measured against. Kept beside the loop's state in loopkit's data folder, out of the agent's reach.
import path from "node:path";
import * as z from "zod";
import { SnapshotSchema, type Snapshot } from "../../evidence/snapshot.js";
import { readOrKeepAside, writeJson } from "../../state/json-store.js";

const StartEvidenceSchema = z.object({
  version: z.literal(1),
  loop_id: z.string().min(1),
  snapshot: SnapshotSchema,
});

const startEvidenceFile = (loopDir: string) => path.join(loopDir, "evidence-start.json");

export function saveStartEvidence(loopDir: string, loopId: string, snapshot: Snapshot): Promise<void> {
  return writeJson(startEvidenceFile(loopDir), StartEvidenceSchema, { version: 1, loop_id: loopId, snapshot });
}

/** The loop's start snapshot, or null when none was kept for this loop; a damaged file is kept aside (STATE_CORRUPT). */
export async function loadStartEvidence(loopDir: string, loopId: string, now: Date): Promise<Snapshot | null> {
  const read = await readOrKeepAside(
    startEvidenceFile(loopDir),
    StartEvidenceSchema,
    now,
    "the loop cannot be judged achieved without it; start a new loop",
  );
  return read?.loop_id === loopId ? read.snapshot : null;
}
