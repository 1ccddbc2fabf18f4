import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  DEFAULT_PRUNE_POLICY,
  dataFolderBytes,
  dataFolderLine,
  megabytes,
  planAutoPrune,
  prunePolicy,
  pruneRule
} from "./chunk-3EPQWQQQ.js";
import "./chunk-DO5LNKWI.js";
import "./chunk-4GLRDPH6.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-NCZ7LS4B.js";
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
