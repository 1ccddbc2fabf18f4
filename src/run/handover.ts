// Hands the loop to the next `loopkit run` phase: a fresh session id becomes the owner, its marker
// says "run" (the Stop hook ends that session after each judged turn), the previous phase's marker goes.
import { withLock } from "../state/json-store.js";
import { phaseState } from "../auto-loop/core/transitions.js";
import type { AutoLoopState } from "../auto-loop/core/state.js";
import { loadState, persist, removeMarker, writeMarker, type LoopFiles } from "../auto-loop/data/store.js";

type Handover =
  | { kind: "bound"; state: AutoLoopState }
  /** The loop ended (its final state), or is gone. */
  | { kind: "ended"; state: AutoLoopState | undefined }
  /** Someone else owns it now (a --takeover, a new loop): the runner must stop without touching it. */
  | { kind: "lost"; owner: string };

export async function bindPhase(
  dataDir: string,
  files: LoopFiles,
  loop: { loopId: string; previousSession: string },
  sessionId: string,
  phase: number,
  now: Date,
): Promise<Handover> {
  return withLock(files.state, async () => {
    const state = await loadState(files.state, now);
    if (!state || state.loop_id !== loop.loopId) return state ? { kind: "lost", owner: state.session_id } : { kind: "ended", state };
    if (state.session_id !== loop.previousSession) return { kind: "lost", owner: state.session_id };
    if (state.status !== "pursuing") return { kind: "ended", state };
    const bound = phaseState(state, sessionId, phase, now);
    const saved = await persist(files, bound.state, bound.history, now);
    await removeMarker(dataDir, state.session_id, state.loop_id);
    await writeMarker(dataDir, saved, files, now, "run");
    return { kind: "bound", state: saved };
  });
}
