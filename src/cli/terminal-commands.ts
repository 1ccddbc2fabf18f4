// Messages name the commands of the place they are read in. loopkit's texts name the slash commands
// (they are read inside Claude Code, from a skill or a hook); printed in a terminal, the ones a
// terminal has are named instead: a start as loopkit run or loopkit repeat runs it, and the help of
// the command that was run. What only Claude Code can do (a loop in the session, --resume there) stays.
// Help texts and JSON are printed as they are: help shows both forms, JSON is data.

const TERMINAL_FORMS: [RegExp, string][] = [
  [/\/loopkit:auto-loop --takeover\b/g, "loopkit run --takeover"],
  [/\/loopkit:auto-loop <goal> --verify <cmd>/g, "loopkit run <goal> --verify <cmd>"],
  // An example start: "e.g. /loopkit:auto-loop make the tests pass --verify npm test", "/loopkit:repeat 5m /test".
  [/\/loopkit:auto-loop (?=[a-z][^()]* --verify )/g, "loopkit run "],
  [/\/loopkit:repeat (?=\d+[hms]\b)/g, "loopkit repeat "],
  [/\/loopkit:(repeat|auto-loop) --(status|cancel|help)\b/g, "loopkit $1 --$2"],
];

/** `text` with each slash command that has a terminal form written in that form; `command`: the one that was run (`run` reads auto-loop's words). */
export function forTerminal(text: string, command?: string): string {
  const own = command === "run" ? text.replace(/\/loopkit:auto-loop --help\b/g, "loopkit run --help") : text;
  return TERMINAL_FORMS.reduce((out, [form, terminal]) => out.replace(form, terminal), own);
}

/** A printer for loopkit's messages: in a terminal they name terminal commands, from a skill the slash commands. */
export function messagePrinter(print: (text: string) => void, inTerminal: boolean): (text: string) => void {
  return inTerminal ? (text) => print(forTerminal(text)) : print;
}
