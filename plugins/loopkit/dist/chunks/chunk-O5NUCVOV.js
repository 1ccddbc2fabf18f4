import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/loops/load.ts
var LOADERS = {
  repeat: async () => (await import("./kind-AMO3GZIT.js")).repeatKind,
  "auto-loop": async () => (await import("./kind-YUN3TKH6.js")).autoLoopKind
};
function loadLoopKind(kind) {
  return LOADERS[kind]();
}

export {
  loadLoopKind
};
