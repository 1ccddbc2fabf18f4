import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-7UXT4BYG.js";
import "./chunk-VZNR7AND.js";
import "./chunk-5AUT7LJL.js";
import {
  removeSessionMarker
} from "./chunk-ULLTZM7N.js";
import "./chunk-REG5KHU7.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-32X6X3F3.js";
import "./chunk-54WWAJ57.js";
import "./chunk-PGQLL66H.js";
import "./chunk-JXA4W5PX.js";
export {
  loadState,
  loopFiles,
  persist,
  removeSessionMarker as removeMarker,
  writeMarker
};
