// Timeouts that end a whole process tree. The child must be spawned `detached`, so that it leads its
// own process group; the group is the one this call created, never a pid read from a file.
import type { ChildProcess } from "node:child_process";

const KILL_GRACE_MS = 2_000;

/** Sends `signal` to the child's process group (POSIX); a group already gone is no error. */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone, or no process groups here (Windows): fall back to the child alone.
    child.kill(signal);
  }
}

/**
 * After `timeoutMs`, SIGTERM the child's whole group, then SIGKILL it after a grace period.
 * `timedOut()` tells whether that happened; `clear()` cancels the timers once the child is done.
 */
export function killGroupAfter(child: ChildProcess, timeoutMs: number): { timedOut(): boolean; clear(): void } {
  let fired = false;
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setTimeout(() => {
      fired = true;
      killGroup(child, "SIGTERM");
      timers.push(setTimeout(() => killGroup(child, "SIGKILL"), KILL_GRACE_MS));
    }, timeoutMs),
  );
  return {
    timedOut: () => fired,
    clear: () => timers.forEach(clearTimeout),
  };
}
