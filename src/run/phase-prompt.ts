// The prompt of one `loopkit run` phase: the loop's own record (goal, progress, evidence, hand-off
// note) and the instruction the Stop hook chose, never the previous phase's conversation.
import { loopContext } from "../auto-loop/core/loop-context.js";
import type { AutoLoopState } from "../auto-loop/core/state.js";

export function phasePrompt(state: AutoLoopState, now: Date, instruction: string | null): string {
  const step =
    instruction ?? `Continue toward the goal. ${state.next_action} End your turn when this step is done, so the verifier can judge it.`;
  return [loopContext(state, now, "phase"), "", "--- This phase's instruction from loopkit ---", "", step].join("\n");
}
