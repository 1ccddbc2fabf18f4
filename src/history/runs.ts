// Past runs of every loop kind as one list, from what each kind keeps on record (src/loops/): repeat
// loops from the stats log (their records as they are there), auto-loops from each project's gate
// history in loopkit's data folder. Read-only throughout.
import * as z from "zod";
import { ALL_LOOP_KINDS } from "../loops/registry.js";
import type { PastRun } from "../session/loop-kind.js";
import { LOOP_KINDS, type LoopKind } from "../shared/loop-kinds.js";
import { checkpointCounts } from "../checkpoint/summary.js";

/** One run in `loopkit history --json`. */
export const RunSummarySchema = z.object({
  version: z.literal(1),
  /** The stats log's id (repeat, `loop-<ms>`) or the auto-loop's loop id. */
  id: z.string(),
  kind: z.enum(LOOP_KINDS),
  /** The repeated prompt or /command (repeat), else null. */
  command: z.string().nullable(),
  /** The goal (auto-loop; null when its start was recorded before goals were), else null. */
  goal: z.string().nullable(),
  project_dir: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** Until ended_at; for a run still going, until now; for a paused one, until its latest record. */
  duration_ms: z.int().nonnegative(),
  iterations: z.int().nonnegative(),
  /** Iterations that passed (repeat) or verifier gates passed twice (auto-loop). */
  passed: z.int().nonnegative(),
  failed: z.int().nonnegative(),
  /** As in the stats log for repeat (EARLY_SUCCESS, ...), the loop's status for auto-loop; null while it runs. */
  final_status: z.enum(ALL_LOOP_KINDS.flatMap((kind) => kind.history.finalStatuses)).nullable(),
  /** Not ended, and its session or runner is gone (a paused repeat loop, an auto-loop whose heartbeat is stale); absent in older outputs. */
  paused: z.boolean().optional(),
  /** Why it is paused, where loopkit knows (an auto-loop that waits for the person's --resume); absent otherwise. */
  paused_reason: z.string().optional(),
  /** Checkpoints the loop holds (`loopkit checkpoints <id>`). */
  checkpoints: z.int().nonnegative(),
  /** What the run cost in tokens (auto-loop: the session's and the audits'); null where it was not counted (repeat runs recorded before loopkit counted them). */
  tokens: z.int().nonnegative().nullable(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** `loopkit history --json` (schemas/history.schema.json): the runs shown, newest first, in a versioned object like every JSON output. */
export const RunListJsonSchema = z.object({ version: z.literal(1), runs: z.array(RunSummarySchema) });
export type RunListJson = z.infer<typeof RunListJsonSchema>;

/** `loopkit history <id> --json` (schemas/history-run.schema.json): the summary and the run's steps (its kind's, as it records them). */
export const RunDetailJsonSchema = RunSummarySchema.extend({
  steps: z.union(ALL_LOOP_KINDS.map((kind) => z.array(kind.history.stepSchema))),
});

export function runDetailJson(run: RunDetail): z.infer<typeof RunDetailJsonSchema> {
  return { ...run.summary, steps: run.steps };
}

/** One run with what `loopkit history <id>` shows of it. */
export type RunDetail = { summary: RunSummary } & Pick<PastRun, "steps" | "rows">;

/** Every run, newest start first. A corrupt stats log is an error naming it; loopkit never rewrites it here. */
export async function listRuns(statsFile: string, dataDir: string | null, now: Date): Promise<RunDetail[]> {
  const runs: RunDetail[] = [];
  for (const kind of ALL_LOOP_KINDS) {
    for (const run of await kind.history.runs({ statsFile, dataDir }, now)) runs.push(detail(kind.entry.kind, run));
  }
  const counts = dataDir ? await checkpointCounts(dataDir) : new Map<string, number>();
  return runs
    .map((run) => ({ ...run, summary: { ...run.summary, checkpoints: counts.get(run.summary.id) ?? 0 } }))
    .sort((a, b) => b.summary.started_at.localeCompare(a.summary.started_at));
}

function detail(kind: LoopKind, { summary: s, steps, rows }: PastRun): RunDetail {
  const summary: RunSummary = {
    version: 1,
    id: s.id,
    kind,
    command: s.command,
    goal: s.goal,
    project_dir: s.project_dir,
    started_at: s.started_at,
    ended_at: s.ended_at,
    duration_ms: s.duration_ms,
    iterations: s.iterations,
    passed: s.passed,
    failed: s.failed,
    final_status: s.final_status,
    paused: s.paused,
    ...(s.paused_reason !== undefined ? { paused_reason: s.paused_reason } : {}),
    checkpoints: 0,
    tokens: s.tokens,
  };
  return { summary, steps, rows };
}
