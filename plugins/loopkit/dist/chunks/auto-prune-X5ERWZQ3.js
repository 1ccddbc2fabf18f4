import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  DEFAULT_PRUNE_POLICY,
  dataFolderBytes,
  dataFolderLine,
  megabytes,
  planAutoPrune,
  prunePolicy,
  pruneRule
} from "./chunk-6OQNMFKZ.js";
import "./chunk-VMXZCXQ6.js";
import "./chunk-HPW53O6T.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-K5NOTXKK.js";
import "./chunk-NSSBT4UQ.js";
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
