import { describe, expect, it } from "vitest";
import { failureTail, progressLine, type PhaseExit } from "../../src/run/progress.js";
import { stepLine, stillLine } from "../../src/run/phase-watch.js";
import type { GateStep } from "../../src/auto-loop/data/gate-progress.js";
import { loopStatus } from "../../src/auto-loop/core/status.js";
import { at, makeState } from "../auto-loop/fixtures.js";

describe("progressLine", () => {
  const status = (overrides = {}) =>
    loopStatus("/p", makeState({ iteration: 3, tokens: { transcript: 900, audit: 100 }, ...overrides }), at(65_000), 1_800_000);

  it("says where a pursuing loop stands after the phase", () => {
    expect(progressLine(3, "abcdef12-3456", status(), { exitCode: 0, timedOut: false, failure: null, tail: "" })).toBe(
      "loopkit run: phase 3 (session abcdef12, exit 0): pursuing; iteration 3 of 40, verifier -, audit -, tokens 1000/2000000, elapsed 1m5s/4h",
    );
  });

  it("names a timeout, a failure to start and the final status with its reason", () => {
    const ended = status({ status: "budget-limited", status_reason: "reached --max-iterations 3", ended_at: at(65_000).toISOString() });
    expect(progressLine(4, "s", ended, { exitCode: null, timedOut: true, failure: null, tail: "" })).toMatch(
      /\(session s, timed out\): budget-limited \(reached --max-iterations 3\);/,
    );
    expect(progressLine(1, "s", status(), { exitCode: null, timedOut: false, failure: "could not run claude: ENOENT", tail: "" })).toMatch(
      /\(session s, could not run claude: ENOENT\): pursuing/,
    );
  });
});

describe("failureTail", () => {
  const exit = (overrides: Partial<PhaseExit>): PhaseExit => ({
    exitCode: 0,
    timedOut: false,
    failure: null,
    tail: "Not logged in · Please run /login\n",
    ...overrides,
  });

  it("shows the end of claude's output, indented, when claude failed, naming the whole log", () => {
    expect(failureTail(2, exit({ exitCode: 1 }), "/data/phases/phase-0002.log")).toEqual([
      "loopkit run: phase 2: the end of claude's output (all of it: /data/phases/phase-0002.log):",
      "  Not logged in · Please run /login",
    ]);
    expect(failureTail(2, exit({ exitCode: null, timedOut: true }), "l")).toHaveLength(2);
  });

  it("shows no control character of it: what the model wrote must not drive the terminal", () => {
    expect(failureTail(1, exit({ exitCode: 1, tail: "\u001b[2Jgone\r\u202eevil\tok" }), "l")[1]).toBe("  ?[2Jgone??evil\tok");
  });

  it("shows nothing when claude did its job or printed nothing", () => {
    expect(failureTail(1, exit({}), "l")).toEqual([]);
    expect(failureTail(1, exit({ exitCode: 1, tail: " \n" }), "l")).toEqual([]);
  });
});

describe("the lines while a phase runs", () => {
  const step = (s: Partial<GateStep>): GateStep => ({
    version: 1,
    loop_id: "l",
    iteration: 3,
    step: "verifier",
    run: 1,
    started_at: at(0).toISOString(),
    ...s,
  });

  it("names the gate step that started", () => {
    expect(stepLine(2, step({}), "npm test")).toBe(
      "loopkit run: phase 2: the agent's turn ended (iteration 3); the verifier runs: npm test",
    );
    expect(stepLine(2, step({ run: 2 }), "npm test")).toBe("loopkit run: phase 2: the verifier passed; it runs once more.");
    expect(stepLine(2, step({ step: "audit" }), "npm test")).toBe(
      "loopkit run: phase 2: the verifier passed twice; the audit runs (a fresh, read-only claude -p).",
    );
    expect(stepLine(2, step({ step: "contract" }), "npm test")).toBe(
      "loopkit run: phase 2: the verifier passed twice; it runs once more in a copy, with the test files and configs as they were at the start.",
    );
  });

  it("says who the phase still waits for", () => {
    expect(stillLine(1, undefined, 300_000)).toBe("loopkit run: phase 1: the agent is still working (5m).");
    expect(stillLine(1, step({ step: "audit" }), 61_000)).toBe("loopkit run: phase 1: the audit is still running (1m1s).");
    expect(stillLine(1, step({ step: "contract" }), 5_000)).toBe(
      "loopkit run: phase 1: the run on the start's tests is still running (5s).",
    );
  });
});
