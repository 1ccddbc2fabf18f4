import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  decideBaseline,
  loadJudgingBaseline,
  loadPreviousStart,
  loadStartEvidence,
  saveStartEvidence
} from "./chunk-NGPYFHQX.js";
import "./chunk-5F52TF2U.js";
import "./chunk-HALTCE3W.js";
import "./chunk-T4GQSL4B.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-W3MJS3SN.js";
import "./chunk-JR3TLBIQ.js";
import "./chunk-CW3O4QTE.js";
import "./chunk-JXA4W5PX.js";
export {
  decideBaseline,
  loadJudgingBaseline,
  loadPreviousStart,
  loadStartEvidence,
  saveStartEvidence
};
