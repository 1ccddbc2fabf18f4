import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  FINAL_STATUSES,
  RepeatStateSchema
} from "./chunk-R22UKHTF.js";
import {
  killGroup,
  killGroupAfter
} from "./chunk-PZX5E6UV.js";
import {
  AutoLoopStateSchema,
  LOOP_STATUSES
} from "./chunk-NRKWWEEF.js";
import {
  formatDuration,
  readJson
} from "./chunk-CEDA2V6R.js";
import {
  _enum,
  int,
  literal,
  looseObject,
  object,
  record,
  string,
  unknown
} from "./chunk-PGQLL66H.js";

// src/notify/command.ts
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
var NOTIFY_TIMEOUT_MS = 1e4;
var SAFE_PATH = "/usr/local/bin:/opt/homebrew/bin:/usr/bin:/bin:/usr/sbin:/sbin";
var UserSettingsSchema = looseObject({
  pluginConfigs: record(string(), looseObject({ options: looseObject({ notify_command: unknown().optional() }).optional() })).optional()
});
var userHome = () => os.userInfo().homedir;
function notifyCommand(home) {
  let raw;
  try {
    raw = JSON.parse(readFileSync(path.join(home, ".claude", "settings.json"), "utf8"));
  } catch {
    return null;
  }
  const parsed = UserSettingsSchema.safeParse(raw);
  if (!parsed.success) return null;
  for (const [id, config] of Object.entries(parsed.data.pluginConfigs ?? {})) {
    const command = config.options?.notify_command;
    if (id.split("@")[0] === "loopkit" && typeof command === "string" && command.trim()) return command.trim();
  }
  return null;
}
async function notifyPerson(event, home = userHome(), env = process.env, timeoutMs = NOTIFY_TIMEOUT_MS) {
  if (env.HOME && path.resolve(env.HOME) !== path.resolve(home)) return null;
  const command = notifyCommand(home);
  if (!command) return null;
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
var LoopEventSchema = object({
  version: literal(1),
  /** ended: a final status; paused: a repeat loop waits for --resume; blocked: an auto-loop ended blocked. */
  event: _enum(["ended", "paused", "blocked"]),
  kind: _enum(["repeat", "auto-loop"]),
  loop_id: string(),
  session_id: string(),
  project_dir: string(),
  /** The repeat loop's final status (or "paused"), or the auto-loop's status. */
  status: _enum([...FINAL_STATUSES, "paused", ...LOOP_STATUSES]),
  reason: string().nullable(),
  command: string().nullable(),
  goal: string().nullable(),
  iterations: int().nonnegative(),
  max_iterations: int().positive(),
  started_at: string(),
  ended_at: string().nullable(),
  /** One line for a person, e.g. for a desktop notification. */
  message: string()
});
function standing(loop) {
  if (loop.kind === "repeat") return loop.state.phase === "ended" ? "ended" : loop.state.phase === "paused" ? "paused" : "running";
  return loop.state.status === "pursuing" ? "running" : loop.state.status === "blocked" ? "blocked" : "ended";
}
function loopEvent(before, after) {
  if (!after) return null;
  const now = standing(after);
  if (now === "running") return null;
  if (before && before.state.loop_id === after.state.loop_id && standing(before) === now) return null;
  return after.kind === "repeat" ? repeatEvent(after.state, now) : autoLoopEvent(after.state, now);
}
function repeatEvent(state, event) {
  const passed = state.iterations.filter((it) => it.result === "pass").length;
  const status = state.phase === "paused" ? "paused" : state.final_status ?? "CANCELLED";
  return {
    version: 1,
    event,
    kind: "repeat",
    loop_id: state.loop_id,
    session_id: state.session_id,
    project_dir: state.project_dir,
    status,
    reason: null,
    command: state.command,
    goal: null,
    iterations: state.iterations.length,
    max_iterations: state.max_iterations,
    started_at: state.started_at,
    ended_at: state.ended_at,
    message: `loopkit repeat ${status === "paused" ? "paused" : `ended ${status}`}: ${oneLine(state.command)} - ${state.iterations.length} iteration(s), ${passed} passed (${state.project_dir})`
  };
}
function autoLoopEvent(state, event) {
  const elapsed = state.ended_at ? ` after ${formatDuration(Date.parse(state.ended_at) - Date.parse(state.started_at))}` : "";
  return {
    version: 1,
    event,
    kind: "auto-loop",
    loop_id: state.loop_id,
    session_id: state.session_id,
    project_dir: state.project_dir,
    status: state.status,
    reason: state.status_reason,
    command: null,
    goal: state.goal,
    iterations: state.iteration,
    max_iterations: state.caps.max_iterations,
    started_at: state.started_at,
    ended_at: state.ended_at,
    message: `loopkit auto-loop ${state.status}${state.status_reason ? ` (${oneLine(state.status_reason)})` : ""}: ${oneLine(state.goal)} - ${state.iteration} iteration(s)${elapsed} (${state.project_dir})`
  };
}
var oneLine = (text) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}\u2026` : flat;
};

// src/notify/tell.ts
async function readLoop(kind, stateFile) {
  try {
    if (kind === "repeat") {
      const read2 = await readJson(stateFile, RepeatStateSchema);
      return read2.exists ? { kind, state: read2.value } : void 0;
    }
    const read = await readJson(stateFile, AutoLoopStateSchema);
    return read.exists ? { kind, state: read.value } : void 0;
  } catch {
    return void 0;
  }
}
async function tellPerson(before, after, shown, home, env) {
  const event = loopEvent(before, after);
  if (!event) return [];
  const failure = await notifyPerson(event, home, env).catch((error) => `loopkit: the notify command failed (${String(error)})`);
  return [...shown ? [] : [event.message], ...failure ? [failure] : []];
}

export {
  readLoop,
  tellPerson
};
