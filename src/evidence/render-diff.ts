// One file's diff as the audit reads it: every changed line, whole. Nothing is cut or windowed; two
// lossless foldings keep padding from costing the audit's budget (a run of 64 or more of one
// character within a line reads `[[30,000 × " "]]`; a line repeated right after itself reads
// `\ the line above, 1,000 more times`), and long lines are wrapped at WRAP_CHARS (continuations
// start with `>>`), so every line fits a Read of the file. Content lines start with " ", "-" or "+";
// every other line is loopkit's (see RECORD_GRAMMAR).
import { diffLines, hunks } from "./line-diff.js";
import { hasHidden, showText } from "./show-text.js";

/** Lines are wrapped here: Claude Code's Read cuts a line past 2,000 characters. */
const WRAP_CHARS = 1_000;
/** A run of one character at least this long is folded. */
const RUN_CHARS = 64;
/** Identical diff lines in a row past this many are folded into one note. */
const REPEAT_LINES = 2;

/** How the audit reads the record (said in the prompt and at the head of changes.txt). */
export const RECORD_GRAMMAR = [
  'In the diffs, a line starting with " " (context), "-" (removed) or "+" (added) is the file\'s content; every other line is loopkit\'s:',
  '"#### " starts a file, "@@" a hunk, ">>" continues the line above (lines are wrapped at 1,000 characters), "\\ " is a note ("\\ the line above, N more times": that line repeats N more times), "::: " a read check.',
  'Within content, [[N × "c"]] stands for N copies of the character c in a row, [[N bytes as on the other side]] for a stretch of a long line that its removed and added versions share, \\xNN and \\u{NNNN} for control, invisible or bidirectional characters and bytes that are not UTF-8, and a name that needs it is in double quotes with C-style escapes.',
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
  for (const raw of pairLongLines(hunks(a, b, diffLines(a, b)))) {
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

/** A removed and an added line both longer than this (minified code) are shown as what differs between them. */
const PAIR_CHARS = 4 * WRAP_CHARS;
/** Unchanged pieces kept around each changed one. */
const PAIR_CONTEXT = 2;

/**
 * Hunk lines with each long removed line and the long added line paired with it (the i-th of a run of
 * "-" lines with the i-th of the "+" lines after it) cut to what differs: both split into pieces after
 * each ; , { } and diffed, runs of unchanged pieces shown as `[[N bytes as on the other side]]`.
 * Every changed character is still shown; what is left out is the same on both sides.
 */
function pairLongLines(lines: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.startsWith("-")) {
      out.push(lines[i]!);
      continue;
    }
    let dels = i;
    while (dels < lines.length && lines[dels]!.startsWith("-")) dels++;
    let adds = dels;
    while (adds < lines.length && lines[adds]!.startsWith("+")) adds++;
    const olds = lines.slice(i, dels);
    const news = lines.slice(dels, adds);
    for (let k = 0; k < olds.length && k < news.length; k++) {
      if (olds[k]!.length < PAIR_CHARS || news[k]!.length < PAIR_CHARS) continue;
      [olds[k], news[k]] = differingPieces(olds[k]!, news[k]!);
    }
    for (const line of [...olds, ...news]) out.push(line);
    i = adds - 1;
  }
  return out;
}

/** Marks a count of unchanged characters; past latin1, so no content (read as latin1) holds it. */
const SAME = "\ue000";

function differingPieces(old: string, now: string): [string, string] {
  const ending = (line: string) => (line.endsWith("\n") ? "\n" : "");
  const split = (line: string) => line.slice(1, line.length - ending(line).length).split(/(?<=[;,{}])/);
  const a = split(old);
  const b = split(now);
  const ops = diffLines(a, b);
  const keep = new Uint8Array(ops.length);
  ops.forEach((op, i) => {
    if (op.kind === "same") return;
    for (let j = Math.max(0, i - PAIR_CONTEXT); j <= Math.min(ops.length - 1, i + PAIR_CONTEXT); j++) keep[j] = 1;
  });
  const side = (sign: string, skip: "add" | "del") => {
    let text = sign;
    let same = 0;
    ops.forEach((op, i) => {
      if (op.kind === skip) return;
      const piece = op.kind === "add" ? b[op.line]! : a[op.line]!;
      if (op.kind === "same" && !keep[i]) {
        same += piece.length;
        return;
      }
      if (same) text += `${SAME}${same}${SAME}`;
      same = 0;
      text += piece;
    });
    if (same) text += `${SAME}${same}${SAME}`;
    return text;
  };
  return [side("-", "add") + ending(old), side("+", "del") + ending(now)];
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
  content.split(SAME).forEach((piece, i) => {
    if (i % 2 === 1) shown += `[[${Number(piece).toLocaleString("en-US")} bytes as on the other side]]`;
    else shown += foldRuns(piece);
  });
  return `${line[0]}${shown}${newline ? "" : "\n\\ No newline at end of file"}`;
}

/** Latin1 text shown with runs of one character folded. */
function foldRuns(content: string): string {
  let shown = "";
  let at = 0;
  for (const run of content.matchAll(RUN)) {
    shown += showText(Buffer.from(content.slice(at, run.index), "latin1"));
    shown += `[[${run[0].length.toLocaleString("en-US")} × "${showText(Buffer.from(run[1]!, "latin1"))}"]]`;
    at = run.index + run[0].length;
  }
  return shown + showText(Buffer.from(content.slice(at), "latin1"));
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
