import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-M5RTYVBU.js";
import "./chunk-RIN2Y37K.js";
import {
  removeSessionMarker
} from "./chunk-43RDA5LK.js";
import "./chunk-REG5KHU7.js";
import "./chunk-VDMHKIRQ.js";
import "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";
export {
  loadState,
  loopFiles,
  persist,
  removeSessionMarker as removeMarker,
  writeMarker
};
