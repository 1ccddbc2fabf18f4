// A CLI run for a hook (`--from-hook`) lives only as long as that hook. A hook that is killed (by
// Claude Code's timeout, Esc, a SIGKILL) has had Claude Code tell the person that nothing was
// started: from then on nothing may be, and what this process started ends with it.
import { LoopkitError } from "./errors.js";

/** How often the parent is looked for. */
const POLL_MS = 200;
let parentAtStart: number | null = null;

/**
 * Watches the process that started this one; once it is gone (this one was handed to another
 * parent), this process sends itself SIGTERM, so the handlers of process-group.ts end what it runs
 * (a baseline verifier's group) and it ends as a signal ends it. Returns the function that stops watching.
 */
export function endWithParent(): () => void {
  parentAtStart = process.ppid;
  const timer = setInterval(() => {
    if (!parentGone()) return;
    clearInterval(timer);
    process.kill(process.pid, "SIGTERM");
  }, POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Whether the process this one was started for (endWithParent) is gone. */
export const parentGone = (): boolean => parentAtStart !== null && process.ppid !== parentAtStart;

/** Refuses to go on with a start nobody waits for any more; called before its first write. */
export function checkParentWaits(): void {
  if (parentGone())
    throw new LoopkitError("NO_HOOK", "the hook that ran this command was ended before the start finished: nothing was started", {
      hint: "type the command again",
    });
}
