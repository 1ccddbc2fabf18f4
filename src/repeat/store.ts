// Where a repeat loop's state and session marker live, and the one way to load and save them.
import { promises as fs } from "node:fs";
import path from "node:path";
import { readJson, readOrKeepAside, writeJson } from "../state/json-store.js";
import { writeSessionMarker } from "../session/marker.js";
import { RepeatStateSchema, repeatStateDir, type RepeatState } from "./state.js";

/** The state, or undefined. A corrupt file is kept aside and reported as STATE_CORRUPT naming the copy. */
export function loadState(file: string, now: Date): Promise<RepeatState | undefined> {
  return readOrKeepAside(file, RepeatStateSchema, now, "the repeat loop stopped; start a new one when ready");
}

export const saveState = (file: string, state: RepeatState) => writeJson(file, RepeatStateSchema, state);

/** Routes this session's hooks to the loop. */
export function writeMarker(data: string, state: RepeatState, stateFile: string, now: Date): Promise<void> {
  return writeSessionMarker(
    data,
    state.session_id,
    { kind: "repeat", loop_id: state.loop_id, project_dir: state.project_dir, state_file: stateFile },
    now,
  );
}

export { removeSessionMarker as removeMarker } from "../session/marker.js";

/** Every readable repeat state of a project, newest start first, with its file. Unreadable files are skipped here. */
export async function projectLoops(data: string, projectDir: string): Promise<{ file: string; state: RepeatState }[]> {
  const dir = repeatStateDir(data);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const found: { file: string; state: RepeatState }[] = [];
  for (const name of names.filter((n) => n.endsWith(".json"))) {
    const file = path.join(dir, name);
    const read = await readJson(file, RepeatStateSchema).catch(() => ({ exists: false as const }));
    if (read.exists && read.value.project_dir === projectDir) found.push({ file, state: read.value });
  }
  return found.sort((a, b) => b.state.started_at.localeCompare(a.state.started_at));
}
