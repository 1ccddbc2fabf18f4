// One deadline for a whole hook event: every step (snapshot, verifier, audit, checkpoint) gets what is
// left of it, so no filesystem, git or child process can make the event outlive it.
import { LoopkitError } from "./errors.js";

export interface Deadline {
  /** Epoch milliseconds after which no step may still run. */
  readonly at: number;
}

export const deadlineIn = (ms: number, now = Date.now()): Deadline => ({ at: now + Math.max(0, ms) });

/** Milliseconds left, never negative. */
export const remainingMs = (deadline: Deadline, now = Date.now()): number => Math.max(0, deadline.at - now);

/** A step's own timeout, cut to what the deadline leaves. */
export const within = (deadline: Deadline, timeoutMs: number, now = Date.now()): number => Math.min(timeoutMs, remainingMs(deadline, now));

/** Throws DEADLINE once the deadline has passed; `what` names the step for the message. */
export function checkDeadline(deadline: Deadline, what: string, now = Date.now()): void {
  if (now >= deadline.at)
    throw new LoopkitError("DEADLINE", `${what} ran out of time (the deadline of this hook event passed)`, { value: deadline.at });
}
