import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  LoopkitError
} from "./chunk-W3MJS3SN.js";

// src/shared/duration.ts
var DURATION_HINT = "whole hours, minutes and seconds, e.g. 90s, 5m, 1h30m";
var UNIT_MS = { h: 36e5, m: 6e4, s: 1e3 };
var DURATION = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;
function parseDuration(text, what = "duration") {
  const match = DURATION.exec(text.trim().toLowerCase());
  if (!match || text.trim() === "" || match.slice(1).every((part) => part === void 0)) {
    throw new LoopkitError("USAGE", `invalid ${what} "${text}": use units h, m, s`, {
      value: text,
      hint: DURATION_HINT
    });
  }
  const [, h = "0", m = "0", s = "0"] = match;
  const ms = Number(h) * UNIT_MS.h + Number(m) * UNIT_MS.m + Number(s) * UNIT_MS.s;
  if (ms === 0)
    throw new LoopkitError("USAGE", `invalid ${what} "${text}": must be longer than zero`, { value: text, hint: DURATION_HINT });
  return ms;
}
function isDuration(text) {
  const match = DURATION.exec(text.trim().toLowerCase());
  return match !== null && match.slice(1).some((part) => part !== void 0);
}
function formatDuration(ms) {
  let rest = Math.max(0, Math.round(ms / 1e3));
  const h = Math.floor(rest / 3600);
  rest -= h * 3600;
  const m = Math.floor(rest / 60);
  const s = rest - m * 60;
  const text = `${h ? `${h}h` : ""}${m ? `${m}m` : ""}${s ? `${s}s` : ""}`;
  return text || "0s";
}

export {
  parseDuration,
  isDuration,
  formatDuration
};
