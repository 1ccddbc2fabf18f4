// The process exit codes of every loopkit command, one table for both loop kinds (usage.md shows it).
// Status codes say how a loop stands; 1 and 2 are loopkit's own failures and usage errors.

export const EXIT = {
  /** Done: the command did its job; as a loop's status, it ended in success (achieved, COMPLETED, EARLY_SUCCESS). */
  ok: 0,
  /** An error: a corrupt or locked file, a process that could not start, ... */
  error: 1,
  /** A usage error: an unknown command or flag, a missing or bad value. Nothing was started or changed. */
  usage: 2,
  /** The loop is still running (pursuing; repeat running or waiting). */
  running: 3,
  /** It ended without success (unmet; repeat MAX_ITERATIONS or CIRCUIT_BREAKER). */
  unmet: 4,
  /** It is stuck and needs a person (blocked; a paused loop of either kind). */
  blocked: 5,
  /** A cap ended it (budget-limited). */
  budgetLimited: 6,
  /** --cancel ended it. */
  cancelled: 7,
  /** The failing tests stopped going down for --no-progress-limit turns (auto-loop no-progress). */
  noProgress: 9,
  /** There is nothing to act on: no loop (to show or to cancel), no run or checkpoint with that id. */
  noLoop: 8,
} as const;
