// In a `loopkit run` phase the session ends after each judged turn: the runner opens the next phase,
// in a fresh session, with the prompt the hook would have continued this one with.
import type { HookContext } from "../../session/handlers.js";
import type { StopInput } from "../../session/input.js";
import type { StopDecision } from "../../session/output.js";
import { saveNextPrompt } from "../data/next-prompt.js";

export async function endRunPhase(ctx: HookContext<StopInput>, decision: StopDecision): Promise<StopDecision> {
  if (decision.kind !== "block") return decision;
  await saveNextPrompt(ctx.marker.state_file, {
    loop_id: ctx.marker.loop_id,
    session_id: ctx.input.session_id,
    prompt: decision.reason,
    at: ctx.now().toISOString(),
  });
  return {
    kind: "allow",
    message: `${decision.message ?? "loopkit auto-loop"} loopkit run: phase over; the next phase starts in a fresh session.`,
  };
}
