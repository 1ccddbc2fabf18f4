import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadStartEvidence,
  saveStartEvidence
} from "./chunk-WA4WGHTG.js";
import "./chunk-LSIOQG7C.js";
import "./chunk-REG5KHU7.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-32X6X3F3.js";
import "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";
export {
  loadStartEvidence,
  saveStartEvidence
};
