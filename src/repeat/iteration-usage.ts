// What a repeat iteration cost in a session: the session's transcript, read as the auto-loop reads
// it (session/transcript-usage.ts: each API message once, subagents included), from where the loop's last
// count stopped, leaving out records from before the iteration began (the person's own turns during
// a wait). The number is shown, never a cap: a transcript the agent edits can change only what is shown.
import { stat } from "node:fs/promises";
import { readTranscriptDelta } from "../session/transcript-usage.js";
import { waitOf } from "../shared/monotonic.js";
import { isNotThePersonsWord } from "../session/loopkit-command.js";
import type { IterationUsage } from "./decide.js";
import type { RepeatState } from "./state.js";

/**
 * Claude Code writes the transcript after the Stop hook may start (claude-code-facts: "the file may
 * lag the hook"): a Stop that ends a model turn finds none of its tokens only when they are not
 * written yet, so it looks again every LAG_POLL_MS, for at most LAG_WAIT_MS.
 */
export const LAG_WAIT_MS = 1_500;
const LAG_POLL_MS = 50;

/**
 * The iteration in flight's tokens and the new cursor; null when no iteration runs or the transcript
 * cannot be read. `turnEnded`: a model turn just ended (a Stop), so it cost tokens.
 */
export async function iterationUsage(
  state: RepeatState,
  transcriptPath: string | undefined,
  turnEnded = false,
): Promise<IterationUsage | null> {
  if (state.phase !== "running" || !transcriptPath) return null;
  const kept = state.transcript_cursor?.path === transcriptPath ? state.transcript_cursor : null;
  try {
    const read = () =>
      readTranscriptDelta(
        transcriptPath,
        { offset: kept?.offset ?? 0, recentMessageIds: kept?.recent_message_ids ?? [], subagentOffsets: kept?.subagent_offsets ?? {} },
        new Date(state.iteration_started_at),
      );
    let delta = await read();
    // A transcript that is not there is not late: nothing will be written to wait for.
    const lagging = turnEnded && delta.tokens === 0 && (await isFile(transcriptPath));
    for (const wait = waitOf(LAG_WAIT_MS); lagging && delta.tokens === 0 && wait.left() > 0;) {
      await new Promise((resolve) => setTimeout(resolve, LAG_POLL_MS));
      delta = await read();
    }
    return {
      tokens: delta.tokens,
      transcriptCursor: {
        path: transcriptPath,
        offset: delta.offset,
        recent_message_ids: delta.recentMessageIds,
        subagent_offsets: delta.subagentOffsets,
      },
      personMessages: delta.personMessages.filter((message) => !isNotThePersonsWord(message)),
    };
  } catch {
    return null;
  }
}

const isFile = (file: string): Promise<boolean> =>
  stat(file).then(
    (found) => found.isFile(),
    () => false,
  );
