// Messages name the commands of the place they are read in. loopkit's texts name the slash commands
// (they are read inside Claude Code, from a skill or a hook); printed in a terminal, the ones a
// terminal has are named instead. A command only Claude Code can run (a start, --resume) stays.
// Help texts and JSON are printed as they are: help shows both forms, JSON is data.

const TERMINAL_FORMS: [RegExp, string][] = [
  [/\/loopkit:auto-loop --takeover\b/g, "loopkit run --takeover"],
  [/\/loopkit:auto-loop <goal> --verify <cmd>/g, "loopkit run <goal> --verify <cmd>"],
  [/\/loopkit:(repeat|auto-loop) --(status|cancel|help)\b/g, "loopkit $1 --$2"],
];

/** `text` with each slash command that has a terminal form written in that form. */
export function forTerminal(text: string): string {
  return TERMINAL_FORMS.reduce((out, [form, terminal]) => out.replace(form, terminal), text);
}

/** A printer for loopkit's messages: in a terminal they name terminal commands, from a skill the slash commands. */
export function messagePrinter(print: (text: string) => void, inTerminal: boolean): (text: string) => void {
  return inTerminal ? (text) => print(forTerminal(text)) : print;
}
