// The status line's fast path: which data folder holds a marker for this session. Claude Code runs the
// status line every few seconds in every session, so this loads nothing heavy and touches only a few paths.
import { existsSync } from "node:fs";
import { dataDirCandidates, namedDataDir } from "../state/find-data-dir.js";
import { SESSION_ID_PATTERN, sessionMarkerPath } from "../state/paths.js";

/** The session id in the status-line JSON, when it has a safe shape. */
export function sessionOf(input: string): string | undefined {
  let payload: unknown;
  try {
    payload = JSON.parse(input);
  } catch {
    return undefined;
  }
  const id = (payload as { session_id?: unknown } | null)?.session_id;
  return typeof id === "string" && SESSION_ID_PATTERN.test(id) ? id : undefined;
}

/** The marker file that routes `sessionId` to a loop, in whichever of loopkit's data folders has it. */
export function findMarker(env: NodeJS.ProcessEnv, sessionId: string): { dataDir: string; file: string } | undefined {
  const named = namedDataDir(env);
  for (const dataDir of named ? [named] : dataDirCandidates(env)) {
    const file = sessionMarkerPath(dataDir, sessionId);
    if (existsSync(file)) return { dataDir, file };
  }
  return undefined;
}
