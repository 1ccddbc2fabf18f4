import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  killGroup,
  killGroupAfter
} from "./chunk-B6MR6CO5.js";
import {
  AUDIT_VOTES,
  AutoLoopStateSchema,
  LOOP_STATUSES,
  tokensUsed
} from "./chunk-34DHM3FB.js";
import {
  execa
} from "./chunk-WIBBRVT4.js";
import {
  _enum,
  array,
  int,
  iso_exports,
  literal,
  object,
  readOrKeepAside,
  require_lib,
  strictObject,
  string,
  writeJson,
  writeSessionMarker
} from "./chunk-MX2H4PWZ.js";
import {
  projectKey
} from "./chunk-2LPL6D4U.js";
import {
  LoopkitError,
  __toESM
} from "./chunk-WA7G27RY.js";

// src/auto-loop/mirror.ts
var import_write_file_atomic = __toESM(require_lib(), 1);
import { createHash } from "node:crypto";
import { constants, promises as fs } from "node:fs";
import path from "node:path";

// src/auto-loop/history.ts
var HistoryEntrySchema = object({
  version: literal(1),
  at: iso_exports.datetime(),
  loop_id: string(),
  session_id: string(),
  iteration: int().nonnegative(),
  event: _enum(["start", "gate", "tamper", "blocked-report", "wrap-up", "end", "cancel", "takeover", "foreign-kept-aside", "resume", "phase"]),
  status: _enum(LOOP_STATUSES),
  verdict: _enum(["pass", "flaky", "fail"]).nullable(),
  exit_code: int().nullable(),
  vote: _enum(AUDIT_VOTES).nullable(),
  tokens: int().nonnegative(),
  detail: string(),
  /** On "start" only: the goal, so `loopkit history` can name a loop after the project's next one replaced it. */
  goal: string().optional()
});
function historyEntry(state, now, event, detail, extra = {}) {
  return {
    version: 1,
    at: now.toISOString(),
    loop_id: state.loop_id,
    session_id: state.session_id,
    iteration: state.iteration,
    event,
    status: state.status,
    verdict: null,
    exit_code: null,
    vote: null,
    tokens: tokensUsed(state),
    detail,
    ...extra
  };
}

// src/auto-loop/mirror.ts
var MIRROR_DIR = ".auto-loop";
var KEEP_LOGS = 20;
var MAX_HANDOFF_BYTES = 32 * 1024;
var dirOf = (projectDir) => path.join(projectDir, MIRROR_DIR);
var stamp = (now) => now.toISOString().replace(/[:.]/g, "-");
function mirrorText(state) {
  return `${JSON.stringify({ ...state, mirror_sha256: null }, null, 2)}
`;
}
var sha256 = (text) => createHash("sha256").update(text).digest("hex");
async function ensureDir(projectDir, now) {
  const dir = dirOf(projectDir);
  const info = await fs.lstat(dir).catch(() => null);
  if (info && !info.isDirectory()) await fs.rename(dir, `${dir}-foreign-${stamp(now)}`);
  await fs.mkdir(path.join(dir, "logs"), { recursive: true });
  await (0, import_write_file_atomic.default)(path.join(dir, ".gitignore"), "# written by loopkit: keep the loop's records out of git\n*\n");
  return dir;
}
async function writeMirror(projectDir, state, text, now) {
  const dir = await ensureDir(projectDir, now);
  await (0, import_write_file_atomic.default)(path.join(dir, "goal-state.json"), text);
  const heartbeat = { version: 1, loop_id: state.loop_id, session_id: state.session_id, status: state.status, iteration: state.iteration, at: state.heartbeat_at };
  await (0, import_write_file_atomic.default)(path.join(dir, "heartbeat.json"), `${JSON.stringify(heartbeat, null, 2)}
`);
}
async function appendJsonl(file, entries) {
  if (entries.length === 0) return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.open(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW, 420);
  try {
    await handle.write(entries.map((e) => `${JSON.stringify(HistoryEntrySchema.parse(e))}
`).join(""));
  } finally {
    await handle.close();
  }
}
var mirrorHistoryFile = (projectDir) => path.join(dirOf(projectDir), "gate-history.jsonl");
async function checkMirror(projectDir, expectedSha, now) {
  if (expectedSha === null) return null;
  const file = path.join(dirOf(projectDir), "goal-state.json");
  const text = await fs.readFile(file, "utf8").catch(() => null);
  if (text === null) return { kind: "deleted", keptAs: null };
  if (sha256(text) === expectedSha) return null;
  const aside = path.join(dirOf(projectDir), "tampered", `goal-state-${stamp(now)}.json`);
  await fs.mkdir(path.dirname(aside), { recursive: true });
  await fs.rename(file, aside);
  return { kind: "edited", keptAs: path.relative(projectDir, aside) };
}
async function mirrorIsOurs(projectDir, expectedSha) {
  const text = await fs.readFile(path.join(dirOf(projectDir), "goal-state.json"), "utf8").catch(() => null);
  return text !== null && expectedSha !== null && sha256(text) === expectedSha;
}
async function keepForeignAside(projectDir, now) {
  const dir = dirOf(projectDir);
  if (!await fs.lstat(dir).catch(() => null)) return null;
  const aside = `${dir}-foreign-${stamp(now)}`;
  await fs.rename(dir, aside);
  return path.relative(projectDir, aside);
}
async function writeVerifierLog(projectDir, iteration, run, output, now) {
  const dir = path.join(await ensureDir(projectDir, now), "logs");
  const name = `verifier-${String(iteration).padStart(4, "0")}-${run}.log`;
  await (0, import_write_file_atomic.default)(path.join(dir, name), output);
  const logs = (await fs.readdir(dir)).filter((file) => /^verifier-\d+-\d\.log$/.test(file)).sort();
  await Promise.all(logs.slice(0, Math.max(0, logs.length - KEEP_LOGS)).map((file) => fs.rm(path.join(dir, file), { force: true })));
  return path.join(MIRROR_DIR, "logs", name);
}
async function readHandoff(projectDir) {
  const file = path.join(dirOf(projectDir), "handoff.md");
  const info = await fs.lstat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(Math.min(info.size, MAX_HANDOFF_BYTES));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString("utf8").replace(/\uFFFD+$/, "").trim();
    return text === "" ? null : text;
  } finally {
    await handle.close();
  }
}

// src/auto-loop/store.ts
import path2 from "node:path";
function loopFiles(data, projectDir) {
  const dir = path2.join(data, "auto-loop", projectKey(projectDir));
  return { dir, state: path2.join(dir, "state.json"), history: path2.join(dir, "gate-history.jsonl") };
}
function loadState(file, now) {
  return readOrKeepAside(file, AutoLoopStateSchema, now, "the loop stopped and will not be judged achieved; start a new one when ready");
}
async function persist(files, state, history, now) {
  const text = mirrorText(state);
  const saved = { ...state, mirror_sha256: sha256(text) };
  await writeJson(files.state, AutoLoopStateSchema, saved);
  await appendJsonl(files.history, history);
  await writeMirror(state.project_dir, state, text, now);
  await appendJsonl(mirrorHistoryFile(state.project_dir), history);
  return saved;
}
function writeMarker(data, state, files, now, driver = "session") {
  return writeSessionMarker(data, state.session_id, { kind: "auto-loop", loop_id: state.loop_id, project_dir: state.project_dir, state_file: files.state, driver }, now);
}

// src/auto-loop/transcript-usage.ts
import { promises as fs2 } from "node:fs";
import path3 from "node:path";
var CHUNK = 1024 * 1024;
var KEEP_IDS = 500;
var MAX_SUBAGENT_FILES = 1e3;
var count = (value) => typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
function usageTokens(usage) {
  if (!usage) return 0;
  return count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens) + count(usage.output_tokens);
}
async function readTranscriptDelta(file, cursor, notBefore = null) {
  const seen = new Set(cursor.recentMessageIds);
  const since = notBefore?.getTime() ?? Number.NEGATIVE_INFINITY;
  const delta = { ...cursor, recentMessageIds: [...cursor.recentMessageIds], subagentOffsets: { ...cursor.subagentOffsets }, tokens: 0, toolCalls: 0, contextTokens: null };
  delta.offset = await readFileDelta(file, cursor.offset, seen, delta, since);
  const subagents = path3.join(file.replace(/\.jsonl$/, ""), "subagents");
  const names = (await fs2.readdir(subagents).catch(() => [])).filter((name) => name.endsWith(".jsonl")).sort().slice(0, MAX_SUBAGENT_FILES);
  for (const name of names) {
    delta.subagentOffsets[name] = await readFileDelta(path3.join(subagents, name), cursor.subagentOffsets[name] ?? 0, seen, delta, since);
  }
  delta.recentMessageIds = delta.recentMessageIds.slice(-KEEP_IDS);
  return delta;
}
async function readFileDelta(file, offset, seen, delta, since) {
  let handle;
  try {
    handle = await fs2.open(file, "r");
  } catch (error) {
    if (error.code === "ENOENT") return offset;
    throw error;
  }
  try {
    const { size } = await handle.stat();
    let position = offset > size ? 0 : offset;
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
  if (type !== "assistant" || typeof message !== "object" || message === null) return;
  if (typeof timestamp === "string" && Date.parse(timestamp) < since) return;
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
    delta.contextTokens = count(usage.input_tokens) + count(usage.cache_creation_input_tokens) + count(usage.cache_read_input_tokens);
  }
}

// src/shared/recursion-guard.ts
var RECURSION_GUARD = "VD_AUTOLOOP_DEPTH";
function underRecursionGuard(env) {
  return Boolean(env[RECURSION_GUARD]);
}
function refuseUnderRecursionGuard(env, what) {
  if (!underRecursionGuard(env)) return;
  throw new LoopkitError("USAGE", `${what} does not start inside a Claude Code run that loopkit itself started (${RECURSION_GUARD} is set)`, {
    value: env[RECURSION_GUARD],
    hint: "start loops from your own Claude Code session or terminal"
  });
}

// src/auto-loop/audit-vote.ts
var VoteSchema = strictObject({ vote: _enum(AUDIT_VOTES), reasons: array(string().max(4e3)).max(50) });
var VOTE_KEY = /\\*["']vote\\*["']\s*:/gi;
function parseAuditVote(reply) {
  const lines = reply.trimEnd().split("\n");
  const last = lines[lines.length - 1]?.trim() ?? "";
  let raw;
  try {
    raw = JSON.parse(last);
  } catch {
    return { problem: "the audit's reply does not end with a vote object on its final line" };
  }
  const parsed = VoteSchema.safeParse(raw);
  if (!parsed.success) return { problem: "the final line of the audit's reply is not a valid vote object" };
  if ((last.match(VOTE_KEY)?.length ?? 0) !== 1) return { problem: "the final line of the audit's reply is not a plain vote object" };
  const keys = reply.match(VOTE_KEY)?.length ?? 0;
  if (keys !== 1) return { problem: `the audit's reply holds ${keys} vote objects; exactly one, on the final line, counts` };
  return { vote: parsed.data };
}

// src/shared/bounded-output.ts
var BoundedOutput = class {
  constructor(headLimit, tailLimit) {
    this.headLimit = headLimit;
    this.tailLimit = tailLimit;
  }
  headLimit;
  tailLimit;
  head = Buffer.alloc(0);
  tail = [];
  tailBytes = 0;
  total = 0;
  push(chunk) {
    this.total += chunk.length;
    if (this.head.length < this.headLimit) {
      const take = Math.min(this.headLimit - this.head.length, chunk.length);
      this.head = Buffer.concat([this.head, chunk.subarray(0, take)]);
      chunk = chunk.subarray(take);
    }
    if (chunk.length === 0) return;
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tail.length > 1 && this.tailBytes - this.tail[0].length >= this.tailLimit) {
      this.tailBytes -= this.tail.shift().length;
    }
  }
  /** Head and tail joined, with a marker saying how much was left out in between. */
  text() {
    const tail = Buffer.concat(this.tail);
    const kept = tail.subarray(Math.max(0, tail.length - this.tailLimit));
    const omitted = this.total - this.head.length - kept.length;
    const middle = omitted > 0 ? `
[... ${omitted} bytes of output omitted ...]
` : "";
    return `${this.head.toString("utf8")}${middle}${kept.toString("utf8")}`;
  }
  /** The last `bytes` of the output (from the tail, or the head when the output was short). */
  last(bytes) {
    const all = this.total <= this.headLimit ? this.head : Buffer.concat(this.tail);
    const slice = all.subarray(Math.max(0, all.length - bytes)).toString("utf8");
    return all.length > bytes || this.total > all.length ? `[...]${slice}` : slice;
  }
};

// src/auto-loop/audit.ts
var DEFAULT_AUDIT_TIMEOUT_MS = 10 * 6e4;
var READ_ONLY_TOOLS = ["Read", "Grep", "Glob"];
var DENIED_TOOLS = ["Bash", "Edit", "Write", "MultiEdit", "NotebookEdit", "WebFetch", "WebSearch", "Task", "Agent"];
function auditArgs() {
  return [
    "-p",
    "--output-format",
    "json",
    "--no-session-persistence",
    "--strict-mcp-config",
    "--tools",
    READ_ONLY_TOOLS.join(","),
    "--allowedTools",
    READ_ONLY_TOOLS.join(","),
    "--disallowedTools",
    DENIED_TOOLS.join(",")
  ];
}
async function runAudit(options) {
  const bin = options.env.LOOPKIT_CLAUDE_BIN || "claude";
  const stdout = new BoundedOutput(1024 * 1024, 1024 * 1024);
  const child = execa(bin, auditArgs(), {
    cwd: options.cwd,
    env: { ...options.env, [RECURSION_GUARD]: "1" },
    extendEnv: false,
    input: options.prompt,
    buffer: false,
    stderr: "ignore",
    reject: false,
    detached: true,
    cleanup: true
  });
  const deadline = killGroupAfter(child, options.timeoutMs);
  child.stdout?.on("data", (chunk) => stdout.push(chunk));
  const result = await child;
  deadline.clear();
  if (deadline.timedOut()) return unmet(`the audit timed out after ${Math.round(options.timeoutMs / 1e3)} s`, 0);
  if (result.failed && result.exitCode === void 0) return unmet(`the audit could not run ${bin}: ${result.shortMessage}`, 0);
  return readAuditReply(stdout.text(), result.exitCode ?? null);
}
function readAuditReply(stdout, exitCode) {
  let parsed;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return unmet(`the audit's output is not JSON (exit code ${exitCode ?? "none"})`, 0);
  }
  const result = Array.isArray(parsed) ? [...parsed].reverse().find((event) => event?.type === "result") : parsed;
  const tokens = usageTokens(result?.usage);
  if (typeof result?.result !== "string") return unmet(`the audit's output has no result text (exit code ${exitCode ?? "none"})`, tokens);
  if (result.is_error !== false || result.subtype !== void 0 && result.subtype !== "success") return unmet("the audit ended with an error", tokens);
  if (exitCode !== 0) return unmet(`the audit exited with code ${exitCode ?? "none"}`, tokens);
  const read = parseAuditVote(result.result);
  if ("problem" in read) return unmet(read.problem, tokens);
  return { ...read.vote, failure: null, tokens };
}
function unmet(failure, tokens) {
  return { vote: "unmet", reasons: [failure], failure, tokens };
}

// src/auto-loop/verifier.ts
var DEFAULT_VERIFIER_TIMEOUT_MS = 10 * 6e4;
var KEEP_BYTES = 32 * 1024;
var TAIL_BYTES = 4 * 1024;
async function runVerifier(command, cwd, timeoutMs, env = process.env) {
  const started = Date.now();
  const output = new BoundedOutput(KEEP_BYTES, KEEP_BYTES);
  const child = execa(command, {
    shell: true,
    cwd,
    env,
    extendEnv: false,
    detached: true,
    cleanup: true,
    stdin: "ignore",
    buffer: false,
    all: true,
    reject: false
  });
  child.all?.on("data", (chunk) => output.push(chunk));
  const deadline = killGroupAfter(child, timeoutMs);
  child.on("exit", () => killGroup(child, "SIGKILL"));
  const result = await child;
  deadline.clear();
  const timedOut = deadline.timedOut();
  const exitCode = typeof result.exitCode === "number" ? result.exitCode : null;
  return {
    exitCode,
    passed: !timedOut && exitCode === 0,
    timedOut,
    durationMs: Date.now() - started,
    output: output.text(),
    outputTail: output.last(TAIL_BYTES),
    outputBytes: output.total
  };
}
function verifierRun(outcome, logFile) {
  return {
    exit_code: outcome.exitCode,
    passed: outcome.passed,
    timed_out: outcome.timedOut,
    duration_ms: outcome.durationMs,
    output_tail: outcome.outputTail,
    output_bytes: outcome.outputBytes,
    log_file: logFile
  };
}

// src/auto-loop/settings.ts
var DEFAULT_STALE_MS = 30 * 6e4;
var DEFAULT_CONTEXT_WINDOW = 2e5;
function positive(env, name, fallback) {
  const value = Number(env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}
function readSettings(env) {
  return {
    contextWindow: positive(env, "LOOPKIT_CONTEXT_WINDOW", DEFAULT_CONTEXT_WINDOW),
    verifierTimeoutMs: positive(env, "LOOPKIT_VERIFIER_TIMEOUT_MS", DEFAULT_VERIFIER_TIMEOUT_MS),
    auditTimeoutMs: positive(env, "LOOPKIT_AUDIT_TIMEOUT_MS", DEFAULT_AUDIT_TIMEOUT_MS),
    staleMs: positive(env, "LOOPKIT_STALE_MS", DEFAULT_STALE_MS)
  };
}

export {
  HistoryEntrySchema,
  historyEntry,
  MIRROR_DIR,
  checkMirror,
  mirrorIsOurs,
  keepForeignAside,
  writeVerifierLog,
  readHandoff,
  loopFiles,
  loadState,
  persist,
  writeMarker,
  refuseUnderRecursionGuard,
  BoundedOutput,
  readTranscriptDelta,
  runAudit,
  runVerifier,
  verifierRun,
  readSettings
};
