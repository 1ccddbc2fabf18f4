// Reads what a session's transcript gained since the last Stop: tokens spent (each API message once,
// the main chain and its subagents alike), tool calls of the main chain, the context in use, and what
// the person typed into a running turn.
// Subagents write their own files (2.1.197 and 2.1.332): <transcript minus .jsonl>/subagents/agent-*.jsonl.
// 2.1.332 runs them in the background, so a reply may land after the Stop of the turn that started
// it: each file keeps its own offset and the next Stop counts what was added.
// Only whole lines are consumed; a partial last line is left for the next read.
import { promises as fs } from "node:fs";
import path from "node:path";
import { openRegular } from "../shared/guarded-files.js";
import { contextTokens, usageTokens, type TranscriptCursor, type TranscriptDelta, type Usage } from "./usage.js";

const CHUNK = 1024 * 1024;
const KEEP_IDS = 500;
const MAX_SUBAGENT_FILES = 1000;
const MAX_DELTA_BYTES = 64 * 1024 * 1024;

/**
 * Reads the transcript and its subagents' transcripts from the cursor on. Records stamped before
 * `notBefore` (the session's work before the loop started) are read past but not counted.
 */
export async function readTranscriptDelta(file: string, cursor: TranscriptCursor, notBefore: Date | null = null): Promise<TranscriptDelta> {
  const seen = new Set(cursor.recentMessageIds);
  const since = notBefore?.getTime() ?? Number.NEGATIVE_INFINITY;
  const delta: TranscriptDelta = {
    ...cursor,
    recentMessageIds: [...cursor.recentMessageIds],
    subagentOffsets: { ...cursor.subagentOffsets },
    tokens: 0,
    toolCalls: 0,
    contextTokens: null,
    personMessages: [],
  };
  delta.offset = await readFileDelta(file, cursor.offset, seen, delta, since);
  const subagents = path.join(file.replace(/\.jsonl$/, ""), "subagents");
  const names = (await fs.readdir(subagents).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".jsonl"))
    .sort()
    .slice(0, MAX_SUBAGENT_FILES);
  for (const name of names) {
    delta.subagentOffsets[name] = await readFileDelta(path.join(subagents, name), cursor.subagentOffsets[name] ?? 0, seen, delta, since);
  }
  delta.recentMessageIds = delta.recentMessageIds.slice(-KEEP_IDS);
  return delta;
}

/** Reads whole lines of `file` from `offset` into `delta`; returns the new offset. Missing: unchanged; shrunk: from 0. */
async function readFileDelta(file: string, offset: number, seen: Set<string>, delta: TranscriptDelta, since: number): Promise<number> {
  // Not a regular file (a FIFO, a device): nothing to read, and nothing to wait on.
  const handle = await openRegular(file, true);
  if (!handle) return offset;
  try {
    const { size: fullSize } = await handle.stat();
    let position = offset > fullSize ? 0 : offset;
    // A huge delta is read over several Stops rather than holding one up.
    const size = Math.min(fullSize, position + MAX_DELTA_BYTES);
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
        readLine(pending.subarray(0, newline).toString("utf8"), seen, delta, since);
        consumed += newline + 1;
        pending = pending.subarray(newline + 1);
      }
    }
    return consumed;
  } finally {
    await handle.close();
  }
}

function readLine(line: string, seen: Set<string>, delta: TranscriptDelta, since: number): void {
  if (line.trim() === "") return;
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof record !== "object" || record === null) return;
  const { type, message, isSidechain, timestamp } = record as {
    type?: unknown;
    message?: unknown;
    isSidechain?: unknown;
    timestamp?: unknown;
  };
  if (typeof timestamp === "string" && Date.parse(timestamp) < since) return;
  if (type === "attachment" && isSidechain !== true) {
    const typed = personMessageOf((record as { attachment?: unknown }).attachment);
    if (typed !== null) delta.personMessages.push(typed);
    return;
  }
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
    delta.contextTokens = contextTokens(usage);
  }
}

/**
 * The text of a message the person typed while a turn ran: Claude Code queues it and hands it to the
 * model mid-turn, recording `{type: "queued_command", prompt, origin: {kind: "human"}}` (no UserPromptSubmit
 * fires for it in 2.1.197). Anything else (a task notification, a hook's text) is null.
 */
function personMessageOf(attachment: unknown): string | null {
  if (typeof attachment !== "object" || attachment === null) return null;
  const { type, prompt, origin } = attachment as { type?: unknown; prompt?: unknown; origin?: unknown };
  if (type !== "queued_command" || typeof prompt !== "string" || prompt.trim() === "") return null;
  return (origin as { kind?: unknown } | null)?.kind === "human" ? prompt : null;
}
