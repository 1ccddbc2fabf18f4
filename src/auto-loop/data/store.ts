// The true state of a project's auto-loop, in loopkit's data dir, and the one way to save it:
// true state (with the mirror's sha256) first, then the mirror, then the history lines. The project's
// disk refusing the mirror puts the true state back as it was: the turn is not saved (a pause).
import path from "node:path";
import { readJson, readOrKeepAside, writeJson } from "../../state/json-store.js";
import { isLoopkitError } from "../../shared/errors.js";
import { projectKey } from "../../state/paths.js";
import { writeSessionMarker } from "../../session/marker.js";
import type { HistoryEntry } from "../core/history.js";
import { historyEntry } from "../core/history.js";
import { appendJsonl, appendMirrorHistory, mirrorText, sha256, writeMirror } from "../project/mirror.js";
import { AutoLoopStateSchema, type AutoLoopState } from "../core/state.js";

export interface LoopFiles {
  dir: string;
  state: string;
  history: string;
}

export function loopFiles(data: string, projectDir: string): LoopFiles {
  const dir = path.join(data, "auto-loop", projectKey(projectDir));
  return { dir, state: path.join(dir, "state.json"), history: path.join(dir, "gate-history.jsonl") };
}

/** The state, or undefined. A corrupt file is kept aside and reported as STATE_CORRUPT naming the copy. */
export function loadState(file: string, now: Date): Promise<AutoLoopState | undefined> {
  return readOrKeepAside(file, AutoLoopStateSchema, now, "the loop stopped and will not be judged achieved; start a new one when ready");
}

/** Saves the true state, rewrites the mirror from it, and appends history to both copies. */
export async function persist(files: LoopFiles, state: AutoLoopState, history: HistoryEntry[], now: Date): Promise<AutoLoopState> {
  const text = mirrorText(state);
  const saved = { ...state, mirror_sha256: sha256(text) };
  const previous = await readJson(files.state, AutoLoopStateSchema).catch(() => null);
  await writeJson(files.state, AutoLoopStateSchema, saved);
  // The project's disk full or read-only: loopkit's state goes back to what it was (a pause, as for its
  // own data folder full), and the copy, maybe half-written, is no longer taken for loopkit's.
  const planted = await writeMirror(state.project_dir, state, text, now).catch(async (error: unknown) => {
    if (isRefusal(error))
      await writeJson(files.state, AutoLoopStateSchema, { ...(previous?.exists ? previous.value : saved), mirror_sha256: null });
    throw error;
  });
  // Anything planted in the mirror's place was moved aside, not followed; it goes on the record.
  const all = [
    ...history,
    ...planted.map((p) => historyEntry(saved, now, "tamper", `${p.path} was ${p.found}; moved to ${p.keptAs} without following it`)),
  ];
  await appendJsonl(files.history, all);
  // The turn is saved by now: the project's copy of the history misses these lines when its disk refuses them.
  await appendMirrorHistory(state.project_dir, all, now).catch((error: unknown) => {
    if (!isRefusal(error)) throw error;
  });
  return saved;
}

const isRefusal = (error: unknown) => isLoopkitError(error, "NO_SPACE") || isLoopkitError(error, "READ_ONLY");

/** Writes the marker that routes this session's hooks to the loop (`driver` "run" for a `loopkit run` phase). */
export function writeMarker(
  data: string,
  state: AutoLoopState,
  files: LoopFiles,
  now: Date,
  driver: "session" | "run" = "session",
): Promise<void> {
  return writeSessionMarker(
    data,
    state.session_id,
    { kind: "auto-loop", loop_id: state.loop_id, project_dir: state.project_dir, state_file: files.state, driver },
    now,
  );
}

export { removeSessionMarker as removeMarker } from "../../session/marker.js";
