import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-DXEZUW42.js";
import "./chunk-QJD4XBMD.js";
import "./chunk-SRAQKVGE.js";
import {
  removeSessionMarker
} from "./chunk-HY7BSOUE.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-HALTCE3W.js";
import "./chunk-T4GQSL4B.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-W3MJS3SN.js";
import "./chunk-JR3TLBIQ.js";
import "./chunk-CW3O4QTE.js";
import "./chunk-JXA4W5PX.js";
export {
  loadState,
  loopFiles,
  persist,
  removeSessionMarker as removeMarker,
  writeMarker
};
