import { describe, expect, it } from "vitest";
import { quoteForShell, splitWords } from "../../src/shared/split-words.js";

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
