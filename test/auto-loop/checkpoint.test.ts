// The verdict an auto-loop's checkpoint carries for the iteration the state last judged.
import { describe, expect, it } from "vitest";
import { iterationFacts } from "../../src/auto-loop/hooks/checkpoint.js";
import type { AuditResult, VerifierResult } from "../../src/auto-loop/core/state.js";
import { at, makeState } from "./fixtures.js";

const verifier = (verdict: VerifierResult["verdict"]): VerifierResult => ({
  at: at(0).toISOString(),
  iteration: 2,
  verdict,
  runs: [
    {
      exit_code: 0,
      passed: true,
      timed_out: false,
      duration_ms: 1,
      output_tail: "",
      output_bytes: 0,
      log_file: null,
      sandbox: "unsandboxed",
    },
  ],
});
const audit = (ran: boolean): AuditResult => ({
  at: at(0).toISOString(),
  iteration: 2,
  vote: "unmet",
  reasons: [],
  failure: ran ? null : "the audit timed out",
  tokens: 0,
  ran,
});

describe("iterationFacts", () => {
  it.each([
    ["a failed verifier", { last_verifier: verifier("fail") }, "fail"],
    ["an audit that voted", { last_verifier: verifier("pass"), last_audit: audit(true) }, "pass, audit unmet"],
    ["an audit that could not run", { last_verifier: verifier("pass"), last_audit: audit(false) }, "pass, audit could not run"],
    ["a turn the gate did not judge", {}, "not judged"],
  ])("%s", (_name, overrides, verdict) => {
    expect(iterationFacts(makeState({ iteration: 2, ...overrides }))).toMatchObject({ iteration: 2, verdict });
  });
});
