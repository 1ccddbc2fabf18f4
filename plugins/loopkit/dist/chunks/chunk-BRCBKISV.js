import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  RETRY_TAG
} from "./chunk-PNKYXAUH.js";
import {
  isNotThePersonsWord
} from "./chunk-EUSUULBY.js";

// src/auto-loop/hook-events.ts
import { existsSync } from "node:fs";
import path from "node:path";
var resumePendingFile = (stateFile) => path.join(path.dirname(stateFile), "resume-pending.json");
var isLoopPrompt = (prompt) => isNotThePersonsWord(prompt) || typeof prompt === "string" && prompt.includes(RETRY_TAG);
var autoLoopActsOn = ({ payload, marker, background }) => {
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
var autoLoopEntry = { kind: "auto-loop", command: "loopkit:auto-loop", actsOn: autoLoopActsOn };

export {
  resumePendingFile,
  isLoopPrompt,
  autoLoopEntry
};
