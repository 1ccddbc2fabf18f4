// The contract between the hook dispatcher and each loop kind (repeat, auto-loop).
import type { SessionMarker } from "./marker.js";
import type { SessionStartInput, StopInput, UserPromptSubmitInput } from "./input.js";
import type { ContextDecision, StopDecision } from "./output.js";

/** What every handler gets: the validated payload, the marker that routed it here, and the edges. */
export interface HookContext<I> {
  input: I;
  marker: SessionMarker;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  now: () => Date;
}

export interface LoopHookHandlers {
  stop(ctx: HookContext<StopInput>): Promise<StopDecision>;
  /** After `stop` threw: end the loop with `reason` on record (fail closed), and say so. */
  endOnError(ctx: HookContext<StopInput>, reason: string): Promise<StopDecision>;
  sessionStart?(ctx: HookContext<SessionStartInput>): Promise<ContextDecision | undefined>;
  userPromptSubmit?(ctx: HookContext<UserPromptSubmitInput>): Promise<ContextDecision | undefined>;
}
