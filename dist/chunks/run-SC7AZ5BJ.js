import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  runStatusline
} from "./chunk-AT67EDRE.js";
import "./chunk-EHWOGXT5.js";
import "./chunk-X5LLZUM3.js";
import "./chunk-JXA4W5PX.js";
export {
  runStatusline
};
