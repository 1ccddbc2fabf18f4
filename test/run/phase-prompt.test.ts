import { describe, expect, it } from "vitest";
import { phasePrompt } from "../../src/run/phase-prompt.js";
import { at, makeState } from "../auto-loop/fixtures.js";

describe("phasePrompt", () => {
  it("gives the loop's record and the hook's instruction, in that order", () => {
    const text = phasePrompt(
      makeState({ iteration: 2, handoff_note: "next: the printer" }),
      at(0),
      "loopkit auto-loop: iteration 2 of 40 done",
    );
    expect(text).toMatch(
      /^loopkit auto-loop context[\s\S]*fresh session started by `loopkit run`[\s\S]*next: the printer[\s\S]*This phase's instruction from loopkit ---\n\nloopkit auto-loop: iteration 2 of 40 done$/,
    );
  });

  it("falls back to the next action when no instruction was saved (a phase that crashed, a takeover)", () => {
    expect(phasePrompt(makeState({ next_action: "Fix the parser." }), at(0), null)).toMatch(
      /instruction from loopkit ---\n\nContinue toward the goal\. Fix the parser\. End your turn/,
    );
  });
});
