import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  SESSION_ID_PATTERN,
  sessionMarkerPath
} from "./chunk-EHWOGXT5.js";
import {
  LoopkitError
} from "./chunk-X5LLZUM3.js";

// src/statusline/run.ts
import { promises as fs } from "node:fs";

// src/statusline/find.ts
import { existsSync as existsSync2 } from "node:fs";

// src/state/find-data-dir.ts
import { existsSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
var STATE_FOLDERS = ["sessions", "repeat", "auto-loop"];
function holdsLoopkitState(dir) {
  return STATE_FOLDERS.some((folder) => existsSync(path.join(dir, folder)));
}
var homeOf = (env) => env.HOME || os.homedir();
function defaultDataDir(env) {
  return path.join(homeOf(env), ".loopkit");
}
function dataDirCandidates(env) {
  const pluginData = path.join(env.CLAUDE_CONFIG_DIR || path.join(homeOf(env), ".claude"), "plugins", "data");
  let installed = [];
  try {
    installed = readdirSync(pluginData).filter((name) => name === "loopkit" || name.startsWith("loopkit-")).sort().map((name) => path.join(pluginData, name));
  } catch {
  }
  return [...installed, defaultDataDir(env)].filter(holdsLoopkitState);
}
function namedDataDir(env, pluginData) {
  return env.LOOPKIT_DATA_DIR || pluginData || env.CLAUDE_PLUGIN_DATA || void 0;
}
function findDataDir(env, pluginData) {
  const named = namedDataDir(env, pluginData);
  if (named) return named;
  const candidates = dataDirCandidates(env);
  if (candidates.length > 1) {
    throw new LoopkitError("USAGE", `loopkit state is in several folders: ${candidates.join(", ")}`, {
      value: candidates,
      hint: "name one with --plugin-data <dir> or LOOPKIT_DATA_DIR"
    });
  }
  return candidates[0] ?? null;
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
  const named = namedDataDir(env);
  for (const dataDir of named ? [named] : dataDirCandidates(env)) {
    const file = sessionMarkerPath(dataDir, sessionId);
    if (existsSync2(file)) return { dataDir, file };
  }
  return void 0;
}

// src/statusline/run.ts
async function runStatusline(io) {
  const sessionId = sessionOf(await io.readStdin().catch(() => ""));
  const found = sessionId && findMarker(io.env, sessionId);
  if (!sessionId || !found) return 0;
  const { describeLoop } = await import("./describe-W4HLZVQC.js");
  const line = await describeLoop(await fs.readFile(found.file, "utf8").catch(() => ""), sessionId, io.now());
  if (line) io.stdout(`${line}
`);
  return 0;
}

export {
  defaultDataDir,
  dataDirCandidates,
  namedDataDir,
  findDataDir,
  runStatusline
};
