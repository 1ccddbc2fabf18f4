import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  $,
  ExecaError,
  ExecaSyncError,
  execa,
  execaCommand,
  execaCommandSync,
  execaNode,
  execaSync,
  getCancelSignal,
  getEachMessage,
  getOneMessage,
  parseCommandString,
  sendMessage
} from "./chunk-2XFY2B6A.js";
import "./chunk-JXA4W5PX.js";
export {
  $,
  ExecaError,
  ExecaSyncError,
  execa,
  execaCommand,
  execaCommandSync,
  execaNode,
  execaSync,
  getCancelSignal,
  getEachMessage,
  getOneMessage,
  parseCommandString,
  sendMessage
};
