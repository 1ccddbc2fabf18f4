import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadStartEvidence,
  saveStartEvidence
} from "./chunk-HF7XNQQM.js";
import "./chunk-V6TZZYS2.js";
import "./chunk-REG5KHU7.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-IEMDV4IA.js";
import "./chunk-QVVTBSN3.js";
import "./chunk-JXA4W5PX.js";
export {
  loadStartEvidence,
  saveStartEvidence
};
