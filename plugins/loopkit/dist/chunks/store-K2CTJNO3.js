import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-3DM72JX7.js";
import "./chunk-VZNR7AND.js";
import "./chunk-BCNQJIQN.js";
import {
  removeSessionMarker
} from "./chunk-4ID6JFUC.js";
import "./chunk-NSSBT4UQ.js";
import "./chunk-N4KLEHCW.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-SOOWQ5E3.js";
import "./chunk-QVVTBSN3.js";
import "./chunk-JXA4W5PX.js";
export {
  loadState,
  loopFiles,
  persist,
  removeSessionMarker as removeMarker,
  writeMarker
};
