// dist/cli.js: the command the skills call. A few lines over createProgram().
import { CommanderError } from "commander";
import { formatError, isLoopkitError } from "../shared/errors.js";
import type { CliIo } from "./io.js";
import { createProgram } from "./program.js";
import { readStdin } from "./stdin.js";

const io: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => readStdin(),
  env: process.env,
  cwd: process.cwd(),
  now: () => new Date(),
  exitCode: 0,
};

try {
  await createProgram(io).parseAsync(process.argv);
  process.exitCode = io.exitCode;
} catch (error) {
  if (error instanceof CommanderError) {
    process.exitCode = error.exitCode;
  } else {
    process.stderr.write(`loopkit: ${formatError(error)}\n`);
    process.exitCode = isLoopkitError(error, "USAGE") ? 2 : 1;
  }
}
