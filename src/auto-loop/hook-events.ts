// The auto-loop kind's entry part (session/loop-kind.ts): its command, and which hook events it acts
// on, answered in the hook entry before anything is loaded: a Stop, a SessionStart after a compaction
// or a resume, and a prompt the person types (it pauses the loop; the first one after a resume brings
// the loop back instead: resume.ts notes it in a file next to the state). loopkit's own typed commands
// are the expansion hook's, a turn loopkit woke is the loop's, and a `loopkit run` phase is headless:
// their prompts cost nothing more.
import { existsSync } from "node:fs";
import path from "node:path";
import type { ActsOn } from "../session/handlers.js";
import type { LoopKindEntry } from "../session/loop-kind.js";
import { isNotThePersonsWord } from "../session/loopkit-command.js";
import { RETRY_TAG } from "./core/retry-tag.js";

/** Written by SessionStart(resume), taken by the next UserPromptSubmit of the owning session. */
export const resumePendingFile = (stateFile: string) => path.join(path.dirname(stateFile), "resume-pending.json");

/**
 * Whether a submitted prompt is no word of the person's: loopkit's own typed command, Claude Code's
 * own notice (a background task ended), or the turn
 * loopkit's background hook woke after an API error (the interactive UI submits it as a prompt).
 */
export const isLoopPrompt = (prompt: unknown): boolean =>
  isNotThePersonsWord(prompt) || (typeof prompt === "string" && prompt.includes(RETRY_TAG));

export const autoLoopActsOn: ActsOn = ({ payload, marker, background }) => {
  // In the background, an auto-loop only waits out the retry after an API error (StopFailure).
  if (background) return payload.hook_event_name !== "Stop";
  switch (payload.hook_event_name) {
    case "UserPromptSubmit":
      if (typeof marker.state_file !== "string" || existsSync(resumePendingFile(marker.state_file))) return true;
      return marker.driver !== "run" && !isLoopPrompt(payload.prompt);
    case "SessionStart":
      return !(typeof payload.source === "string" && payload.source !== "resume" && payload.source !== "compact");
    default:
      return true;
  }
};

export const autoLoopEntry = { kind: "auto-loop", command: "loopkit:auto-loop", actsOn: autoLoopActsOn } as const satisfies LoopKindEntry;
