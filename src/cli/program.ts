// The loopkit CLI as a factory: builds the commander program and never calls process.exit itself.
import { Command } from "commander";
import { registerAutoLoopCommand } from "./auto-loop-command.js";
import { registerCheckpointsCommand } from "./checkpoints-command.js";
import { registerCodexRunCommand } from "./codex-run-command.js";
import { registerDoctorCommand } from "./doctor-command.js";
import { registerHistoryCommand } from "./history-command.js";
import type { CliIo } from "./io.js";
import { registerPruneCommand } from "./prune-command.js";
import { registerRepeatCommand } from "./repeat-command.js";
import { registerReportCommand } from "./report-command.js";
import { registerRestoreCommand } from "./restore-command.js";
import { registerRunCommand } from "./run-command.js";
import { registerStatuslineCommand } from "./statusline-command.js";
import { EXIT } from "../shared/exit-codes.js";

export const VERSION = "0.1.0";

const PROGRAM_EXAMPLES = `
Examples:
  loopkit repeat 10m /review --detach     a repeat loop of its own, claude -p each iteration, outliving the terminal
  loopkit repeat --status                 this project's repeat loop (inside Claude Code: /loopkit:repeat)
  loopkit auto-loop --status --json       this project's auto-loop, as JSON
  loopkit run "fix the parser" --verify "npm test"
  loopkit history --limit 10
  loopkit report --open                   this project's latest loop as one HTML page

Every command takes -h/--help. Exit codes: 0 done, 1 error, 2 usage error; --status: 3-${Math.max(...Object.values(EXIT))} (see
skills/auto-loop/references/usage.md).
`;

export function createProgram(io: CliIo): Command {
  const program = new Command("loopkit")
    .description("Timed repeat loops and verifier-gated goal loops for Claude Code")
    .version(VERSION)
    .exitOverride()
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ writeOut: (text) => io.stdout(text), writeErr: (text) => io.stderr(text) })
    .addHelpText("after", PROGRAM_EXAMPLES);
  registerRepeatCommand(program, io);
  registerAutoLoopCommand(program, io);
  registerCodexRunCommand(program, io);
  registerRunCommand(program, io);
  registerHistoryCommand(program, io);
  registerReportCommand(program, io);
  registerStatuslineCommand(program, io);
  registerDoctorCommand(program, io);
  registerCheckpointsCommand(program, io);
  registerRestoreCommand(program, io);
  registerPruneCommand(program, io);
  registerHelpCommand(program);
  return program;
}

/** `loopkit help [command]`: commander's own prints the general help for a command it does not know; this says so (exit 2). */
function registerHelpCommand(program: Command): void {
  program.helpCommand(false);
  program
    .command("help")
    .description("display help for command")
    .argument("[command]", "the command")
    .action((name: string | undefined) => {
      const command =
        name === undefined
          ? program
          : program.commands.find((candidate) => candidate.name() === name || candidate.aliases().includes(name));
      if (!command) program.error(`error: unknown command '${name}'`, { code: "commander.unknownCommand", exitCode: EXIT.usage });
      (command!.name() === "help" ? program : command!).help();
    });
}
