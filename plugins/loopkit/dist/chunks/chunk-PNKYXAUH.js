import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/auto-loop/core/retry-tag.ts
var RETRY_TAG = "loopkit auto-loop: your last turn was cut off by an API error";

export {
  RETRY_TAG
};
