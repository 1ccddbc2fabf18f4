import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  openRegular
} from "./chunk-43RDA5LK.js";

// src/session/transcript.ts
var TAIL_BYTES = 256 * 1024;
async function transcriptTail(transcriptPath) {
  if (!transcriptPath) return [];
  let text;
  try {
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
  const records = [];
  for (const line of text.split("\n")) {
    try {
      const record = JSON.parse(line);
      if (record && typeof record === "object") records.push(record);
    } catch {
    }
  }
  return records;
}
function recordText(record) {
  const content = record.message?.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.filter((block) => block?.type === "text" && typeof block.text === "string").map((block) => block.text).join("\n");
}
function promptIdOfTurnWith(records, tag, since) {
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i];
    if (record.type !== "user" || record.isSidechain === true || typeof record.promptId !== "string") continue;
    const written = typeof record.timestamp === "string" ? Date.parse(record.timestamp) : Number.NaN;
    if (!(written >= since.getTime())) continue;
    if (recordText(record).includes(tag)) return record.promptId;
  }
  return null;
}

// src/session/api-error.ts
var MAX_MESSAGE = 200;
var MAX_RESET_MS = 7 * 24 * 36e5;
var USAGE_LIMIT = /usage limit|hit your [\w -]*limit|limit reached/i;
var REFUSED = /not logged in|invalid api key|failed to authenticate|oauth token (?:has expired|revoked)/i;
function apiErrorOf(kind, text, now) {
  const first = (text ?? "").split(/\r?\n/).find((line) => line.trim() !== "")?.trim() ?? "";
  const message = first.length > MAX_MESSAGE ? `${first.slice(0, MAX_MESSAGE - 3)}...` : first || "no message";
  const cls = kind?.trim() || "unknown";
  const usageLimit = (cls === "rate_limit" || cls === "billing_error" || cls === "unknown") && USAGE_LIMIT.test(text ?? "");
  const credentialsRefused = cls === "authentication_failed" || cls === "unknown" && REFUSED.test(text ?? "");
  return { kind: cls, message, usageLimit, resetAt: usageLimit ? usageLimitReset(text ?? "", now) : null, credentialsRefused };
}
function apiErrorSummary(error) {
  return `API error (${error.kind}): ${error.message}`;
}
function usageLimitReset(text, now) {
  const epoch = /limit reached\|(\d{9,11})\b/i.exec(text);
  if (epoch) return believable(new Date(Number(epoch[1]) * 1e3), now);
  const clock = /resets (?:at )?(\d{1,2})(?::(\d{2}))?\s*(am|pm)?(?:\s*\(([A-Za-z_]+(?:\/[A-Za-z_+-]+)*)\))?/i.exec(text);
  if (!clock) return null;
  let hour = Number(clock[1]);
  const minute = Number(clock[2] ?? "0");
  const meridiem = clock[3]?.toLowerCase();
  if (meridiem === "pm" && hour < 12) hour += 12;
  if (meridiem === "am" && hour === 12) hour = 0;
  if (hour > 23 || minute > 59 || !meridiem && !clock[2]) return null;
  const offset = zoneOffsetMs(clock[4], now);
  if (offset === null) return null;
  const wall = new Date(now.getTime() + offset);
  let target = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), hour, minute) - offset;
  if (target <= now.getTime()) target += 24 * 36e5;
  return believable(new Date(target), now);
}
function believable(date, now) {
  const ahead = date.getTime() - now.getTime();
  return Number.isFinite(ahead) && ahead > 0 && ahead <= MAX_RESET_MS ? date : null;
}
function zoneOffsetMs(zone, now) {
  if (!zone) return -now.getTimezoneOffset() * 6e4;
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit"
      }).formatToParts(now).map((part) => [part.type, part.value])
    );
    const wall = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second)
    );
    return wall - Math.floor(now.getTime() / 1e3) * 1e3;
  } catch {
    return null;
  }
}
async function lastTurnApiError(transcriptPath, now) {
  const records = await transcriptTail(transcriptPath);
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i];
    if (record.type !== "assistant" || record.isSidechain === true) continue;
    if (record.isApiErrorMessage !== true) return null;
    return apiErrorOf(typeof record.error === "string" ? record.error : void 0, recordText(record), now);
  }
  return null;
}

export {
  transcriptTail,
  promptIdOfTurnWith,
  apiErrorOf,
  apiErrorSummary,
  lastTurnApiError
};
