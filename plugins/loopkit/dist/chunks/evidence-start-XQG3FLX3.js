import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  decideBaseline,
  loadJudgingBaseline,
  loadPreviousStart,
  loadStartEvidence,
  saveStartEvidence
} from "./chunk-U6CMKRPO.js";
import "./chunk-ESJP375K.js";
import "./chunk-NSSBT4UQ.js";
import "./chunk-N4KLEHCW.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-SOOWQ5E3.js";
import "./chunk-QVVTBSN3.js";
import "./chunk-JXA4W5PX.js";
export {
  decideBaseline,
  loadJudgingBaseline,
  loadPreviousStart,
  loadStartEvidence,
  saveStartEvidence
};
