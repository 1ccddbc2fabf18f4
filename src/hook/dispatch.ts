// Loaded only when the session owns a loop: validates the payload and the marker, then hands the
// event to the loop kind's handler, whose code (and dependencies) load only for a loop of that kind.
// Returns the stdout JSON, or undefined for "print nothing"; for the background hook, whether to
// wake the session.
import { keepAside, readJson } from "../state/json-store.js";
import { sessionMarkerPath } from "../state/paths.js";
import { formatError, isLoopkitError, type LoopkitError } from "../shared/errors.js";
import { HookInputSchema, type HookInput, type StopInput } from "../session/input.js";
import { readLoop, tellPerson } from "../notify/tell.js";
import type { HookContext, LoopHookHandlers } from "../session/handlers.js";
import { loadLoopKind } from "../loops/load.js";
import { endOrphanedRuns } from "../shared/process-group.js";
import { toHookJson, type HookDecision, type StopDecision, type WakeDecision } from "../session/output.js";
import { SessionMarkerSchema, type SessionMarker } from "../session/marker.js";

type Routed = { input: HookInput; marker: SessionMarker; base: Omit<HookContext<never>, "input">; handlers: LoopHookHandlers };

/** Validates the payload and finds the loop this session's marker routes to; otherwise what to print (or undefined). */
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
    return {
      output: toHookJson({ kind: "allow", message: `loopkit: ${formatError(error)}; kept it as ${aside} and stopped acting on it` }),
    };
  }
  const handlers = await (await loadLoopKind(marker.kind)).handlers();
  return { input, marker, base: { marker, dataDir, env: process.env, now: () => new Date() }, handlers };
}

/** `userHome`: where the person's notify command is configured (tests give their own; see notify/command.ts). */
export async function dispatchHook(payload: unknown, dataDir: string, userHome?: string): Promise<Record<string, unknown> | undefined> {
  const routed = await route(payload, dataDir);
  if ("output" in routed) return routed.output;
  const { input, marker, base, handlers } = routed;
  // What a SIGKILLed hook left running (a verifier, an audit) is ended before this event acts.
  await endOrphanedRuns();
  const before = await readLoop(marker.kind, marker.state_file);
  let decision: HookDecision | undefined;
  switch (input.hook_event_name) {
    case "Stop":
      decision = await stopFailingClosed(handlers, { ...base, input } satisfies HookContext<typeof input>);
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
  const lines = await tellPerson(
    before,
    await readLoop(marker.kind, marker.state_file),
    Boolean(decision?.message),
    userHome,
    undefined,
    base.dataDir,
  );
  return toHookJson(lines.length ? withLines(decision, lines, input.hook_event_name) : decision);
}

/**
 * A Stop whose handler throws must not let the session end with the loop silently live: the loop is
 * ended with the error as its reason, and the person is told. Ending it may fail too; then they are told that.
 */
async function stopFailingClosed(handlers: LoopHookHandlers, ctx: HookContext<StopInput>): Promise<StopDecision> {
  try {
    return await handlers.stop(ctx);
  } catch (error) {
    // A write refused by the disk changes nothing on it: the loop keeps its last saved state and goes on once it can be written.
    if (isLoopkitError(error, "NO_SPACE") || isLoopkitError(error, "READ_ONLY")) return cannotSave(error);
    const reason = `loopkit's Stop hook failed (${formatError(error)})`;
    process.stderr.write(`loopkit: ${reason}\n`);
    try {
      return await handlers.endOnError(ctx, reason);
    } catch (second) {
      return {
        kind: "allow",
        message: `loopkit: ${reason}, and ending the loop failed too (${formatError(second)}). Its state may still say it is running: run ${(await loadLoopKind(ctx.marker.kind)).cancelCommand}.`,
      };
    }
  }
}

/** Lets this Stop end, saying why the turn was not saved and that the loop goes on from its last saved state. */
function cannotSave(error: LoopkitError): StopDecision {
  const message = `loopkit could not save this turn: ${error.message}. The loop is not ended: it keeps its last saved state and goes on from there at the next turn once that folder can be written again (free space on that disk, or make it writable; check with its --status).`;
  process.stderr.write(`loopkit: ${message}\n`);
  return { kind: "allow", message };
}

/** The decision with `lines` added to what the person sees. */
function withLines(decision: HookDecision | undefined, lines: string[], eventName: HookInput["hook_event_name"]): HookDecision {
  const message = [decision?.message, ...lines].filter(Boolean).join("\n");
  if (decision) return { ...decision, message };
  if (eventName === "SessionStart" || eventName === "UserPromptSubmit") return { kind: "context", eventName, message };
  return { kind: "allow", message };
}

/**
 * The background (asyncRewake) hook of a Stop or StopFailure: what it ends with. It tells nobody else:
 * it starts beside the Stop hook, so what it would see change is mostly that hook's doing, told there.
 */
export async function dispatchBackground(payload: unknown, dataDir: string): Promise<WakeDecision> {
  const routed = await route(payload, dataDir);
  if ("output" in routed) return { kind: "none" };
  const { input, base, handlers } = routed;
  if ((input.hook_event_name !== "Stop" && input.hook_event_name !== "StopFailure") || !handlers.background) return { kind: "none" };
  return handlers.background({ ...base, input });
}
