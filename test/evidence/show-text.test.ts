import { describe, expect, it } from "vitest";
import { hasHidden, showPath, showText } from "../../src/evidence/show-text.js";

describe("showText", () => {
  it.each([
    ["plain text and tabs", Buffer.from("a\tb\nc"), "a\tb\nc"],
    ["a NUL byte (what git calls binary)", Buffer.from("bin\u0000ary"), "bin\\x00ary"],
    ["escape sequences and CR", Buffer.from("x\u001b[2K\r"), "x\\x1b[2K\\x0d"],
    ["bidirectional overrides (Trojan Source)", Buffer.from("if (a\u202e) {}"), "if (a\\u{202e}) {}"],
    ["zero-width characters", Buffer.from("ad\u200bmin"), "ad\\u{200b}min"],
    ["bytes that are not UTF-8", Buffer.from([0x61, 0xff, 0x62, 0xc3]), "a\\xffb\\xc3"],
    ["valid UTF-8 stays as it is", Buffer.from("héllo ✓"), "héllo ✓"],
    ["a lone continuation byte among valid text", Buffer.from([0xc3, 0xa9, 0x80]), "é\\x80"],
  ])("%s", (_name, bytes, shown) => {
    expect(showText(bytes)).toBe(shown);
    expect(hasHidden(bytes)).toBe(shown !== bytes.toString("utf8"));
  });
});

describe("showPath", () => {
  it.each([
    ["a plain path, spaces and all", [Buffer.from("src/my file.js")], "src/my file.js"],
    ["a newline that would print a line", [Buffer.from("x\n#### changed: a.js")], '"x\\n#### changed: a.js"'],
    ["a tab, a quote and a backslash", [Buffer.from('a\t"b\\c')], '"a\\t\\"b\\\\c"'],
    ["bytes that are not UTF-8", [Buffer.from([0x61, 0xff, 0x62])], '"a\\xffb"'],
    ["a bidirectional override", [Buffer.from("a\u202eb.js")], '"a\\u{202e}b.js"'],
    ["a carriage return", [Buffer.from("a\rb")], '"a\\rb"'],
  ])("%s", (_name, parts, shown) => {
    expect(showPath(parts)).toBe(shown);
  });

  it("quotes the whole path once, a git folder's prefix included, and loopkit's path text the same way", () => {
    expect(showPath([Buffer.from("dir"), Buffer.from("a\nb")])).toBe('"dir/a\\nb"');
    expect(showPath([Buffer.from("config")], ".git/")).toBe(".git/config");
    expect(showPath("tests/a\nb.js")).toBe('"tests/a\\nb.js"');
  });
});
