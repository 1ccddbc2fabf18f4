import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  decideBaseline,
  loadJudgingBaseline,
  loadPreviousStart,
  loadStartEvidence,
  saveStartEvidence
} from "./chunk-I4T745B3.js";
import "./chunk-5AR63D6C.js";
import "./chunk-BTCO4UX2.js";
import "./chunk-NSSBT4UQ.js";
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
