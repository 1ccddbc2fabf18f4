// What the person is told when a loop ends, pauses or is blocked: one summary, pure, from the loop's
// state before and after a change. The same JSON goes to the notify command's stdin. What a kind
// says of its loop (status, goal or command, the message) comes from its parts in src/loops/.
import { loadLoopKind } from "../loops/load.js";
import type { LoopIdentity } from "../session/loop-kind.js";
import type { LoopKind } from "../shared/loop-kinds.js";
import type { LoopEvent } from "./event-schema.js";

/** A loop's state, read with its kind's schema. */
export type LoopState = { kind: LoopKind; state: LoopIdentity };

/** The event when the loop went from running (or absent) to ended, paused or blocked; else null. Loads only `after`'s kind. */
export async function loopEvent(before: LoopState | undefined, after: LoopState | undefined): Promise<LoopEvent | null> {
  if (!after) return null;
  const { notify } = await loadLoopKind(after.kind);
  const now = notify.standing(after.state);
  if (now === "running") return null;
  if (before && before.kind === after.kind && before.state.loop_id === after.state.loop_id && notify.standing(before.state) === now)
    return null;
  const { state } = after;
  const tale = notify.tale(state);
  return {
    version: 1,
    event: now,
    kind: after.kind,
    loop_id: state.loop_id,
    session_id: state.session_id,
    project_dir: state.project_dir,
    status: tale.status,
    reason: tale.reason,
    command: tale.command,
    goal: tale.goal,
    iterations: tale.iterations,
    max_iterations: tale.max_iterations,
    started_at: state.started_at,
    ended_at: state.ended_at,
    message: tale.message,
  };
}
