// The repeat Stop state machine in decide.ts, without spawning anything: state and observations in,
// the step (what to save, what the edge does next) out.
import { describe, expect, it } from "vitest";
import { afterWait, onResume, onStop, waitGoesOn, type StopObservation } from "../../src/repeat/decide.js";
import type { RepeatState } from "../../src/repeat/state.js";
import { at, loopState } from "./fixtures.js";

const stop = (overrides: Partial<StopObservation> = {}): StopObservation => ({
  now: at(20_000),
  promptId: "prompt-1",
  lastMessage: "Ran it.\nREPEAT-RESULT: pass - green",
  waitToken: "token-new",
  ...overrides,
});

const waiting = (overrides: Partial<RepeatState> = {}) =>
  loopState({ phase: "waiting", next_at: at(300_000).toISOString(), wait_token: "token-1", prompt_id: "prompt-1", ...overrides });

describe("onStop", () => {
  it.each([
    ["an ended loop lets the session go and drops its marker", loopState({ phase: "ended", final_status: "CANCELLED" }), stop(), { kind: "allow", lines: [], removeMarker: true }],
    ["a paused loop lets the session go and keeps its marker (for --resume)", loopState({ phase: "paused" }), stop(), { kind: "allow", lines: [] }],
  ])("%s", (_name, state, obs, expected) => {
    expect(onStop(state, obs)).toEqual(expected);
  });

  it("a Stop while the loop is waiting (its waiting hook was interrupted) pauses it and says so", () => {
    const step = onStop(waiting(), stop());
    expect(step).toMatchObject({ kind: "allow", state: { phase: "paused", next_at: null, wait_token: null, iteration: 1 } });
    expect(step.kind === "allow" && step.lines[0]).toMatch(/paused before iteration 2\/5 .*its wait was interrupted/);
    expect(step).not.toHaveProperty("recorded");
  });

  it("a Stop from a prompt that is not the loop's pauses it and sets the lost iteration up to run again", () => {
    const step = onStop(loopState({ iteration: 2, prompt_id: "prompt-1" }), stop({ promptId: "prompt-2" }));
    expect(step).toMatchObject({ kind: "allow", state: { phase: "paused", iteration: 1, iterations: [] } });
    expect(step.kind === "allow" && step.lines[0]).toMatch(/iteration 2 did not run as loopkit's continuation/);
    expect(step).not.toHaveProperty("recorded");
  });

  it.each([
    ["the first Stop learns the loop's prompt id", null, "prompt-1", "prompt-1"],
    ["a Stop without a prompt id keeps the one the loop knows", "prompt-1", null, "prompt-1"],
    ["a Stop with the loop's own prompt id (a hook continuation) counts", "prompt-1", "prompt-1", "prompt-1"],
  ])("%s", (_name, known, seen, kept) => {
    const step = onStop(loopState({ prompt_id: known }), stop({ promptId: seen }));
    expect(step).toMatchObject({ kind: "wait", recorded: true, state: { prompt_id: kept, iterations: [{ number: 1, result: "pass" }] } });
  });

  it("a recorded iteration mid-loop waits until the next start, owned by the fresh token", () => {
    const step = onStop(loopState(), stop());
    expect(step).toEqual({
      kind: "wait",
      until: at(300_000),
      token: "token-new",
      recorded: true,
      state: expect.objectContaining({ phase: "waiting", next_at: at(300_000).toISOString(), wait_token: "token-new" }),
    });
  });

  it.each([
    ["early success", loopState(), "All done.\nREPEAT-RESULT: pass - DONE, nothing left", "EARLY_SUCCESS"],
    ["the ceiling after a pass", loopState({ iteration: 5 }), "REPEAT-RESULT: pass - ok", "COMPLETED"],
    ["the ceiling after a failure", loopState({ iteration: 5 }), "REPEAT-RESULT: fail - red", "MAX_ITERATIONS"],
    ["the breaker on a third missing result line", loopState({ iteration: 3, consecutive_failures: 2 }), "I forgot the line", "CIRCUIT_BREAKER"],
    ["the breaker when the turn has no final message", loopState({ iteration: 3, consecutive_failures: 2 }), null, "CIRCUIT_BREAKER"],
  ])("a finishing iteration (%s) ends the loop, drops the marker and sums it up", (_name, state, message, status) => {
    const step = onStop(state, stop({ lastMessage: message }));
    expect(step).toMatchObject({ kind: "allow", recorded: true, removeMarker: true, state: { phase: "ended", final_status: status } });
    expect(step.kind === "allow" && step.lines).toEqual([expect.stringMatching(new RegExp(`^repeat ended: ${status} - `))]);
  });

  it("a success word that only repeats loopkit's own prompt is no early success", () => {
    const step = onStop(loopState(), stop({ lastMessage: "REPEAT-RESULT: pass - ok\n/test" }));
    expect(step.kind).toBe("wait");
  });
});

describe("waitGoesOn", () => {
  it.each([
    ["its own wait", waiting(), "token-1", true],
    ["a newer wait (another token)", waiting(), "token-2", false],
    ["a cancelled loop", loopState({ phase: "ended" }), "token-1", false],
    ["a loop resumed meanwhile", loopState({ phase: "running", iteration: 2 }), "token-1", false],
    ["a state that is gone", undefined, "token-1", false],
  ])("%s: %s", (_name, state, token, expected) => {
    expect(waitGoesOn(state, token)).toBe(expected);
  });
});

describe("afterWait", () => {
  const wake = { now: at(300_000), token: "token-1", interrupted: false, waitedMs: 280_000 };

  it("a wait that ran out starts the next iteration and continues the session with its prompt", () => {
    const step = afterWait(waiting({ iterations: [{ number: 1, started_at: at(0).toISOString(), ended_at: at(20_000).toISOString(), result: "pass", exit_code: 0, summary: "green" }] }), wake);
    expect(step).toMatchObject({ kind: "continue", state: { phase: "running", iteration: 2, iteration_started_at: at(300_000).toISOString(), wait_token: null } });
    expect(step.kind === "continue" && step.prompt).toMatch(/^loopkit repeat: iteration 2\/5/);
    expect(step.kind === "continue" && step.line).toBe("repeat 1/5 - pass (green) - waited 4m40s - repeat 2/5 starting");
  });

  it.each([
    ["a loop cancelled during the wait sums up and drops the marker", loopState({ phase: "ended", final_status: "CANCELLED", ended_at: at(100_000).toISOString() }), wake, /^repeat ended: CANCELLED/, true],
    ["a wait another hook owns now does nothing", waiting({ wait_token: "token-2" }), wake, undefined, undefined],
    ["a loop resumed meanwhile does nothing", loopState({ phase: "running", iteration: 2 }), wake, undefined, undefined],
  ])("%s", (_name, state, w, line, removeMarker) => {
    const step = afterWait(state, w);
    expect(step).toMatchObject({ kind: "allow" });
    expect(step).not.toHaveProperty("state");
    expect(step.kind === "allow" && step.removeMarker).toBe(removeMarker);
    if (line) expect(step.kind === "allow" && step.lines[0]).toMatch(line);
    else expect(step.kind === "allow" && step.lines).toEqual([]);
  });

  it("an interrupted wait pauses the loop instead of continuing it", () => {
    const step = afterWait(waiting(), { ...wake, interrupted: true });
    expect(step).toMatchObject({ kind: "allow", state: { phase: "paused", wait_token: null, next_at: null } });
    expect(step.kind === "allow" && step.lines[0]).toMatch(/its wait was interrupted/);
  });
});

describe("onResume", () => {
  it.each([
    ["a loop left waiting pauses", waiting(), "session-a", /the session ended while it waited/],
    ["a paused loop stays paused and is named", loopState({ phase: "paused" }), "session-a", /it was paused earlier/],
  ])("%s", (_name, state, session, line) => {
    const resumed = onResume(state, session);
    expect(resumed?.state).toMatchObject({ phase: "paused", wait_token: null });
    expect(resumed?.line).toMatch(line);
  });

  it.each([
    ["a running loop", loopState(), "session-a"],
    ["an ended loop", loopState({ phase: "ended" }), "session-a"],
    ["another session's loop", waiting(), "session-b"],
  ])("leaves %s alone", (_name, state, session) => {
    expect(onResume(state, session)).toBeNull();
  });
});
