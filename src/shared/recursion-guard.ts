// The recursion guard: loopkit sets it for every Claude Code it starts itself (the audit), and no
// loop may start or act under it, so an audit can never drive a loop of its own.
import { LoopkitError } from "./errors.js";

export const RECURSION_GUARD = "VD_AUTOLOOP_DEPTH";

/** True inside a Claude Code run that loopkit started. */
export function underRecursionGuard(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env[RECURSION_GUARD]);
}

/** Refuses to start `what` under the guard. */
export function refuseUnderRecursionGuard(env: NodeJS.ProcessEnv, what: string): void {
  if (!underRecursionGuard(env)) return;
  throw new LoopkitError(
    "USAGE",
    `${what} does not start inside a Claude Code run that loopkit itself started (${RECURSION_GUARD} is set)`,
    {
      value: env[RECURSION_GUARD],
      hint: "start loops from your own Claude Code session or terminal",
    },
  );
}
