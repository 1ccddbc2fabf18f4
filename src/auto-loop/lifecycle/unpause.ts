// --resume: a loop paused for the person goes on. Only the hook's half of the command the person typed
// in the loop's own session carries it out (cli/skill-request.ts): a terminal, the agent's Bash tool
// and the skill's sandboxed command cannot. Its answer is the prompt of the turn it starts, with the
// person's words first.
import { withLock } from "../../state/json-store.js";
import { LoopkitError } from "../../shared/errors.js";
import { resumePrompt } from "../core/prompts.js";
import { isPaused } from "../core/state.js";
import { unpauseState } from "../core/transitions.js";
import { loadState, loopFiles, persist } from "../data/store.js";

export async function resumePausedLoop(ctx: { dataDir: string; projectDir: string; sessionId: string; now: Date }): Promise<string> {
  const files = loopFiles(ctx.dataDir, ctx.projectDir);
  return withLock(files.state, async () => {
    const state = await loadState(files.state, ctx.now);
    if (!state || state.status !== "pursuing")
      throw new LoopkitError("NO_LOOP", `no running auto-loop in ${ctx.projectDir}${state ? ` (the last one is ${state.status})` : ""}`, {
        hint: "see /loopkit:auto-loop --status",
      });
    if (state.session_id !== ctx.sessionId)
      throw new LoopkitError("USAGE", `the auto-loop in ${ctx.projectDir} belongs to session ${state.session_id}`, {
        hint: "type --resume in that session, or continue the loop here with /loopkit:auto-loop --takeover once its session is gone",
      });
    if (!isPaused(state))
      throw new LoopkitError("USAGE", "the auto-loop is not paused: it goes on by itself", { hint: "see /loopkit:auto-loop --status" });
    const step = unpauseState(state, ctx.now);
    const saved = await persist(files, step.state, step.history, ctx.now);
    return resumePrompt(saved, step.pause.words);
  });
}
