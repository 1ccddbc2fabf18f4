// What the report reads of an auto-loop's gate lines: tests that did not run apart from failing ones,
// and why loopkit's own rules did not count a pass.
import { describe, expect, it } from "vitest";
import { historyEntry } from "../../src/auto-loop/core/history.js";
import { autoLoopStory, withNotRun } from "../../src/report/auto-loop-story.js";
import { at, makeState } from "../auto-loop/fixtures.js";

describe("withNotRun", () => {
  const start = { passed: 5, failed: 3, skipped: 0 };
  it.each([
    ["no tests on record", null, start, null],
    ["all ran", { passed: 6, failed: 2, skipped: 0 }, start, 0],
    ["two skipped (the skip cheat): 0 failing, 2 did not run", { passed: 6, failed: 0, skipped: 2 }, start, 2],
    ["two removed", { passed: 6, failed: 0, skipped: 0 }, start, 2],
    ["one skipped, one removed", { passed: 6, failed: 0, skipped: 1 }, start, 2],
    ["no start on record: the skipped", { passed: 6, failed: 0, skipped: 1 }, null, 1],
    ["more tests than at the start", { passed: 10, failed: 0, skipped: 0 }, start, 0],
  ])("%s", (_name, tests, base, notRun) => {
    expect(withNotRun(tests, base)?.notRun ?? null).toBe(notRun);
  });
});

it("says on the iteration why loopkit's rules did not count its pass", () => {
  const state = makeState({ iteration: 1 });
  const gate = historyEntry(state, at(1000), "gate", "iteration 1", {
    verdict: "pass",
    exit_code: 0,
    not_a_pass: "the verifier's passes do not count: a report changed while the verifier ran",
  });
  const story = autoLoopStory({
    loopId: state.loop_id,
    lines: [{ entry: gate, raw: gate as unknown as Record<string, unknown> }],
    state,
    changes: new Map(),
    gaps: [],
    now: at(2000),
  });
  expect(story.iterations[0]).toMatchObject({
    vote: null,
    notes: ["not a pass by loopkit's rules: the verifier's passes do not count: a report changed while the verifier ran"],
  });
});

it("never shows the iterations cap used past itself: the wrap-up turn after it is no iteration of the cap", () => {
  const state = makeState({ iteration: 4, caps: { ...makeState().caps, max_iterations: 3 } });
  const story = autoLoopStory({ loopId: state.loop_id, lines: [], state, changes: new Map(), gaps: [], now: at(0) });
  expect(story.caps?.find((cap) => cap.name === "iterations")).toMatchObject({ used: 3, max: 3 });
});
