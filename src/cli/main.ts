// dist/cli.js: the `loopkit` command and what the skills call. A few lines over runCli().
import { endQuietlyOnClosedPipe } from "./closed-pipe.js";
import type { CliIo } from "./io.js";
import { runCli } from "./run-cli.js";
import { readStdin } from "./stdin.js";

endQuietlyOnClosedPipe();

const io: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => readStdin(),
  env: process.env,
  cwd: process.cwd(),
  now: () => new Date(),
  ...(process.argv[1] ? { entry: process.argv[1] } : {}),
  exitCode: 0,
};

process.exitCode = await runCli(process.argv.slice(2), io);
