// The stats log shared with other tools of the family: `loop_runs` in ~/.softspark/ai-toolkit/stats.json
// (or $LOOPKIT_STATS_FILE). loopkit owns only its own records: every other key and record is kept as
// is, every write is locked and atomic, and a file that does not parse is moved aside, never overwritten.
import os from "node:os";
import path from "node:path";
import * as z from "zod";
import { keepAside, readJson, withLock, writeJson } from "../state/json-store.js";
import { formatError, isLoopkitError } from "../shared/errors.js";
import { formatDuration } from "../shared/duration.js";
import { FINAL_STATUSES, repeatTokens, type RepeatState } from "./state.js";

export const LoopRunSchema = z.object({
  id: z.string().regex(/^loop-/),
  command: z.string(),
  interval: z.string(),
  max_iterations: z.int().positive(),
  started_at: z.iso.datetime(),
  iterations: z.array(
    z.object({
      number: z.int().positive(),
      /** When the iteration started (UTC). */
      timestamp: z.iso.datetime(),
      result: z.enum(["pass", "fail"]),
      /** 0 pass, 1 reported fail, 2 no or malformed REPEAT-RESULT line. */
      exit_code: z.int().min(0).max(2),
      summary: z.string().nullable(),
      /** The iteration's tokens (repeat state's `tokens`); null: not counted; absent in records written before loopkit counted them. */
      tokens: z.int().nonnegative().nullable().optional(),
    }),
  ),
  final_status: z.enum(FINAL_STATUSES).nullable(),
  ended_at: z.iso.datetime().nullable(),
  /** The sum of the iterations' tokens; null: none counted; absent in older records. */
  tokens: z.int().nonnegative().nullable().optional(),
  /** The project the loop ran in; absent in older records. */
  project_dir: z.string().optional(),
});
export type LoopRun = z.infer<typeof LoopRunSchema>;

const StatsFileShape = z.looseObject({ loop_runs: z.array(z.unknown()).optional() });
type StatsFile = z.infer<typeof StatsFileShape>;

/**
 * The whole file: only `loop_runs` is ours, and only as a list; its other records may have any shape.
 * Checked, then kept as JSON.parse made it: a parse by zod would rebuild the object, dropping a
 * `"__proto__"` key (an own property after JSON.parse, a prototype once assigned) and moving keys.
 */
export const StatsFileSchema = z.custom<StatsFile>().superRefine((value, ctx) => {
  const checked = StatsFileShape.safeParse(value);
  for (const issue of checked.error?.issues ?? []) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
});

export function statsFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.LOOPKIT_STATS_FILE || path.join(os.homedir(), ".softspark", "ai-toolkit", "stats.json");
}

/** The record of a loop, rebuilt from its state (so every save writes the whole, current record). */
export function loopRunOf(state: RepeatState): LoopRun {
  return {
    id: state.loop_id,
    command: state.command,
    interval: formatDuration(state.interval_ms),
    max_iterations: state.max_iterations,
    started_at: state.started_at,
    iterations: state.iterations.map((it) => ({
      number: it.number,
      timestamp: it.started_at,
      result: it.result,
      exit_code: it.exit_code,
      summary: it.summary,
      tokens: it.tokens,
    })),
    final_status: state.final_status,
    ended_at: state.ended_at,
    tokens: repeatTokens(state),
    project_dir: state.project_dir,
  };
}

/** A new record id, `loop-<epoch ms>`, made unique within the file by a suffix. */
export function newLoopId(now: Date): string {
  return `loop-${now.getTime()}`;
}

const idOf = (record: unknown) => (typeof record === "object" && record !== null ? (record as { id?: unknown }).id : undefined);

/**
 * Adds `run` (mode "create": under a fresh id if its id is taken; returns the id used) or replaces
 * the record with its id (mode "update": appended again if it is gone, e.g. after the file was set aside).
 */
export async function saveLoopRun(
  file: string,
  run: LoopRun,
  mode: "create" | "update",
  now = new Date(),
): Promise<{ id: string; warnings: string[] }> {
  const checked = LoopRunSchema.parse(run);
  return withLock(file, async () => {
    const { data, warnings } = await readStats(file, now);
    const runs = [...(data.loop_runs ?? [])];
    let record = checked;
    if (mode === "create") {
      const taken = new Set(runs.map(idOf));
      for (let n = 2; taken.has(record.id); n += 1) record = { ...checked, id: `${checked.id}-${n}` };
    }
    const index = mode === "update" ? runs.findIndex((existing) => idOf(existing) === record.id) : -1;
    if (index === -1) runs.push(record);
    else runs[index] = record;
    await writeJson(file, StatsFileSchema, { ...data, loop_runs: runs });
    return { id: record.id, warnings };
  });
}

/** Writes the loop's record as its state now stands; a problem there is a line to report, never allowed to break the loop. */
export async function recordLoopRun(state: RepeatState, now: Date): Promise<string[]> {
  try {
    return (await saveLoopRun(state.stats_file, loopRunOf(state), "update", now)).warnings;
  } catch (error) {
    return [`loopkit could not update the stats log ${state.stats_file}: ${formatError(error)}`];
  }
}

/** Reads the stats file (caller holds the lock). Unreadable content is moved aside and a fresh file started. */
async function readStats(file: string, now: Date): Promise<{ data: StatsFile; warnings: string[] }> {
  try {
    const read = await readJson(file, StatsFileSchema);
    return { data: read.exists ? read.value : {}, warnings: [] };
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    const aside = await keepAside(file, now);
    return { data: {}, warnings: [`The stats file ${formatError(error)}; loopkit kept it as ${aside} and started a fresh one.`] };
  }
}
