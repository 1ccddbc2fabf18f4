// What the person is told when a loop ends, pauses or is blocked: one summary, pure, from the loop's
// state before and after a change. The same JSON goes to the notify command's stdin.
import * as z from "zod";
import { LOOP_STATUSES, type AutoLoopState } from "../auto-loop/core/state.js";
import { FINAL_STATUSES, type RepeatState } from "../repeat/state.js";
import { formatDuration } from "../shared/duration.js";

/** The notify command's stdin (schemas/notify.schema.json is generated from it). */
export const LoopEventSchema = z.object({
  version: z.literal(1),
  /** ended: a final status; paused: a repeat loop waits for --resume; blocked: an auto-loop ended blocked. */
  event: z.enum(["ended", "paused", "blocked"]),
  kind: z.enum(["repeat", "auto-loop"]),
  loop_id: z.string(),
  session_id: z.string(),
  project_dir: z.string(),
  /** The repeat loop's final status (or "paused"), or the auto-loop's status. */
  status: z.enum([...FINAL_STATUSES, "paused", ...LOOP_STATUSES]),
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

export type LoopState = { kind: "repeat"; state: RepeatState } | { kind: "auto-loop"; state: AutoLoopState };

/** The loop's standing: running, or the event a person hears about. */
function standing(loop: LoopState): LoopEvent["event"] | "running" {
  if (loop.kind === "repeat") return loop.state.phase === "ended" ? "ended" : loop.state.phase === "paused" ? "paused" : "running";
  return loop.state.status === "pursuing" ? "running" : loop.state.status === "blocked" ? "blocked" : "ended";
}

/** The event when the loop went from running (or absent) to ended, paused or blocked; else null. */
export function loopEvent(before: LoopState | undefined, after: LoopState | undefined): LoopEvent | null {
  if (!after) return null;
  const now = standing(after);
  if (now === "running") return null;
  if (before && before.state.loop_id === after.state.loop_id && standing(before) === now) return null;
  return after.kind === "repeat" ? repeatEvent(after.state, now) : autoLoopEvent(after.state, now);
}

function repeatEvent(state: RepeatState, event: LoopEvent["event"]): LoopEvent {
  const passed = state.iterations.filter((it) => it.result === "pass").length;
  const status = state.phase === "paused" ? "paused" : (state.final_status ?? "CANCELLED");
  return {
    version: 1,
    event,
    kind: "repeat",
    loop_id: state.loop_id,
    session_id: state.session_id,
    project_dir: state.project_dir,
    status,
    reason: null,
    command: state.command,
    goal: null,
    iterations: state.iterations.length,
    max_iterations: state.max_iterations,
    started_at: state.started_at,
    ended_at: state.ended_at,
    message: `loopkit repeat ${status === "paused" ? "paused" : `ended ${status}`}: ${oneLine(state.command)} - ${state.iterations.length} iteration(s), ${passed} passed (${state.project_dir})`,
  };
}

function autoLoopEvent(state: AutoLoopState, event: LoopEvent["event"]): LoopEvent {
  const elapsed = state.ended_at ? ` after ${formatDuration(Date.parse(state.ended_at) - Date.parse(state.started_at))}` : "";
  return {
    version: 1,
    event,
    kind: "auto-loop",
    loop_id: state.loop_id,
    session_id: state.session_id,
    project_dir: state.project_dir,
    status: state.status,
    reason: state.status_reason,
    command: null,
    goal: state.goal,
    iterations: state.iteration,
    max_iterations: state.caps.max_iterations,
    started_at: state.started_at,
    ended_at: state.ended_at,
    message: `loopkit auto-loop ${state.status}${state.status_reason ? ` (${oneLine(state.status_reason)})` : ""}: ${oneLine(state.goal)} - ${state.iteration} iteration(s)${elapsed} (${state.project_dir})`,
  };
}

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
};
