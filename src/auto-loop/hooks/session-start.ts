// SessionStart in the owning session: after a compaction, puts the loop's goal, caps, progress, last
// verifier and audit results and the latest hand-off note back into the context. A resume is only
// noted here (see resume.ts: this hook cannot tell the owner from a fork).
import type { HookContext } from "../../session/handlers.js";
import type { SessionStartInput } from "../../session/input.js";
import type { ContextDecision } from "../../session/output.js";
import { loopContext } from "../core/loop-context.js";
import { noteResume, readOwned } from "./resume.js";

export async function restoreLoopContext(ctx: HookContext<SessionStartInput>): Promise<ContextDecision | undefined> {
  if (ctx.input.source === "resume") {
    await noteResume(ctx);
    return undefined;
  }
  if (ctx.input.source !== "compact") return undefined;
  const state = await readOwned(ctx);
  if (!state) return undefined;
  return {
    kind: "context",
    eventName: "SessionStart",
    context: loopContext(state, ctx.now(), "compact"),
    message: `loopkit auto-loop: loop context restored after compaction (iteration ${state.iteration} of ${state.caps.max_iterations}).`,
  };
}
