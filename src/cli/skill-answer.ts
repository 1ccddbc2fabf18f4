// Inside Claude Code the skills call the CLI with --args-stdin, and a non-zero exit there aborts the
// skill with a "Shell command failed" error box. Asking for status, or cancelling when nothing runs,
// is an answer, not a failure: in that mode it is printed on stdout with exit code 0. Usage errors
// still fail the skill (no model call, no tokens). From a terminal the documented exit codes apply.
import { formatError, isLoopkitError } from "../shared/errors.js";
import type { CliIo } from "./io.js";

/** Runs `fn`; in skill mode a NO_LOOP error becomes a plain answer and status exit codes are dropped. */
export async function answerForSkill(skillMode: boolean | undefined, io: CliIo, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    if (!skillMode || !isLoopkitError(error, "NO_LOOP")) throw error;
    io.stdout(`loopkit: ${formatError(error)}\n`);
  }
  if (skillMode) io.exitCode = 0;
}
