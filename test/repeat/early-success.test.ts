import { describe, expect, it } from "vitest";
import { findSuccessMarker } from "../../src/repeat/early-success.js";

const PROMPT = [
  "Do this task now:",
  "> check deploy status",
  "Use the words DONE, COMPLETE, SUCCESS, ALL PASS or ALL TESTS PASSED in your final message only when the whole job is finished.",
].join("\n");

describe("findSuccessMarker", () => {
  it.each([
    ["DONE", "Deploy finished.\nDONE", "DONE"],
    ["lower case", "all done here", "done"],
    ["COMPLETE", "Migration complete.", "complete"],
    ["ALL PASS", "ALL PASS", "ALL PASS"],
    ["ALL TESTS PASSED", "Result: all tests passed!", "all tests passed"],
    ["SUCCESS", "**Success**", "Success"],
    ["in the result line's summary", "REPEAT-RESULT: pass - deploy DONE", "DONE"],
    ["a later marker after a negated one", "Not done at first, but now: ALL TESTS PASSED", "ALL TESTS PASSED"],
  ])("finds %s", (_name, message, marker) => {
    expect(findSuccessMarker(message, PROMPT)).toBe(marker);
  });

  it.each([
    ["no marker", "Deploy is still rolling out.\nREPEAT-RESULT: pass - 3/5 pods"],
    ["parts of words", "undone, incomplete, completed, successful, all passed, successes"],
    [
      "the prompt's own line echoed",
      "Use the words DONE, COMPLETE, SUCCESS, ALL PASS or ALL TESTS PASSED in your final message only when the whole job is finished.\nREPEAT-RESULT: pass",
    ],
    [
      "the prompt line echoed as a quote with other spacing",
      ">   use the words DONE, COMPLETE, SUCCESS, ALL PASS or ALL TESTS PASSED in your final message only when the whole job is finished.",
    ],
    ["an empty message", ""],
    ["a negated marker", "Not done yet: 2 pods still rolling out."],
    ["negated with a filler word", "The migration is not quite complete. This was no success."],
    ["a contraction", "It isn't done and it wasn't a success."],
  ])("finds nothing: %s", (_name, message) => {
    expect(findSuccessMarker(message, PROMPT)).toBeNull();
  });

  it("a line only partly copied from the prompt still counts", () => {
    expect(findSuccessMarker("Use the words DONE: I am DONE", PROMPT)).toBe("DONE");
  });
});
