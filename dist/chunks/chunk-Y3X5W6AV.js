import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url);

// src/state/paths.ts
import os from "node:os";
import path from "node:path";
function dataDir(env = process.env) {
  return env.LOOPKIT_DATA_DIR || env.CLAUDE_PLUGIN_DATA || path.join(os.homedir(), ".loopkit");
}
var SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
function sessionMarkerPath(data, sessionId) {
  return path.join(data, "sessions", `${sessionId}.json`);
}

export {
  dataDir,
  SESSION_ID_PATTERN,
  sessionMarkerPath
};
