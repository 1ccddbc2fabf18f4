// The one owner check of both loop kinds: a loop acts only in the session that started it, and only
// for the loop that session's marker names.
import { formatError, isLoopkitError } from "../shared/errors.js";
import type { LoopKind } from "../shared/loop-kinds.js";
import { removeSessionMarker } from "./marker.js";
import type { HookContext } from "./handlers.js";
import type { StopDecision } from "./output.js";

interface LoopIdentity {
  session_id: string;
  loop_id: string;
}

export const ownsLoop = (state: LoopIdentity, ctx: Pick<HookContext<{ session_id: string }>, "input" | "marker">): boolean =>
  state.session_id === ctx.input.session_id && state.loop_id === ctx.marker.loop_id;

/**
 * The loop a hook's marker routes to, when this session owns it. Otherwise the decision to return, and
 * the marker is dropped: a loop that is gone, corrupt (kept aside by `load`) or someone else's never
 * routes this session's hooks again.
 */
export async function loadOwned<S extends LoopIdentity>(
  ctx: HookContext<{ session_id: string }>,
  kind: LoopKind,
  load: () => Promise<S | undefined>,
): Promise<{ state: S } | { decision: StopDecision }> {
  const forget = async (message?: string) => {
    await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return { decision: message ? { kind: "allow" as const, message } : { kind: "allow" as const } };
  };
  let state: S | undefined;
  try {
    state = await load();
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    return forget(`loopkit ${kind} stopped: ${formatError(error)}`);
  }
  if (!state) return forget(`loopkit ${kind} stopped: its state is gone from loopkit's data folder.`);
  return ownsLoop(state, ctx) ? { state } : forget();
}
