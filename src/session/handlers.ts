// The contract between the hook and each loop kind (repeat, auto-loop): the handlers the active path
// calls, and the cheap question the hook entry asks first (<kind>/hook-events.ts), before it loads them.
import type { SessionMarker } from "./marker.js";
import type { SessionEndInput, SessionStartInput, StopFailureInput, StopInput, UserPromptSubmitInput } from "./input.js";
import type { ContextDecision, StopDecision, WakeDecision } from "./output.js";

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
  /** A turn ended in an API error. */
  stopFailure?(ctx: HookContext<StopFailureInput>): Promise<StopDecision | undefined>;
  /** The session ends: nothing in this process can continue the loop. */
  sessionEnd?(ctx: HookContext<SessionEndInput>): Promise<void>;
  /** The background (asyncRewake) hook every Stop and StopFailure also starts: it may wake the session later. */
  background?(ctx: HookContext<StopInput | StopFailureInput>): Promise<WakeDecision>;
}

/** What the hook entry knows before loading anything: the payload and the session's marker, parsed as JSON, not validated. */
export interface UncheckedEvent {
  payload: Record<string, unknown>;
  marker: Record<string, unknown>;
  /** The event reached the background (asyncRewake) twin of a hook. */
  background?: boolean;
}

/**
 * Whether an event may change anything for a loop of this kind. False only when it surely does not:
 * the hook then ends without loading the active path. Must stay free of dependencies (it is bundled
 * into the hook entry), and must answer true for any event or field it does not know.
 */
export type ActsOn = (event: UncheckedEvent) => boolean;
