import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  compareSnapshots,
  countChanges,
  countLine,
  pathLines
} from "./chunk-P4IBK2I7.js";
import {
  CheckpointRecordSchema,
  lastCheckpoint,
  loadRecord,
  recordFile,
  saveRecord
} from "./chunk-BUUOZ462.js";
import {
  openRegular
} from "./chunk-QJD4XBMD.js";
import {
  openStore,
  takeSnapshot
} from "./chunk-5F52TF2U.js";
import {
  LoopkitError,
  formatError,
  readJson,
  withLock
} from "./chunk-W3MJS3SN.js";

// src/shared/monotonic.ts
var monotonicMs = () => performance.now();
var spanLeft = (due, now, plannedMs) => Math.max(0, Math.min(Math.max(0, plannedMs), due.getTime() - now.getTime()));
function waitOf(spanMs, clock = monotonicMs) {
  const end = clock() + spanMs;
  return { left: () => Math.max(0, end - clock()) };
}

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
var LOG_IN_AGAIN = "Log in (run claude, then /login) or fix ANTHROPIC_API_KEY, then start the loop again.";
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

// src/shared/report-hint.ts
var reportCommand = (loopId) => `loopkit report ${loopId}`;

// src/session/usage.ts
var count = (value) => typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
function usageTokens(usage) {
  if (!usage) return 0;
  return count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens) + count(usage.output_tokens);
}
function contextTokens(usage) {
  return count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens);
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
    version: 2,
    loop_id: loop.loopId,
    loop_kind: loop.loopKind,
    project_dir: loop.projectDir,
    state_file: loop.stateFile,
    base,
    checkpoints: [],
    failure: null,
    failures: 0
  };
}
var previousSnapshot = (record, base) => lastCheckpoint(record)?.snapshot ?? record?.base ?? base;
async function pendingCheckpoint(loop, snapshot, base) {
  try {
    const read = await readJson(recordFile(loop.dataDir, loop.projectDir, loop.loopId), CheckpointRecordSchema).catch(() => ({
      exists: false
    }));
    const store = openStore(loop.dataDir, loop.projectDir);
    try {
      const changes = countChanges(
        compareSnapshots(store, loop.projectDir, previousSnapshot(read.exists ? read.value : void 0, base), snapshot)
      );
      return { kind: "ready", snapshot, changes };
    } finally {
      store.close();
    }
  } catch (error) {
    return { kind: "failed", message: formatError(error) };
  }
}
async function recordIteration(loop, pending, facts, now, base = null) {
  const file = recordFile(loop.dataDir, loop.projectDir, loop.loopId);
  const notes = [];
  try {
    await withLock(file, async () => {
      const record = await loadOrRestart(file, now, notes) ?? newRecord(loop, base);
      if (record.checkpoints.some((c) => c.kind === "iteration" && c.iteration === facts.iteration)) return;
      if (pending.kind === "failed") {
        await saveRecord(file, withFailure(record, facts.iteration, pending.message, now));
        notes.push(failureNote(loop, facts.iteration, pending.message));
        return;
      }
      await saveRecord(
        file,
        appendCheckpoint(record, { kind: "iteration", id: String(facts.iteration), restored: null, ...facts }, pending, now)
      );
    });
  } catch (error) {
    notes.push(failureNote(loop, facts.iteration, formatError(error)));
  }
  return notes;
}
async function snapshotLoopStart(dataDir, projectDir, deadline) {
  try {
    const taken = await takeSnapshot({ dataDir, projectDir, deadline });
    return { snapshot: taken.snapshot, notes: taken.notes.map((note) => `loopkit: ${note}`) };
  } catch (error) {
    return { snapshot: null, notes: [startFailureNote(formatError(error))] };
  }
}
async function recordLoopBase(loop, start, now) {
  const base = start.snapshot;
  if (!base) return start.notes;
  const file = recordFile(loop.dataDir, loop.projectDir, loop.loopId);
  const notes = [...start.notes];
  try {
    await withLock(file, async () => {
      const record = await loadOrRestart(file, now, notes);
      if (record && (record.base || record.checkpoints.length > 0)) return;
      await saveRecord(file, { ...record ?? newRecord(loop, null), base });
    });
  } catch (error) {
    notes.push(`${startFailureNote(formatError(error))} (see loopkit checkpoints ${loop.loopId})`);
  }
  return notes;
}
var startFailureNote = (why) => `loopkit could not record the project at the loop's start (${why}); the loop goes on, and its first checkpoint counts every file as new`;
async function checkpointIteration(loop, facts, now, deadline) {
  const file = recordFile(loop.dataDir, loop.projectDir, loop.loopId);
  const known = await readJson(file, CheckpointRecordSchema).catch(() => ({ exists: false }));
  if (known.exists && known.value.checkpoints.some((c) => c.kind === "iteration" && c.iteration === facts.iteration)) return [];
  let pending;
  let notes = [];
  try {
    const taken = await takeSnapshot({ dataDir: loop.dataDir, projectDir: loop.projectDir, deadline });
    notes = taken.notes.map((note) => `loopkit: ${note}`);
    pending = await pendingCheckpoint(loop, taken.snapshot, null);
  } catch (error) {
    pending = { kind: "failed", message: formatError(error) };
  }
  return [...notes, ...await recordIteration(loop, pending, facts, now)];
}
function appendCheckpoint(record, facts, ready, now) {
  const checkpoint = { ...facts, snapshot: ready.snapshot, at: now.toISOString(), changed: ready.changes };
  return { ...record, checkpoints: [...record.checkpoints, checkpoint], failure: null };
}
function withFailure(record, iteration, message, now) {
  return { ...record, failure: { at: now.toISOString(), iteration, message }, failures: record.failures + 1 };
}
async function failureNoteOf(loop, iteration, now) {
  const record = await loadRecord(recordFile(loop.dataDir, loop.projectDir, loop.loopId), now).catch(() => void 0);
  return record?.failure?.iteration === iteration ? failureNote(loop, iteration, record.failure.message) : null;
}
function failureNote(loop, iteration, message) {
  return `loopkit could not record a checkpoint of iteration ${iteration} (${message}); the loop goes on, and the next iteration tries again (see loopkit checkpoints ${loop.loopId}).`;
}
function iterationChangesText(pending, limit = 20) {
  if (pending.kind !== "ready") return null;
  const lines = pathLines(pending.changes, limit);
  return [
    `Changed in this iteration (from loopkit's checkpoints): ${countLine(pending.changes)}`,
    ...lines.map((line) => `  ${line}`)
  ].join("\n");
}

// src/shared/nearest-name.ts
function editDistance(a, b) {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
function nearestName(typed, names) {
  const bare = (name) => name.replace(/^-+/, "").toLowerCase();
  let best;
  for (const name of names) {
    const distance = editDistance(bare(typed), bare(name));
    if (distance <= 2 && distance < bare(name).length / 3 && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}

// src/shared/option-grammar.ts
var HELP = { name: "--help", value: "none" };
function usageError(table, message, value) {
  return new LoopkitError("USAGE", message, { value, hint: `run ${table.command} --help for usage` });
}
function noInputError(table) {
  return usageError(table, table.noInput);
}
var valueOf = (parsed, name) => parsed.given.get(name)?.[0];
function unknownOption(name, table, alsoKnown) {
  const nearest = nearestName(name, [...table.options.map((option) => option.name), ...Object.keys(table.elsewhere ?? {}), ...alsoKnown]);
  return `unknown option ${name}${nearest ? `: did you mean ${nearest}?` : ""} ${table.unknownHint}`;
}
function parseOptions(words, table, alsoKnown = []) {
  if (words.length === 0) return { kind: "empty" };
  const specs = new Map([HELP, ...table.options].map((spec) => [spec.name, spec]));
  const nameOf = (word) => {
    const eq = word.value.indexOf("=");
    return eq === -1 ? word.value : word.value.slice(0, eq);
  };
  const isOption = (word) => word !== void 0 && word.option && specs.has(nameOf(word));
  const given = /* @__PURE__ */ new Map();
  const text = [];
  let help = false;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i];
    if (word.option && word.value === "--") {
      text.push(...words.slice(i + 1));
      break;
    }
    if (word.value === "-h" && word.raw === "-h") {
      help = true;
      continue;
    }
    if (!word.option) {
      text.push(word);
      continue;
    }
    const name = nameOf(word);
    const spec = specs.get(name);
    if (!spec) {
      const there = table.elsewhere?.[name];
      throw usageError(table, there ? `${name} ${there}` : unknownOption(name, table, alsoKnown), name);
    }
    if (spec === HELP) {
      help = true;
      continue;
    }
    if (given.has(name) && !spec.repeatable) throw usageError(table, `${name} is given twice`, name);
    const eq = word.value.indexOf("=");
    let value;
    if (spec.value === "none") {
      if (eq !== -1) throw usageError(table, `${name} takes no value`, word.value);
      value = "";
    } else if (spec.value === "command") {
      const parts = eq === -1 ? [] : [{ value: word.value.slice(eq + 1), raw: word.raw.slice(word.raw.indexOf("=") + 1), option: false }];
      while (i + 1 < words.length && !isOption(words[i + 1])) parts.push(words[++i]);
      value = (parts.length === 1 ? parts[0].value : parts.map((part) => part.raw).join(" ")).trim();
    } else if (eq !== -1) {
      value = word.value.slice(eq + 1);
    } else {
      value = i + 1 < words.length && !isOption(words[i + 1]) ? words[++i].value : "";
    }
    if (spec.value !== "none" && value === "") throw usageError(table, `${name} needs ${spec.needs ?? "a value"}`, name);
    given.set(name, [...given.get(name) ?? [], value]);
  }
  if (help) {
    if (words.length > 1) throw usageError(table, "--help takes no other arguments");
    return { kind: "help" };
  }
  for (const name of given.keys()) {
    const partner = specs.get(name)?.with;
    if (partner && !given.has(partner)) throw usageError(table, `${name} goes with ${partner} only`);
  }
  return { kind: "options", given, text };
}

export {
  usageError,
  noInputError,
  valueOf,
  parseOptions,
  monotonicMs,
  spanLeft,
  waitOf,
  reportCommand,
  usageTokens,
  contextTokens,
  transcriptTail,
  promptIdOfTurnWith,
  LOG_IN_AGAIN,
  apiErrorOf,
  apiErrorSummary,
  lastTurnApiError,
  pendingCheckpoint,
  recordIteration,
  snapshotLoopStart,
  recordLoopBase,
  checkpointIteration,
  appendCheckpoint,
  failureNoteOf,
  iterationChangesText
};
