import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-VQEFQNM3.js";
import "./chunk-VZNR7AND.js";
import "./chunk-5OBMDCAC.js";
import {
  removeSessionMarker
} from "./chunk-5VVUU2NF.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-Z4OJRN2I.js";
import "./chunk-NSSBT4UQ.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-DDOZEDWO.js";
import "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";
export {
  loadState,
  loopFiles,
  persist,
  removeSessionMarker as removeMarker,
  writeMarker
};
