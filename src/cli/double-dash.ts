// `--` in a terminal command that runs claude (loopkit run, loopkit repeat): the words after it are
// claude's own options. commander drops a `--` unless an unknown option came before it, so the split
// is found in the raw arguments.
import type { Command } from "commander";
import { LoopkitError } from "../shared/errors.js";

/** The arguments the program was given, as they were (commander keeps them as `rawArgs`, not in its typings). */
export const rawArgsOf = (command: Command): string[] => (command.parent as unknown as { rawArgs?: string[] } | null)?.rawArgs ?? [];

/** The long options commander takes for `command` (--project, --plugin-dir, ...): named when one is mistyped among the loop's words. */
export const optionNamesOf = (command: Command): string[] => command.options.flatMap((option) => (option.long ? [option.long] : []));

/** The loop's words and claude's options: what follows the raw arguments' first `--` ends the words. */
export function splitAtDoubleDash(words: string[], rawArgs: string[]): { loopWords: string[]; claudeArgs: string[] } {
  const at = rawArgs.indexOf("--");
  if (at === -1) return { loopWords: words, claudeArgs: [] };
  const claudeArgs = rawArgs.slice(at + 1);
  const head = words.slice(0, words.length - claudeArgs.length);
  if (words.slice(head.length).some((word, i) => word !== claudeArgs[i]))
    throw new LoopkitError("USAGE", "could not tell loopkit's words from claude's options", {
      hint: "put claude's options last, after --",
    });
  return { loopWords: head.at(-1) === "--" ? head.slice(0, -1) : head, claudeArgs };
}
