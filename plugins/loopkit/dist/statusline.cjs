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

// src/statusline/run.ts
var import_node_fs3 = require("node:fs");

// src/state/locate.ts
var import_node_fs2 = require("node:fs");
var import_node_os = __toESM(require("node:os"), 1);
var import_node_path2 = __toESM(require("node:path"), 1);

// src/shared/loop-kinds.ts
var LOOP_KINDS = ["repeat", "auto-loop"];

// src/state/paths.ts
var import_node_path = __toESM(require("node:path"), 1);
var SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
function sessionMarkerPath(data, sessionId) {
  return import_node_path.default.join(data, "sessions", `${sessionId}.json`);
}
function sessionAnswerPath(data, sessionId) {
  return import_node_path.default.join(data, "answers", `${sessionId}.json`);
}

// src/state/locate.ts
var STATE_FOLDERS = ["sessions", ...LOOP_KINDS];
var homeOf = (env) => env.HOME || import_node_os.default.homedir();
var markerIn = (dir, session) => session !== void 0 && (0, import_node_fs2.existsSync)(sessionMarkerPath(dir, session));
var holdsSession = (dir, session) => markerIn(dir, session) || session !== void 0 && (0, import_node_fs2.existsSync)(sessionAnswerPath(dir, session));
function locateDataDir(from) {
  const { env, pluginData } = from;
  const session = from.session !== void 0 && SESSION_ID_PATTERN.test(from.session) ? from.session : void 0;
  if (from.pinned && pluginData && import_node_path2.default.isAbsolute(pluginData) && holdsSession(pluginData, session))
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
  for (const folder of STATE_FOLDERS.map((name) => import_node_path2.default.join(dir, name))) {
    let entries = [];
    try {
      entries = (0, import_node_fs2.readdirSync)(folder);
    } catch {
      continue;
    }
    for (const entry of [folder, ...entries.map((name) => import_node_path2.default.join(folder, name))])
      newest = Math.max(newest, (0, import_node_fs2.statSync)(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  }
  return newest;
}
function foldersWithState(env) {
  const pluginData = import_node_path2.default.join(env.CLAUDE_CONFIG_DIR || import_node_path2.default.join(homeOf(env), ".claude"), "plugins", "data");
  let installed = [];
  try {
    installed = (0, import_node_fs2.readdirSync)(pluginData).filter((name) => name === "loopkit" || name.startsWith("loopkit-")).sort().map((name) => import_node_path2.default.join(pluginData, name));
  } catch {
  }
  return [...installed, startDataDir(env)].filter((dir) => STATE_FOLDERS.some((folder) => (0, import_node_fs2.existsSync)(import_node_path2.default.join(dir, folder))));
}
function startDataDir(env) {
  return import_node_path2.default.join(homeOf(env), ".loopkit");
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
  return found && file && (0, import_node_fs2.existsSync)(file) ? { dataDir: found.dir, file } : void 0;
}

// src/statusline/find.ts
function sessionOf(input) {
  let payload;
  try {
    payload = JSON.parse(input);
  } catch {
    return void 0;
  }
  const id = payload?.session_id;
  return typeof id === "string" && SESSION_ID_PATTERN.test(id) ? id : void 0;
}
function findMarker(env, sessionId) {
  return locateMarker({ env, session: sessionId });
}

// src/statusline/run.ts
async function runStatusline(io, loadDescribe) {
  const sessionId = sessionOf(await io.readStdin().catch(() => ""));
  const found = sessionId && findMarker(io.env, sessionId);
  if (!sessionId || !found) return 0;
  const { describeLoop } = await loadDescribe();
  const line = await describeLoop(await import_node_fs3.promises.readFile(found.file, "utf8").catch(() => ""), sessionId, io.now());
  if (line) io.stdout(`${line}
`);
  return 0;
}

// src/statusline/main.ts
var activePath = new URL("./statusline-active.js", __loopkitEntryUrl).href;
runStatusline(
  { readStdin: readPipedInput, stdout: (text) => process.stdout.write(text), env: process.env, now: () => /* @__PURE__ */ new Date() },
  () => import(activePath)
).then(
  () => void 0,
  () => void 0
);
