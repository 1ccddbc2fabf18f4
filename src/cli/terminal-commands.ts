// Messages name the commands of the place they are read in. loopkit's texts name the slash commands
// (they are read inside Claude Code, from a skill or a hook); printed in a terminal, the ones a
// terminal has are named instead. A command only Claude Code can run (a start, --resume) stays.
import type { CliIo } from "./io.js";

const TERMINAL_FORMS: [RegExp, string][] = [
  [/\/loopkit:auto-loop --takeover\b/g, "loopkit run --takeover"],
  [/\/loopkit:auto-loop <goal> --verify <cmd>/g, "loopkit run <goal> --verify <cmd>"],
  [/\/loopkit:(repeat|auto-loop) --(status|cancel|help)\b/g, "loopkit $1 --$2"],
];

/** `text` with each slash command that has a terminal form written in that form. */
export function forTerminal(text: string): string {
  return TERMINAL_FORMS.reduce((out, [form, terminal]) => out.replace(form, terminal), text);
}

/**
 * Whether an invocation's messages are read in a terminal: not from a skill (--args-stdin), not the
 * status line (shown inside Claude Code), and not text that is printed as it is: help texts (they show
 * both forms) and JSON (data, whatever it quotes).
 */
export function readInTerminal(argv: string[]): boolean {
  const own = argv.includes("--") ? argv.slice(0, argv.indexOf("--")) : argv;
  const verbatim = ["--args-stdin", "--json", "-h", "--help"];
  return !own.some((word) => verbatim.includes(word)) && own[0] !== "statusline" && own[0] !== "help";
}

/** `io` whose printed text names terminal commands. */
export function terminalIo(io: CliIo): CliIo {
  return { ...io, stdout: (text) => io.stdout(forTerminal(text)), stderr: (text) => io.stderr(forTerminal(text)) };
}
