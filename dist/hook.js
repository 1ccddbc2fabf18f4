import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url);
import {
  readStdin
} from "./chunks/chunk-SMR3HDDR.js";
import {
  SESSION_ID_PATTERN,
  dataDir,
  sessionMarkerPath
} from "./chunks/chunk-Y3X5W6AV.js";
import "./chunks/chunk-AZVWYXPZ.js";

// src/hook/main.ts
import { existsSync } from "node:fs";
function warn(line) {
  process.stderr.write(`loopkit: ${line.replace(/\s+/g, " ").trim()}
`);
}
async function main() {
  if (process.env.VD_AUTOLOOP_DEPTH) return;
  let payload;
  try {
    payload = JSON.parse(await readStdin());
  } catch (error) {
    warn(`ignoring hook input that is not valid JSON (${error.message})`);
    return;
  }
  const sessionId = payload?.session_id;
  if (typeof sessionId !== "string" || !SESSION_ID_PATTERN.test(sessionId)) {
    warn("ignoring hook input without a usable session_id; no loop acts in a session it cannot identify");
    return;
  }
  const data = dataDir();
  if (!existsSync(sessionMarkerPath(data, sessionId))) return;
  const { dispatchHook } = await import("./chunks/dispatch-AU6WS5TJ.js");
  const output = await dispatchHook(payload, data);
  if (output) process.stdout.write(`${JSON.stringify(output)}
`);
}
main().then(
  () => {
    process.exitCode = 0;
  },
  (error) => {
    warn(`hook failed, letting the session go on: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 0;
  }
);
