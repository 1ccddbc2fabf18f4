// The snapshot of the project taken when the loop started, and the baseline its audit judges from:
// the same snapshot, or, when the loop before it in this project ended without `achieved`, that
// loop's own baseline (so a new loop cannot launder what an unfinished one left). Kept beside the
// loop's state in loopkit's data folder, out of the agent's reach.
import path from "node:path";
import * as z from "zod";
import { SnapshotSchema, type Snapshot } from "../../evidence/snapshot.js";
import { readOrKeepAside, writeJson } from "../../state/json-store.js";
import { LOOP_STATUSES, type AutoLoopState } from "../core/state.js";

/** The earlier loop whose start this loop judges from, and how the last loop since then ended. */
const JudgedFromSchema = z.object({
  loop_id: z.string().min(1),
  started_at: z.iso.datetime(),
  /** The end of the loop just before this one (never `achieved`, never `pursuing`). */
  last_end: z.object({ loop_id: z.string().min(1), status: z.enum(LOOP_STATUSES) }),
  snapshot: SnapshotSchema,
});
export type JudgedFrom = z.infer<typeof JudgedFromSchema>;

const StartEvidenceSchema = z.union([
  z.object({ version: z.literal(1), loop_id: z.string().min(1), snapshot: SnapshotSchema }),
  z.object({
    version: z.literal(2),
    loop_id: z.string().min(1),
    started_at: z.iso.datetime(),
    /** This loop's own start. */
    snapshot: SnapshotSchema,
    /** The earlier start its audit judges from, or null: its own. */
    judged_from: JudgedFromSchema.nullable(),
  }),
]);
type StartEvidence = z.infer<typeof StartEvidenceSchema>;

const startEvidenceFile = (loopDir: string) => path.join(loopDir, "evidence-start.json");
const HINT = "the loop cannot be judged achieved without it; start a new loop";

export function saveStartEvidence(
  loopDir: string,
  start: { loopId: string; startedAt: string; snapshot: Snapshot; judgedFrom: JudgedFrom | null },
): Promise<void> {
  return writeJson(startEvidenceFile(loopDir), StartEvidenceSchema, {
    version: 2,
    loop_id: start.loopId,
    started_at: start.startedAt,
    snapshot: start.snapshot,
    judged_from: start.judgedFrom,
  });
}

const readStart = (loopDir: string, now: Date) => readOrKeepAside(startEvidenceFile(loopDir), StartEvidenceSchema, now, HINT);

/** The loop's own start snapshot, or null when none was kept for this loop; a damaged file is kept aside (STATE_CORRUPT). */
export async function loadStartEvidence(loopDir: string, loopId: string, now: Date): Promise<Snapshot | null> {
  const read = await readStart(loopDir, now);
  return read?.loop_id === loopId ? read.snapshot : null;
}

/** What the loop's audit compares with: the earlier baseline it inherited, else its own start; null when none was kept. */
export async function loadJudgingBaseline(loopDir: string, loopId: string, now: Date): Promise<Snapshot | null> {
  const read = await readStart(loopDir, now);
  if (read?.loop_id !== loopId) return null;
  return (read.version === 2 ? read.judged_from?.snapshot : null) ?? read.snapshot;
}

/** The baseline a new loop judges from, and the sentence its start message says about it. */
export interface Baseline {
  judgedFrom: JudgedFrom | null;
  line: string;
}

/**
 * The rule: a loop judges from the start of the earliest loop in the unbroken run of loops before it
 * in this project that ended without `achieved` (unmet, budget-limited, blocked, cancelled, replaced),
 * so what any of them left is still in its audit's diff. The run is broken by an `achieved` end and by
 * the person's own `--new-baseline`; with no earlier loop, the loop judges from its own start.
 */
export function decideBaseline(
  previous: Pick<AutoLoopState, "loop_id" | "status" | "started_at"> | undefined,
  previousStart: StartEvidence | null | "unreadable",
  newBaseline: boolean,
): Baseline {
  const own = "The audit judges from the project as it is now (this loop's start).";
  if (newBaseline) return { judgedFrom: null, line: `${own.slice(0, -1)}: --new-baseline was given.` };
  if (!previous || previous.status === "achieved") return { judgedFrom: null, line: own };
  const lastEnd = { loop_id: previous.loop_id, status: previous.status === "pursuing" ? ("cancelled" as const) : previous.status };
  if (previousStart === "unreadable" || previousStart === null || previousStart.loop_id !== previous.loop_id)
    return {
      judgedFrom: null,
      line: `${own.slice(0, -1)}: the earlier loop ${previous.loop_id} ended ${lastEnd.status}, but loopkit's record of its start is lost, so what it left cannot be told apart; give --new-baseline to say you accept the project as it is, or review it yourself.`,
    };
  const inherited = previousStart.version === 2 ? previousStart.judged_from : null;
  const judgedFrom: JudgedFrom = inherited
    ? { ...inherited, last_end: lastEnd }
    : { loop_id: previous.loop_id, started_at: previous.started_at, last_end: lastEnd, snapshot: previousStart.snapshot };
  const since =
    judgedFrom.loop_id === lastEnd.loop_id
      ? `which ended ${lastEnd.status}`
      : `the first of the loops since the last achieved one (the latest, ${lastEnd.loop_id}, ended ${lastEnd.status})`;
  return {
    judgedFrom,
    line: `The audit judges from the baseline of loop ${judgedFrom.loop_id}, started ${judgedFrom.started_at}, ${since}: every change since then is in its diff, this loop's and what earlier loops left. (Give --new-baseline to judge from now instead.)`,
  };
}

/** The start evidence of the project's last loop, "unreadable" when it is damaged (kept aside), or null. */
export async function loadPreviousStart(loopDir: string, now: Date): Promise<StartEvidence | null | "unreadable"> {
  try {
    return (await readStart(loopDir, now)) ?? null;
  } catch {
    return "unreadable";
  }
}
