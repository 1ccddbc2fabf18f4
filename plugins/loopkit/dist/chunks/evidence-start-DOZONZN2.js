import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  decideBaseline,
  loadJudgingBaseline,
  loadPreviousStart,
  loadStartEvidence,
  saveStartEvidence
} from "./chunk-GHDP6VK4.js";
import "./chunk-QFP6VOEG.js";
import "./chunk-BY4LJ3TX.js";
import "./chunk-NSSBT4UQ.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-4BKJIQPJ.js";
import "./chunk-VPYWUIWC.js";
import "./chunk-QVVTBSN3.js";
import "./chunk-JXA4W5PX.js";
export {
  decideBaseline,
  loadJudgingBaseline,
  loadPreviousStart,
  loadStartEvidence,
  saveStartEvidence
};
