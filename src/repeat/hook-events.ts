// Which hook events a repeat loop acts on, answered in the hook entry before anything is loaded: a
// Stop (and StopFailure, SessionEnd), a SessionStart after a resume, and the prompt of a turn its
// background hook woke (it carries the loop's tag). A prompt the person types costs nothing more.
import type { ActsOn } from "../session/handlers.js";

/** How every iteration prompt of a repeat loop begins (prompt.ts builds the whole tag on it). */
export const ITERATION_TAG_START = "loopkit repeat: iteration ";

export const repeatActsOn: ActsOn = ({ payload }) => {
  switch (payload.hook_event_name) {
    case "UserPromptSubmit":
      return typeof payload.prompt === "string" && payload.prompt.includes(ITERATION_TAG_START);
    case "SessionStart":
      return !(typeof payload.source === "string" && payload.source !== "resume");
    default:
      return true;
  }
};
