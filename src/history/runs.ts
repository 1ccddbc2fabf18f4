// Past runs of both loop kinds as one list: repeat loops from the stats log (their records as they are
// there), auto-loops from each project's gate history in loopkit's data folder. Read-only throughout.
import { promises as fs } from "node:fs";
import path from "node:path";
import * as z from "zod";
import { HistoryEntrySchema, type HistoryEntry } from "../auto-loop/core/history.js";
import { AutoLoopStateSchema, LOOP_STATUSES } from "../auto-loop/core/state.js";
import { FINAL_STATUSES } from "../repeat/state.js";
import { LoopRunSchema, type LoopRun } from "../repeat/stats-store.js";
import { checkpointCounts } from "../checkpoint/summary.js";
import { readJson } from "../state/json-store.js";
import { isLoopkitError, LoopkitError } from "../shared/errors.js";

/** One run in `loopkit history --json`. */
export const RunSummarySchema = z.object({
  version: z.literal(1),
  /** The stats log's id (repeat, `loop-<ms>`) or the auto-loop's loop id. */
  id: z.string(),
  kind: z.enum(["repeat", "auto-loop"]),
  /** The repeated prompt or /command (repeat), else null. */
  command: z.string().nullable(),
  /** The goal (auto-loop; null when its start was recorded before goals were), else null. */
  goal: z.string().nullable(),
  project_dir: z.string().nullable(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** Until ended_at, or until the latest record of a run still going. */
  duration_ms: z.int().nonnegative(),
  iterations: z.int().nonnegative(),
  /** Iterations that passed (repeat) or verifier gates passed twice (auto-loop). */
  passed: z.int().nonnegative(),
  failed: z.int().nonnegative(),
  /** As in the stats log for repeat (EARLY_SUCCESS, ...), the loop's status for auto-loop; null while it runs. */
  final_status: z.enum([...FINAL_STATUSES, ...LOOP_STATUSES.filter((status) => status !== "pursuing")]).nullable(),
  /** Checkpoints the loop holds (`loopkit checkpoints <id>`). */
  checkpoints: z.int().nonnegative(),
});
export type RunSummary = z.infer<typeof RunSummarySchema>;

/** `loopkit history --json` (schemas/history.schema.json): the runs shown, newest first, in a versioned object like every JSON output. */
export const RunListJsonSchema = z.object({ version: z.literal(1), runs: z.array(RunSummarySchema) });
export type RunListJson = z.infer<typeof RunListJsonSchema>;

/** `loopkit history <id> --json` (schemas/history-run.schema.json): the summary and the run's steps. */
export const RunDetailJsonSchema = RunSummarySchema.extend({
  steps: z.union([z.array(LoopRunSchema.shape.iterations.element), z.array(HistoryEntrySchema)]),
});

export function runDetailJson(run: RunDetail): z.infer<typeof RunDetailJsonSchema> {
  return { ...run.summary, steps: run.kind === "repeat" ? run.record.iterations : run.entries };
}

/** One run with what `loopkit history <id>` shows of it. */
export type RunDetail = { summary: RunSummary } & ({ kind: "repeat"; record: LoopRun } | { kind: "auto-loop"; entries: HistoryEntry[] });

const StatsSchema = z.looseObject({ loop_runs: z.array(z.unknown()).optional() });

/** Every run, newest start first. A corrupt stats log is an error naming it; loopkit never rewrites it here. */
export async function listRuns(statsFile: string, dataDir: string | null, now: Date): Promise<RunDetail[]> {
  const runs = [...(await repeatRuns(statsFile, now)), ...(dataDir ? await autoLoopRuns(dataDir) : [])];
  const counts = dataDir ? await checkpointCounts(dataDir) : new Map<string, number>();
  return runs
    .map((run) => ({ ...run, summary: { ...run.summary, checkpoints: counts.get(run.summary.id) ?? 0 } }))
    .sort((a, b) => b.summary.started_at.localeCompare(a.summary.started_at));
}

async function repeatRuns(statsFile: string, now: Date): Promise<RunDetail[]> {
  let read;
  try {
    read = await readJson(statsFile, StatsSchema);
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    throw new LoopkitError("STATE_CORRUPT", error.message, {
      value: statsFile,
      hint: `nothing was changed; fix ${statsFile} or move it away (the next repeat loop keeps it aside as ${path.basename(statsFile)}.corrupt-<time> itself)`,
    });
  }
  if (!read.exists) return [];
  // Other tools keep records in loop_runs too; only loopkit's own shape is listed.
  const records = (read.value.loop_runs ?? []).flatMap((raw) => {
    const parsed = LoopRunSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  return records.map((record) => {
    const passed = record.iterations.filter((it) => it.result === "pass").length;
    const end = record.ended_at ?? record.iterations.at(-1)?.timestamp ?? now.toISOString();
    const summary: RunSummary = {
      version: 1,
      id: record.id,
      kind: "repeat",
      command: record.command,
      goal: null,
      project_dir: null,
      started_at: record.started_at,
      ended_at: record.ended_at,
      duration_ms: Math.max(0, Date.parse(end) - Date.parse(record.started_at)),
      iterations: record.iterations.length,
      passed,
      failed: record.iterations.length - passed,
      final_status: record.final_status,
      checkpoints: 0,
    };
    return { summary, kind: "repeat" as const, record };
  });
}

async function autoLoopRuns(dataDir: string): Promise<RunDetail[]> {
  const root = path.join(dataDir, "auto-loop");
  const projects = await fs.readdir(root).catch(() => [] as string[]);
  const runs: RunDetail[] = [];
  for (const project of projects) {
    const dir = path.join(root, project);
    const entries = await historyLines(path.join(dir, "gate-history.jsonl"));
    const state = await readJson(path.join(dir, "state.json"), AutoLoopStateSchema).catch(() => ({ exists: false as const }));
    const latest = state.exists ? state.value : undefined;
    const byLoop = new Map<string, HistoryEntry[]>();
    for (const entry of entries) byLoop.set(entry.loop_id, [...(byLoop.get(entry.loop_id) ?? []), entry]);
    for (const [loopId, lines] of byLoop) {
      const first = lines[0]!;
      const last = lines.at(-1)!;
      const gates = lines.filter((entry) => entry.event === "gate");
      const passed = gates.filter((entry) => entry.verdict === "pass").length;
      const ended = last.status !== "pursuing";
      runs.push({
        kind: "auto-loop",
        entries: lines,
        summary: {
          version: 1,
          id: loopId,
          kind: "auto-loop",
          command: null,
          goal: lines.find((entry) => entry.goal !== undefined)?.goal ?? (latest?.loop_id === loopId ? latest.goal : null),
          project_dir: latest?.project_dir ?? null,
          started_at: first.at,
          ended_at: ended ? last.at : null,
          duration_ms: Math.max(0, Date.parse(last.at) - Date.parse(first.at)),
          iterations: Math.max(...lines.map((entry) => entry.iteration)),
          passed,
          failed: gates.length - passed,
          final_status: last.status === "pursuing" ? null : last.status,
          checkpoints: 0,
        },
      });
    }
  }
  return runs;
}

/** The valid lines of a gate history (a torn last line from a crash is skipped, not fatal). */
async function historyLines(file: string): Promise<HistoryEntry[]> {
  const text = await fs.readFile(file, "utf8").catch(() => "");
  return text.split("\n").flatMap((line) => {
    if (!line.trim()) return [];
    try {
      const parsed = HistoryEntrySchema.safeParse(JSON.parse(line));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
}
