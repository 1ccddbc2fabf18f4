// Which step of the gate the Stop hook is in (the verifier, run 1 or 2, the run on the start's tests, or the audit), so `loopkit run`
// can say so while a phase waits for it: both may take minutes. Written before each step, in loopkit's
// data folder next to the state; shown to a person only, never read for a decision.
import path from "node:path";
import * as z from "zod";
import { readJson, writeJson } from "../../state/json-store.js";
import type { LoopFiles } from "./store.js";

export const GateStepSchema = z.object({
  version: z.literal(1),
  loop_id: z.string().min(1),
  /** The iteration whose turn the gate judges. */
  iteration: z.int().positive(),
  /** contract: the verifier on the start's tests, in a copy (runners/contract-run.ts). */
  step: z.enum(["verifier", "contract", "audit"]),
  /** The verifier's run (1, or 2 after a pass); 1 for the audit. */
  run: z.int().min(1).max(2),
  started_at: z.iso.datetime(),
});
export type GateStep = z.infer<typeof GateStepSchema>;

const gateStepFile = (files: LoopFiles) => path.join(files.dir, "gate-step.json");

/** Notes the step the gate starts now. A failure to write it changes nothing about the loop. */
export async function noteGateStep(files: LoopFiles, step: Omit<GateStep, "version">): Promise<void> {
  await writeJson(gateStepFile(files), GateStepSchema, { version: 1, ...step }).catch(() => undefined);
}

/** The step the gate last started, or undefined (none yet, or unreadable). */
export async function readGateStep(files: LoopFiles): Promise<GateStep | undefined> {
  const read = await readJson(gateStepFile(files), GateStepSchema).catch(() => ({ exists: false as const }));
  return read.exists ? read.value : undefined;
}
