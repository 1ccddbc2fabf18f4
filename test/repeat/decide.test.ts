import { describe, expect, it } from "vitest";
import { decide, recordIteration, startNextIteration, type IterationOutcome } from "../../src/repeat/decide.js";
import { at, loopState, T0 } from "./fixtures.js";

const pass: IterationOutcome = { result: "pass", exit_code: 0, summary: "ok", successMarker: null };
const fail: IterationOutcome = { result: "fail", exit_code: 1, summary: "red", successMarker: null };
const missing: IterationOutcome = {
  result: "fail",
  exit_code: 2,
  summary: "no REPEAT-RESULT line in the final message",
  successMarker: null,
};
const done: IterationOutcome = { ...pass, successMarker: "DONE" };

describe("decide", () => {
  it.each([
    ["a pass mid-loop waits a full interval after this iteration's end", {}, pass, 10_000, { kind: "wait", nextAt: at(310_000) }],
    [
      "an iteration longer than the interval is still followed by a full interval",
      {},
      pass,
      400_000,
      { kind: "wait", nextAt: at(700_000) },
    ],
    ["early success on a pass with a marker", {}, done, 1_000, { kind: "finish", status: "EARLY_SUCCESS" }],
    ["a marker on a failure is no success", {}, { ...fail, successMarker: "DONE" }, 1_000, { kind: "wait", nextAt: at(301_000) }],
    ["two failures in a row keep going", { consecutive_failures: 1 }, fail, 1_000, { kind: "wait", nextAt: at(301_000) }],
    [
      "the third failure in a row trips the breaker",
      { consecutive_failures: 2, iteration: 3 },
      fail,
      1_000,
      { kind: "finish", status: "CIRCUIT_BREAKER" },
    ],
    [
      "a missing result line counts toward the breaker",
      { consecutive_failures: 2, iteration: 3 },
      missing,
      1_000,
      { kind: "finish", status: "CIRCUIT_BREAKER" },
    ],
    [
      "a pass after two failures resets the count",
      { consecutive_failures: 2, iteration: 3 },
      pass,
      1_000,
      { kind: "wait", nextAt: at(301_000) },
    ],
    ["the ceiling after a pass: COMPLETED", { iteration: 5 }, pass, 1_000, { kind: "finish", status: "COMPLETED" }],
    [
      "the ceiling after a failure: MAX_ITERATIONS",
      { iteration: 5, consecutive_failures: 1 },
      fail,
      1_000,
      { kind: "finish", status: "MAX_ITERATIONS" },
    ],
    ["a single iteration loop ends after it", { max_iterations: 1 }, pass, 1_000, { kind: "finish", status: "COMPLETED" }],
    ["early success beats the ceiling", { iteration: 5 }, done, 1_000, { kind: "finish", status: "EARLY_SUCCESS" }],
    [
      "the breaker beats the ceiling",
      { iteration: 5, consecutive_failures: 2 },
      fail,
      1_000,
      { kind: "finish", status: "CIRCUIT_BREAKER" },
    ],
  ])("%s", (_name, overrides, outcome, nowMs, expected) => {
    expect(decide(loopState(overrides), outcome, at(nowMs))).toEqual(expected);
  });
});

describe("recordIteration and startNextIteration", () => {
  it("records the iteration, waits with a token, then starts the next one", () => {
    const { state, decision } = recordIteration(loopState(), fail, at(20_000), "token-1");
    expect(decision).toEqual({ kind: "wait", nextAt: at(320_000) });
    expect(state).toMatchObject({
      phase: "waiting",
      next_at: at(320_000).toISOString(),
      wait_token: "token-1",
      consecutive_failures: 1,
      iterations: [
        { number: 1, started_at: T0.toISOString(), ended_at: at(20_000).toISOString(), result: "fail", exit_code: 1, summary: "red" },
      ],
    });
    const next = startNextIteration(state, at(300_500));
    expect(next).toMatchObject({
      phase: "running",
      iteration: 2,
      iteration_started_at: at(300_500).toISOString(),
      next_at: null,
      wait_token: null,
    });
  });

  it("ends the loop with its status and end time", () => {
    const { state } = recordIteration(loopState({ iteration: 5, consecutive_failures: 1 }), pass, at(5_000), "t");
    expect(state).toMatchObject({
      phase: "ended",
      final_status: "COMPLETED",
      ended_at: at(5_000).toISOString(),
      consecutive_failures: 0,
      wait_token: null,
    });
  });
});
