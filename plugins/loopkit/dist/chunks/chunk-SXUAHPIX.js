import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  removeSessionMarker
} from "./chunk-6GCJTWWC.js";
import {
  formatError,
  isLoopkitError
} from "./chunk-IEMDV4IA.js";

// src/session/owner.ts
var ownsLoop = (state, ctx) => state.session_id === ctx.input.session_id && state.loop_id === ctx.marker.loop_id;
async function loadOwned(ctx, kind, load) {
  const forget = async (message) => {
    await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return { decision: message ? { kind: "allow", message } : { kind: "allow" } };
  };
  let state;
  try {
    state = await load();
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    return forget(`loopkit ${kind} stopped: ${formatError(error)}`);
  }
  if (!state) return forget(`loopkit ${kind} stopped: its state is gone from loopkit's data folder.`);
  return ownsLoop(state, ctx) ? { state } : forget();
}

export {
  ownsLoop,
  loadOwned
};
