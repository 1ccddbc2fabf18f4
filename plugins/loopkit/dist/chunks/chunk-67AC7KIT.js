import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/loops/load.ts
var LOADERS = {
  repeat: async () => (await import("./kind-R2UTDEOT.js")).repeatKind,
  "auto-loop": async () => (await import("./kind-XVWWPNTZ.js")).autoLoopKind
};
function loadLoopKind(kind) {
  return LOADERS[kind]();
}

export {
  loadLoopKind
};
