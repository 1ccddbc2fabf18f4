// What a repeat iteration cost in a session: the session's transcript, read as the auto-loop reads
// it (session/transcript-usage.ts: each API message once, subagents included), from where the loop's last
// count stopped, leaving out records from before the iteration began (the person's own turns during
// a wait). The number is shown, never a cap: a transcript the agent edits can change only what is shown.
import { readTranscriptDelta } from "../session/transcript-usage.js";
import type { IterationUsage } from "./decide.js";
import type { RepeatState } from "./state.js";

/** The iteration in flight's tokens and the new cursor; null when no iteration runs or the transcript cannot be read. */
export async function iterationUsage(state: RepeatState, transcriptPath: string | undefined): Promise<IterationUsage | null> {
  if (state.phase !== "running" || !transcriptPath) return null;
  const kept = state.transcript_cursor?.path === transcriptPath ? state.transcript_cursor : null;
  try {
    const delta = await readTranscriptDelta(
      transcriptPath,
      { offset: kept?.offset ?? 0, recentMessageIds: kept?.recent_message_ids ?? [], subagentOffsets: kept?.subagent_offsets ?? {} },
      new Date(state.iteration_started_at),
    );
    return {
      tokens: delta.tokens,
      transcriptCursor: {
        path: transcriptPath,
        offset: delta.offset,
        recent_message_ids: delta.recentMessageIds,
        subagent_offsets: delta.subagentOffsets,
      },
    };
  } catch {
    return null;
  }
}
