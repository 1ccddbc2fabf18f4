// Runs the loopkit program over argv and returns the process exit code (usage.md, "Exit codes").
import { CommanderError } from "commander";
import { formatError, isLoopkitError } from "../shared/errors.js";
import { EXIT } from "../shared/exit-codes.js";
import type { CliIo } from "./io.js";
import { createProgram } from "./program.js";
import { forTerminal } from "./terminal-commands.js";

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    await createProgram(io).parseAsync(argv, { from: "user" });
    return io.exitCode;
  } catch (error) {
    // commander has already printed its own errors; its usage errors are usage errors like ours.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    // From a skill (--args-stdin) the person reads it in Claude Code; else in a terminal.
    const message = formatError(error);
    io.stderr(`loopkit: ${argv.includes("--args-stdin") ? message : forTerminal(message)}\n`);
    return exitCodeOf(error);
  }
}

/** A usage error (a session id the skill did not pass counts) 2, nothing to act on (no such loop, run or checkpoint) 8, anything else 1. */
function exitCodeOf(error: unknown): number {
  if (isLoopkitError(error, "USAGE") || isLoopkitError(error, "NO_SESSION")) return EXIT.usage;
  if (isLoopkitError(error, "NO_LOOP") || isLoopkitError(error, "NO_CHECKPOINT")) return EXIT.noLoop;
  return EXIT.error;
}
