import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  checkpointIteration,
  failureNoteOf
} from "./chunk-IFRWG6AL.js";
import {
  loadState
} from "./chunk-O2XML7TN.js";
import {
  deadlineIn
} from "./chunk-BUKQJXDZ.js";

// src/repeat/checkpoint.ts
var loopRef = (dataDir, state, file) => ({
  dataDir,
  projectDir: state.project_dir,
  loopId: state.loop_id,
  loopKind: "repeat",
  stateFile: file
});
async function checkpointNotesBefore(ctx, state, file) {
  const note = await failureNoteOf(loopRef(ctx.dataDir, state, file), state.iteration - 1, ctx.now());
  return note ? [note] : [];
}
var SNAPSHOT_MS = 12e4;
async function checkpointRepeat(ctx, file) {
  const state = await loadState(file, ctx.now()).catch(() => void 0);
  if (!state || state.session_id !== ctx.input.session_id || state.loop_id !== ctx.marker.loop_id) return [];
  return checkpointRecorded(ctx.dataDir, state, file, ctx.now());
}
async function checkpointRecorded(dataDir, state, file, now) {
  const last = state.iterations[state.iterations.length - 1];
  if (!last) return [];
  const verdict = state.phase === "ended" && state.final_status ? `${last.result}, ${state.final_status}` : last.result;
  return checkpointIteration(
    loopRef(dataDir, state, file),
    { iteration: last.number, verdict, tokens: null },
    now,
    deadlineIn(SNAPSHOT_MS)
  );
}

export {
  checkpointNotesBefore,
  checkpointRepeat,
  checkpointRecorded
};
