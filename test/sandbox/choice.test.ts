import { describe, expect, it } from "vitest";
import { wantsSandbox, whenUnavailable, type AgentSandbox } from "../../src/sandbox/choice.js";

const agent = (kind: AgentSandbox["agent"], fail = false): AgentSandbox => ({ agent: kind, how: "measured", fail_if_unavailable: fail });

describe("the sandbox choice", () => {
  it.each([
    ["sandboxed", true],
    ["unknown", true],
    ["unsandboxed", false],
  ] as const)("tries the sandbox for an agent that is %s: %s", (kind, tried) => {
    expect(wantsSandbox(agent(kind))).toBe(tried);
  });

  it("does not run the verifier where no sandbox starts and failIfUnavailable is set", () => {
    const decision = whenUnavailable(agent("sandboxed", true), "bwrap not found");
    expect(decision.kind).toBe("refuse");
    expect(decision.kind === "refuse" && decision.message).toMatch(
      /did not run the verifier: the loop's agent is sandboxed \(measured\), and no sandbox can start here: bwrap not found\. .*not judged passed/,
    );
  });

  it.each([
    [agent("sandboxed"), /the loop's agent is sandboxed/],
    [agent("unknown"), /the loop's agent may be sandboxed/],
  ])("runs it unsandboxed otherwise, and says so", (who, whose) => {
    const decision = whenUnavailable(who, "bwrap not found");
    expect(decision.kind).toBe("unsandboxed");
    expect(decision.kind === "unsandboxed" && decision.note).toMatch(/^loopkit: no sandbox can start here: bwrap not found\. /);
    expect(decision.kind === "unsandboxed" && decision.note).toMatch(
      new RegExp(`${whose.source.replace("the", "The")}.*ran unsandboxed, with your full rights`),
    );
  });
});
