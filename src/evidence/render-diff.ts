// One file's diff as the audit reads it: every changed line, whole. Nothing is cut or windowed; two
// lossless foldings keep padding from costing the audit's budget (a run of 64 or more of one
// character within a line reads `[[30,000 × " "]]`; a line repeated right after itself reads
// `\ the line above, 1,000 more times`), and long lines are wrapped at WRAP_CHARS (continuations
// start with `>>`), so every line fits a Read of the file. Content lines start with " ", "-" or "+";
// every other line is loopkit's (see RECORD_GRAMMAR).
import { diffLines, hunks } from "./line-diff.js";
import { hasHidden, showText } from "./show-text.js";

/** Lines are wrapped here: Claude Code's Read cuts a line past 2,000 characters. */
export const WRAP_CHARS = 1_000;
/** A run of one character at least this long is folded. */
const RUN_CHARS = 64;
/** Identical diff lines in a row past this many are folded into one note. */
const REPEAT_LINES = 2;

/** How the audit reads the record (said in the prompt and at the head of changes.txt). */
export const RECORD_GRAMMAR = [
  'In the diffs, a line starting with " " (context), "-" (removed) or "+" (added) is the file\'s content; every other line is loopkit\'s:',
  '"#### " starts a file, "@@" a hunk, ">>" continues the line above (lines are wrapped at 1,000 characters), "\\ " is a note ("\\ the line above, N more times": that line repeats N more times), "::: " a read check.',
  'Within content, [[N × "c"]] stands for N copies of the character c in a row, \\xNN and \\u{NNNN} for control, invisible or bidirectional characters and bytes that are not UTF-8, and a name that needs it is in double quotes with C-style escapes.',
].join("\n");

/** The diff lines from `old` to `now` (null: no such side), folded and wrapped as the file's head says. */
export function diffText(old: Buffer | null, now: Buffer | null): string[] {
  const lines: string[] = [];
  if ((old && hasHidden(old)) || (now && hasHidden(now)))
    lines.push("\\ control characters, invisible or bidirectional formatting characters and bytes that are not UTF-8 are shown escaped");
  const a = old ? splitLines(old) : [];
  const b = now ? splitLines(now) : [];
  let last = "";
  let repeats = 0;
  const flush = () => {
    if (repeats > REPEAT_LINES) lines.push(`\\ the line above, ${(repeats - 1).toLocaleString("en-US")} more times`);
    else for (let i = 1; i < repeats; i++) pushWrapped(lines, last);
  };
  for (const raw of hunks(a, b, diffLines(a, b))) {
    const line = showLine(raw);
    if (line === last && !line.startsWith("@@")) {
      repeats++;
      continue;
    }
    flush();
    pushWrapped(lines, line);
    last = line;
    repeats = 1;
  }
  flush();
  return lines;
}

/** Lines with their newline kept (as latin1, so any bytes compare exactly); the last may lack it. */
function splitLines(content: Buffer): string[] {
  const text = content.toString("latin1");
  const lines = text.split(/(?<=\n)/);
  return lines[lines.length - 1] === "" ? lines.slice(0, -1) : lines;
}

/** A hunk line (latin1) as text: its sign, its content shown with runs folded, and the missing newline said. */
function showLine(line: string): string {
  if (line.startsWith("@@")) return line;
  const body = line.slice(1);
  const newline = body.endsWith("\n");
  const content = newline ? body.slice(0, -1) : body;
  let shown = "";
  let at = 0;
  for (const run of content.matchAll(RUN)) {
    shown += showText(Buffer.from(content.slice(at, run.index), "latin1"));
    shown += `[[${run[0].length.toLocaleString("en-US")} × "${showText(Buffer.from(run[1]!, "latin1"))}"]]`;
    at = run.index + run[0].length;
  }
  shown += showText(Buffer.from(content.slice(at), "latin1"));
  return `${line[0]}${shown}${newline ? "" : "\n\\ No newline at end of file"}`;
}

const RUN = new RegExp(`([\\s\\S])\\1{${RUN_CHARS - 1},}`, "g");

/** `line` (possibly two: a content line and a note) split into pieces of WRAP_CHARS, each continuation marked ">>". */
export function pushWrapped(out: string[], text: string): void {
  for (const line of text.split("\n")) {
    if (line.length <= WRAP_CHARS) {
      out.push(line);
      continue;
    }
    let at = 0;
    while (at < line.length) {
      let end = Math.min(line.length, at + WRAP_CHARS);
      // Never split a surrogate pair.
      if (end < line.length && /[\ud800-\udbff]/.test(line[end - 1]!)) end--;
      out.push(`${at === 0 ? "" : ">>"}${line.slice(at, end)}`);
      at = end;
    }
  }
}
