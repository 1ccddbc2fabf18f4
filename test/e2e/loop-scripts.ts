// What the fake model answers in an auto-loop: the working session's turns and the audit's vote. No
// vitest and no plugin build here: scripts/demo.ts uses these outside a test run.
import type { LoggedRequest, ScriptedReply } from "./harness/fake-model.js";

/** True for a request of the audit's nested `claude -p` (its prompt is built by loopkit). */
export const isAudit = (request: LoggedRequest) => JSON.stringify(request.body?.messages ?? []).includes("You are an independent auditor");

/** A Bash tool call for the fake model to make. */
export const bash = (command: string): ScriptedReply => ({ toolUses: [{ name: "Bash", input: { command, description: "run" } }] });

/** The session's turns in order: what the hook's prompt said, so a script can react to it. */
export function hookPrompts(requests: LoggedRequest[]): string[] {
  return requests
    .filter((r) => !isAudit(r) && r.kind === "main" && r.lastUserText.includes("loopkit auto-loop"))
    .map((r) => r.lastUserText);
}

/** A script for the session: `turns[n]` answers the n-th loop prompt (0 = the skill's start prompt);
 * tool results get `after`, the audit gets `vote`, side calls get a plain text. */
export function loopScript(options: {
  turns: Array<ScriptedReply | ((prompt: string) => ScriptedReply)>;
  vote: (prompt: string) => string;
  after?: string;
  voteDelayMs?: number;
}) {
  let turn = -1;
  return (request: LoggedRequest): ScriptedReply => {
    if (request.kind !== "main") return { text: "ok" };
    if (isAudit(request))
      return {
        text: options.vote(JSON.stringify(request.body.messages)),
        ...(options.voteDelayMs ? { delayMs: options.voteDelayMs } : {}),
      };
    if (request.lastUserText.includes("loopkit auto-loop")) {
      turn += 1;
      const reply = options.turns[Math.min(turn, options.turns.length - 1)]!;
      return typeof reply === "function" ? reply(request.lastUserText) : reply;
    }
    return { text: options.after ?? "Done with this step." };
  };
}
