import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/shared/loop-kinds.ts
var LOOP_KINDS = ["repeat", "auto-loop"];

export {
  LOOP_KINDS
};
