import { describe, expect, it } from "vitest";
import { hasHidden, showText } from "../../src/evidence/show-text.js";

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
