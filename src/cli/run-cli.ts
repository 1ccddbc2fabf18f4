// Runs the loopkit program over argv and returns the process exit code (usage.md, "Exit codes").
import { CommanderError } from "commander";
import { EXIT } from "../shared/exit-codes.js";
import { reportError } from "./report-error.js";
import type { CliIo } from "./io.js";
import { createProgram } from "./program.js";

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    await createProgram(io).parseAsync(argv, { from: "user" });
    return io.exitCode;
  } catch (error) {
    // commander has already printed its own errors; its usage errors are usage errors like ours.
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    // From a skill (--args-stdin) or its hook the person reads it in Claude Code; else in a terminal.
    const inClaude = ["--args-stdin", "--from-hook", "--from-skill"].some((flag) => argv.includes(flag));
    return reportError(error, io, inClaude ? undefined : (argv[0] ?? ""));
  }
}
