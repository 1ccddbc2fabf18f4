// A restart keeps the contract: a loop that follows an unfinished one holds the agent to what the
// earlier loop's start held it to (its verifier, test report, allowances to remove or edit tests and protected
// files; its tests through test-progress.ts), so an edit to goal.md in one loop does not loosen the
// next. A change takes effect only with the person's --new-baseline; the start says what it held back.
import type { AutoLoopState } from "./state.js";

/** What a loop's start holds the agent to, as its goal file and flags ask. */
export interface StartContract {
  verify: string;
  report: string | null;
  allowRemovedTests: string | null;
  /** allow-test-edits: the start's tests are not run unchanged (the audit judges the edits). */
  allowTestEdits: string | null;
  protect: string[];
}

/** The earlier loop, as far as its contract goes. */
export type EarlierLoop = Pick<AutoLoopState, "loop_id" | "verify_command" | "test_results" | "protect">;

/** The loop whose contract a new start keeps: the project's last one when it did not end achieved, unless --new-baseline. */
export function earlierLoop(last: AutoLoopState | undefined, newBaseline: boolean): AutoLoopState | undefined {
  return last && last.status !== "achieved" && !newBaseline ? last : undefined;
}

/**
 * The contract of a loop that follows the unfinished `earlier` (undefined: none, or --new-baseline):
 * the earlier one's verifier, report and allowance, and its protect globs with any new ones added.
 * `note` names each change that was asked for and not taken, or is null when there is none.
 */
export function keptContract(requested: StartContract, earlier: EarlierLoop | undefined): { contract: StartContract; note: string | null } {
  if (!earlier) return { contract: requested, note: null };
  const contract: StartContract = {
    verify: earlier.verify_command,
    report: earlier.test_results.report,
    allowRemovedTests: earlier.test_results.allow_removed_tests,
    allowTestEdits: earlier.test_results.allow_test_edits ?? null,
    protect: [...new Set([...earlier.protect.globs, ...requested.protect])],
  };
  const dropped = earlier.protect.globs.filter((glob) => !requested.protect.includes(glob));
  const changes = [
    ...(requested.verify !== contract.verify ? [`the verifier \`${requested.verify}\` (it stays \`${contract.verify}\`)`] : []),
    ...(requested.report !== contract.report ? [`the test report ${shown(requested.report)} (it stays ${shown(contract.report)})`] : []),
    ...(requested.allowRemovedTests !== contract.allowRemovedTests
      ? [`allow-removed-tests ${shown(requested.allowRemovedTests)} (it stays ${shown(contract.allowRemovedTests)})`]
      : []),
    ...(requested.allowTestEdits !== contract.allowTestEdits
      ? [`allow-test-edits ${shown(requested.allowTestEdits)} (it stays ${shown(contract.allowTestEdits)})`]
      : []),
    ...(dropped.length ? [`protect without ${dropped.join(", ")} (still protected)`] : []),
  ];
  if (changes.length === 0) return { contract, note: null };
  return {
    contract,
    note: `A restart keeps the contract of loop ${earlier.loop_id}'s start, so these changes did not take effect: ${changes.join("; ")}. If you made them, start again with --new-baseline to take them (the audit then judges from the project as it is now).`,
  };
}

const shown = (value: string | null) => (value === null ? "none" : `"${value}"`);
