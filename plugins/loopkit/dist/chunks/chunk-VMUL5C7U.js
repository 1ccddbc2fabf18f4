import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  CheckpointRecordSchema,
  changesBetween,
  commitTree,
  countLine,
  findRepo,
  lastCheckpoint,
  loadRecord,
  openRegular,
  pathLines,
  recordFiles,
  saveRecord,
  setRef,
  snapshotTree,
  treeOf
} from "./chunk-5JA36OZH.js";
import {
  LoopkitError,
  formatError,
  readJson,
  withLock
} from "./chunk-ZWUMA3U4.js";

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
function apiErrorOf(kind, text, now) {
  const first = (text ?? "").split(/\r?\n/).find((line) => line.trim() !== "")?.trim() ?? "";
  const message = first.length > MAX_MESSAGE ? `${first.slice(0, MAX_MESSAGE - 3)}...` : first || "no message";
  const cls = kind?.trim() || "unknown";
  const usageLimit = (cls === "rate_limit" || cls === "billing_error" || cls === "unknown") && USAGE_LIMIT.test(text ?? "");
  return { kind: cls, message, usageLimit, resetAt: usageLimit ? usageLimitReset(text ?? "", now) : null };
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
      new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" }).formatToParts(now).map((part) => [part.type, part.value])
    );
    const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
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

// src/checkpoint/message.ts
function checkpointMessage(record, facts) {
  const tokens = facts.tokens === null ? "tokens not counted" : `${facts.tokens} tokens`;
  const subject = facts.kind === "iteration" ? `loopkit: iteration ${facts.iteration} of ${record.loop_kind} ${record.loop_id}: ${facts.verdict}, ${tokens}` : `loopkit: the tree before restoring checkpoint ${facts.restored} of ${record.loop_kind} ${record.loop_id}`;
  return [
    subject,
    "",
    `Loop: ${record.loop_id}`,
    `Kind: ${record.loop_kind}`,
    `Checkpoint: ${facts.id}`,
    `Iteration: ${facts.iteration}`,
    `Verdict: ${facts.verdict}`,
    `Tokens: ${facts.tokens ?? "not counted"}`,
    ...facts.restored ? [`Restored: ${facts.restored}`] : [],
    ""
  ].join("\n");
}

// src/checkpoint/ref.ts
var REF_PREFIX = "refs/loopkit/";
var LOOP_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
function checkpointRef(loopId) {
  if (!LOOP_ID_PATTERN.test(loopId)) {
    throw new LoopkitError("USAGE", `"${loopId}" is not a loop id`, { value: loopId, hint: "run loopkit checkpoints to see the loops" });
  }
  return `${REF_PREFIX}${loopId}`;
}

// src/checkpoint/take.ts
async function loadOrRestart(file, now, notes) {
  try {
    return await loadRecord(file, now);
  } catch (error) {
    if (error.code !== "STATE_CORRUPT") throw error;
    notes.push(`loopkit: ${formatError(error)}`);
    return void 0;
  }
}
function newRecord(loop, base) {
  return {
    version: 1,
    loop_id: loop.loopId,
    loop_kind: loop.loopKind,
    project_dir: loop.projectDir,
    state_file: loop.stateFile,
    ref: checkpointRef(loop.loopId),
    git_dir: null,
    base_commit: base,
    checkpoints: [],
    failure: null,
    failures: 0
  };
}
async function previousTree(repo, record, head) {
  const last = lastCheckpoint(record);
  if (last) return last.tree;
  return head ? treeOf(repo, head) : null;
}
async function snapshotIteration(loop, now) {
  const repo = findRepo(loop.projectDir);
  if (!repo) return { kind: "none" };
  const files = recordFiles(loop.dataDir, loop.projectDir, loop.loopId);
  try {
    return await withLock(files.record, async () => {
      const read = await readJson(files.record, CheckpointRecordSchema).catch(() => ({ exists: false }));
      const record = read.exists ? read.value : void 0;
      const snapshot = await snapshotTree(repo, loop.projectDir, files.index, record?.git_dir ?? null, !record?.checkpoints.length);
      const changes = await changesBetween(repo, files.index, await previousTree(repo, record, snapshot.head), snapshot.tree);
      return { kind: "ready", repo, snapshot, changes };
    });
  } catch (error) {
    return { kind: "failed", message: formatError(error) };
  }
}
async function recordIteration(loop, pending, facts, now) {
  if (pending.kind === "none") return [];
  const files = recordFiles(loop.dataDir, loop.projectDir, loop.loopId);
  const notes = [];
  try {
    await withLock(files.record, async () => {
      const record = await loadOrRestart(files.record, now, notes) ?? newRecord(loop, pending.kind === "ready" ? pending.snapshot.head : null);
      if (record.checkpoints.some((c) => c.kind === "iteration" && c.iteration === facts.iteration)) return;
      if (pending.kind === "failed") {
        await saveRecord(files.record, withFailure(record, facts.iteration, pending.message, now));
        notes.push(failureNote(loop, facts.iteration, pending.message));
        return;
      }
      try {
        await saveRecord(files.record, await appendCheckpoint(pending.repo, record, { kind: "iteration", id: String(facts.iteration), restored: null, ...facts }, pending, now));
      } catch (error) {
        await saveRecord(files.record, withFailure(record, facts.iteration, formatError(error), now));
        notes.push(failureNote(loop, facts.iteration, formatError(error)));
      }
    });
  } catch (error) {
    notes.push(failureNote(loop, facts.iteration, formatError(error)));
  }
  return notes;
}
async function checkpointIteration(loop, facts, now) {
  const files = recordFiles(loop.dataDir, loop.projectDir, loop.loopId);
  const known = await readJson(files.record, CheckpointRecordSchema).catch(() => ({ exists: false }));
  if (known.exists && known.value.checkpoints.some((c) => c.kind === "iteration" && c.iteration === facts.iteration)) return [];
  return recordIteration(loop, await snapshotIteration(loop, now), facts, now);
}
async function appendCheckpoint(repo, record, facts, ready, now) {
  const base = record.checkpoints.length ? record.base_commit : ready.snapshot.head;
  const parent = lastCheckpoint(record)?.commit ?? base;
  const commit = await commitTree(repo, ready.snapshot.tree, parent, checkpointMessage(record, facts), now);
  await setRef(repo, record.ref, commit);
  const checkpoint = { ...facts, commit, tree: ready.snapshot.tree, parent, at: now.toISOString(), changed: ready.changes };
  return { ...record, git_dir: ready.snapshot.gitDir, base_commit: base, checkpoints: [...record.checkpoints, checkpoint], failure: null };
}
function withFailure(record, iteration, message, now) {
  return { ...record, failure: { at: now.toISOString(), iteration, message }, failures: record.failures + 1 };
}
async function failureNoteOf(loop, iteration, now) {
  const record = await loadRecord(recordFiles(loop.dataDir, loop.projectDir, loop.loopId).record, now).catch(() => void 0);
  return record?.failure?.iteration === iteration ? failureNote(loop, iteration, record.failure.message) : null;
}
function failureNote(loop, iteration, message) {
  return `loopkit could not record a checkpoint of iteration ${iteration} (${message}); the loop goes on, and the next iteration tries again (see loopkit checkpoints ${loop.loopId}).`;
}
function iterationChangesText(pending, limit = 20) {
  if (pending.kind !== "ready") return null;
  const lines = pathLines(pending.changes, limit);
  return [`Changed in this iteration (from loopkit's checkpoints): ${countLine(pending.changes)}`, ...lines.map((line) => `  ${line}`)].join("\n");
}

export {
  checkpointRef,
  transcriptTail,
  promptIdOfTurnWith,
  apiErrorOf,
  apiErrorSummary,
  lastTurnApiError,
  snapshotIteration,
  recordIteration,
  checkpointIteration,
  appendCheckpoint,
  failureNoteOf,
  iterationChangesText
};
