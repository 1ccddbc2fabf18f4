// Housekeeping: a repeat loop leaves one state file per session, kept after it ends for --status. Of
// the ended ones, the newest KEEP_ENDED stay; older ones are deleted when a new loop starts. Active,
// paused and unreadable files are never touched (a corrupt one is the person's to look at).
import { promises as fs } from "node:fs";
import path from "node:path";
import { readJson, withLock } from "../state/json-store.js";
import { RepeatStateSchema, repeatStateDir } from "./state.js";

export const KEEP_ENDED = 20;

/** Deletes the state files of ended loops beyond the newest `keep`; returns how many went. Never throws. */
export async function pruneEndedLoops(dataDir: string, keep = KEEP_ENDED): Promise<number> {
  const dir = repeatStateDir(dataDir);
  const names = (await fs.readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith(".json"));
  const ended: { file: string; endedAt: string }[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const read = await readJson(file, RepeatStateSchema).catch(() => undefined);
    if (read?.exists && read.value.phase === "ended") ended.push({ file, endedAt: read.value.ended_at ?? read.value.started_at });
  }
  ended.sort((a, b) => b.endedAt.localeCompare(a.endedAt));
  let removed = 0;
  for (const { file } of ended.slice(keep)) {
    // Under the file's lock, and only if it is still ended: its session may be starting a new loop right now.
    const gone = await withLock(file, async () => {
      const read = await readJson(file, RepeatStateSchema).catch(() => undefined);
      if (!(read?.exists && read.value.phase === "ended")) return false;
      await fs.rm(file, { force: true });
      return true;
    }).catch(() => false);
    if (gone) removed += 1;
  }
  return removed;
}
