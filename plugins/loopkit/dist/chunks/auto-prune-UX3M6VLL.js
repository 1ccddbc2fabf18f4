import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  DEFAULT_PRUNE_POLICY,
  dataFolderBytes,
  dataFolderLine,
  megabytes,
  planAutoPrune,
  prunePolicy,
  pruneRule
} from "./chunk-PW3CJ75C.js";
import "./chunk-VMXZCXQ6.js";
import "./chunk-GM7KERDY.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-7TF5C3PV.js";
import "./chunk-UTHLZEMO.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-QE76SXA6.js";
import "./chunk-PGQLL66H.js";
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
