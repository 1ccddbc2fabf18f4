const __loopkitEntryUrl = require("node:url").pathToFileURL(__filename).href;
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// src/hook/main.ts
var import_node_fs5 = require("node:fs");
var import_node_path5 = __toESM(require("node:path"), 1);

// src/shared/read-piped-input.ts
var import_node_fs = require("node:fs");
async function readPipedInput() {
  try {
    return (0, import_node_fs.readFileSync)(0, "utf8");
  } catch (error) {
    if (error.code !== "EAGAIN") throw error;
    const chunks = [];
    for await (const chunk of process.stdin) chunks.push(chunk);
    return Buffer.concat(chunks).toString("utf8");
  }
}

// src/auto-loop/hook-events.ts
var import_node_fs2 = require("node:fs");
var import_node_path = __toESM(require("node:path"), 1);

// src/session/loopkit-command.ts
function isLoopkitCommandPrompt(prompt) {
  return typeof prompt === "string" && /^\s*\/(?:loopkit:)?(?:auto-loop|repeat)(?:\s|$)/.test(prompt);
}
function isClaudeCodeNotice(prompt) {
  return typeof prompt === "string" && /^\s*<task-notification>/.test(prompt);
}
var isNotThePersonsWord = (prompt) => isLoopkitCommandPrompt(prompt) || isClaudeCodeNotice(prompt);

// src/auto-loop/core/retry-tag.ts
var RETRY_TAG = "loopkit auto-loop: your last turn was cut off by an API error";

// src/auto-loop/hook-events.ts
var resumePendingFile = (stateFile) => import_node_path.default.join(import_node_path.default.dirname(stateFile), "resume-pending.json");
var isLoopPrompt = (prompt) => isNotThePersonsWord(prompt) || typeof prompt === "string" && prompt.includes(RETRY_TAG);
var autoLoopActsOn = ({ payload, marker, background }) => {
  if (background) return payload.hook_event_name !== "Stop";
  switch (payload.hook_event_name) {
    case "UserPromptSubmit":
      if (typeof marker.state_file !== "string" || (0, import_node_fs2.existsSync)(resumePendingFile(marker.state_file))) return true;
      return marker.driver !== "run" && !isLoopPrompt(payload.prompt);
    case "SessionStart":
      return !(typeof payload.source === "string" && payload.source !== "resume" && payload.source !== "compact");
    default:
      return true;
  }
};
var autoLoopEntry = { kind: "auto-loop", command: "loopkit:auto-loop", actsOn: autoLoopActsOn };

// src/repeat/hook-events.ts
var import_node_fs3 = require("node:fs");
var ITERATION_TAG_START = "loopkit repeat: iteration ";
var repeatActsOn = ({ payload, marker }) => {
  switch (payload.hook_event_name) {
    case "UserPromptSubmit":
      return typeof payload.prompt === "string" && payload.prompt.includes(ITERATION_TAG_START) || iterationRuns(marker.state_file);
    case "SessionStart":
      return !(typeof payload.source === "string" && payload.source !== "resume");
    default:
      return true;
  }
};
var repeatEntry = { kind: "repeat", command: "loopkit:repeat", actsOn: repeatActsOn };
function iterationRuns(stateFile) {
  if (typeof stateFile !== "string") return false;
  try {
    return JSON.parse((0, import_node_fs3.readFileSync)(stateFile, "utf8"))?.phase === "running";
  } catch {
    return false;
  }
}

// src/loops/entry.ts
var LOOP_KIND_ENTRIES = {
  repeat: repeatEntry,
  "auto-loop": autoLoopEntry
};
function entryOf(kind) {
  return typeof kind === "string" && Object.hasOwn(LOOP_KIND_ENTRIES, kind) ? LOOP_KIND_ENTRIES[kind] : void 0;
}
function kindOfCommand(command) {
  return Object.values(LOOP_KIND_ENTRIES).find((entry) => entry.command === command)?.kind;
}

// src/shared/recursion-guard.ts
var RECURSION_GUARD = "VD_AUTOLOOP_DEPTH";
function underRecursionGuard(env) {
  return Boolean(env[RECURSION_GUARD]);
}

// src/hook/skill-request.ts
var import_node_path2 = __toESM(require("node:path"), 1);

// src/shared/typed-answer.ts
var KEY = "loopkit_answer";
function typedAnswerOf(stdout) {
  const line = stdout.trim();
  if (!line.startsWith("{") || line.includes("\n")) return null;
  try {
    const value = JSON.parse(line);
    const answer = typeof value === "object" && value !== null ? value[KEY] : void 0;
    return typeof answer === "string" && answer.trim() !== "" ? answer : null;
  } catch {
    return null;
  }
}

// src/hook/skill-request.ts
var CLI_TIMEOUT_MS = 28e4;
function skillRequestOf(payload) {
  if (payload.hook_event_name !== "UserPromptExpansion" || payload.expansion_type !== "slash_command" || payload.command_source !== "plugin")
    return null;
  const kind = kindOfCommand(payload.command_name);
  if (!kind) return null;
  return { kind, args: typeof payload.command_args === "string" ? payload.command_args : "" };
}
async function carryOutSkillRequest(request, sessionId, pluginData) {
  const { spawnSync } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const cli = import_node_path2.default.join(import_node_path2.default.dirname(fileURLToPath(__loopkitEntryUrl)), "cli.js");
  const args = [
    cli,
    request.kind,
    "--from-hook",
    "--session",
    sessionId,
    "--claude-pid",
    String(process.ppid),
    ...pluginData ? ["--plugin-data", pluginData] : [],
    "--args-stdin"
  ];
  const run = spawnSync(process.execPath, args, {
    input: request.args,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: CLI_TIMEOUT_MS,
    killSignal: "SIGKILL"
  });
  if (run.error) return { ok: false, detail: run.error.message, answer: null };
  return run.status === 0 ? { ok: true, detail: "", answer: typedAnswerOf(run.stdout ?? "") } : { ok: false, detail: `exit ${run.status ?? run.signal}: ${(run.stderr ?? "").trim()}`, answer: null };
}

// src/state/paths.ts
var import_node_path3 = __toESM(require("node:path"), 1);
var SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
function sessionMarkerPath(data, sessionId) {
  return import_node_path3.default.join(data, "sessions", `${sessionId}.json`);
}
function sessionAnswerPath(data, sessionId) {
  return import_node_path3.default.join(data, "answers", `${sessionId}.json`);
}

// src/state/locate.ts
var import_node_fs4 = require("node:fs");
var import_node_os = __toESM(require("node:os"), 1);
var import_node_path4 = __toESM(require("node:path"), 1);

// src/shared/loop-kinds.ts
var LOOP_KINDS = ["repeat", "auto-loop"];

// src/state/locate.ts
var STATE_FOLDERS = ["sessions", ...LOOP_KINDS];
var homeOf = (env) => env.HOME || import_node_os.default.homedir();
var markerIn = (dir, session) => session !== void 0 && (0, import_node_fs4.existsSync)(sessionMarkerPath(dir, session));
var holdsSession = (dir, session) => markerIn(dir, session) || session !== void 0 && (0, import_node_fs4.existsSync)(sessionAnswerPath(dir, session));
function locateDataDir(from) {
  const { env, pluginData } = from;
  const session = from.session !== void 0 && SESSION_ID_PATTERN.test(from.session) ? from.session : void 0;
  if (from.pinned && pluginData && import_node_path4.default.isAbsolute(pluginData) && holdsSession(pluginData, session))
    return { dir: pluginData, by: "pinned" };
  if (env.LOOPKIT_DATA_DIR) return { dir: env.LOOPKIT_DATA_DIR, by: "LOOPKIT_DATA_DIR" };
  if (pluginData) return { dir: pluginData, by: "--plugin-data" };
  if (env.CLAUDE_PLUGIN_DATA) return { dir: env.CLAUDE_PLUGIN_DATA, by: "CLAUDE_PLUGIN_DATA" };
  const holding = foldersWithState(env);
  const withMarker = holding.filter((dir) => markerIn(dir, session));
  const found = withMarker.length > 0 ? withMarker : holding;
  if (found.length > 1) {
    const [dir, ...others] = [...found].sort((a, b) => lastWritten(b) - lastWritten(a));
    return { dir, by: "written to last of several", others };
  }
  return found[0] ? { dir: found[0], by: "holds loopkit state" } : null;
}
function lastWritten(dir) {
  let newest = 0;
  for (const folder of STATE_FOLDERS.map((name) => import_node_path4.default.join(dir, name))) {
    let entries = [];
    try {
      entries = (0, import_node_fs4.readdirSync)(folder);
    } catch {
      continue;
    }
    for (const entry of [folder, ...entries.map((name) => import_node_path4.default.join(folder, name))])
      newest = Math.max(newest, (0, import_node_fs4.statSync)(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  }
  return newest;
}
function foldersWithState(env) {
  const pluginData = import_node_path4.default.join(env.CLAUDE_CONFIG_DIR || import_node_path4.default.join(homeOf(env), ".claude"), "plugins", "data");
  let installed = [];
  try {
    installed = (0, import_node_fs4.readdirSync)(pluginData).filter((name) => name === "loopkit" || name.startsWith("loopkit-")).sort().map((name) => import_node_path4.default.join(pluginData, name));
  } catch {
  }
  return [...installed, startDataDir(env)].filter((dir) => STATE_FOLDERS.some((folder) => (0, import_node_fs4.existsSync)(import_node_path4.default.join(dir, folder))));
}
function startDataDir(env) {
  return import_node_path4.default.join(homeOf(env), ".loopkit");
}
function locateMarker(from) {
  if (!SESSION_ID_PATTERN.test(from.session)) return void 0;
  let found;
  try {
    found = locateDataDir(from);
  } catch {
    return void 0;
  }
  const file = found && sessionMarkerPath(found.dir, from.session);
  return found && file && (0, import_node_fs4.existsSync)(file) ? { dataDir: found.dir, file } : void 0;
}

// src/hook/main.ts
var BACKGROUND = process.argv.includes("--background");
function pluginDataArg() {
  const at = process.argv.indexOf("--plugin-data");
  const value = at === -1 ? void 0 : process.argv[at + 1];
  return value && import_node_path5.default.isAbsolute(value) ? value : void 0;
}
function warn(line) {
  process.stderr.write(`loopkit: ${line.replace(/\s+/g, " ").trim()}
`);
}
function mayAct(payload, markerFile) {
  let marker;
  try {
    marker = JSON.parse((0, import_node_fs5.readFileSync)(markerFile, "utf8"));
  } catch {
    return true;
  }
  if (typeof marker !== "object" || marker === null) return true;
  const actsOn = entryOf(marker.kind)?.actsOn;
  return actsOn ? actsOn({ payload, marker, background: BACKGROUND }) : true;
}
async function main() {
  let payload;
  try {
    payload = JSON.parse(await readPipedInput());
  } catch (error) {
    warn(`ignoring hook input that is not valid JSON (${error.message})`);
    return;
  }
  const sessionId = payload?.session_id;
  if (typeof sessionId !== "string" || !SESSION_ID_PATTERN.test(sessionId)) {
    warn("ignoring hook input without a usable session_id; no loop acts in a session it cannot identify");
    return;
  }
  const request = skillRequestOf(payload);
  if (request) {
    const done = await carryOutSkillRequest(request, sessionId, pluginDataArg());
    if (!done.ok) warn(`could not carry out /loopkit:${request.kind}: ${done.detail}`);
    if (done.answer !== null) process.stdout.write(`${JSON.stringify({ decision: "block", reason: done.answer })}
`);
    return;
  }
  const found = locateMarker({ env: process.env, pluginData: pluginDataArg(), session: sessionId, pinned: true });
  if (!found || !mayAct(payload, found.file)) return;
  const data = found.dataDir;
  if (underRecursionGuard(process.env)) warn(`${RECURSION_GUARD} is set in a session that owns a loop; judging it all the same`);
  const activePath = new URL("./hook-active.js", __loopkitEntryUrl).href;
  const active = await import(activePath);
  if (!BACKGROUND) {
    const output = await active.dispatchHook(payload, data);
    if (output) process.stdout.write(`${JSON.stringify(output)}
`);
    return;
  }
  const wake = await active.dispatchBackground(payload, data);
  if (wake.message) process.stdout.write(`${JSON.stringify({ systemMessage: wake.message })}
`);
  if (wake.kind !== "wake") return;
  process.stderr.write(`
${wake.prompt}`);
  process.exitCode = 2;
}
main().then(
  () => {
    process.exitCode ??= 0;
  },
  (error) => {
    const line = `loopkit's hook failed before it could judge this session's loop: ${error instanceof Error ? error.message : String(error)}. Check it with /loopkit:auto-loop --status or /loopkit:repeat --status.`;
    warn(line);
    process.stdout.write(`${JSON.stringify({ systemMessage: line })}
`);
    process.exitCode = 0;
  }
);
