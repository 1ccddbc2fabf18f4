import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  killGroup,
  killGroupAfter
} from "./chunk-DTFUBUZW.js";
import {
  pluginOption,
  userHome
} from "./chunk-DO5LNKWI.js";
import {
  loadLoopKind
} from "./chunk-67AC7KIT.js";
import {
  readJson
} from "./chunk-W3MJS3SN.js";

// src/notify/command.ts
import { spawn } from "node:child_process";
import path from "node:path";
var NOTIFY_TIMEOUT_MS = 1e4;
var SAFE_PATH = "/usr/local/bin:/opt/homebrew/bin:/usr/bin:/bin:/usr/sbin:/sbin";
function notifyCommand(home) {
  const command = pluginOption(home, "notify_command");
  return typeof command === "string" && command.trim() ? command.trim() : null;
}
async function notifyPerson(event, home = userHome(), env = process.env, timeoutMs = NOTIFY_TIMEOUT_MS) {
  const command = notifyCommand(home);
  if (!command) return null;
  if (env.HOME && path.resolve(env.HOME) !== path.resolve(home))
    return `loopkit: your notify_command was not run: HOME (${env.HOME}) is not your account's home (${home}), so this may not be your own environment`;
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      cwd: home,
      env: process.platform === "win32" ? env : {
        PATH: SAFE_PATH,
        HOME: home,
        LANG: env.LANG ?? "C.UTF-8",
        ...env.DISPLAY ? { DISPLAY: env.DISPLAY } : {},
        ...env.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: env.DBUS_SESSION_BUS_ADDRESS } : {}
      },
      detached: process.platform !== "win32",
      stdio: ["pipe", "ignore", "ignore"]
    });
    const deadline = killGroupAfter(child, timeoutMs);
    child.stdin.on("error", () => void 0);
    child.stdin.end(`${JSON.stringify(event)}
`);
    child.on("error", (error) => {
      deadline.clear();
      resolve(`loopkit: the notify command could not start (${error.message})`);
    });
    child.on("exit", (code, signal) => {
      deadline.clear();
      killGroup(child, "SIGKILL");
      if (deadline.timedOut()) resolve(`loopkit: the notify command took over ${timeoutMs / 1e3} s and was stopped`);
      else if (code !== 0) resolve(`loopkit: the notify command failed (${code === null ? `signal ${signal}` : `exit ${code}`})`);
      else resolve(null);
    });
  });
}

// src/notify/event.ts
async function loopEvent(before, after) {
  if (!after) return null;
  const { notify } = await loadLoopKind(after.kind);
  const now = notify.standing(after.state);
  if (now === "running") return null;
  if (before && before.kind === after.kind && before.state.loop_id === after.state.loop_id && notify.standing(before.state) === now)
    return null;
  const { state } = after;
  const tale = notify.tale(state);
  return {
    version: 1,
    event: now,
    kind: after.kind,
    loop_id: state.loop_id,
    session_id: state.session_id,
    project_dir: state.project_dir,
    status: tale.status,
    reason: tale.reason,
    command: tale.command,
    goal: tale.goal,
    iterations: tale.iterations,
    max_iterations: tale.max_iterations,
    started_at: state.started_at,
    ended_at: state.ended_at,
    message: tale.message
  };
}

// src/notify/tell.ts
async function readLoop(kind, stateFile) {
  try {
    const read = await readJson(stateFile, (await loadLoopKind(kind)).stateSchema);
    return read.exists ? { kind, state: read.value } : void 0;
  } catch {
    return void 0;
  }
}
async function tellPerson(before, after, shown, home, env, dataDir) {
  const event = await loopEvent(before, after);
  if (!event) return [];
  const failure = await notifyPerson(event, home, env).catch((error) => `loopkit: the notify command failed (${String(error)})`);
  const tidied = dataDir && event.event !== "paused" ? await housekeep(dataDir, home) : null;
  return [...shown ? [] : [event.message], ...failure ? [failure] : [], ...tidied ? [tidied] : []];
}
async function housekeep(dataDir, home = userHome()) {
  const [{ autoPrune }, { prunePolicy }] = await Promise.all([import("./housekeeping-ACPEL6DP.js"), import("./auto-prune-COOHYU5F.js")]);
  return autoPrune(dataDir, /* @__PURE__ */ new Date(), prunePolicy(home));
}

export {
  readLoop,
  tellPerson
};
