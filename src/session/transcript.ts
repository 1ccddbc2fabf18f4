// The end of a session's transcript (Claude Code's JSONL file under ~/.claude/projects), read by the
// hooks that must know how a turn went when no hook told them: an API error at SessionEnd, a turn cut
// off by Esc. Only the tail is read, so a long session costs no more than a short one.
import { openRegular } from "../shared/guarded-files.js";

/** How much of a transcript's end is read. */
const TAIL_BYTES = 256 * 1024;

/** One transcript line, parsed but not trusted: every field may be missing or of another type. */
export interface TranscriptRecord {
  type?: unknown;
  isSidechain?: unknown;
  isApiErrorMessage?: unknown;
  error?: unknown;
  promptId?: unknown;
  timestamp?: unknown;
  message?: { content?: unknown };
}

/** The records of the transcript's tail, oldest first; [] when there is no readable transcript. */
export async function transcriptTail(transcriptPath: string | undefined): Promise<TranscriptRecord[]> {
  if (!transcriptPath) return [];
  let text: string;
  try {
    // Not a regular file (a FIFO, a device): nothing to read, and nothing to wait on.
    const handle = await openRegular(transcriptPath, true);
    if (!handle) return [];
    try {
      const { size } = await handle.stat();
      const start = Math.max(0, size - TAIL_BYTES);
      const buffer = Buffer.alloc(size - start);
      await handle.read(buffer, 0, buffer.length, start);
      text = buffer.toString("utf8");
    } finally {
      await handle.close();
    }
  } catch {
    return [];
  }
  const records: TranscriptRecord[] = [];
  for (const line of text.split("\n")) {
    try {
      const record = JSON.parse(line) as unknown;
      if (record && typeof record === "object") records.push(record as TranscriptRecord);
    } catch {
      // a partial first line of the tail, or a line being written
    }
  }
  return records;
}

/** The text blocks of a record's message (a plain string counts as one); tool results are not text. */
export function recordText(record: TranscriptRecord): string {
  const content = record.message?.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((block: { type?: unknown; text?: unknown }) => block?.type === "text" && typeof block.text === "string")
    .map((block: { text: string }) => block.text)
    .join("\n");
}

/**
 * The prompt id of the newest main-chain user message written at or after `since` whose own text
 * contains `tag` (a loop's prompt, as the skill or a wake put it in), or null. Tool results never
 * count, so output the agent prints cannot pose as the loop's prompt; an older message with the same
 * text (an attempt that was cut off and runs again) is not this one.
 */
export function promptIdOfTurnWith(records: TranscriptRecord[], tag: string, since: Date): string | null {
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    if (record.type !== "user" || record.isSidechain === true || typeof record.promptId !== "string") continue;
    const written = typeof record.timestamp === "string" ? Date.parse(record.timestamp) : Number.NaN;
    if (!(written >= since.getTime())) continue;
    if (recordText(record).includes(tag)) return record.promptId;
  }
  return null;
}
