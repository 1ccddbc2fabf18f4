// Which loop a report is of, and its story from where loopkit keeps it: an auto-loop's gate history
// and state (<data>/auto-loop/<project>/), its checkpoints (<data>/checkpoints/); a repeat loop's state
// (<data>/repeat/) or its stats-log record. Read-only: nothing here creates or changes a file.
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { HistoryEntrySchema } from "../auto-loop/core/history.js";
import { AutoLoopStateSchema, type AutoLoopState } from "../auto-loop/core/state.js";
import { loopFiles } from "../auto-loop/data/store.js";
import { findRecord } from "../checkpoint/record.js";
import { evidenceFiles } from "../evidence/paths.js";
import { openStore } from "../evidence/snapshot.js";
import { LoopRunSchema, StatsFileSchema } from "../repeat/stats-store.js";
import { RepeatStateSchema, repeatStateDir, type RepeatState } from "../repeat/state.js";
import { projectLoops } from "../repeat/store.js";
import { LoopkitError } from "../shared/errors.js";
import { readJson } from "../state/json-store.js";
import { autoLoopStory, type HistoryLine, type IterationChanges } from "./auto-loop-story.js";
import { iterationChanges } from "./diffs.js";
import { repeatStoryFromState, repeatStoryFromStats } from "./repeat-story.js";
import type { LoopStory } from "./story.js";

export interface ReportSources {
  /** loopkit's data folder, or null when none holds state. */
  dataDir: string | null;
  /** The stats log (repeat loops kept only there), or null to look in loopkit's data folder alone. */
  statsFile: string | null;
  /** The project a report without an id is of (worked out only then). */
  projectDir: () => string;
  now: Date;
}

/** The story of loop `id`, or of the project's latest loop of either kind; NO_LOOP when there is none. */
export async function findStory(from: ReportSources, id: string | undefined): Promise<LoopStory> {
  if (id === undefined) return latestStory(from);
  const data = from.dataDir;
  if (data) {
    for (const dir of await subfolders(path.join(data, "auto-loop"))) {
      const lines = await historyLines(path.join(dir, "gate-history.jsonl"));
      if (lines.some((line) => line.entry.loop_id === id) || (await stateIn(dir))?.loop_id === id)
        return autoStory(data, dir, id, lines, from.now);
    }
    const state = (await repeatStates(data)).find((s) => s.loop_id === id);
    if (state) return repeatStoryFromState(state);
  }
  const run = from.statsFile ? (await statsRuns(from.statsFile)).find((r) => r.id === id) : undefined;
  if (run) return repeatStoryFromStats(run);
  throw new LoopkitError("NO_LOOP", `no loop with id ${id} is on record`, { value: id, hint: "loopkit history lists the ids" });
}

async function latestStory(from: ReportSources): Promise<LoopStory> {
  const projectDir = from.projectDir();
  const data = from.dataDir;
  const none = new LoopkitError("NO_LOOP", `no loop has run in ${projectDir} (none is on record in ${data ?? "any loopkit data folder"})`, {
    value: projectDir,
    hint: "start one, or name a loop: loopkit history lists them, loopkit report <id>",
  });
  if (!data) throw none;
  const dir = loopFiles(data, projectDir).dir;
  const lines = await historyLines(path.join(dir, "gate-history.jsonl"));
  const starts = new Map<string, string>();
  for (const { entry } of lines) if (!starts.has(entry.loop_id)) starts.set(entry.loop_id, entry.at);
  const auto = [...starts].sort((a, b) => b[1].localeCompare(a[1]))[0];
  const repeat = (await projectLoops(data, projectDir))[0]?.state;
  if (auto && (!repeat || auto[1] >= repeat.started_at)) return autoStory(data, dir, auto[0], lines, from.now);
  if (repeat) return repeatStoryFromState(repeat);
  throw none;
}

async function autoStory(data: string, dir: string, loopId: string, lines: HistoryLine[], now: Date): Promise<LoopStory> {
  const state = await stateIn(dir);
  const gaps: string[] = [];
  const record = await findRecord(data, loopId);
  const judged = lines.some((line) => line.entry.loop_id === loopId && line.entry.event === "gate");
  let changes = new Map<number, IterationChanges>();
  if (record) {
    const open = () => {
      // A reader never creates the store: a record whose store is gone (pruned) has names, no diffs.
      if (!existsSync(evidenceFiles(data, record.project_dir).pack)) throw new Error("it is not there any more (pruned?)");
      return openStore(data, record.project_dir);
    };
    changes = iterationChanges(record, open, gaps);
  } else if (judged) gaps.push("No checkpoint of this loop is on record, so the files each iteration changed are not shown.");
  return autoLoopStory({ loopId, lines, state, changes, gaps, now });
}

/** The auto-loop state kept in `dir`, or undefined (none, or unreadable: the history still tells the story). */
async function stateIn(dir: string): Promise<AutoLoopState | undefined> {
  const read = await readJson(path.join(dir, "state.json"), AutoLoopStateSchema).catch(() => ({ exists: false as const }));
  return read.exists ? read.value : undefined;
}

/** The valid lines of a gate history, each with its raw object (a torn last line from a crash is skipped). */
export async function historyLines(file: string): Promise<HistoryLine[]> {
  const text = await fs.readFile(file, "utf8").catch(() => "");
  return text.split("\n").flatMap((line) => {
    if (!line.trim()) return [];
    try {
      const raw = JSON.parse(line) as unknown;
      const parsed = HistoryEntrySchema.safeParse(raw);
      return parsed.success ? [{ entry: parsed.data, raw: raw as Record<string, unknown> }] : [];
    } catch {
      return [];
    }
  });
}

async function subfolders(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory()).map((e) => path.join(dir, e.name));
}

async function repeatStates(data: string): Promise<RepeatState[]> {
  const dir = repeatStateDir(data);
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith(".json"));
  const states: RepeatState[] = [];
  for (const name of names) {
    const read = await readJson(path.join(dir, name), RepeatStateSchema).catch(() => ({ exists: false as const }));
    if (read.exists) states.push(read.value);
  }
  return states;
}

/** loopkit's records in the stats log; an unreadable log has none here (`loopkit history` names the problem). */
async function statsRuns(file: string) {
  const read = await readJson(file, StatsFileSchema).catch(() => ({ exists: false as const }));
  if (!read.exists) return [];
  return (read.value.loop_runs ?? []).flatMap((raw) => {
    const parsed = LoopRunSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
}
