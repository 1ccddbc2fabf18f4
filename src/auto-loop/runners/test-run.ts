// The loop's verifier run with its tests read: every driver (the Stop hook, `loopkit run` through it,
// --codex) runs the verifier through here, so the gate's test rule (core/gate.ts testRuleBreach) judges
// each run alike. The start's run is the baseline the rule compares with.
import { countsOf, describeTests, type TestResults } from "../../test-results/results.js";
import { readTestResults, reportRequestEnv, stampReport } from "../../test-results/read.js";
import { TestOutputReader } from "../../test-results/text-output.js";
import { testRuleBreach } from "../core/gate.js";
import type { AutoLoopState, TestResultsState } from "../core/state.js";
import { runVerifier, type VerifierOptions, type VerifierOutcome } from "./verifier.js";

/** One run of the verifier and what loopkit read of its tests (results null: none it could read, `unread` says why). */
export interface TestRun {
  outcome: VerifierOutcome;
  results: TestResults | null;
  unread: string | null;
}

/** Runs `command` once and reads its tests: from `report` when named (a report this run wrote), else from its output. */
export async function runAndReadTests(
  command: string,
  projectDir: string,
  report: string | null,
  timeoutMs: number,
  env: NodeJS.ProcessEnv,
  options: VerifierOptions,
): Promise<TestRun> {
  const before = await stampReport(projectDir, report);
  // Without a report the whole output is read as it streams (the outcome keeps only its head and tail):
  // a fresh reader for each process started, the last one's results are the run's.
  const readers: TestOutputReader[] = [];
  const listen = () => {
    readers.push(new TestOutputReader());
    return readers.at(-1)!;
  };
  const runEnv = { ...env, ...reportRequestEnv(command, env) };
  const outcome = await runVerifier(command, projectDir, timeoutMs, runEnv, report ? options : { ...options, listen });
  if (outcome.sandbox === "not run") return { outcome, results: null, unread: "the verifier did not run" };
  const read = await readTestResults(projectDir, report, before, readers.at(-1)?.end() ?? null);
  return { outcome, ...read };
}

/** A gate's run of the loop's verifier: passed only when it exits 0 and keeps the test rule; the tests and any breach recorded. */
export async function runLoopVerifier(
  state: Pick<AutoLoopState, "verify_command" | "project_dir" | "test_results">,
  timeoutMs: number,
  env: NodeJS.ProcessEnv,
  options: VerifierOptions,
): Promise<VerifierOutcome> {
  const tests = state.test_results;
  const run = await runAndReadTests(state.verify_command, state.project_dir, tests.report, timeoutMs, env, options);
  const breach =
    run.outcome.sandbox === "not run"
      ? null
      : testRuleBreach(ruleBasis(tests), { exitCode: run.outcome.exitCode, results: run.results, unread: run.unread });
  return {
    ...run.outcome,
    passed: run.outcome.passed && breach === null,
    tests: run.results ? countsOf(run.results) : null,
    breach,
  };
}

const ruleBasis = (tests: TestResultsState) => ({ baseline: tests.baseline, allowRemovedTests: tests.allow_removed_tests !== null });

/** Why a verifier cannot run at all (not found, not executable, a missing npm script), from its first run; null when it ran. */
export function cannotRun(outcome: VerifierOutcome): string | null {
  if (outcome.timedOut || outcome.sandbox === "not run") return null;
  const script = /npm (?:ERR!|error) Missing script: "([^"]*)"/.exec(outcome.output)?.[1];
  if (script !== undefined) return `npm has no script "${script}" in this project's package.json`;
  // npm 11 answers a mistyped command (`npm tset`) on stdout, first thing, and names its own command list.
  const command = /^Unknown command: "([^"]*)"/.exec(outcome.output)?.[1];
  if (command !== undefined && /supported npm commands/.test(outcome.output))
    return `npm has no command "${command}" (\`npm test\` or \`npm run <script>\` runs a script)`;
  if (/(yarn|pnpm).*(Command "[^"]*" not found|ERR_PNPM_NO_SCRIPT)/.test(outcome.output)) return "its package manager has no such script";
  if (outcome.exitCode === 127) return "its command was not found (exit 127)";
  if (outcome.exitCode === 126) return "its command is not executable (exit 126)";
  return null;
}

/** What the audit is told of the tests: the start's and the trend, and the goal's allowance to remove tests. */
export function auditTestsNote(tests: TestResultsState): string | null {
  if (!tests.baseline && tests.allow_removed_tests === null) return null;
  const lines = [
    tests.baseline ? `At the start loopkit read ${describeTests(tests.baseline)}.` : "loopkit read no test results at the start.",
    ...(tests.trend.length
      ? [`Failing tests, start to the last judged turn: ${tests.trend.map((point) => point.failed).join(" -> ")}.`]
      : []),
    ...(tests.allow_removed_tests !== null
      ? [
          `The goal file allows tests to be removed (allow-removed-tests: ${tests.allow_removed_tests}), so loopkit did not hold the agent to the start's tests: judge whether each removed or skipped test really had to go for this goal.`,
        ]
      : []),
  ];
  return lines.join("\n");
}

/** The start's line about the tests: the baseline, or why there is none and what the gate does then. */
export function baselineLine(tests: TestResultsState): string {
  if (tests.baseline)
    return `Tests at the start: ${describeTests(tests.baseline)}. A verifier pass counts only when at least one test runs, none fails (whatever the exit code), every test that ran at the start still runs (none removed, skipped, made todo or filtered out), read by name where the start was, the number of tests does not fall and no more are skipped${tests.allow_removed_tests !== null ? " (the goal allows tests to be removed: that part is off, and the audit is told)" : ""}.`;
  return `Tests at the start: ${tests.baseline_note ?? "not read"}. The gate judges the verifier by its exit code, as without test results.`;
}
