// Whether a loop's agent runs in Claude Code's sandbox: measured, not guessed. The skill's own command
// (its `!` line) runs exactly where the agent's Bash commands run, so right after loopkit's hook has
// started the loop it tries to write a probe next to the loop's state, in loopkit's data folder. Inside
// the sandbox everything outside the project is read-only: only an unsandboxed process can write the
// probe. A sandboxed agent cannot forge one; an unsandboxed one that deletes it only makes its own
// verifier sandboxed (fail closed). The probe names the loop and the session, so an old one counts for
// nothing. The hook runs before the skill's command, so the loop's first Stop settles the record.
// The rules, pure; the probe file itself is data/sandbox-probe.ts.
import * as z from "zod";
import { UNMEASURED_SANDBOX, type Launch } from "./state.js";

export type AgentSandbox = Launch["agent_sandbox"];

/** The probe file's format (data/sandbox-probe.ts reads and writes it). */
export const ProbeSchema = z.object({
  version: z.literal(1),
  loop_id: z.string().min(1),
  session_id: z.string().min(1),
  written_at: z.iso.datetime(),
  /** SANDBOX_RUNTIME=1 in the command's environment: Claude Code ran it under its sandbox all the same. */
  sandbox_runtime: z.boolean(),
});
export type SandboxProbe = z.infer<typeof ProbeSchema>;

/** What a loop started from a session records until its first Stop. */
export function measuringSandbox(failIfUnavailable: boolean): AgentSandbox {
  return {
    agent: "unknown",
    how: "loopkit's skill command probes it right after the start; the loop's first Stop settles it",
    fail_if_unavailable: failIfUnavailable,
    measuring: true,
  };
}

/**
 * The launch with the agent's sandbox a driver attaching to the loop brings: its own record when it has
 * one (`loopkit run`, --codex, a session that measures it). Without one, a start keeps what the launch
 * captured; a takeover records "not measured", never the old driver's: the new driver's agent may be
 * sandboxed differently (`loopkit run --takeover --no-sandbox`, a session with the sandbox off).
 */
export function attachSandbox(launch: Launch, driver: AgentSandbox | undefined, attach: "start" | "takeover"): Launch {
  if (driver) return { ...launch, agent_sandbox: driver };
  return attach === "start" ? launch : { ...launch, agent_sandbox: UNMEASURED_SANDBOX };
}

const WHERE = "loopkit's skill command, which runs where the agent's commands run,";

/** The record once the probe is in (or is not): the one rule, for the Stop and for the skill's own line. */
export function settleSandbox(
  current: AgentSandbox,
  probe: SandboxProbe | undefined,
  loop: { loop_id: string; session_id: string },
  dataInProject: boolean,
): AgentSandbox {
  if (!current.measuring) return current;
  const keep = { fail_if_unavailable: current.fail_if_unavailable };
  if (dataInProject)
    return {
      agent: "unknown",
      how: "not measurable: loopkit's data folder is inside the project, where a sandboxed agent can write too",
      ...keep,
    };
  if (!probe || probe.loop_id !== loop.loop_id || probe.session_id !== loop.session_id) {
    return {
      agent: "sandboxed",
      how: `${WHERE} could not write loopkit's data folder, which Claude Code's sandbox keeps read-only`,
      ...keep,
    };
  }
  if (probe.sandbox_runtime) {
    return {
      agent: "sandboxed",
      how: `${WHERE} ran in Claude Code's sandbox, SANDBOX_RUNTIME=1, though the sandbox lets it write loopkit's data folder`,
      ...keep,
    };
  }
  return { agent: "unsandboxed", how: `${WHERE} wrote to loopkit's data folder at ${probe.written_at}, which no sandbox allows`, ...keep };
}

/** Where the agent runs, as measured, e.g. "the agent runs in Claude Code's sandbox (<how>)". */
export function agentLine(sandbox: AgentSandbox): string {
  if (sandbox.measuring) return `the agent's sandbox is being measured (${sandbox.how})`;
  const where = {
    sandboxed: "runs in Claude Code's sandbox",
    unsandboxed: "runs in no sandbox",
    unknown: "is in a sandbox or not, loopkit does not know",
  }[sandbox.agent];
  return `the agent ${where} (${sandbox.how})`;
}

/** The whole line for the person: where the agent runs, and what that means for the verdict. */
export const sandboxLine = (sandbox: AgentSandbox) => `${agentLine(sandbox)}: ${sandboxMeaning(sandbox)}`;

/** What the sandbox record means for the loop's verdict, in a sentence for the person. */
export function sandboxMeaning(sandbox: AgentSandbox): string {
  if (sandbox.measuring) return "until then it counts as sandboxed";
  const fallback = sandbox.fail_if_unavailable
    ? "where no sandbox can start, the verifier is not run (failIfUnavailable)"
    : "where no sandbox can start, it runs unsandboxed, and says so";
  switch (sandbox.agent) {
    case "unsandboxed":
      return "the verifier runs with your rights, as the agent's own commands do";
    case "sandboxed":
      return `the verifier runs under the same sandbox policy, so the agent's code gets no more rights through it; ${fallback}`;
    case "unknown":
      return `treated as sandboxed: the verifier runs sandboxed wherever a sandbox can start; ${fallback}`;
  }
}
