// One runner per project at a time (`loopkit run`, or `loopkit repeat` from a terminal), and a safe way
// to tell that a runner is gone: a lock that the runner holds and refreshes while it lives
// (proper-lockfile: its mtime is renewed every few seconds, and it is stale 10 s after the runner died,
// also across a reboot). Beside it, the holder's pid and start time tell a runner killed outright
// at once (Linux); nothing is ever killed here.
import path from "node:path";
import lockfile from "proper-lockfile";
import { promises as fs } from "node:fs";
import { writeFileAtomic } from "../shared/atomic-write.js";
import { LoopkitError } from "../shared/errors.js";
import { ownerGone, ownerId } from "../shared/process-group.js";
import { ensureWritableFolder, notWritable } from "../state/json-store.js";

const STALE_MS = 10_000;
/** Long enough for the lock of a runner that just died to go stale. */
const WAIT = { retries: 12, minTimeout: 1_000, maxTimeout: 1_000 };

const target = (loopDir: string) => path.join(loopDir, "runner");
/** Who holds the lock (ownerId), so a runner killed outright is known gone at once, not 10 s later. */
const ownerFile = (loopDir: string) => path.join(loopDir, "runner.owner");

/** Who holds the lock, for the error when it is taken. */
export interface RunnerKind {
  /** e.g. "another `loopkit run`". */
  other: string;
  hint: string;
}

const LOOPKIT_RUN: RunnerKind = {
  other: "another `loopkit run`",
  hint: "let it finish, or stop it (Ctrl-C); a runner that died frees the project within seconds",
};

/** Takes the project's runner lock (waiting briefly for a dead runner's lock to go stale); returns its release. */
export async function holdRunnerLock(
  loopDir: string,
  onLost: (error: Error) => void,
  kind: RunnerKind = LOOPKIT_RUN,
): Promise<() => Promise<void>> {
  await ensureWritableFolder(loopDir);
  const lock = (retries: typeof WAIT | number) =>
    lockfile.lock(target(loopDir), { realpath: false, stale: STALE_MS, retries, onCompromised: onLost });
  try {
    // Only a lock held by another runner is waited for; a lock that cannot be written fails at once.
    const release = await lock(0).catch((cause: unknown) => (isHeld(cause) ? lock(WAIT) : Promise.reject(cause)));
    await writeFileAtomic(ownerFile(loopDir), ownerId()).catch(() => undefined);
    return release;
  } catch (cause) {
    if (!isHeld(cause)) throw notWritable(target(loopDir), cause);
    throw new LoopkitError("LOOP_ACTIVE", `${kind.other} drives this project`, { cause, hint: kind.hint });
  }
}

const isHeld = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === "ELOCKED";

/** Whether a runner holds the project's lock and still runs (Linux knows one killed outright at once; elsewhere its lock goes stale within 10 s). */
export async function runnerAlive(loopDir: string): Promise<boolean> {
  if (!(await lockfile.check(target(loopDir), { realpath: false, stale: STALE_MS }).catch(() => false))) return false;
  const owner = await fs.readFile(ownerFile(loopDir), "utf8").catch(() => null);
  return owner === null || !ownerGone(owner.trim());
}
