import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadStartEvidence,
  saveStartEvidence
} from "./chunk-IZPZEM6Z.js";
import "./chunk-52MBEVGH.js";
import "./chunk-REG5KHU7.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-WQ3T6ASH.js";
import "./chunk-QVVTBSN3.js";
import "./chunk-JXA4W5PX.js";
export {
  loadStartEvidence,
  saveStartEvidence
};
