// The loopkit CLI as a factory: builds the commander program and never calls process.exit itself.
import { Command } from "commander";
import { registerAutoLoopCommand } from "./auto-loop-command.js";
import { registerCheckpointsCommand } from "./checkpoints-command.js";
import { registerCodexRunCommand } from "./codex-run-command.js";
import type { CliIo } from "./io.js";
import { registerPruneCommand } from "./prune-command.js";
import { registerRepeatCommand } from "./repeat-command.js";
import { registerRestoreCommand } from "./restore-command.js";
import { registerRunCommand } from "./run-command.js";

export const VERSION = "0.1.0";

export function createProgram(io: CliIo): Command {
  const program = new Command("loopkit")
    .description("Timed repeat loops and verifier-gated goal loops for Claude Code")
    .version(VERSION)
    .exitOverride()
    .showHelpAfterError("(run with --help for usage)")
    .configureOutput({ writeOut: (text) => io.stdout(text), writeErr: (text) => io.stderr(text) });
  registerRepeatCommand(program, io);
  registerAutoLoopCommand(program, io);
  registerCodexRunCommand(program, io);
  registerRunCommand(program, io);
  registerCheckpointsCommand(program, io);
  registerRestoreCommand(program, io);
  registerPruneCommand(program, io);
  return program;
}
