// The gate rule, one for every driver (a session's Stop hook, `loopkit run`'s phases through that hook,
// a --codex run): run the verifier; when it passes, run it again; two passes in a row go to the audit;
// only two passes and an "achieved" vote prove the goal. Pure: the runs and the audit so far in, the
// next step or the verdict out; the drivers run the processes.
import type { AuditResult, AuditVote, VerifierResult, VerifierRun } from "./state.js";

export type Verdict = VerifierResult["verdict"];

/** What the gate does next: run the verifier (again), run the audit, or the verdict it reached. */
export type GateNext =
  | { kind: "verify" }
  | { kind: "audit" }
  /** `achieved` only on two passes and an audit vote of "achieved". */
  | { kind: "verdict"; verdict: Verdict; achieved: boolean };

/** The verifier's verdict on these runs (fail on a first failure, flaky on a pass then a failure, pass on two passes), or null while it must run again. */
export function verifierVerdict(runs: readonly Pick<VerifierRun, "passed">[]): Verdict | null {
  const [first, second] = runs;
  if (!first) return null;
  if (!first.passed) return "fail";
  if (!second) return null;
  return second.passed ? "pass" : "flaky";
}

/** The gate's next step after these verifier runs and this audit (null: none ran yet). */
export function gateNext(runs: readonly Pick<VerifierRun, "passed">[], audit: { vote: AuditVote } | null): GateNext {
  const verdict = verifierVerdict(runs);
  if (verdict === null) return { kind: "verify" };
  if (verdict !== "pass") return { kind: "verdict", verdict, achieved: false };
  if (!audit) return { kind: "audit" };
  return { kind: "verdict", verdict, achieved: audit.vote === "achieved" };
}

/** What an audit came to; `failure` says why it fell back to unmet, `ran` is false when it could not run or finish. */
export type AuditOutcome = Omit<AuditResult, "at" | "iteration">;

/**
 * An audit that gave no vote of its own: unmet, the reason its one reason and its failure. `ran` false
 * when it could not run or finish, which says nothing about the agent's work (the turn is not charged).
 */
export function auditUnmet(failure: string, ran: boolean, tokens = 0): AuditOutcome {
  return { vote: "unmet", reasons: [failure], failure, tokens, ran };
}
