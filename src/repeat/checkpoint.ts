// The repeat loop's edge to checkpoints: the iteration a Stop just recorded, kept with its result.
import type { HookContext } from "../session/handlers.js";
import { checkpointIteration, failureNoteOf } from "../checkpoint/take.js";
import { deadlineIn } from "../shared/deadline.js";
import type { RepeatState } from "./state.js";
import { loadState } from "./store.js";

/** The loop as the checkpoint record knows it. */
const loopRef = (ctx: HookContext<{ session_id: string }>, state: RepeatState, file: string) => ({ dataDir: ctx.dataDir, projectDir: state.project_dir, loopId: state.loop_id, loopKind: "repeat" as const, stateFile: file });

/** For the prompt a background hook writes after the wait: a failed checkpoint of the iteration before it, still unresolved. */
export async function checkpointNotesBefore(ctx: HookContext<{ session_id: string }>, state: RepeatState, file: string): Promise<string[]> {
  const note = await failureNoteOf(loopRef(ctx, state, file), state.iteration - 1, ctx.now());
  return note ? [note] : [];
}

/** A repeat loop has no wall clock: its Stop's snapshot gets this long. */
const SNAPSHOT_MS = 120_000;

/** Checkpoints the last recorded iteration of this session's loop (once); returns what to report. */
export async function checkpointRepeat(ctx: HookContext<{ session_id: string }>, file: string): Promise<string[]> {
  const state = await loadState(file, ctx.now()).catch(() => undefined);
  const last = state?.iterations[state.iterations.length - 1];
  if (!state || !last || state.session_id !== ctx.input.session_id || state.loop_id !== ctx.marker.loop_id) return [];
  const loop = loopRef(ctx, state, file);
  const verdict = state.phase === "ended" && state.final_status ? `${last.result}, ${state.final_status}` : last.result;
  return checkpointIteration(loop, { iteration: last.number, verdict, tokens: null }, ctx.now(), deadlineIn(SNAPSHOT_MS));
}
