import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  runStatusline
} from "./chunk-KJHFNMMO.js";
import "./chunk-EHWOGXT5.js";
import "./chunk-WA7G27RY.js";
export {
  runStatusline
};
