// Loaded only when the session owns a loop: validates the payload and the marker, then hands the
// event to the loop kind's handler. Returns the stdout JSON, or undefined for "print nothing"; for the
// background hook, whether to wake the session.
import { autoLoopHookHandlers } from "../auto-loop/hook-handlers.js";
import { repeatHookHandlers } from "../repeat/hook-handlers.js";
import { keepAside, readJson } from "../state/json-store.js";
import { sessionMarkerPath } from "../state/paths.js";
import { formatError, isLoopkitError } from "../shared/errors.js";
import { HookInputSchema, type HookInput } from "../session/input.js";
import type { HookContext, LoopHookHandlers } from "../session/handlers.js";
import { toHookJson, type HookDecision, type WakeDecision } from "../session/output.js";
import { SessionMarkerSchema } from "../session/marker.js";

const HANDLERS: Record<"repeat" | "auto-loop", LoopHookHandlers> = {
  repeat: repeatHookHandlers,
  "auto-loop": autoLoopHookHandlers,
};

type Routed = { input: HookInput; base: Omit<HookContext<never>, "input">; handlers: LoopHookHandlers };

/** Validates the payload and finds the loop this session owns; otherwise what to print (or undefined). */
async function route(payload: unknown, dataDir: string): Promise<Routed | { output: Record<string, unknown> | undefined }> {
  const parsed = HookInputSchema.safeParse(payload);
  if (!parsed.success) {
    process.stderr.write(`loopkit: ignoring a hook payload it does not understand: ${parsed.error.issues[0]?.message ?? "invalid"}\n`);
    return { output: undefined };
  }
  const input = parsed.data;
  const markerFile = sessionMarkerPath(dataDir, input.session_id);
  let marker;
  try {
    const read = await readJson(markerFile, SessionMarkerSchema);
    if (!read.exists) return { output: undefined };
    marker = read.value;
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    const aside = await keepAside(markerFile);
    return { output: toHookJson({ kind: "allow", message: `loopkit: ${formatError(error)}; kept it as ${aside} and stopped acting on it` }) };
  }
  return { input, base: { marker, dataDir, env: process.env, now: () => new Date() }, handlers: HANDLERS[marker.kind] };
}

export async function dispatchHook(payload: unknown, dataDir: string): Promise<Record<string, unknown> | undefined> {
  const routed = await route(payload, dataDir);
  if ("output" in routed) return routed.output;
  const { input, base, handlers } = routed;
  let decision: HookDecision | undefined;
  switch (input.hook_event_name) {
    case "Stop":
      decision = await handlers.stop({ ...base, input } satisfies HookContext<typeof input>);
      break;
    case "SessionStart":
      decision = await handlers.sessionStart?.({ ...base, input });
      break;
    case "UserPromptSubmit":
      decision = await handlers.userPromptSubmit?.({ ...base, input });
      break;
    case "StopFailure":
      decision = await handlers.stopFailure?.({ ...base, input });
      break;
    case "SessionEnd":
      await handlers.sessionEnd?.({ ...base, input });
      break;
  }
  return toHookJson(decision);
}

/** The background (asyncRewake) hook of a Stop or StopFailure: what it ends with. */
export async function dispatchBackground(payload: unknown, dataDir: string): Promise<WakeDecision> {
  const routed = await route(payload, dataDir);
  if ("output" in routed) return { kind: "none" };
  const { input, base, handlers } = routed;
  if (input.hook_event_name !== "Stop" && input.hook_event_name !== "StopFailure") return { kind: "none" };
  return (await handlers.background?.({ ...base, input })) ?? { kind: "none" };
}
