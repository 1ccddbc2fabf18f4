// The repeat kind's entry part (session/loop-kind.ts): its command, and which hook events it acts on,
// answered in the hook entry before anything is loaded: a Stop (and StopFailure, SessionEnd), a
// SessionStart after a resume, the prompt of a turn its background hook woke (it carries the loop's
// tag), and a prompt of the person's while an iteration runs (typed into it, it pauses the loop once the
// iteration ends; it may also show that Esc cut the iteration off). A prompt the person types while the
// loop waits (or is paused) costs one small file read more.
import { readFileSync } from "node:fs";
import type { ActsOn } from "../session/handlers.js";
import type { LoopKindEntry } from "../session/loop-kind.js";

/** How every iteration prompt of a repeat loop begins (prompt.ts builds the whole tag on it). */
export const ITERATION_TAG_START = "loopkit repeat: iteration ";

export const repeatActsOn: ActsOn = ({ payload, marker }) => {
  switch (payload.hook_event_name) {
    case "UserPromptSubmit":
      return (typeof payload.prompt === "string" && payload.prompt.includes(ITERATION_TAG_START)) || iterationRuns(marker.state_file);
    case "SessionStart":
      return !(typeof payload.source === "string" && payload.source !== "resume");
    default:
      return true;
  }
};

export const repeatEntry = { kind: "repeat", command: "loopkit:repeat", actsOn: repeatActsOn } as const satisfies LoopKindEntry;

/**
 * Whether the loop's state file says an iteration is in flight. A file it cannot read says no: a
 * prompt could only pause a running loop, and the next Stop reports the file.
 */
function iterationRuns(stateFile: unknown): boolean {
  if (typeof stateFile !== "string") return false;
  try {
    return (JSON.parse(readFileSync(stateFile, "utf8")) as { phase?: unknown } | null)?.phase === "running";
  } catch {
    return false;
  }
}
