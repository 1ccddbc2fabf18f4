import { describe, expect, it } from "vitest";
import { decideNext, type DecisionInput, type NextAction, type VerifierRun } from "../../src/codex/decide.js";

const pass: VerifierRun = { passed: true, exitCode: 0, timedOut: false, outputTail: "ok" };
const fail: VerifierRun = { passed: false, exitCode: 1, timedOut: false, outputTail: "FAIL: 2 tests" };
const timeout: VerifierRun = { passed: false, exitCode: null, timedOut: true, outputTail: "" };

const base: DecisionInput = {
  goalStatus: "complete",
  runs: [],
  iteration: 1,
  maxIterations: 3,
  cancelled: false,
  wallclockExceeded: false,
};

describe("decideNext", () => {
  it.each<[string, Partial<DecisionInput>, NextAction["kind"], string?]>([
    ["active goal: keep waiting", { goalStatus: "active" }, "wait"],
    ["complete, not verified yet", { runs: [] }, "verify"],
    ["complete, first run passed", { runs: [pass] }, "verify"],
    ["pass/pass", { runs: [pass, pass] }, "finish", "achieved"],
    ["first run fails", { runs: [fail] }, "retry"],
    ["pass then fail (flaky)", { runs: [pass, fail] }, "retry"],
    ["verifier timed out", { runs: [timeout] }, "retry"],
    ["fails on the last iteration", { runs: [fail], iteration: 3 }, "finish", "budget-limited"],
    ["flaky on the last iteration", { runs: [pass, fail], iteration: 3 }, "finish", "budget-limited"],
    ["pass/pass on the last iteration still counts", { runs: [pass, pass], iteration: 3 }, "finish", "achieved"],
    ["iteration beyond the cap (tampered counter)", { runs: [fail], iteration: 99 }, "finish", "budget-limited"],
    ["budgetLimited", { goalStatus: "budgetLimited" }, "finish", "budget-limited"],
    ["usageLimited", { goalStatus: "usageLimited" }, "finish", "blocked"],
    ["blocked", { goalStatus: "blocked" }, "finish", "blocked"],
    ["paused elsewhere", { goalStatus: "paused" }, "finish", "blocked"],
    ["cancel wins over pass/pass", { runs: [pass, pass], cancelled: true }, "finish", "cancelled"],
    ["cancel while active", { goalStatus: "active", cancelled: true }, "finish", "cancelled"],
    ["wall-clock while active", { goalStatus: "active", wallclockExceeded: true }, "finish", "budget-limited"],
    ["wall-clock wins over pass/pass", { runs: [pass, pass], wallclockExceeded: true }, "finish", "budget-limited"],
  ])("%s", (_name, change, kind, status) => {
    const action = decideNext({ ...base, ...change });
    expect(action.kind).toBe(kind);
    if (status) expect(action).toMatchObject({ status });
  });

  it("feeds the failing output back, and says flaky when the second run failed", () => {
    const first = decideNext({ ...base, runs: [fail] });
    expect(first).toMatchObject({ kind: "retry" });
    expect(first.kind === "retry" && first.reason).toMatch(/exit code 1[\s\S]*FAIL: 2 tests/);
    expect(first.kind === "retry" && first.reason).not.toMatch(/flaky/);
    const flaky = decideNext({ ...base, runs: [pass, fail] });
    expect(flaky.kind === "retry" && flaky.reason).toMatch(/flaky/);
    const timedOut = decideNext({ ...base, runs: [timeout] });
    expect(timedOut.kind === "retry" && timedOut.reason).toMatch(/timed out[\s\S]*\(no output\)/);
  });

  it("passes a Codex turn error into the blocked reason", () => {
    const action = decideNext({ ...base, goalStatus: "blocked", lastError: "high demand" });
    expect(action).toMatchObject({ kind: "finish", status: "blocked", reason: expect.stringContaining("high demand") });
  });
});
