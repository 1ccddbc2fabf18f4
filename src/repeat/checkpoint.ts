// The repeat loop's edge to checkpoints: the iteration a Stop just recorded, kept with its result.
import type { HookContext } from "../session/handlers.js";
import { checkpointIteration } from "../checkpoint/take.js";
import { loadState } from "./store.js";

/** Checkpoints the last recorded iteration of this session's loop (once); returns what to report. */
export async function checkpointRepeat(ctx: HookContext<{ session_id: string }>, file: string): Promise<string[]> {
  const state = await loadState(file, ctx.now()).catch(() => undefined);
  const last = state?.iterations[state.iterations.length - 1];
  if (!state || !last || state.session_id !== ctx.input.session_id || state.loop_id !== ctx.marker.loop_id) return [];
  const loop = { dataDir: ctx.dataDir, projectDir: state.project_dir, loopId: state.loop_id, loopKind: "repeat" as const, stateFile: file };
  const verdict = state.phase === "ended" && state.final_status ? `${last.result}, ${state.final_status}` : last.result;
  return checkpointIteration(loop, { iteration: last.number, verdict, tokens: null }, ctx.now());
}
