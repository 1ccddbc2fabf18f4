import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  toHookJson
} from "./chunks/chunk-5FM7APW3.js";
import {
  readLoop,
  tellPerson
} from "./chunks/chunk-UT2VM3S2.js";
import {
  endOrphanedRuns
} from "./chunks/chunk-DTFUBUZW.js";
import "./chunks/chunk-DO5LNKWI.js";
import {
  loadLoopKind
} from "./chunks/chunk-67AC7KIT.js";
import {
  SessionMarkerSchema
} from "./chunks/chunk-HY7BSOUE.js";
import "./chunks/chunk-WZLN5BNR.js";
import {
  SESSION_ID_PATTERN,
  sessionMarkerPath
} from "./chunks/chunk-PVEHQ6JT.js";
import {
  formatError,
  isLoopkitError,
  keepAside,
  readJson
} from "./chunks/chunk-W3MJS3SN.js";
import {
  boolean,
  discriminatedUnion,
  literal,
  looseObject,
  string
} from "./chunks/chunk-CW3O4QTE.js";
import "./chunks/chunk-JXA4W5PX.js";

// src/session/input.ts
var common = {
  session_id: string().regex(SESSION_ID_PATTERN, "session_id has an unexpected shape"),
  transcript_path: string().optional(),
  cwd: string().optional()
};
var StopInputSchema = looseObject({
  ...common,
  hook_event_name: literal("Stop"),
  stop_hook_active: boolean().optional(),
  /** The same on every Stop of one prompt (hook continuations included); a new prompt from the person gets a new one. */
  prompt_id: string().optional(),
  last_assistant_message: string().nullish()
});
var SessionStartInputSchema = looseObject({
  ...common,
  hook_event_name: literal("SessionStart"),
  source: string().optional()
});
var UserPromptSubmitInputSchema = looseObject({
  ...common,
  hook_event_name: literal("UserPromptSubmit"),
  prompt: string().optional(),
  /** A new one for every prompt; in the interactive UI also for a turn a background hook woke. */
  prompt_id: string().optional()
});
var StopFailureInputSchema = looseObject({
  ...common,
  hook_event_name: literal("StopFailure"),
  prompt_id: string().optional(),
  error: string().nullish(),
  error_details: string().nullish(),
  /** Claude Code's "API Error: ..." text. */
  last_assistant_message: string().nullish()
});
var SessionEndInputSchema = looseObject({
  ...common,
  hook_event_name: literal("SessionEnd"),
  reason: string().optional(),
  /** The last prompt's id (the turn an API error may have ended). */
  prompt_id: string().optional()
});
var HookInputSchema = discriminatedUnion("hook_event_name", [
  StopInputSchema,
  SessionStartInputSchema,
  UserPromptSubmitInputSchema,
  StopFailureInputSchema,
  SessionEndInputSchema
]);

// src/hook/dispatch.ts
async function route(payload, dataDir) {
  const parsed = HookInputSchema.safeParse(payload);
  if (!parsed.success) {
    process.stderr.write(`loopkit: ignoring a hook payload it does not understand: ${parsed.error.issues[0]?.message ?? "invalid"}
`);
    return { output: void 0 };
  }
  const input = parsed.data;
  const markerFile = sessionMarkerPath(dataDir, input.session_id);
  let marker;
  try {
    const read = await readJson(markerFile, SessionMarkerSchema);
    if (!read.exists) return { output: void 0 };
    marker = read.value;
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    const aside = await keepAside(markerFile);
    return {
      output: toHookJson({ kind: "allow", message: `loopkit: ${formatError(error)}; kept it as ${aside} and stopped acting on it` })
    };
  }
  const handlers = await (await loadLoopKind(marker.kind)).handlers();
  return { input, marker, base: { marker, dataDir, env: process.env, now: () => /* @__PURE__ */ new Date() }, handlers };
}
async function dispatchHook(payload, dataDir, userHome) {
  const routed = await route(payload, dataDir);
  if ("output" in routed) return routed.output;
  const { input, marker, base, handlers } = routed;
  await endOrphanedRuns();
  const before = await readLoop(marker.kind, marker.state_file);
  let decision;
  switch (input.hook_event_name) {
    case "Stop":
      decision = await stopFailingClosed(handlers, { ...base, input });
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
    void 0,
    base.dataDir
  );
  return toHookJson(lines.length ? withLines(decision, lines, input.hook_event_name) : decision);
}
async function stopFailingClosed(handlers, ctx) {
  try {
    return await handlers.stop(ctx);
  } catch (error) {
    if (isLoopkitError(error, "NO_SPACE") || isLoopkitError(error, "READ_ONLY")) return cannotSave(error);
    const reason = `loopkit's Stop hook failed (${formatError(error)})`;
    process.stderr.write(`loopkit: ${reason}
`);
    try {
      return await handlers.endOnError(ctx, reason);
    } catch (second) {
      return {
        kind: "allow",
        message: `loopkit: ${reason}, and ending the loop failed too (${formatError(second)}). Its state may still say it is running: run ${(await loadLoopKind(ctx.marker.kind)).cancelCommand}.`
      };
    }
  }
}
function cannotSave(error) {
  const message = `loopkit could not save this turn: ${error.message}. The loop is not ended: it keeps its last saved state and goes on from there at the next turn once that folder can be written again (free space on that disk, or make it writable; check with its --status).`;
  process.stderr.write(`loopkit: ${message}
`);
  return { kind: "allow", message };
}
function withLines(decision, lines, eventName) {
  const message = [decision?.message, ...lines].filter(Boolean).join("\n");
  if (decision) return { ...decision, message };
  if (eventName === "SessionStart" || eventName === "UserPromptSubmit") return { kind: "context", eventName, message };
  return { kind: "allow", message };
}
async function dispatchBackground(payload, dataDir) {
  const routed = await route(payload, dataDir);
  if ("output" in routed) return { kind: "none" };
  const { input, base, handlers } = routed;
  if (input.hook_event_name !== "Stop" && input.hook_event_name !== "StopFailure" || !handlers.background) return { kind: "none" };
  return handlers.background({ ...base, input });
}
export {
  dispatchBackground,
  dispatchHook
};
