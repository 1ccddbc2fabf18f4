// The gate rule, one for every driver (a session's Stop hook, `loopkit run`'s phases through that hook,
// a --codex run, the GitHub Action through `loopkit run`): run the verifier; a run passes when it exits
// 0 and keeps the test rule (testRuleBreach); when it passes, run it again; two passes in a row go to the audit;
// only two passes and an "achieved" vote prove the goal. Pure: the runs and the audit so far in, the
// next step or the verdict out; the drivers run the processes.
import { describeTests, ranCount, type TestResults } from "../../test-results/results.js";
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

/** loopkit's own rules that can throw out two passes before any audit runs. */
export type RefusingRule = NonNullable<AuditOutcome["refused_by"]>;

/** No audit ran: loopkit's `rule` threw the passes out. The turn is judged (not achieved) and says so, never as the audit's vote. */
export function refusedByLoopkit(rule: RefusingRule, reason: string): AuditOutcome {
  return { vote: "unmet", reasons: [reason], failure: reason, tokens: 0, ran: true, refused_by: rule };
}

/** How a turn's audit reads on every surface: its vote, that it could not run, or that none ran because a loopkit rule refused the passes. */
export function auditVoteText(audit: Pick<AuditOutcome, "vote" | "ran"> & { refused_by?: RefusingRule | null | undefined }): string {
  if (audit.refused_by) return `none: refused by loopkit's ${RULE_NAMES[audit.refused_by]} rule`;
  return audit.ran ? audit.vote : "could not run";
}

export const auditLabel = (audit: Parameters<typeof auditVoteText>[0]): string => `audit ${auditVoteText(audit)}`;

/** The rules' names as people read them (docs/evidence.md). */
export const RULE_NAMES: Record<RefusingRule | "tests", string> = {
  processes: "leftover-process",
  verification: "changed-while-verifying",
  contract: "test-contract",
  tests: "test",
};

/** What the test rule compares a run with: the start's results and what the goal allows. */
export interface TestRuleBasis {
  /** The tests as the start's verifier run found them; null when loopkit could read none then. */
  baseline: TestResults | null;
  /** The goal file's allow-removed-tests (the goal needs tests removed; the audit is told). */
  allowRemovedTests: boolean;
}

/**
 * The test rule, the same for every driver and checked before any audit: for a runner whose results
 * loopkit reads, a run counts as a pass only when at least one test ran, every test that ran at the
 * start still ran (none removed, skipped, made todo, filtered out by a name pattern or `.only`) and the
 * number of tests did not fall. Returns why a run breaks it, or null. `unread` says why `current` is null.
 */
export function testRuleBreach(basis: TestRuleBasis, current: TestResults | null, unread: string | null): string | null {
  const base = basis.baseline;
  if (!current)
    return base
      ? `loopkit read no test results from this run (${unread ?? "none found"}), but at the start the verifier ran ${describeTests(base)}; a pass counts only when the tests ran`
      : null;
  if (ranCount(current) === 0) return `no test ran (${describeTests(current)}); a pass counts only when at least one test ran`;
  if (!base || basis.allowRemovedTests) return null;
  if (base.ran && current.ran) {
    const now = new Set(current.ran);
    const gone = base.ran.filter((name) => !now.has(name));
    if (gone.length > 0)
      return `${gone.length} test(s) that ran at the start no longer run (removed, skipped, made todo or filtered out): ${listNames(gone)}`;
  }
  if (ranCount(current) < ranCount(base))
    return `fewer tests ran than at the start: ${ranCount(base)} -> ${ranCount(current)} (${current.skipped} skipped or todo now, ${base.skipped} at the start); a test removed, skipped, made todo or left out by a filter, a name pattern or .only does not count`;
  const total = (results: TestResults) => ranCount(results) + results.skipped;
  if (total(current) < total(base)) return `fewer tests than at the start: ${total(base)} -> ${total(current)}`;
  return null;
}

const listNames = (names: string[]) => `${names.slice(0, 5).join(", ")}${names.length > 5 ? `, and ${names.length - 5} more` : ""}`;
