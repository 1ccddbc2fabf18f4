// The one option grammar of both loop kinds (/loopkit:repeat, /loopkit:auto-loop and their terminal
// commands). Each kind declares its options in a table; this parser applies the same rules to both:
// - `--` ends loopkit's options: every word after it is text (repeat: the command; auto-loop: the goal),
//   flags and all. A command value (auto-loop's --verify) takes every word up to the next loopkit
//   option, `--` included (`--verify npm test -- test/parser`).
// - `-h` (typed as is) is `--help`, and the help stands alone: with any other word it is a usage error.
// - An option given twice is a usage error, unless the table says it is repeatable (--protect).
// - A switch takes no value (`--status=yes`); a value option needs one (`--x v`, `--x=v`), and the
//   next loopkit option is none. An option the table does not name is a usage error.
// - Empty input (nothing but blanks) is `empty`; each kind answers it with its own "no <what>: give
//   ..., e.g. ..." usage error (`noInputError`), or, for bare /loopkit:auto-loop, with goal.md.
// What a word is (an option, text, quoted) is split-words.ts's one rule; what the values mean is the kind's.
import { LoopkitError } from "./errors.js";
import { nearestName } from "./nearest-name.js";
import type { Word } from "./split-words.js";

export interface OptionSpec {
  name: `--${string}`;
  /** none: a switch; word: one word (`--x v` or `--x=v`); command: every word up to the next loopkit option. */
  value: "none" | "word" | "command";
  /** May be given more than once: each value is kept, in order. */
  repeatable?: boolean;
  /** The default, as the help says it; absent when there is none or the kind works it out. */
  default?: string;
  /** The only option this one goes with (`--json` with `--status`). */
  with?: `--${string}`;
  /** What a missing value is called in the error (`--x needs ${needs}`); "a value" when absent. */
  needs?: string;
}

export interface OptionTable {
  /** The command as the person types it, for the hint: "/loopkit:repeat". */
  command: string;
  options: readonly OptionSpec[];
  /** Said after "unknown option --x", e.g. how to make such a word text. */
  unknownHint: string;
  /** Options the command takes only in another form, each with what to say of it (`--fresh` in a session: where it goes). */
  elsewhere?: Readonly<Record<string, string>>;
  /** What empty input lacks and what to give, e.g. "no command: give a prompt ..., e.g. ...". */
  noInput: string;
}

export type ParsedOptions =
  | { kind: "help" }
  | { kind: "empty" }
  | {
      kind: "options";
      /** Every option given, with its values in order (a switch: one empty string). */
      given: Map<string, string[]>;
      /** The words that are not options, in order: those before `--` and all after it. */
      text: Word[];
    };

const HELP: OptionSpec = { name: "--help", value: "none" };

export function usageError(table: OptionTable, message: string, value?: unknown): LoopkitError {
  return new LoopkitError("USAGE", message, { value, hint: `run ${table.command} --help for usage` });
}

/** The kind's answer to empty input: "no <what>: give ..., e.g. ...". */
export function noInputError(table: OptionTable): LoopkitError {
  return usageError(table, table.noInput);
}

/** The first value of an option, or undefined when it was not given. */
export const valueOf = (parsed: { given: Map<string, string[]> }, name: string): string | undefined => parsed.given.get(name)?.[0];

/** "unknown option --verfiy: did you mean --verify? (to use it as goal text, quote it)"; `alsoKnown`: the command's own options (a terminal's). */
function unknownOption(name: string, table: OptionTable, alsoKnown: readonly string[]): string {
  const nearest = nearestName(name, [...table.options.map((option) => option.name), ...Object.keys(table.elsewhere ?? {}), ...alsoKnown]);
  return `unknown option ${name}${nearest ? `: did you mean ${nearest}?` : ""} ${table.unknownHint}`;
}

/** `alsoKnown`: options the command takes besides the table's (commander's, in a terminal), for "did you mean". */
export function parseOptions(words: Word[], table: OptionTable, alsoKnown: readonly string[] = []): ParsedOptions {
  if (words.length === 0) return { kind: "empty" };
  const specs = new Map([HELP, ...table.options].map((spec) => [spec.name, spec]));
  const nameOf = (word: Word) => {
    const eq = word.value.indexOf("=");
    return eq === -1 ? word.value : word.value.slice(0, eq);
  };
  const isOption = (word: Word | undefined) => word !== undefined && word.option && specs.has(nameOf(word) as OptionSpec["name"]);
  const given = new Map<string, string[]>();
  const text: Word[] = [];
  let help = false;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i]!;
    if (word.option && word.value === "--") {
      text.push(...words.slice(i + 1));
      break;
    }
    if (word.value === "-h" && word.raw === "-h") {
      help = true;
      continue;
    }
    if (!word.option) {
      text.push(word);
      continue;
    }
    const name = nameOf(word);
    const spec = specs.get(name as OptionSpec["name"]);
    if (!spec) {
      const there = table.elsewhere?.[name];
      throw usageError(table, there ? `${name} ${there}` : unknownOption(name, table, alsoKnown), name);
    }
    if (spec === HELP) {
      help = true;
      continue;
    }
    if (given.has(name) && !spec.repeatable) throw usageError(table, `${name} is given twice`, name);
    const eq = word.value.indexOf("=");
    let value: string;
    if (spec.value === "none") {
      if (eq !== -1) throw usageError(table, `${name} takes no value`, word.value);
      value = "";
    } else if (spec.value === "command") {
      // One word is the command line itself (quotes removed); several are kept exactly as typed, quotes and all.
      const parts: Word[] =
        eq === -1 ? [] : [{ value: word.value.slice(eq + 1), raw: word.raw.slice(word.raw.indexOf("=") + 1), option: false }];
      while (i + 1 < words.length && !isOption(words[i + 1])) parts.push(words[++i]!);
      value = (parts.length === 1 ? parts[0]!.value : parts.map((part) => part.raw).join(" ")).trim();
    } else if (eq !== -1) {
      value = word.value.slice(eq + 1);
    } else {
      value = i + 1 < words.length && !isOption(words[i + 1]) ? words[++i]!.value : "";
    }
    if (spec.value !== "none" && value === "") throw usageError(table, `${name} needs ${spec.needs ?? "a value"}`, name);
    given.set(name, [...(given.get(name) ?? []), value]);
  }
  if (help) {
    if (words.length > 1) throw usageError(table, "--help takes no other arguments");
    return { kind: "help" };
  }
  for (const name of given.keys()) {
    const partner = specs.get(name as OptionSpec["name"])?.with;
    if (partner && !given.has(partner)) throw usageError(table, `${name} goes with ${partner} only`);
  }
  return { kind: "options", given, text };
}
