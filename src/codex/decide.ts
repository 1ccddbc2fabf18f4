// The pure core of a Codex-run loop: given where the Codex goal stands and what loopkit's verifier
// said, what happens next. No I/O here; delegate.ts performs the action.
import { gateNext } from "../auto-loop/core/gate.js";
import type { AuditVote, LoopStatus } from "../auto-loop/core/state.js";
import type { VerifierOutcome } from "../auto-loop/runners/verifier.js";
import type { GoalStatus } from "./protocol.js";

/** What the decision reads of a verifier run: the runner's own outcome (its output's end already bounded). */
export type VerifierReport = Pick<VerifierOutcome, "passed" | "exitCode" | "timedOut" | "outputTail" | "breach">;

/** The fresh-context Claude Code audit of a round that passed the verifier twice. */
export interface AuditRound {
  vote: AuditVote;
  reasons: string[];
  /** Why the vote fell back to unmet (timeout, crash, no vote), else null. */
  failure: string | null;
}

export interface DecisionInput {
  /** The Codex goal's status once its last turn has finished. */
  goalStatus: GoalStatus;
  /** Verifier runs since Codex last reported the goal complete (0, 1 or 2). */
  runs: readonly VerifierReport[];
  /** The audit of those runs once both passed, else null. */
  audit: AuditRound | null;
  iteration: number;
  maxIterations: number;
  cancelled: boolean;
  wallclockExceeded: boolean;
  /** The last turn error Codex reported, if any (a failed model call blocks the goal). */
  lastError?: string;
}

export type NextAction =
  | { kind: "wait" }
  | { kind: "verify" }
  | { kind: "audit" }
  | { kind: "retry"; reason: string }
  | { kind: "finish"; status: Exclude<LoopStatus, "pursuing">; reason: string };

/**
 * The status mapping (documented in docs/codex-delegation.md):
 * complete -> verify twice; pass/pass -> the audit; its "achieved" -> achieved; a failed run or any
 * other vote -> retry with the reasons (budget-limited after the last iteration); budgetLimited -> budget-limited; blocked, paused, usageLimited -> blocked.
 * Cancel and the wall-clock cap win over everything else.
 */
export function decideNext(input: DecisionInput): NextAction {
  if (input.cancelled)
    return { kind: "finish", status: "cancelled", reason: "cancelled (--cancel or an interrupt) while Codex was working" };
  if (input.wallclockExceeded) return { kind: "finish", status: "budget-limited", reason: "the --max-wallclock cap was reached" };
  switch (input.goalStatus) {
    case "active":
      return { kind: "wait" };
    case "complete":
      return afterComplete(input);
    case "budgetLimited":
      return { kind: "finish", status: "budget-limited", reason: "Codex spent the token budget (--max-tokens)" };
    case "usageLimited":
      return { kind: "finish", status: "blocked", reason: "Codex hit the usage limit of its account; try again once it resets" };
    case "blocked":
      return {
        kind: "finish",
        status: "blocked",
        reason: input.lastError ? `Codex stopped the goal as blocked: ${input.lastError}` : "Codex reported the goal blocked",
      };
    case "paused":
      return { kind: "finish", status: "blocked", reason: "the Codex goal was paused outside loopkit" };
  }
}

/** Codex says complete: loopkit's gate (auto-loop/core/gate.ts) decides; a round it does not prove goes back to Codex. */
function afterComplete(input: DecisionInput): NextAction {
  const gate = gateNext(input.runs, input.audit);
  if (gate.kind !== "verdict") return gate;
  if (gate.achieved) {
    return {
      kind: "finish",
      status: "achieved",
      reason: "Codex reported the goal complete, the verifier passed twice and the audit voted achieved",
    };
  }
  const passedTwice = gate.verdict === "pass";
  if (input.iteration >= input.maxIterations) {
    const still = passedTwice ? `the audit still votes ${input.audit!.vote}` : "the verifier still fails";
    return {
      kind: "finish",
      status: "budget-limited",
      reason: `${still} after ${input.iteration} iteration(s) (--max-iterations ${input.maxIterations})`,
    };
  }
  if (passedTwice) return { kind: "retry", reason: auditReason(input.audit!) };
  const flaky = gate.verdict === "flaky";
  return { kind: "retry", reason: retryReason(input.runs[flaky ? 1 : 0]!, flaky) };
}

function auditReason(audit: AuditRound): string {
  const why = audit.failure ? ` (${audit.failure})` : "";
  const reasons = audit.reasons.length ? `\nThe audit's reasons:\n${audit.reasons.map((reason) => `- ${reason}`).join("\n")}` : "";
  return `You marked the goal complete and loopkit's verifier passed twice, but an independent audit (a fresh Claude Code that read the project and the diff) voted ${audit.vote}${why}. The goal is not done: address every reason.${reasons}`;
}

function retryReason(failed: VerifierReport, flaky: boolean): string {
  const how = failed.breach
    ? `exited ${failed.exitCode}, which does not count as a pass: ${failed.breach}`
    : failed.timedOut
      ? "timed out"
      : `failed with exit code ${failed.exitCode ?? "none (killed)"}`;
  const lead = flaky
    ? `You marked the goal complete. loopkit's verifier passed once, then ${how} on the second run (flaky): make it pass reliably.`
    : `You marked the goal complete, but loopkit's verifier ${how}. The goal is not done.`;
  return `${lead}\nEnd of the verifier's output:\n${failed.outputTail.trim() || "(no output)"}`;
}
