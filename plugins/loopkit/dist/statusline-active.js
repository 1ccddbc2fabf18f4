import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loopKind
} from "./chunks/chunk-APDXQMGZ.js";
import "./chunks/chunk-VW2W6K4J.js";
import "./chunks/chunk-VLE7IRBY.js";
import "./chunks/chunk-VBATGJD2.js";
import "./chunks/chunk-H52NR5SI.js";
import "./chunks/chunk-ENBVLOWR.js";
import {
  SessionMarkerSchema
} from "./chunks/chunk-WN7SEJMX.js";
import {
  readJson
} from "./chunks/chunk-NV573OHB.js";
import "./chunks/chunk-PGQLL66H.js";
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
    const kind = loopKind(name);
    const read = await readJson(file, kind.stateSchema);
    return read.exists && read.value.session_id === sessionId && read.value.loop_id === loopId ? kind.statusLine(read.value, now) : void 0;
  } catch {
    return `loopkit ${marker.data.kind}: state unreadable (see /loopkit:${marker.data.kind} --status)`;
  }
}
export {
  describeLoop
};
