import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadStartEvidence,
  saveStartEvidence
} from "./chunk-52T2BRLC.js";
import "./chunk-BUKQJXDZ.js";
import "./chunk-REG5KHU7.js";
import "./chunk-VDMHKIRQ.js";
import "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";
export {
  loadStartEvidence,
  saveStartEvidence
};
