// The repeat runs `loopkit history` lists: the stats log's, and those still readable in the copies of
// it that loopkit kept aside as corrupt (`<file>.corrupt-<time>`), so that one torn write hides no
// earlier run. Read-only: a copy is never changed or removed here.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { isLoopkitError, LoopkitError } from "../shared/errors.js";
import { readJson } from "../state/json-store.js";
import { LoopRunSchema, StatsFileSchema, type LoopRun } from "./stats-store.js";

/** loopkit's records in the stats log, then those of its kept-aside copies the log no longer holds, oldest copy last. */
export async function readLoopRuns(statsFile: string): Promise<LoopRun[]> {
  const runs = new Map((await liveRecords(statsFile)).map((run) => [run.id, run]));
  for (const copy of await keptAside(statsFile)) {
    for (const run of recordsIn(await readFile(copy, "utf8").catch(() => ""))) if (!runs.has(run.id)) runs.set(run.id, run);
  }
  return [...runs.values()];
}

/** The log's own records; a corrupt log is an error naming it (the next repeat loop keeps it aside). */
async function liveRecords(statsFile: string): Promise<LoopRun[]> {
  let read;
  try {
    read = await readJson(statsFile, StatsFileSchema);
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    throw new LoopkitError("STATE_CORRUPT", error.message, {
      value: statsFile,
      hint: `nothing was changed; fix ${statsFile} or move it away (the next repeat loop keeps it aside as ${path.basename(statsFile)}.corrupt-<time> itself)`,
    });
  }
  // Other tools keep records in loop_runs too; only loopkit's own shape is listed.
  return read.exists ? (read.value.loop_runs ?? []).flatMap(asLoopRun) : [];
}

/** The copies kept aside, newest first. */
async function keptAside(statsFile: string): Promise<string[]> {
  const prefix = `${path.basename(statsFile)}.corrupt-`;
  const names = await readdir(path.dirname(statsFile)).catch(() => []);
  return names
    .filter((name) => name.startsWith(prefix))
    .sort()
    .reverse()
    .map((name) => path.join(path.dirname(statsFile), name));
}

const asLoopRun = (raw: unknown): LoopRun[] => {
  const parsed = LoopRunSchema.safeParse(raw);
  return parsed.success ? [parsed.data] : [];
};

/** loopkit's records in a copy: all of them when it parses, else each whole `{...}` in it that is one (a torn file keeps its whole records). */
export function recordsIn(text: string): LoopRun[] {
  try {
    const value = StatsFileSchema.safeParse(JSON.parse(text));
    if (value.success) return (value.data.loop_runs ?? []).flatMap(asLoopRun);
  } catch {
    // Not JSON as a whole: read it object by object.
  }
  return objectsIn(text).flatMap((object) => {
    try {
      return asLoopRun(JSON.parse(object));
    } catch {
      return [];
    }
  });
}

/** Each balanced `{...}` span in `text` that may be a loop record (braces inside strings do not count). */
function objectsIn(text: string): string[] {
  const starts: number[] = [];
  const found: string[] = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    // A JSON string holds no raw newline: a torn start that began inside one is over at the line's end.
    if (inString && char === "\n") inString = false;
    else if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") starts.push(i);
    else if (char === "}" && starts.length > 0) {
      const span = text.slice(starts.pop(), i + 1);
      if (span.includes('"loop-')) found.push(span);
    }
  }
  return found;
}
