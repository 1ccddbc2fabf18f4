import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-IJOI4DQ4.js";
import "./chunk-VZNR7AND.js";
import "./chunk-ENBVLOWR.js";
import {
  removeSessionMarker
} from "./chunk-WN7SEJMX.js";
import "./chunk-REG5KHU7.js";
import "./chunk-NV573OHB.js";
import "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";
export {
  loadState,
  loopFiles,
  persist,
  removeSessionMarker as removeMarker,
  writeMarker
};
