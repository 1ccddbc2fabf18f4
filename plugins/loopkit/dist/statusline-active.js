import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadLoopKind
} from "./chunks/chunk-67AC7KIT.js";
import {
  SessionMarkerSchema
} from "./chunks/chunk-HY7BSOUE.js";
import "./chunks/chunk-WZLN5BNR.js";
import "./chunks/chunk-PVEHQ6JT.js";
import {
  readJson
} from "./chunks/chunk-W3MJS3SN.js";
import "./chunks/chunk-CW3O4QTE.js";
import "./chunks/chunk-JXA4W5PX.js";

// src/statusline/describe.ts
async function describeLoop(markerText, sessionId, now) {
  let raw;
  try {
    raw = JSON.parse(markerText);
  } catch {
    return void 0;
  }
  const marker = SessionMarkerSchema.safeParse(raw);
  if (!marker.success) return void 0;
  try {
    const { kind: name, state_file: file, loop_id: loopId } = marker.data;
    const kind = await loadLoopKind(name);
    const read = await readJson(file, kind.stateSchema);
    return read.exists && read.value.session_id === sessionId && read.value.loop_id === loopId ? kind.statusLine(read.value, now) : void 0;
  } catch {
    return `loopkit ${marker.data.kind}: state unreadable (see /loopkit:${marker.data.kind} --status)`;
  }
}
export {
  describeLoop
};
