import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/shared/process-group.ts
import { spawn } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";
var KILL_GRACE_MS = 2e3;
function killGroup(child, signal) {
  if (child.pid === void 0) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}
function killGroupAfter(child, timeoutMs) {
  let fired = false;
  const timers = [];
  timers.push(
    setTimeout(() => {
      fired = true;
      killGroup(child, "SIGTERM");
      timers.push(setTimeout(() => killGroup(child, "SIGKILL"), KILL_GRACE_MS));
    }, timeoutMs)
  );
  return {
    timedOut: () => fired,
    clear: () => timers.forEach(clearTimeout)
  };
}
var RUN_TAG_VAR = "LOOPKIT_RUN_TAG";
var RUN_OWNER_VAR = "LOOPKIT_RUN_OWNER";
var ownerId = () => `${process.pid}:${startTime(process.pid) ?? "?"}`;
function ownerGone(owner) {
  if (process.platform !== "linux") return false;
  const [pid, started] = owner.split(":");
  return !/^\d+$/.test(pid ?? "") || startTime(Number(pid)) !== started;
}
function runTagEnv(tag) {
  return { [RUN_TAG_VAR]: tag, [RUN_OWNER_VAR]: ownerId() };
}
function startTime(pid) {
  if (process.platform !== "linux") return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}
async function taggedProcesses() {
  if (process.platform !== "linux") return [];
  const pids = (await fs.readdir("/proc").catch(() => [])).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  const found = await Promise.all(
    pids.map(async (pid) => {
      const environ = await fs.readFile(`/proc/${pid}/environ`).catch(() => null);
      if (!environ) return null;
      const vars = environ.toString("utf8").split("\0");
      const tag = vars.find((v) => v.startsWith(`${RUN_TAG_VAR}=`))?.slice(RUN_TAG_VAR.length + 1);
      if (!tag) return null;
      const owner = vars.find((v) => v.startsWith(`${RUN_OWNER_VAR}=`))?.slice(RUN_OWNER_VAR.length + 1) ?? "";
      return { pid: Number(pid), tag, owner };
    })
  );
  return found.filter((p) => p !== null);
}
var sigkill = (pid) => {
  try {
    process.kill(pid, "SIGKILL");
    return true;
  } catch {
    return false;
  }
};
async function killTagged(tag) {
  return (await taggedProcesses()).filter((p) => p.tag === tag && sigkill(p.pid)).length;
}
async function endOrphanedRuns() {
  const orphans = (await taggedProcesses()).filter(({ owner }) => ownerGone(owner));
  return orphans.filter((p) => sigkill(p.pid)).length;
}
var SENTINEL = `
const fs = require("fs");
const [owner, started, tag] = process.argv.slice(1);
const startOf = (pid) => { try { const s = fs.readFileSync("/proc/" + pid + "/stat", "utf8"); return s.slice(s.lastIndexOf(")") + 2).split(" ")[19]; } catch { return null; } };
const carries = (pid) => { try { return fs.readFileSync("/proc/" + pid + "/environ", "utf8").split("\\0").includes("${RUN_TAG_VAR}=" + tag); } catch { return false; } };
const timer = setInterval(() => {
  if (startOf(owner) === started) return;
  clearInterval(timer);
  for (const pid of fs.readdirSync("/proc").filter((name) => /^\\d+$/.test(name) && carries(name))) try { process.kill(Number(pid), "SIGKILL"); } catch {}
}, 500);
`;
function guardRunWithSentinel(tag) {
  const started = startTime(process.pid);
  if (process.platform !== "linux" || started === null) return () => void 0;
  const sentinel = spawn(process.execPath, ["-e", SENTINEL, String(process.pid), started, tag], {
    detached: true,
    stdio: "ignore",
    env: {}
  });
  sentinel.on("error", () => void 0);
  sentinel.unref();
  return () => void (sentinel.exitCode === null && sentinel.kill("SIGKILL"));
}
var SIGNAL_GRACE_MS = 500;
var ENDING_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"];
var liveGroups = /* @__PURE__ */ new Map();
var ending = false;
function endGroupOnSignal(child, tag) {
  const pid = child.pid;
  if (pid === void 0 || process.platform === "win32") return () => void 0;
  if (ending) {
    killGroup(child, "SIGKILL");
    return () => void 0;
  }
  if (liveGroups.size === 0) for (const signal of ENDING_SIGNALS) process.on(signal, endGroupsThenExit);
  liveGroups.set(pid, tag);
  return () => {
    if (!liveGroups.delete(pid) || liveGroups.size > 0 || ending) return;
    for (const signal of ENDING_SIGNALS) process.removeListener(signal, endGroupsThenExit);
  };
}
function endGroupsThenExit(signal) {
  if (ending) return;
  ending = true;
  const groups = [...liveGroups];
  const signalAll = (sig) => groups.forEach(([pgid]) => signalGroup(pgid, sig));
  signalAll("SIGTERM");
  setTimeout(() => {
    signalAll("SIGKILL");
    void Promise.all(groups.map(([, tag]) => tag ? killTagged(tag) : 0)).finally(() => {
      for (const sig of ENDING_SIGNALS) process.removeListener(sig, endGroupsThenExit);
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }, SIGNAL_GRACE_MS);
}
function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
  } catch {
  }
}

export {
  killGroup,
  killGroupAfter,
  ownerId,
  ownerGone,
  runTagEnv,
  killTagged,
  endOrphanedRuns,
  guardRunWithSentinel,
  endGroupOnSignal
};
