// What long runs add to the auto-loop's hooks: the loop context after a compaction or a resume, and,
// in a `loopkit run` phase, ending the session after each judged turn so the next one starts fresh.
import type { LoopHookHandlers } from "../hook/handlers.js";
import { saveNextPrompt } from "../run/next-prompt.js";
import { resumeOnPrompt } from "./resume.js";
import { restoreLoopContext } from "./session-start.js";

export function withLongRuns(base: LoopHookHandlers): LoopHookHandlers {
  return {
    ...base,
    sessionStart: restoreLoopContext,
    userPromptSubmit: resumeOnPrompt,
    async stop(ctx) {
      const decision = await base.stop(ctx);
      if (ctx.marker.driver !== "run" || decision.kind !== "block") return decision;
      // The runner opens the next phase with this prompt; this session ends here.
      await saveNextPrompt(ctx.marker.state_file, { loop_id: ctx.marker.loop_id, session_id: ctx.input.session_id, prompt: decision.reason, at: ctx.now().toISOString() });
      return { kind: "allow", message: `${decision.message ?? "loopkit auto-loop"} loopkit run: phase over; the next phase starts in a fresh session.` };
    },
  };
}
