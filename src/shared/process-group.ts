// Timeouts that end a whole process tree. The child must be spawned `detached`, so that it leads its
// own process group; the group is the one this call created, never a pid read from a file.
import { spawn, type ChildProcess } from "node:child_process";
import { promises as fs, readFileSync } from "node:fs";

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
/** Which loopkit process owns the run ("<pid>:<start time>"): a run whose owner is gone is an orphan. */
export const RUN_OWNER_VAR = "LOOPKIT_RUN_OWNER";

/** This process as an owner: "<pid>:<start time>", which a later process under the same pid does not match. */
export const ownerId = (): string => `${process.pid}:${startTime(process.pid) ?? "?"}`;

/** Whether the process an ownerId named is gone (or its pid now belongs to another process). Linux; elsewhere never known gone. */
export function ownerGone(owner: string): boolean {
  if (process.platform !== "linux") return false;
  const [pid, started] = owner.split(":");
  return !/^\d+$/.test(pid ?? "") || startTime(Number(pid)) !== started;
}

/** The variables that tag a child's whole tree as one run of this process. */
export function runTagEnv(tag: string): Record<string, string> {
  return { [RUN_TAG_VAR]: tag, [RUN_OWNER_VAR]: ownerId() };
}

/** A process's start time in clock ticks since boot (Linux), which tells a reused pid from the one that was; null elsewhere or when gone. */
function startTime(pid: number): string | null {
  if (process.platform !== "linux") return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19] ?? null;
  } catch {
    return null;
  }
}

/** Every process of this user that carries a run tag (Linux reads /proc; elsewhere none is found). */
async function taggedProcesses(): Promise<Array<{ pid: number; tag: string; owner: string }>> {
  if (process.platform !== "linux") return [];
  const pids = (await fs.readdir("/proc").catch(() => [] as string[])).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  const found = await Promise.all(
    pids.map(async (pid) => {
      const environ = await fs.readFile(`/proc/${pid}/environ`).catch(() => null);
      if (!environ) return null;
      const vars = environ.toString("utf8").split("\0");
      const tag = vars.find((v) => v.startsWith(`${RUN_TAG_VAR}=`))?.slice(RUN_TAG_VAR.length + 1);
      if (!tag) return null;
      const owner = vars.find((v) => v.startsWith(`${RUN_OWNER_VAR}=`))?.slice(RUN_OWNER_VAR.length + 1) ?? "";
      return { pid: Number(pid), tag, owner };
    }),
  );
  return found.filter((p) => p !== null);
}

const sigkill = (pid: number): boolean => {
  try {
    process.kill(pid, "SIGKILL");
    return true;
  } catch {
    return false; // Gone meanwhile.
  }
};

/**
 * SIGKILLs every process of this user that carries `tag` in RUN_TAG_VAR: the run's whole tree,
 * including what left its process group (setsid, double fork). Linux reads /proc; elsewhere the
 * process group kill is all there is. A process that scrubbed its environment is not found.
 */
export async function killTagged(tag: string): Promise<number> {
  return (await taggedProcesses()).filter((p) => p.tag === tag && sigkill(p.pid)).length;
}

/**
 * SIGKILLs what runs loopkit processes left when they were killed themselves (kill -9 leaves no
 * handler to run): every tagged process whose owner is gone, or is a new process under a reused pid.
 * Called before a hook acts and before a loop starts. Returns how many were ended.
 */
export async function endOrphanedRuns(): Promise<number> {
  const orphans = (await taggedProcesses()).filter(({ owner }) => ownerGone(owner));
  return orphans.filter((p) => sigkill(p.pid)).length;
}

/**
 * The sentinel's program (node -e, no loopkit code loaded): every half second it checks that its owner
 * (pid and start time) still runs; once not, it SIGKILLs every process carrying the run's tag and exits.
 */
const SENTINEL = `
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

/**
 * Starts a sentinel for the run tagged `tag`: a small process of its own that ends the run's processes
 * as soon as this one is gone, however it ended (kill -9 runs no handler of ours, and Linux offers
 * Node no parent-death signal). Linux only. Returns the function that ends the sentinel.
 */
export function guardRunWithSentinel(tag: string): () => void {
  const started = startTime(process.pid);
  if (process.platform !== "linux" || started === null) return () => undefined;
  const sentinel = spawn(process.execPath, ["-e", SENTINEL, String(process.pid), started, tag], {
    detached: true,
    stdio: "ignore",
    env: {},
  });
  sentinel.on("error", () => undefined);
  sentinel.unref();
  return () => void (sentinel.exitCode === null && sentinel.kill("SIGKILL"));
}

/** How long a signalled group gets to end before SIGKILL, when loopkit itself is being stopped. */
const SIGNAL_GRACE_MS = 500;
const ENDING_SIGNALS = ["SIGTERM", "SIGINT", "SIGHUP"] as const;
/** The process groups (and their run tags) this process has running now. */
const liveGroups = new Map<number, string | undefined>();
let ending = false;

/**
 * Ends `child`'s process group (and every process carrying `tag`) when this process is told to stop
 * by SIGTERM, SIGINT or SIGHUP: SIGTERM to the group, SIGKILL after a short grace, then the signal is
 * raised again so this process ends as it would have (unless code of its own listens for it). execa's
 * `cleanup` does nothing for a detached child; this is that, for the whole group. Returns the
 * function to call once the child has ended.
 */
export function endGroupOnSignal(child: ChildProcess, tag?: string): () => void {
  const pid = child.pid;
  if (pid === undefined || process.platform === "win32") return () => undefined;
  if (ending) {
    killGroup(child, "SIGKILL");
    return () => undefined;
  }
  if (liveGroups.size === 0) for (const signal of ENDING_SIGNALS) process.on(signal, endGroupsThenExit);
  liveGroups.set(pid, tag);
  return () => {
    if (!liveGroups.delete(pid) || liveGroups.size > 0 || ending) return;
    for (const signal of ENDING_SIGNALS) process.removeListener(signal, endGroupsThenExit);
  };
}

function endGroupsThenExit(signal: NodeJS.Signals): void {
  if (ending) return;
  ending = true;
  const groups = [...liveGroups];
  const signalAll = (sig: NodeJS.Signals) => groups.forEach(([pgid]) => signalGroup(pgid, sig));
  signalAll("SIGTERM");
  setTimeout(() => {
    signalAll("SIGKILL");
    void Promise.all(groups.map(([, tag]) => (tag ? killTagged(tag) : 0))).finally(() => {
      for (const sig of ENDING_SIGNALS) process.removeListener(sig, endGroupsThenExit);
      // Nobody else listens: end as the signal would have ended this process.
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
    });
  }, SIGNAL_GRACE_MS);
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // The group is gone.
  }
}
