// How stale the owner's heartbeat must be before `loopkit run --takeover` may continue the loop. A loop
// whose last owner was a `loopkit run` phase, with no runner alive (the caller holds the runner lock),
// was left by a runner that stopped: it may be continued at once. Any other owner gets the usual window.
import { readJson } from "../state/json-store.js";
import { sessionMarkerPath } from "../state/paths.js";
import { SessionMarkerSchema } from "../session/marker.js";
import { loadState, type LoopFiles } from "../auto-loop/data/store.js";

export async function takeoverStaleMs(dataDir: string, files: LoopFiles, now: Date, staleMs: number): Promise<number> {
  const state = await loadState(files.state, now).catch(() => undefined);
  if (state?.status !== "pursuing") return staleMs;
  const marker = await readJson(sessionMarkerPath(dataDir, state.session_id), SessionMarkerSchema).catch(() => ({
    exists: false as const,
  }));
  const leftByRunner = marker.exists && marker.value.driver === "run" && marker.value.loop_id === state.loop_id;
  return leftByRunner ? 0 : staleMs;
}
