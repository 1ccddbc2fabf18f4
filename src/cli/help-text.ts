// One help text per command: `loopkit <cmd> --help`, `-h`, `loopkit help <cmd>` and the skill's --help
// all print the same text, and none of them starts anything.
import type { Command } from "commander";

/** The command's own parser handles -h/--help (its words may be a skill's text); commander's help prints `text` too. */
export function useHelpText(command: Command, text: string): void {
  command.helpOption(false).configureHelp({ formatHelp: () => text });
}
