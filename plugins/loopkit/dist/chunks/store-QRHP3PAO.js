import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-BAJWGXTR.js";
import "./chunk-VZNR7AND.js";
import "./chunk-XNLNUBTP.js";
import {
  removeSessionMarker
} from "./chunk-SKNKPJYB.js";
import "./chunk-REG5KHU7.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-A32EVUUC.js";
import "./chunk-QVVTBSN3.js";
import "./chunk-JXA4W5PX.js";
export {
  loadState,
  loopFiles,
  persist,
  removeSessionMarker as removeMarker,
  writeMarker
};
