// Which hook events a repeat loop acts on, answered in the hook entry before anything is loaded: a
// Stop, and a SessionStart after a resume. A prompt the person types while the loop waits costs nothing more.
import type { ActsOn } from "../session/handlers.js";

export const repeatActsOn: ActsOn = ({ payload }) => {
  switch (payload.hook_event_name) {
    case "UserPromptSubmit":
      return false;
    case "SessionStart":
      return !(typeof payload.source === "string" && payload.source !== "resume");
    default:
      return true;
  }
};
