// What the person types into the session of a running auto-loop pauses it: the model answers them, and
// no loop prompt follows until they type /loopkit:auto-loop --resume (lifecycle/unpause.ts). A prompt
// typed at the input box (after Esc, or while the loop waits) fires UserPromptSubmit; one typed while a
// turn runs fires it too in 2.1.332, and in 2.1.197 only shows in the transcript, where the Stop reads
// it (session/transcript-usage.ts). Pausing is safe to get wrong (the session goes to the person), so a
// prompt the agent schedules pauses the loop too; only the person's typed --resume goes on.
import { withLock } from "../../state/json-store.js";
import type { HookContext } from "../../session/handlers.js";
import type { UserPromptSubmitInput } from "../../session/input.js";
import type { ContextDecision } from "../../session/output.js";
import { pauseState } from "../core/transitions.js";
import { isNotThePersonsWord } from "../../session/loopkit-command.js";
import { isLoopPrompt } from "../hook-events.js";
import { loopFiles, persist } from "../data/store.js";
import { readOwned } from "./resume.js";

/** Tells the model, beside the person's prompt, that the loop waits. */
const PAUSED_CONTEXT =
  "loopkit: the person wrote this while the auto-loop ran, so the loop is paused: answer the person and do what they ask. Do not go on with the loop's goal unless they ask you to; the loop goes on only when they type /loopkit:auto-loop --resume.";

/** The person's messages among those queued mid-turn: loopkit's own typed commands and Claude Code's notices left out. */
export const personWordsOf = (messages: readonly string[]): string[] => messages.filter((message) => !isNotThePersonsWord(message));

/** UserPromptSubmit in the owning session of a pursued loop: it pauses, keeping the person's words for the next prompt. */
export async function pauseOnPrompt(ctx: HookContext<UserPromptSubmitInput>): Promise<ContextDecision | undefined> {
  const prompt = ctx.input.prompt ?? "";
  if (ctx.marker.driver === "run" || isLoopPrompt(prompt)) return undefined;
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const paused = await withLock(files.state, async () => {
    // A loop that is gone, corrupt or another session's is left for the Stop hook to report; nothing pauses.
    const owned = await readOwned(ctx);
    if (!owned) return false;
    const now = ctx.now();
    const step = pauseState(owned, { by: "person", reason: "the person wrote to the session while the loop ran", words: [prompt] }, now);
    await persist(files, step.state, step.history, now);
    return true;
  });
  return paused ? { kind: "context", eventName: "UserPromptSubmit", context: PAUSED_CONTEXT } : undefined;
}
