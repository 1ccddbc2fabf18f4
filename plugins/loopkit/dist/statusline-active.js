import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  RepeatStateSchema
} from "./chunks/chunk-R22UKHTF.js";
import {
  elapsedMs
} from "./chunks/chunk-6HEKJGV7.js";
import {
  AutoLoopStateSchema,
  tokensUsed
} from "./chunks/chunk-NRKWWEEF.js";
import {
  SessionMarkerSchema,
  formatDuration,
  readJson
} from "./chunks/chunk-CEDA2V6R.js";
import "./chunks/chunk-PGQLL66H.js";
import "./chunks/chunk-JXA4W5PX.js";

// src/statusline/line.ts
var MAX_TEXT = 40;
function plain(text, max = MAX_TEXT) {
  const flat = text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g, " ").replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}\u2026` : flat;
}
function repeatLine(state, now) {
  const head = `repeat ${state.iteration}/${state.max_iterations} ${plain(state.command, 24)}`;
  const last = state.iterations.at(-1);
  const result = last ? `last ${last.result}${last.summary ? ` (${plain(last.summary)})` : ""}` : "";
  const phase = state.phase === "waiting" && state.next_at ? `next in ${formatDuration(Math.max(0, Date.parse(state.next_at) - now.getTime()))}` : state.phase === "paused" ? "paused: /loopkit:repeat --resume" : state.phase === "ended" ? `ended ${state.final_status ?? ""}`.trim() : "running";
  return [head, result, phase].filter(Boolean).join(" \xB7 ");
}
function autoLoopLine(state, now) {
  const caps = state.caps;
  const audit = state.last_audit && `audit ${state.last_audit.ran ? state.last_audit.vote : "could not run"}`;
  const verdicts = [state.last_verifier && `verifier ${state.last_verifier.verdict}`, audit].filter(Boolean).join(", ");
  return [
    `auto-loop ${state.status === "pursuing" ? "" : `${state.status} `}${state.iteration}/${caps.max_iterations}`,
    `${compact(tokensUsed(state))}/${compact(caps.max_tokens)} tokens`,
    `${formatDuration(elapsedMs(state, state.ended_at ? new Date(state.ended_at) : now))}/${formatDuration(caps.max_wallclock_ms)}`,
    verdicts || "not judged yet"
  ].join(" \xB7 ");
}
function compact(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(n >= 1e7 ? 0 : 1).replace(/\.0$/, "")}M`;
  if (n >= 1e3) return `${Math.round(n / 1e3)}k`;
  return String(n);
}

// src/statusline/describe.ts
var ENDED_SHOWN_MS = 6e4;
async function describeLoop(markerText, sessionId, now) {
  let raw;
  try {
    raw = JSON.parse(markerText);
  } catch {
    return void 0;
  }
  const marker = SessionMarkerSchema.safeParse(raw);
  if (!marker.success) return void 0;
  try {
    const { kind, state_file: file, loop_id: loopId } = marker.data;
    if (kind === "repeat") {
      const read2 = await readJson(file, RepeatStateSchema);
      return read2.exists && read2.value.session_id === sessionId && read2.value.loop_id === loopId ? repeatLine(read2.value, now) : void 0;
    }
    const read = await readJson(file, AutoLoopStateSchema);
    const own = read.exists && read.value.session_id === sessionId && read.value.loop_id === loopId;
    const endedLongAgo = read.exists && read.value.ended_at !== null && now.getTime() - Date.parse(read.value.ended_at) > ENDED_SHOWN_MS;
    return own && !endedLongAgo ? autoLoopLine(read.value, now) : void 0;
  } catch {
    return `loopkit ${marker.data.kind}: state unreadable (see /loopkit:${marker.data.kind} --status)`;
  }
}
export {
  ENDED_SHOWN_MS,
  describeLoop
};
