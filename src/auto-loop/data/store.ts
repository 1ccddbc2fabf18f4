// The true state of a project's auto-loop, in loopkit's data dir, and the one way to save it:
// true state (with the mirror's sha256) first, then the mirror, then the history lines.
import path from "node:path";
import { readOrKeepAside, writeJson } from "../../state/json-store.js";
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
  await writeJson(files.state, AutoLoopStateSchema, saved);
  const planted = await writeMirror(state.project_dir, state, text, now);
  // Anything planted in the mirror's place was moved aside, not followed; it goes on the record.
  const all = [
    ...history,
    ...planted.map((p) => historyEntry(saved, now, "tamper", `${p.path} was ${p.found}; moved to ${p.keptAs} without following it`)),
  ];
  await appendJsonl(files.history, all);
  await appendMirrorHistory(state.project_dir, all, now);
  return saved;
}

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
