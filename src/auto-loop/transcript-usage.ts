// Reads what a session's transcript gained since the last Stop: tokens spent (each API message once,
// main chain and sidechains alike), tool calls of the main chain, and the context in use.
// Only whole lines are consumed; a partial last line is left for the next read.
import { promises as fs } from "node:fs";

export interface TranscriptCursor {
  offset: number;
  recentMessageIds: string[];
}

export interface TranscriptDelta {
  offset: number;
  recentMessageIds: string[];
  tokens: number;
  toolCalls: number;
  /** Input + cache tokens of the latest main-chain response read, or null when none was read. */
  contextTokens: number | null;
}

const CHUNK = 1024 * 1024;
const KEEP_IDS = 500;

interface Usage {
  input_tokens?: unknown;
  cache_creation_input_tokens?: unknown;
  cache_read_input_tokens?: unknown;
  output_tokens?: unknown;
}

const count = (value: unknown) => (typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);

/** The tokens one API response cost. */
export function usageTokens(usage: Usage | undefined): number {
  if (!usage) return 0;
  return count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens) + count(usage.output_tokens);
}

/** Reads `file` from `cursor.offset`; a missing file reads as nothing new, a shrunk one restarts at 0. */
export async function readTranscriptDelta(file: string, cursor: TranscriptCursor): Promise<TranscriptDelta> {
  const seen = new Set(cursor.recentMessageIds);
  const delta: TranscriptDelta = { offset: cursor.offset, recentMessageIds: [...cursor.recentMessageIds], tokens: 0, toolCalls: 0, contextTokens: null };
  let handle;
  try {
    handle = await fs.open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return delta;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    let position = cursor.offset > size ? 0 : cursor.offset;
    let pending = Buffer.alloc(0);
    let consumed = position;
    while (position < size) {
      const buffer = Buffer.alloc(Math.min(CHUNK, size - position));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      pending = pending.length ? Buffer.concat([pending, buffer.subarray(0, bytesRead)]) : buffer.subarray(0, bytesRead);
      let newline;
      while ((newline = pending.indexOf(0x0a)) !== -1) {
        readLine(pending.subarray(0, newline).toString("utf8"), seen, delta);
        consumed += newline + 1;
        pending = pending.subarray(newline + 1);
      }
    }
    delta.offset = consumed;
  } finally {
    await handle.close();
  }
  delta.recentMessageIds = delta.recentMessageIds.slice(-KEEP_IDS);
  return delta;
}

function readLine(line: string, seen: Set<string>, delta: TranscriptDelta): void {
  if (line.trim() === "") return;
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof record !== "object" || record === null) return;
  const { type, message, isSidechain } = record as { type?: unknown; message?: unknown; isSidechain?: unknown };
  if (type !== "assistant" || typeof message !== "object" || message === null) return;
  const { id, usage, content } = message as { id?: unknown; usage?: Usage; content?: unknown };
  const mainChain = isSidechain !== true;
  if (mainChain && Array.isArray(content)) {
    delta.toolCalls += content.filter((block) => (block as { type?: unknown } | null)?.type === "tool_use").length;
  }
  if (typeof id !== "string" || seen.has(id)) return;
  seen.add(id);
  delta.recentMessageIds.push(id);
  delta.tokens += usageTokens(usage);
  if (mainChain && usage) {
    delta.contextTokens = count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens);
  }
}
