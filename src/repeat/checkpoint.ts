// The repeat loop's edge to checkpoints: the iteration a Stop (or a terminal runner) just recorded, kept with its result.
import type { HookContext } from "../session/handlers.js";
import { checkpointIteration, failureNoteOf, recordLoopBase, snapshotLoopStart, type LoopStart } from "../checkpoint/take.js";
import { deadlineIn } from "../shared/deadline.js";
import type { RepeatState } from "./state.js";
import { loadState } from "./store.js";

/** The loop as the checkpoint record knows it. */
const loopRef = (dataDir: string, state: RepeatState, file: string) => ({
  dataDir,
  projectDir: state.project_dir,
  loopId: state.loop_id,
  loopKind: "repeat" as const,
  stateFile: file,
});

/** For the prompt a background hook writes after the wait: a failed checkpoint of the iteration before it, still unresolved. */
export async function checkpointNotesBefore(ctx: HookContext<{ session_id: string }>, state: RepeatState, file: string): Promise<string[]> {
  const note = await failureNoteOf(loopRef(ctx.dataDir, state, file), state.iteration - 1, ctx.now());
  return note ? [note] : [];
}

/** A repeat loop has no wall clock: its Stop's snapshot gets this long. */
const SNAPSHOT_MS = 120_000;

/** Checkpoints the last recorded iteration of this session's loop (once); returns what to report. */
export async function checkpointRepeat(ctx: HookContext<{ session_id: string }>, file: string): Promise<string[]> {
  const state = await loadState(file, ctx.now()).catch(() => undefined);
  if (!state || state.session_id !== ctx.input.session_id || state.loop_id !== ctx.marker.loop_id) return [];
  return checkpointRecorded(ctx.dataDir, state, file, ctx.now());
}

/** Checkpoints the last recorded iteration of `state` (once); returns what to report. */
export async function checkpointRecorded(dataDir: string, state: RepeatState, file: string, now: Date): Promise<string[]> {
  const last = state.iterations[state.iterations.length - 1];
  if (!last) return [];
  const verdict = state.phase === "ended" && state.final_status ? `${last.result}, ${state.final_status}` : last.result;
  return checkpointIteration(
    loopRef(dataDir, state, file),
    { iteration: last.number, verdict, tokens: last.tokens },
    now,
    deadlineIn(SNAPSHOT_MS),
  );
}

/** The project as a new loop finds it, taken before the loop is recorded (the loop starts anyway). */
export const snapshotAtStart = (dataDir: string, projectDir: string): Promise<LoopStart> =>
  snapshotLoopStart(dataDir, projectDir, deadlineIn(SNAPSHOT_MS));

/** Keeps the start's snapshot as the base of the loop's checkpoint record; returns what to report. */
export async function recordStart(dataDir: string, state: RepeatState, file: string, started: LoopStart, now: Date): Promise<string[]> {
  return recordLoopBase(loopRef(dataDir, state, file), started, now);
}
