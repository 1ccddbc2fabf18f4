import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/state/paths.ts
import { createHash } from "node:crypto";
import path from "node:path";
var SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
function sessionMarkerPath(data, sessionId) {
  return path.join(data, "sessions", `${sessionId}.json`);
}
function sessionAnswerPath(data, sessionId) {
  return path.join(data, "answers", `${sessionId}.json`);
}
function projectKey(projectDir) {
  const base = path.basename(projectDir).replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 40) || "root";
  const digest = createHash("sha256").update(path.resolve(projectDir)).digest("hex").slice(0, 16);
  return `${base}-${digest}`;
}
function auditWorkDir(data) {
  return path.join(data, "audit");
}

export {
  SESSION_ID_PATTERN,
  sessionMarkerPath,
  sessionAnswerPath,
  projectKey,
  auditWorkDir
};
