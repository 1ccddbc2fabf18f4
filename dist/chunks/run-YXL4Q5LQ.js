import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  runStatusline
} from "./chunk-6NZV3LSF.js";
import "./chunk-ASQPNKNQ.js";
import "./chunk-JXA4W5PX.js";
export {
  runStatusline
};
