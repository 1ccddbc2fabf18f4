// SessionStart in the owning session: after a compaction or a resume, puts the loop's goal, caps,
// progress, last verifier and audit results and the latest hand-off note back into the context.
// A resume also renews the heartbeat, so the loop is not taken for abandoned.
import { readJson, withLock } from "../state/json-store.js";
import type { HookContext } from "../hook/handlers.js";
import type { SessionStartInput } from "../hook/input.js";
import type { ContextDecision } from "../hook/output.js";
import { historyEntry } from "./history.js";
import { loopContext, type ContextReason } from "./loop-context.js";
import { AutoLoopStateSchema, type AutoLoopState } from "./state.js";
import { loopFiles, persist } from "./store.js";

const REASONS: Record<string, ContextReason> = { compact: "compact", resume: "resume" };

export async function restoreLoopContext(ctx: HookContext<SessionStartInput>): Promise<ContextDecision | undefined> {
  const reason = REASONS[ctx.input.source ?? ""];
  if (!reason) return undefined;
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const state = await withLock(files.state, async () => {
    const owned = await readOwned(ctx);
    if (!owned || reason !== "resume") return owned;
    const now = ctx.now();
    const renewed = { ...owned, heartbeat_at: now.toISOString(), updated_at: now.toISOString() };
    return persist(files, renewed, [historyEntry(renewed, now, "resume", `session ${renewed.session_id} resumed`)], now);
  });
  if (!state) return undefined;
  return {
    kind: "context",
    eventName: "SessionStart",
    context: loopContext(state, ctx.now(), reason),
    message: `loopkit auto-loop: loop context restored after ${reason} (iteration ${state.iteration} of ${state.caps.max_iterations}).`,
  };
}

/** The running loop this session owns, or undefined. A corrupt or missing state is left for the Stop hook to report. */
async function readOwned(ctx: HookContext<SessionStartInput>): Promise<AutoLoopState | undefined> {
  const read = await readJson(ctx.marker.state_file, AutoLoopStateSchema).catch(() => ({ exists: false as const }));
  if (!read.exists) return undefined;
  const state = read.value;
  const owned = state.status === "pursuing" && state.session_id === ctx.input.session_id && state.loop_id === ctx.marker.loop_id;
  return owned ? state : undefined;
}
