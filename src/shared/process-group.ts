// Timeouts that end a whole process tree. The child must be spawned `detached`, so that it leads its
// own process group; the group is the one this call created, never a pid read from a file.
import type { ChildProcess } from "node:child_process";
import { promises as fs } from "node:fs";

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

/** The environment variable that tags every process of one run, so runaways can be found by it. */
export const RUN_TAG_VAR = "LOOPKIT_RUN_TAG";

/**
 * SIGKILLs every process of this user that carries `tag` in RUN_TAG_VAR: the run's whole tree,
 * including what left its process group (setsid, double fork). Linux reads /proc; elsewhere the
 * process group kill is all there is. A process that scrubbed its environment is not found.
 */
export async function killTagged(tag: string): Promise<number> {
  if (process.platform !== "linux") return 0;
  const needle = Buffer.from(`\0${RUN_TAG_VAR}=${tag}\0`);
  const pids = (await fs.readdir("/proc").catch(() => [] as string[])).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  let killed = 0;
  await Promise.all(
    pids.map(async (pid) => {
      const environ = await fs.readFile(`/proc/${pid}/environ`).catch(() => null);
      if (!environ || !Buffer.concat([Buffer.from([0]), environ]).includes(needle)) return;
      try {
        process.kill(Number(pid), "SIGKILL");
        killed += 1;
      } catch {
        // Gone meanwhile.
      }
    }),
  );
  return killed;
}
