// The true state of a project's auto-loop, in loopkit's data dir, and the one way to save it:
// true state (with the mirror's sha256) first, then the mirror, then the history lines.
import { promises as fs } from "node:fs";
import path from "node:path";
import { readJson, readOrKeepAside, writeJson } from "../state/json-store.js";
import { projectKey, sessionMarkerPath } from "../state/paths.js";
import { SessionMarkerSchema } from "../hook/session-marker.js";
import type { HistoryEntry } from "./history.js";
import { appendJsonl, mirrorHistoryFile, mirrorText, sha256, writeMirror } from "./mirror.js";
import { AutoLoopStateSchema, type AutoLoopState } from "./state.js";

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
  await appendJsonl(files.history, history);
  await writeMirror(state.project_dir, state, text, now);
  await appendJsonl(mirrorHistoryFile(state.project_dir), history);
  return saved;
}

/** Writes the marker that routes this session's hooks to the loop (`driver` "run" for a `loopkit run` phase). */
export async function writeMarker(data: string, state: AutoLoopState, files: LoopFiles, now: Date, driver: "session" | "run" = "session"): Promise<void> {
  await writeJson(sessionMarkerPath(data, state.session_id), SessionMarkerSchema, {
    version: 1,
    kind: "auto-loop",
    loop_id: state.loop_id,
    project_dir: state.project_dir,
    state_file: files.state,
    created_at: now.toISOString(),
    driver,
  });
}

/** Removes a session's marker if it still points at `loopId` (a newer loop's marker is left alone). */
export async function removeMarker(data: string, sessionId: string, loopId: string): Promise<void> {
  const file = sessionMarkerPath(data, sessionId);
  const marker = await readJson(file, SessionMarkerSchema).catch(() => ({ exists: false as const }));
  if (marker.exists && marker.value.loop_id === loopId) await fs.rm(file, { force: true });
}
