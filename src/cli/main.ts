// dist/cli.js: the `loopkit` command and what the skills call. A few lines over runCli().
// `loopkit statusline` runs every few seconds in every session, so it skips loading the program.
import type { CliIo } from "./io.js";
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

const args = process.argv.slice(2);
process.exitCode =
  args.length === 1 && args[0] === "statusline"
    ? await (await import("../statusline/run.js")).runStatusline(io)
    : await (await import("./run-cli.js")).runCli(args, io);
