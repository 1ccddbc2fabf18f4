import { describe, expect, it } from "vitest";
import { decideNext, type AuditRound, type DecisionInput, type NextAction, type VerifierReport } from "../../src/codex/decide.js";

const pass: VerifierReport = { passed: true, exitCode: 0, timedOut: false, outputTail: "ok" };
const fail: VerifierReport = { passed: false, exitCode: 1, timedOut: false, outputTail: "FAIL: 2 tests" };
const timeout: VerifierReport = { passed: false, exitCode: null, timedOut: true, outputTail: "" };

const achieved: AuditRound = { vote: "achieved", reasons: ["answer.txt says 4"], failure: null };
const unmet: AuditRound = { vote: "unmet", reasons: ["the test was deleted", "answer is hard-coded"], failure: null };

const base: DecisionInput = {
  goalStatus: "complete",
  runs: [],
  audit: null,
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
    ["pass/pass, not audited yet", { runs: [pass, pass] }, "audit"],
    ["pass/pass and the audit votes achieved", { runs: [pass, pass], audit: achieved }, "finish", "achieved"],
    ["pass/pass and the audit votes unmet", { runs: [pass, pass], audit: unmet }, "retry"],
    [
      "pass/pass and the audit failed (timeout)",
      { runs: [pass, pass], audit: { vote: "unmet", reasons: [], failure: "the audit timed out after 600 s" } },
      "retry",
    ],
    ["pass/pass, audit unmet on the last iteration", { runs: [pass, pass], audit: unmet, iteration: 3 }, "finish", "budget-limited"],
    ["first run fails", { runs: [fail] }, "retry"],
    ["pass then fail (flaky)", { runs: [pass, fail] }, "retry"],
    ["verifier timed out", { runs: [timeout] }, "retry"],
    ["fails on the last iteration", { runs: [fail], iteration: 3 }, "finish", "budget-limited"],
    ["flaky on the last iteration", { runs: [pass, fail], iteration: 3 }, "finish", "budget-limited"],
    [
      "pass/pass and achieved on the last iteration still counts",
      { runs: [pass, pass], audit: achieved, iteration: 3 },
      "finish",
      "achieved",
    ],
    ["iteration beyond the cap (tampered counter)", { runs: [fail], iteration: 99 }, "finish", "budget-limited"],
    ["budgetLimited", { goalStatus: "budgetLimited" }, "finish", "budget-limited"],
    ["usageLimited", { goalStatus: "usageLimited" }, "finish", "blocked"],
    ["blocked", { goalStatus: "blocked" }, "finish", "blocked"],
    ["paused elsewhere", { goalStatus: "paused" }, "finish", "blocked"],
    ["cancel wins over pass/pass", { runs: [pass, pass], audit: achieved, cancelled: true }, "finish", "cancelled"],
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

  it("sends the audit's vote and reasons back to Codex, and says so when the cap ends it", () => {
    const retry = decideNext({ ...base, runs: [pass, pass], audit: unmet });
    expect(retry.kind === "retry" && retry.reason).toMatch(
      /verifier passed twice, but an independent audit[\s\S]*voted unmet[\s\S]*- the test was deleted\n- answer is hard-coded/,
    );
    const failed = decideNext({
      ...base,
      runs: [pass, pass],
      audit: { vote: "unmet", reasons: ["x"], failure: "the audit timed out after 600 s" },
    });
    expect(failed.kind === "retry" && failed.reason).toMatch(/voted unmet \(the audit timed out after 600 s\)/);
    expect(decideNext({ ...base, runs: [pass, pass], audit: unmet, iteration: 3 })).toMatchObject({
      reason: "the audit still votes unmet after 3 iteration(s) (--max-iterations 3)",
    });
  });

  it("passes a Codex turn error into the blocked reason", () => {
    const action = decideNext({ ...base, goalStatus: "blocked", lastError: "high demand" });
    expect(action).toMatchObject({ kind: "finish", status: "blocked", reason: expect.stringContaining("high demand") });
  });
});
