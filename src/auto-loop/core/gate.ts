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

/** No audit ran: loopkit's `rule` threw the passes out (`reason`). The turn is judged, unmet, and labelled as loopkit's, never as the audit's vote. */
export function refusedByLoopkit(rule: RefusingRule, reason: string): AuditOutcome {
  return { ...auditUnmet(reason, true), refused_by: rule };
}

type Labelled = Pick<AuditOutcome, "vote" | "ran"> & { refused_by?: RefusingRule | null | undefined };

/** Who decided and what, as every surface names it: the audit's vote, "could not run", or the loopkit rule that refused the passes. */
export function auditLabel(audit: Labelled): string {
  if (audit.refused_by) return `not run: loopkit's ${RULE_NAMES[audit.refused_by]} rule refused the passes`;
  return audit.ran ? audit.vote : "could not run";
}

/** The audit's own vote, for records that keep only votes the audit gave (null: it gave none). */
export const auditVote = (audit: Labelled | null) => (audit && audit.ran && !audit.refused_by ? audit.vote : null);

/** The rules' names as people read them (docs/evidence.md). */
export const RULE_NAMES: Record<RefusingRule | "tests", string> = {
  processes: "leftover-process",
  verification: "changed-while-verifying",
  unseen: "every-change-shown",
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

/** One run as the test rule sees it: its exit code and what loopkit read of its tests (`unread` says why `results` is null). */
export interface ReadRun {
  exitCode: number | null;
  results: TestResults | null;
  unread: string | null;
}

/**
 * The test rule, the same for every driver and checked before any audit: for a runner whose results
 * loopkit reads, a run counts as a pass only when at least one test ran, none failed (whatever the exit
 * code), every test that ran at the start still ran (none removed, skipped, made todo, filtered out by
 * a name pattern or `.only`), read by name where the start was, the number of tests did not fall and
 * no more were skipped, todo, pending or expected to fail. Returns why a run breaks it, or null.
 */
export function testRuleBreach(basis: TestRuleBasis, run: ReadRun): string | null {
  const base = basis.baseline;
  const current = run.results;
  if (!current)
    return base
      ? `loopkit read no test results from this run (${run.unread ?? "none found"}), but at the start the verifier ran ${describeTests(base)}; a pass counts only when the tests ran`
      : null;
  if (ranCount(current) === 0) return `no test ran (${describeTests(current)}); a pass counts only when at least one test ran`;
  if (current.failed > 0 && run.exitCode === 0)
    return `the runner reported ${current.failed} failed test${current.failed === 1 ? "" : "s"} although the command exited 0 (${describeTests(current)}); a run with a failing test is no pass, whatever the exit code`;
  if (!base || basis.allowRemovedTests) return null;
  return [namesLost, namesGone, fewerRan, moreSkipped, fewerInAll].reduce<string | null>(
    (found, rule) => found ?? rule(base, current),
    null,
  );
}

type Comparison = (base: TestResults, current: TestResults) => string | null;

const namesLost: Comparison = (base, current) =>
  base.ran && !current.ran
    ? `at the start loopkit read every test by name (${base.runner}), but this run's output gives counts only (${describeTests(current)}), so it cannot tell whether the tests that ran at the start still ran; a pass counts only when the run can be read as fully as the start was (a reporter or an option changed? jest lists every test only with --verbose or a single test file; loopkit's docs/test-results.md says which outputs name every test)`
    : null;

const namesGone: Comparison = (base, current) => {
  if (!base.ran || !current.ran) return null;
  const now = new Set(current.ran);
  const gone = base.ran.filter((name) => !now.has(name));
  return gone.length > 0
    ? `${gone.length} test(s) that ran at the start no longer run (removed, skipped, made todo or filtered out): ${listNames(gone)}`
    : null;
};

const fewerRan: Comparison = (base, current) =>
  ranCount(current) < ranCount(base)
    ? `fewer tests ran than at the start: ${ranCount(base)} -> ${ranCount(current)} (${current.skipped} skipped or todo now, ${base.skipped} at the start); a test removed, skipped, made todo or left out by a filter, a name pattern or .only does not count`
    : null;

const moreSkipped: Comparison = (base, current) =>
  current.skipped > base.skipped
    ? `more tests skipped, todo, pending or expected to fail than at the start: ${base.skipped} -> ${current.skipped}; a pass counts only when none is skipped that was not at the start`
    : null;

const total = (results: TestResults) => ranCount(results) + results.skipped;
const fewerInAll: Comparison = (base, current) =>
  total(current) < total(base) ? `fewer tests than at the start: ${total(base)} -> ${total(current)}` : null;

const listNames = (names: string[]) => `${names.slice(0, 5).join(", ")}${names.length > 5 ? `, and ${names.length - 5} more` : ""}`;
