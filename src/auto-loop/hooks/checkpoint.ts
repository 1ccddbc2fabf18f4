// The auto-loop's edge to checkpoints: which loop a Stop belongs to, and an iteration's verdict in words.
import type { HookContext } from "../../session/handlers.js";
import type { StopInput } from "../../session/input.js";
import { recordIteration, type IterationFacts, type LoopRef, type PendingCheckpoint } from "../../checkpoint/take.js";
import { loadStartEvidence } from "../data/evidence-start.js";
import { auditLabel } from "../core/gate.js";
import { tokensUsed, type AutoLoopState } from "../core/state.js";
import { loadState, loopFiles } from "../data/store.js";

export function checkpointLoop(ctx: HookContext<StopInput>): LoopRef {
  return {
    dataDir: ctx.dataDir,
    projectDir: ctx.marker.project_dir,
    loopId: ctx.marker.loop_id,
    loopKind: "auto-loop",
    stateFile: ctx.marker.state_file,
  };
}

/** The facts of the iteration the state last judged: "fail", "pass, audit unmet", or how the loop ended without a verdict. */
export function iterationFacts(state: AutoLoopState): IterationFacts {
  const judged = state.last_verifier?.iteration === state.iteration ? state.last_verifier.verdict : null;
  const audit = state.last_audit?.iteration === state.iteration ? state.last_audit : null;
  const vote = judged && audit ? `, audit ${auditLabel(audit)}` : "";
  const verdict = judged ? `${judged}${vote}` : state.status === "pursuing" ? "not judged" : state.status;
  return { iteration: state.iteration, verdict, tokens: tokensUsed(state) };
}

/** After the Stop was judged: commits the snapshot as the checkpoint of the iteration this session's loop just counted. */
export async function checkpointJudged(ctx: HookContext<StopInput>, loop: LoopRef, pending: PendingCheckpoint): Promise<string[]> {
  const state = await loadState(ctx.marker.state_file, ctx.now()).catch(() => undefined);
  if (!state || state.loop_id !== loop.loopId || state.session_id !== ctx.input.session_id || state.iteration === 0) return [];
  // A new record starts from the loop's start: its first checkpoint counts what the first iteration changed.
  const start = await loadStartEvidence(loopFiles(ctx.dataDir, loop.projectDir).dir, state.loop_id, ctx.now()).catch(() => null);
  return recordIteration(loop, pending, iterationFacts(state), ctx.now(), start);
}
