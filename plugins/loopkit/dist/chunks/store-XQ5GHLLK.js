import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-J6URGPSZ.js";
import "./chunk-VZNR7AND.js";
import "./chunk-OQFMAEP6.js";
import {
  removeSessionMarker
} from "./chunk-A7AFHX3I.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-REG5KHU7.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-32X6X3F3.js";
import "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";
export {
  loadState,
  loopFiles,
  persist,
  removeSessionMarker as removeMarker,
  writeMarker
};
