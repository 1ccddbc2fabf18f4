// What the person is told when a loop ends, pauses or is blocked: one summary, pure, from the loop's
// state before and after a change. The same JSON goes to the notify command's stdin. What a kind
// says of its loop (status, goal or command, the message) comes from its parts in src/loops/.
import * as z from "zod";
import { ALL_LOOP_KINDS, loopKind } from "../loops/registry.js";
import type { LoopIdentity } from "../session/loop-kind.js";
import { LOOP_KINDS, type LoopKind } from "../shared/loop-kinds.js";

/** The notify command's stdin (schemas/notify.schema.json is generated from it). */
export const LoopEventSchema = z.object({
  version: z.literal(1),
  /** ended: a final status; paused: a repeat loop waits for --resume; blocked: an auto-loop ended blocked. */
  event: z.enum(["ended", "paused", "blocked"]),
  kind: z.enum(LOOP_KINDS),
  loop_id: z.string(),
  session_id: z.string(),
  project_dir: z.string(),
  /** The repeat loop's final status (or "paused"), or the auto-loop's status. */
  status: z.enum(ALL_LOOP_KINDS.flatMap((kind) => kind.notify.statuses)),
  reason: z.string().nullable(),
  command: z.string().nullable(),
  goal: z.string().nullable(),
  iterations: z.int().nonnegative(),
  max_iterations: z.int().positive(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** One line for a person, e.g. for a desktop notification. */
  message: z.string(),
});
export type LoopEvent = z.infer<typeof LoopEventSchema>;

/** A loop's state, read with its kind's schema. */
export type LoopState = { kind: LoopKind; state: LoopIdentity };

/** The loop's standing: running, or the event a person hears about. */
const standing = (loop: LoopState) => loopKind(loop.kind).notify.standing(loop.state);

/** The event when the loop went from running (or absent) to ended, paused or blocked; else null. */
export function loopEvent(before: LoopState | undefined, after: LoopState | undefined): LoopEvent | null {
  if (!after) return null;
  const now = standing(after);
  if (now === "running") return null;
  if (before && before.state.loop_id === after.state.loop_id && standing(before) === now) return null;
  const { state } = after;
  const tale = loopKind(after.kind).notify.tale(state);
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
