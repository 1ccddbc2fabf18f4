import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  LOOP_KINDS
} from "./chunk-WZLN5BNR.js";
import {
  sessionMarkerPath
} from "./chunk-PVEHQ6JT.js";
import {
  iso_exports,
  readJson,
  writeJson
} from "./chunk-W3MJS3SN.js";
import {
  _enum,
  literal,
  object,
  string
} from "./chunk-CW3O4QTE.js";

// src/session/marker.ts
import { promises as fs } from "node:fs";
var SessionMarkerSchema = object({
  version: literal(1),
  kind: _enum(LOOP_KINDS),
  loop_id: string().min(1),
  project_dir: string().min(1),
  state_file: string().min(1),
  created_at: iso_exports.datetime(),
  /** "run": the session is one phase of `loopkit run`, which ends it after each judged turn (absent = "session"). */
  driver: _enum(["session", "run"]).optional()
});
async function writeSessionMarker(data, sessionId, marker, now) {
  await writeJson(sessionMarkerPath(data, sessionId), SessionMarkerSchema, { version: 1, ...marker, created_at: now.toISOString() });
}
async function removeSessionMarker(data, sessionId, loopId) {
  const file = sessionMarkerPath(data, sessionId);
  const marker = await readJson(file, SessionMarkerSchema).catch(() => ({ exists: false }));
  if (marker.exists && marker.value.loop_id === loopId) await fs.rm(file, { force: true });
}

export {
  SessionMarkerSchema,
  writeSessionMarker,
  removeSessionMarker
};
