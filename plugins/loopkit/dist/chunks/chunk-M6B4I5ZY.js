import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  contextTokens,
  usageTokens
} from "./chunk-PY5V25UZ.js";
import {
  openRegular
} from "./chunk-QJD4XBMD.js";
import {
  removeSessionMarker
} from "./chunk-HY7BSOUE.js";
import {
  formatError,
  isLoopkitError
} from "./chunk-W3MJS3SN.js";

// src/session/owner.ts
var ownsLoop = (state, ctx) => state.session_id === ctx.input.session_id && state.loop_id === ctx.marker.loop_id;
async function loadOwned(ctx, kind, load) {
  const forget = async (message) => {
    await removeSessionMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return { decision: message ? { kind: "allow", message } : { kind: "allow" } };
  };
  let state;
  try {
    state = await load();
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    return forget(`loopkit ${kind} stopped: ${formatError(error)}`);
  }
  if (!state) return forget(`loopkit ${kind} stopped: its state is gone from loopkit's data folder.`);
  return ownsLoop(state, ctx) ? { state } : forget();
}

// src/session/transcript-usage.ts
import { promises as fs } from "node:fs";
import path from "node:path";
var CHUNK = 1024 * 1024;
var KEEP_IDS = 500;
var MAX_SUBAGENT_FILES = 1e3;
var MAX_DELTA_BYTES = 64 * 1024 * 1024;
async function readTranscriptDelta(file, cursor, notBefore = null) {
  const seen = new Set(cursor.recentMessageIds);
  const since = notBefore?.getTime() ?? Number.NEGATIVE_INFINITY;
  const delta = {
    ...cursor,
    recentMessageIds: [...cursor.recentMessageIds],
    subagentOffsets: { ...cursor.subagentOffsets },
    tokens: 0,
    toolCalls: 0,
    contextTokens: null,
    personMessages: []
  };
  delta.offset = await readFileDelta(file, cursor.offset, seen, delta, since);
  const subagents = path.join(file.replace(/\.jsonl$/, ""), "subagents");
  const names = (await fs.readdir(subagents).catch(() => [])).filter((name) => name.endsWith(".jsonl")).sort().slice(0, MAX_SUBAGENT_FILES);
  for (const name of names) {
    delta.subagentOffsets[name] = await readFileDelta(path.join(subagents, name), cursor.subagentOffsets[name] ?? 0, seen, delta, since);
  }
  delta.recentMessageIds = delta.recentMessageIds.slice(-KEEP_IDS);
  return delta;
}
async function readFileDelta(file, offset, seen, delta, since) {
  const handle = await openRegular(file, true);
  if (!handle) return offset;
  try {
    const { size: fullSize } = await handle.stat();
    let position = offset > fullSize ? 0 : offset;
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
      while ((newline = pending.indexOf(10)) !== -1) {
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
function readLine(line, seen, delta, since) {
  if (line.trim() === "") return;
  let record;
  try {
    record = JSON.parse(line);
  } catch {
    return;
  }
  if (typeof record !== "object" || record === null) return;
  const { type, message, isSidechain, timestamp } = record;
  if (typeof timestamp === "string" && Date.parse(timestamp) < since) return;
  if (type === "attachment" && isSidechain !== true) {
    const typed = personMessageOf(record.attachment);
    if (typed !== null) delta.personMessages.push(typed);
    return;
  }
  if (type !== "assistant" || typeof message !== "object" || message === null) return;
  const { id, usage, content } = message;
  const mainChain = isSidechain !== true;
  if (mainChain && Array.isArray(content)) {
    delta.toolCalls += content.filter((block) => block?.type === "tool_use").length;
  }
  if (typeof id !== "string" || seen.has(id)) return;
  seen.add(id);
  delta.recentMessageIds.push(id);
  delta.tokens += usageTokens(usage);
  if (mainChain && usage) {
    delta.contextTokens = contextTokens(usage);
  }
}
function personMessageOf(attachment) {
  if (typeof attachment !== "object" || attachment === null) return null;
  const { type, prompt, origin } = attachment;
  if (type !== "queued_command" || typeof prompt !== "string" || prompt.trim() === "") return null;
  return origin?.kind === "human" ? prompt : null;
}

export {
  ownsLoop,
  loadOwned,
  readTranscriptDelta
};
