import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadStartEvidence,
  saveStartEvidence
} from "./chunk-CZ2RZCE3.js";
import "./chunk-JTID6UGJ.js";
import "./chunk-REG5KHU7.js";
import "./chunk-NV573OHB.js";
import "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";
export {
  loadStartEvidence,
  saveStartEvidence
};
