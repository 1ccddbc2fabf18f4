// Whether a command loopkit runs from the project (the verifier) runs sandboxed, and what happens
// when no sandbox can start: the pure rule, from the loop's record of its agent's sandbox
// (launch.agent_sandbox). "unknown" counts as sandboxed (fail closed): the sandbox is tried, and
// only where none can start does the person's failIfUnavailable decide.

/** The loop's record of its agent's sandbox (the shape of launch.agent_sandbox in the auto-loop state). */
export interface AgentSandbox {
  agent: "sandboxed" | "unsandboxed" | "unknown";
  /** How it was measured or decided, in words. */
  how: string;
  /** The person's sandbox.failIfUnavailable. */
  fail_if_unavailable: boolean;
}

/** How a verifier run went with respect to the sandbox, as its record keeps it. */
export type RunSandbox = "sandboxed" | "unsandboxed" | "not run";

/** True when the command must be tried under the sandbox first. */
export function wantsSandbox(agent: AgentSandbox): boolean {
  return agent.agent !== "unsandboxed";
}

export type Unavailable = { kind: "refuse"; message: string } | { kind: "unsandboxed"; note: string };

/** No sandbox could start (`reason`): with failIfUnavailable the command is not run, else it runs unsandboxed and the output says so. */
export function whenUnavailable(agent: AgentSandbox, reason: string): Unavailable {
  const whose =
    agent.agent === "sandboxed" ? `the loop's agent is sandboxed (${agent.how})` : `the loop's agent may be sandboxed (${agent.how})`;
  if (agent.fail_if_unavailable) {
    return {
      kind: "refuse",
      message:
        `loopkit did not run the verifier: ${whose}, and no sandbox can start here: ${reason}. ` +
        "sandbox.failIfUnavailable is true, so it does not run unsandboxed and this turn is not judged passed. " +
        "Install what the sandbox needs (Linux: bubblewrap, socat, ripgrep) and check `loopkit doctor`.",
    };
  }
  return {
    kind: "unsandboxed",
    note: `loopkit: no sandbox can start here: ${reason}. ${capitalize(whose)}, but the verifier ran unsandboxed, with your full rights (sandbox.failIfUnavailable is not set).`,
  };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
