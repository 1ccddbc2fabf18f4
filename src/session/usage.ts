// What the loop counts as spent: the tokens of one API response's usage (the session's transcript and
// the audit's reply alike), and what a Stop read of the session's transcript since the last one.
export interface TranscriptCursor {
  offset: number;
  recentMessageIds: string[];
  /** Read offset of each subagent transcript, by file name. */
  subagentOffsets: Record<string, number>;
}

export interface TranscriptDelta extends TranscriptCursor {
  tokens: number;
  toolCalls: number;
  /** Input + cache tokens of the latest main-chain response read, or null when none was read. */
  contextTokens: number | null;
  /**
   * What the person typed while a turn ran (Claude Code's `queued_command` attachments of human origin,
   * 2.1.197 and 2.1.332), oldest first. The agent can write the file too: read it only to hand the session to the person.
   */
  personMessages: string[];
}

export interface Usage {
  input_tokens?: unknown;
  cache_creation_input_tokens?: unknown;
  cache_read_input_tokens?: unknown;
  output_tokens?: unknown;
}

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** The tokens one API response cost. */
export function usageTokens(usage: Usage | undefined): number {
  if (!usage) return 0;
  return (
    count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens) + count(usage.output_tokens)
  );
}

/** The input and cache tokens of one response: the context it ran with. */
export function contextTokens(usage: Usage): number {
  return count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens);
}
