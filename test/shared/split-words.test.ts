import { describe, expect, it } from "vitest";
import { argvWords, quoteForShell, splitArguments, splitWords } from "../../src/shared/split-words.js";

const values = (text: string) => splitWords(text).map((word) => word.value);

describe("splitWords", () => {
  it.each([
    ["plain words", "fix the bug", ["fix", "the", "bug"]],
    ["runs of spaces, tabs and newlines", "  a \t b\n\nc  ", ["a", "b", "c"]],
    ["double quotes", 'say "hello world"', ["say", "hello world"]],
    ["single quotes", "say 'a \"b\" c'", ["say", 'a "b" c']],
    ["escapes inside double quotes", '"a \\"b\\" \\\\ \\$x"', ['a "b" \\ $x']],
    ["an apostrophe inside a word is prose", "fix the user's bug", ["fix", "the", "user's", "bug"]],
    ["a quote after --flag=", "--verify='npm test'", ["--verify=npm test"]],
    ["a backslash-escaped space", "a\\ b", ["a b"]],
    ["empty quotes make an empty word", "a '' b", ["a", "", "b"]],
    ["command substitution stays text", "$(rm -rf ~) `id` ; | && > x", ["$(rm", "-rf", "~)", "`id`", ";", "|", "&&", ">", "x"]],
    ["nothing", "   ", []],
  ])("%s", (_name, text, expected) => {
    expect(values(text)).toEqual(expected);
  });

  it("keeps each word's raw text, quotes included", () => {
    expect(splitWords(`test "$(cat f)" = hi`).map((word) => word.raw)).toEqual(["test", `"$(cat f)"`, "=", "hi"]);
  });

  it.each([["'open"], ['"open'], ['say "a \\" b']])("rejects the unterminated quote in %s", (text) => {
    expect(() => splitWords(text)).toThrow(/unterminated/);
  });
});

describe("quoteForShell", () => {
  it.each([
    ["npm", "npm"],
    ["a b", "'a b'"],
    ["it's", "'it'\\''s'"],
    ["$(id)", "'$(id)'"],
  ])("%s -> %s", (value, expected) => {
    expect(quoteForShell(value)).toBe(expected);
  });
});

describe("one rule for options, one for Claude Code's \\!", () => {
  it.each([
    ["a word typed with --", "--json", true],
    ["a flag with a quoted value", "--verify='npm test'", true],
    ["a double-quoted flag is data", '"--json"', false],
    ["a single-quoted flag is data", "'--json'", false],
    ["an escaped flag is data", "\\--json", false],
    ["a single dash is no option", "-x", false],
  ])("%s", (_name, text, option) => {
    expect(splitWords(text).map((word) => word.option)).toEqual([option]);
  });

  it("argv words (a shell already removed the quotes) are options when they start with --", () => {
    expect(argvWords(["--verify=npm test", "fix it", "--"])).toEqual([
      { value: "--verify=npm test", raw: "'--verify=npm test'", option: true },
      { value: "fix it", raw: "'fix it'", option: false },
      { value: "--", raw: "--", option: true },
    ]);
  });

  it.each([
    ["at the start", "\\!now", ["!now"]],
    ["after a space, in or out of quotes", 'a \\!b "c \\!d"', ["a", "!b", "c !d"]],
    ["after a newline", "a\n\\!b", ["a", "!b"]],
    ["not inside a word, where Claude Code never puts it", '"a\\!b"', ["a\\!b"]],
  ])("undoes \\! %s", (_name, text, expected) => {
    expect(splitArguments(text).map((word) => word.value)).toEqual(expected);
  });
});
