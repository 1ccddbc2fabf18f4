// How a command's failure reaches the person: one line on stderr and the exit code it earns (usage.md,
// "Exit codes"). The same for the process (run-cli.ts) and for an answer the hook keeps for a skill.
import { formatError, isLoopkitError } from "../shared/errors.js";
import { EXIT } from "../shared/exit-codes.js";
import type { CliIo } from "./io.js";
import { forTerminal } from "./terminal-commands.js";

/** Tells the person about `error` on stderr and returns the exit code it earns; `terminalCommand`: the command a terminal ran. */
export function reportError(error: unknown, io: Pick<CliIo, "stderr">, terminalCommand?: string): number {
  const message = formatError(error);
  io.stderr(`loopkit: ${terminalCommand === undefined ? message : forTerminal(message, terminalCommand)}\n`);
  return exitCodeOf(error);
}

/** A usage error (a session id the skill did not pass counts) 2, nothing to act on (no such loop, run or checkpoint) 8, anything else 1. */
function exitCodeOf(error: unknown): number {
  if (isLoopkitError(error, "USAGE") || isLoopkitError(error, "NO_SESSION")) return EXIT.usage;
  if (isLoopkitError(error, "NO_LOOP") || isLoopkitError(error, "NO_CHECKPOINT")) return EXIT.noLoop;
  return EXIT.error;
}
