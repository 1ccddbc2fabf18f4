// Placeholder, replaced by the repeat feature.
import type { Command } from "commander";
import type { CliIo } from "./io.js";

export function registerRepeatCommand(program: Command, io: CliIo): void {
  program
    .command("repeat")
    .description("not implemented yet")
    .action(() => {
      io.stderr("loopkit: repeat is not implemented yet\n");
      io.exitCode = 1;
    });
}
