import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/shared/mirror-layout.ts
var MIRROR_DIR = ".auto-loop";
var MIRROR_FILES = ["goal-state.json", "heartbeat.json", ".gitignore", "gate-history.jsonl", "handoff.md", "codex.log"];
var MIRROR_FOLDERS = ["logs", "tampered"];
var UNRECORDED_MIRROR_FILES = ["goal-state.json", "heartbeat.json", ".gitignore"];
var VERIFIER_LOG = /^verifier-\d+-\d\.log$/;
function isLoopkitOwnPath(projectPath) {
  const [top, name, ...deeper] = projectPath.split("/");
  if (top !== MIRROR_DIR || name === void 0) return false;
  if (name === "tampered") return true;
  if (name === "logs") return deeper.length === 1 && VERIFIER_LOG.test(deeper[0]);
  return deeper.length === 0 && name !== "handoff.md" && MIRROR_FILES.includes(name);
}

export {
  MIRROR_DIR,
  MIRROR_FILES,
  MIRROR_FOLDERS,
  UNRECORDED_MIRROR_FILES,
  VERIFIER_LOG,
  isLoopkitOwnPath
};
