import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-IOBVKMK7.js";
import "./chunk-VZNR7AND.js";
import "./chunk-RIN2Y37K.js";
import {
  removeSessionMarker
} from "./chunk-LZV74MS5.js";
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
