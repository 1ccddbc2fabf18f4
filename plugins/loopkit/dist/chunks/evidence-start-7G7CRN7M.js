import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  decideBaseline,
  loadJudgingBaseline,
  loadPreviousStart,
  loadStartEvidence,
  saveStartEvidence
} from "./chunk-PJPSA5JD.js";
import "./chunk-7TF5C3PV.js";
import "./chunk-BTCO4UX2.js";
import "./chunk-UTHLZEMO.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-QE76SXA6.js";
import "./chunk-54WWAJ57.js";
import "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";
export {
  decideBaseline,
  loadJudgingBaseline,
  loadPreviousStart,
  loadStartEvidence,
  saveStartEvidence
};
