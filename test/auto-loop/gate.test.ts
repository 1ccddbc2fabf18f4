import { describe, expect, it } from "vitest";
import { auditUnmet, gateNext, verifierVerdict, type GateNext } from "../../src/auto-loop/core/gate.js";
import type { AuditVote } from "../../src/auto-loop/core/state.js";

const pass = { passed: true };
const fail = { passed: false };
const vote = (v: AuditVote) => ({ vote: v });

describe("the gate rule", () => {
  it.each<[string, { passed: boolean }[], { vote: AuditVote } | null, GateNext]>([
    ["no run yet: the verifier runs", [], null, { kind: "verify" }],
    ["a first failure is the verdict fail", [fail], null, { kind: "verdict", verdict: "fail", achieved: false }],
    ["a first pass: the verifier runs again", [pass], null, { kind: "verify" }],
    ["a pass, then a failure: flaky", [pass, fail], null, { kind: "verdict", verdict: "flaky", achieved: false }],
    ["two passes: the audit runs", [pass, pass], null, { kind: "audit" }],
    ["two passes and an achieved vote: achieved", [pass, pass], vote("achieved"), { kind: "verdict", verdict: "pass", achieved: true }],
    ["two passes and an unmet vote: not achieved", [pass, pass], vote("unmet"), { kind: "verdict", verdict: "pass", achieved: false }],
    ["two passes and a blocked vote: not achieved", [pass, pass], vote("blocked"), { kind: "verdict", verdict: "pass", achieved: false }],
    ["an achieved vote never rescues a failing verifier", [fail], vote("achieved"), { kind: "verdict", verdict: "fail", achieved: false }],
    ["nor a flaky one", [pass, fail], vote("achieved"), { kind: "verdict", verdict: "flaky", achieved: false }],
    ["nor a single pass", [pass], vote("achieved"), { kind: "verify" }],
  ])("%s", (_, runs, audit, expected) => {
    expect(gateNext(runs, audit)).toEqual(expected);
  });

  it("gives the verifier's verdict once its round is over, else null", () => {
    expect([[], [pass], [fail], [pass, fail], [pass, pass]].map(verifierVerdict)).toEqual([null, null, "fail", "flaky", "pass"]);
  });

  it("an audit that gave no vote is unmet, its reason its failure, charged to the agent only when it ran", () => {
    expect(auditUnmet("the audit timed out", false)).toEqual({
      vote: "unmet",
      reasons: ["the audit timed out"],
      failure: "the audit timed out",
      tokens: 0,
      ran: false,
    });
    expect(auditUnmet("no vote object", true, 12)).toMatchObject({ ran: true, tokens: 12 });
    expect(gateNext([pass, pass], auditUnmet("x", false))).toEqual({ kind: "verdict", verdict: "pass", achieved: false });
  });
});
