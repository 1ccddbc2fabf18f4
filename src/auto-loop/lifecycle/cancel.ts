// --cancel: marks the project's loop cancelled. The owning session stops at its next Stop at the
// latest; nothing in the working tree is touched, and no process is killed.
import { withLock } from "../../state/json-store.js";
import { LoopkitError } from "../../shared/errors.js";
import { cancelState } from "../core/transitions.js";
import { loadState, loopFiles, persist } from "../data/store.js";

export async function cancelLoop(dataDir: string, projectDir: string, now: Date): Promise<string> {
  const files = loopFiles(dataDir, projectDir);
  return withLock(files.state, async () => {
    const state = await loadState(files.state, now);
    if (state?.status !== "pursuing") {
      throw new LoopkitError("NO_LOOP", `no running auto-loop in ${projectDir}${state ? ` (the last one is ${state.status})` : ""}`, {
        hint: "see /loopkit:auto-loop --status",
      });
    }
    const cancelled = cancelState(state, now);
    await persist(files, cancelled.state, cancelled.history, now);
    // A --codex loop (session codex-<uuid>) is run by a foreground command that polls for this.
    const stops = state.session_id.startsWith("codex-")
      ? "The running --codex command clears the Codex goal and stops Codex within a few seconds"
      : `Session ${state.session_id} stops at its next Stop`;
    return `auto-loop cancelled after ${state.iteration} iteration(s). ${stops}; the working tree is left exactly as it is.\n`;
  });
}
