import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/shared/process-group.ts
import { promises as fs } from "node:fs";
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
async function killTagged(tag) {
  if (process.platform !== "linux") return 0;
  const needle = Buffer.from(`\0${RUN_TAG_VAR}=${tag}\0`);
  const pids = (await fs.readdir("/proc").catch(() => [])).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  let killed = 0;
  await Promise.all(
    pids.map(async (pid) => {
      const environ = await fs.readFile(`/proc/${pid}/environ`).catch(() => null);
      if (!environ || !Buffer.concat([Buffer.from([0]), environ]).includes(needle)) return;
      try {
        process.kill(Number(pid), "SIGKILL");
        killed += 1;
      } catch {
      }
    })
  );
  return killed;
}

export {
  killGroup,
  killGroupAfter,
  RUN_TAG_VAR,
  killTagged
};
