import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/shared/mirror-layout.ts
var MIRROR_DIR = ".auto-loop";
var MIRROR_FILES = ["goal-state.json", "heartbeat.json", ".gitignore", "gate-history.jsonl", "handoff.md", "codex.log"];
var MIRROR_FOLDERS = ["logs", "tampered"];
var UNRECORDED_MIRROR_FILES = ["goal-state.json", "heartbeat.json", ".gitignore"];
var isLoopkitOwnPath = (projectPath) => projectPath === MIRROR_DIR || projectPath.startsWith(`${MIRROR_DIR}/`);

export {
  MIRROR_DIR,
  MIRROR_FILES,
  MIRROR_FOLDERS,
  UNRECORDED_MIRROR_FILES,
  isLoopkitOwnPath
};
