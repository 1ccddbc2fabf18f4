import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  DEFAULT_PRUNE_POLICY,
  dataFolderBytes,
  dataFolderLine,
  megabytes,
  planAutoPrune,
  prunePolicy,
  pruneRule
} from "./chunk-U3RSU3PB.js";
import "./chunk-DO5LNKWI.js";
import "./chunk-BUUOZ462.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-5F52TF2U.js";
import "./chunk-T4GQSL4B.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-W3MJS3SN.js";
import "./chunk-CW3O4QTE.js";
import "./chunk-JXA4W5PX.js";
export {
  DEFAULT_PRUNE_POLICY,
  dataFolderBytes,
  dataFolderLine,
  megabytes,
  planAutoPrune,
  prunePolicy,
  pruneRule
};
