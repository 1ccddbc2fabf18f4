import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/shared/process-group.ts
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

export {
  killGroup,
  killGroupAfter
};
