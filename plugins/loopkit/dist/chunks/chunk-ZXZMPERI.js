import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/repeat/hook-events.ts
import { readFileSync } from "node:fs";
var ITERATION_TAG_START = "loopkit repeat: iteration ";
var repeatActsOn = ({ payload, marker }) => {
  switch (payload.hook_event_name) {
    case "UserPromptSubmit":
      return typeof payload.prompt === "string" && payload.prompt.includes(ITERATION_TAG_START) || iterationRuns(marker.state_file);
    case "SessionStart":
      return !(typeof payload.source === "string" && payload.source !== "resume");
    default:
      return true;
  }
};
var repeatEntry = { kind: "repeat", command: "loopkit:repeat", actsOn: repeatActsOn };
function iterationRuns(stateFile) {
  if (typeof stateFile !== "string") return false;
  try {
    return JSON.parse(readFileSync(stateFile, "utf8"))?.phase === "running";
  } catch {
    return false;
  }
}

export {
  ITERATION_TAG_START,
  repeatEntry
};
