import { describe, expect, it } from "vitest";
import { readResultLine } from "../../src/repeat/result-line.js";

describe("readResultLine", () => {
  it.each([
    ["a pass", "Ran it.\nREPEAT-RESULT: pass", { result: "pass", exit_code: 0, summary: null }],
    ["a pass with a summary", "REPEAT-RESULT: pass - 12 tests green", { result: "pass", exit_code: 0, summary: "12 tests green" }],
    ["a fail with a summary", "x\nREPEAT-RESULT: fail - 2 tests red\n", { result: "fail", exit_code: 1, summary: "2 tests red" }],
    ["any case", "repeat-result: PASS", { result: "pass", exit_code: 0, summary: null }],
    ["markdown decoration", "**REPEAT-RESULT: pass - ok**", { result: "pass", exit_code: 0, summary: "ok" }],
    ["code ticks", "`REPEAT-RESULT: fail`", { result: "fail", exit_code: 1, summary: null }],
    [
      "only the last line counts",
      "REPEAT-RESULT: fail - first\nREPEAT-RESULT: pass - second",
      { result: "pass", exit_code: 0, summary: "second" },
    ],
    ["a later fail wins", "REPEAT-RESULT: pass\nREPEAT-RESULT: fail - flaky", { result: "fail", exit_code: 1, summary: "flaky" }],
    ["CRLF", "a\r\nREPEAT-RESULT: pass - w\r\n", { result: "pass", exit_code: 0, summary: "w" }],
  ])("%s", (_name, message, expected) => {
    expect(readResultLine(message)).toEqual(expected);
  });

  it.each([
    ["no message", undefined, /no final message/],
    ["null", null, /no final message/],
    ["an empty message", "  \n", /no final message/],
    ["no line", "All good, DONE.", /no REPEAT-RESULT line/],
    ["the marker mid-sentence", "I will write REPEAT-RESULT: pass at the end", /no REPEAT-RESULT line/],
    ["a bad verdict", "REPEAT-RESULT: maybe", /malformed REPEAT-RESULT line: REPEAT-RESULT: maybe/],
    ["a verdict glued to text", "REPEAT-RESULT: passed", /malformed/],
    ["no colon", "REPEAT-RESULT pass", /malformed/],
    ["a malformed last line beats an earlier pass", "REPEAT-RESULT: pass\nREPEAT-RESULT: ???", /malformed/],
  ])("counts as a failure with the reason: %s", (_name, message, reason) => {
    expect(readResultLine(message)).toEqual({ result: "fail", exit_code: 2, summary: expect.stringMatching(reason) });
  });

  it("clips a huge summary to one short line", () => {
    const read = readResultLine(`REPEAT-RESULT: pass - ${"x ".repeat(1000)}`);
    expect(read.summary!.length).toBeLessThanOrEqual(300);
    expect(read.summary).toMatch(/\.\.\.$/);
  });
});
