import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  DEFAULT_PRUNE_POLICY,
  dataFolderBytes,
  dataFolderLine,
  megabytes,
  planAutoPrune,
  prunePolicy,
  pruneRule
} from "./chunk-SXUZCBW3.js";
import "./chunk-QSJOYUH5.js";
import "./chunk-HDWZ562Z.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-QFP6VOEG.js";
import "./chunk-NSSBT4UQ.js";
import "./chunk-PVEHQ6JT.js";
import "./chunk-4BKJIQPJ.js";
import "./chunk-QVVTBSN3.js";
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
