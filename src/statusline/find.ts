// The status line's fast path: which data folder holds a marker for this session. Claude Code runs the
// status line every few seconds in every session, so this loads nothing heavy and touches only a few paths.
import { locateMarker } from "../state/locate.js";
import { SESSION_ID_PATTERN } from "../state/paths.js";

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

/** The marker file that routes `sessionId` to a loop, in the data folder locate()'s one order finds for this session. */
export function findMarker(env: NodeJS.ProcessEnv, sessionId: string): { dataDir: string; file: string } | undefined {
  return locateMarker({ env, session: sessionId });
}
