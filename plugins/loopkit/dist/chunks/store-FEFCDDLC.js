import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadState,
  loopFiles,
  persist,
  writeMarker
} from "./chunk-WNQXEFAX.js";
import "./chunk-VZNR7AND.js";
import "./chunk-KPXZ73PR.js";
import {
  removeSessionMarker
} from "./chunk-53PS3DBX.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-BTCO4UX2.js";
import "./chunk-UTHLZEMO.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-QE76SXA6.js";
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
