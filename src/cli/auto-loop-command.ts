// Placeholder, replaced by the auto-loop feature.
import type { Command } from "commander";
import type { CliIo } from "./io.js";

export function registerAutoLoopCommand(program: Command, io: CliIo): void {
  program
    .command("auto-loop")
    .description("not implemented yet")
    .action(() => {
      io.stderr("loopkit: auto-loop is not implemented yet\n");
      io.exitCode = 1;
    });
}
