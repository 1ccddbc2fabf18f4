import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-BMVDRQ4O.js";
import "./chunk-VZNR7AND.js";
import "./chunk-6EPP3L2S.js";
import {
  removeSessionMarker
} from "./chunk-KDNA4YS6.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-BY4LJ3TX.js";
import "./chunk-NSSBT4UQ.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-4BKJIQPJ.js";
import "./chunk-VPYWUIWC.js";
import "./chunk-QVVTBSN3.js";
import "./chunk-JXA4W5PX.js";
export {
  loadState,
  loopFiles,
  persist,
  removeSessionMarker as removeMarker,
  writeMarker
};
