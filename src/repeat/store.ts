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
  return (await scanLoops(data, projectDir)).loops;
}

/** A project's readable loops (as projectLoops; every project's for null), and the state files nobody can read (whose project they were is unknown), with when each was last written. */
export async function scanLoops(
  data: string,
  projectDir: string | null,
): Promise<{ loops: { file: string; state: RepeatState }[]; unreadable: { file: string; modified: Date }[] }> {
  const dir = repeatStateDir(data);
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const loops: { file: string; state: RepeatState }[] = [];
  const unreadable: { file: string; modified: Date }[] = [];
  for (const name of names.filter((n) => n.endsWith(".json"))) {
    const file = path.join(dir, name);
    const read = await readJson(file, RepeatStateSchema).catch(() => null);
    if (read === null) {
      const modified = await fs.stat(file).then(
        (stat) => stat.mtime,
        () => null,
      );
      if (modified) unreadable.push({ file, modified });
    } else if (read.exists && (projectDir === null || read.value.project_dir === projectDir)) loops.push({ file, state: read.value });
  }
  return { loops: loops.sort((a, b) => b.state.started_at.localeCompare(a.state.started_at)), unreadable };
}
