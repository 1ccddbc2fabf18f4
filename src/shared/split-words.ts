// The one tokenizer of both loop kinds' arguments. Splits the text a person typed after a /loopkit
// command into words, shell-like but with nothing executed or expanded: `$`, `;`, `|`, backticks are
// plain characters. A quote opens only at the start of a word (or right after `=` in `--flag=`), so
// prose such as "the user's bug" needs no escaping. One rule says what is an option: a word typed
// starting with `--`; a quoted or escaped word is always data.
import { LoopkitError } from "./errors.js";

/** One word: its value (quotes removed), its raw text exactly as typed (quotes kept), and whether it is an option. */
export interface Word {
  value: string;
  raw: string;
  /** Starts with `--` outside any quote or escape (`--verify="npm test"` is one; `"--verify"` is data). */
  option: boolean;
  /** The blanks typed before it (newlines too); absent for words a shell split (argv). */
  gap?: string;
}

/**
 * The words of a skill's argument text. Claude Code rewrites a `!` that starts a word of a skill's
 * arguments to `\!` (measured on 2.1.197, docs/claude-code-findings.md); that is undone first, there only.
 */
export function splitArguments(text: string): Word[] {
  return splitWords(text.replace(/(^|\s)\\!/g, "$1!"));
}

/** Words that a shell already split (a terminal's argv): each is one value; an option is one that starts with `--`. */
export function argvWords(values: string[]): Word[] {
  return values.map((value) => ({ value, raw: quoteForShell(value), option: value.startsWith("--") }));
}

const SPACE = /[ \t\r\n]/;

export function splitWords(text: string): Word[] {
  const words: Word[] = [];
  let current: { value: string; start: number } | undefined;
  let i = 0;
  let ended = 0;
  const finish = (end: number) => {
    if (current) {
      const raw = text.slice(current.start, end);
      words.push({ value: current.value, raw, option: raw.startsWith("--"), gap: text.slice(ended, current.start) });
      ended = end;
    }
    current = undefined;
  };
  const canOpenQuote = () =>
    current === undefined || current.value === "" || (current.value.startsWith("--") && current.value.endsWith("="));
  while (i < text.length) {
    const ch = text[i]!;
    if (SPACE.test(ch)) {
      finish(i);
      i += 1;
      continue;
    }
    current ??= { value: "", start: i };
    if ((ch === "'" || ch === '"') && canOpenQuote()) {
      const end = ch === "'" ? readSingle(text, i) : readDouble(text, i);
      current.value += end.value;
      i = end.next;
      continue;
    }
    if (ch === "\\" && i + 1 < text.length) {
      const next = text[i + 1]!;
      if (next !== "\n") current.value += next;
      i += 2;
      continue;
    }
    current.value += ch;
    i += 1;
  }
  finish(text.length);
  return words;
}

function readSingle(text: string, start: number): { value: string; next: number } {
  const end = text.indexOf("'", start + 1);
  if (end === -1) throw unterminated("'", start);
  return { value: text.slice(start + 1, end), next: end + 1 };
}

function readDouble(text: string, start: number): { value: string; next: number } {
  let value = "";
  for (let i = start + 1; i < text.length; i += 1) {
    const ch = text[i]!;
    if (ch === '"') return { value, next: i + 1 };
    if (ch === "\\" && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1]!)) {
      if (text[i + 1] !== "\n") value += text[i + 1];
      i += 1;
      continue;
    }
    value += ch;
  }
  throw unterminated('"', start);
}

function unterminated(quote: string, at: number): LoopkitError {
  return new LoopkitError("USAGE", `unterminated ${quote} quote starting at character ${at + 1}`, {
    value: quote,
    hint: "close the quote, or escape it with a backslash",
  });
}

/**
 * Several words as one text, as typed: their quotes, and the blanks and newlines between them (words
 * a shell split, which kept none, are joined with a space). One word alone is its value.
 */
export function typedText(words: readonly Word[]): string {
  if (words.length === 1) return words[0]!.value;
  return words.map((word, i) => (i === 0 ? "" : (word.gap ?? " ")) + word.raw).join("");
}

/** A value as one shell word: kept as is when plain, else single-quoted. */
export function quoteForShell(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}
