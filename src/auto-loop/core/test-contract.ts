// The start's tests as the contract (issue 34): before a turn can be judged achieved, the verifier runs
// once more on the final tree with every test file and runner configuration as they were at the
// loop's start (runners/contract-run.ts does it in a throw-away copy). Pure: which files are the
// contract, what the copy must change, and the verdict on that run. docs/test-results.md lists them.
import { describeTests, ranCount, type TestResults } from "../../test-results/results.js";

/** A file of a tree as loopkit's record has it: its path key and the hash of its content. */
export interface RecordedFile {
  path: string;
  hash: string;
}

/** Folders whose every file is a test's: their helpers and fixtures are part of the contract. */
const TEST_FOLDERS = new Set(["test", "tests", "__tests__", "spec", "__snapshots__"]);

/** A test file by its name: `*.test.*`, `*.spec.*`, pytest's `test_*.py` and `*_test.py`, go's `*_test.go`. */
const TEST_NAME = /(?:\.(?:test|spec)\.[^./]+$|^test_[^/]*\.py$|_test\.py$|_test\.go$)/;

/**
 * The runners' configuration files held whole (package.json is held by its keys: HELD_PACKAGE_KEYS),
 * with the files that load code into every run of the tests (.npmrc's node-options, Python's sitecustomize).
 */
const RUNNER_CONFIG =
  /^(?:(?:vitest|vite|jest|playwright|ava|karma)\.(?:config|workspace)\.[^/]+|vitest\.workspace\.[^/]+|\.mocharc(?:\.[^/]+)?|\.taprc|jest\.setup\.[^/]+|conftest\.py|pytest\.ini|pyproject\.toml|setup\.cfg|tox\.ini|\.babelrc(?:\.[^/]+)?|babel\.config\.[^/]+|\.npmrc|\.yarnrc(?:\.yml)?|sitecustomize\.py|usercustomize\.py)$/;

/** The keys of package.json that say how tests run; the rest (dependencies, exports...) the agent may change. */
export const HELD_PACKAGE_KEYS = ["scripts", "jest", "mocha", "vitest", "ava", "tap", "c8", "nyc"] as const;

const baseName = (key: string) => key.slice(key.lastIndexOf("/") + 1);

/** Whether `key` is a test file: by its name, or inside a test folder. */
export function isTestFile(key: string): boolean {
  const parts = key.split("/");
  return TEST_NAME.test(baseName(key)) || parts.slice(0, -1).some((part) => TEST_FOLDERS.has(part));
}

/** Whether `key` configures a test runner (held whole; absent at the start means absent in the contract run). */
export const isRunnerConfig = (key: string): boolean => RUNNER_CONFIG.test(baseName(key));

export const isPackageJson = (key: string): boolean => baseName(key) === "package.json";

/** The files of the start's tree that the runner named in its results (vitest's `file > name`, pytest's `path::name`). */
export function namedFiles(baseline: TestResults | null, startPaths: ReadonlySet<string>): Set<string> {
  const named = new Set<string>();
  for (const name of [...(baseline?.ran ?? []), ...(baseline?.failing.map((test) => test.name) ?? [])])
    for (const token of name.split(/ > | › |::|\s+/)) {
      const key = token.replace(/^\.\//, "");
      if (startPaths.has(key)) named.add(key);
    }
  return named;
}

/** What the contract run's copy of the final tree must change: files put back as at the start, files taken away. */
export interface ContractPlan {
  /** Test files and configs of the start, written with the start's content (changed or deleted since). */
  restore: string[];
  /** package.json files whose HELD_PACKAGE_KEYS changed: those keys are put back as at the start. */
  packageKeys: string[];
  /** Runner configs that did not exist at the start. */
  remove: string[];
  /** The test runners' own installed packages (RUNNER_PACKAGES) the agent changed: put back as at the start. */
  packages: string[];
  /** How many files the contract holds (the start's test files, configs and package.json). */
  held: number;
}

/** The plan for a copy of `now` that runs the start's tests: which start files are the contract, and which of them changed. */
export function planContract(start: readonly RecordedFile[], now: readonly RecordedFile[], named: ReadonlySet<string>): ContractPlan {
  const current = new Map(now.map((file) => [file.path, file.hash]));
  const started = new Set(start.map((file) => file.path));
  const plan: ContractPlan = { restore: [], packageKeys: [], remove: [], packages: [], held: 0 };
  for (const file of start) {
    const pkg = isPackageJson(file.path);
    if (!pkg && !isTestFile(file.path) && !isRunnerConfig(file.path) && !named.has(file.path)) continue;
    plan.held++;
    if (current.get(file.path) === file.hash) continue;
    // A package.json the agent deleted comes back whole; one it changed keeps its other keys.
    if (pkg && current.has(file.path)) plan.packageKeys.push(file.path);
    else plan.restore.push(file.path);
  }
  for (const file of now) if (isRunnerConfig(file.path) && !started.has(file.path)) plan.remove.push(file.path);
  return plan;
}

/** The copy differs from the final tree the verifier passed on: the contract run is needed. */
export const planChanges = (plan: ContractPlan): number =>
  plan.restore.length + plan.packageKeys.length + plan.remove.length + plan.packages.length;

/**
 * The test runners' installed packages in the project's top node_modules: one the agent changed since
 * the start (a patched `expect`, a reporter that prints passes) is put back as at the start in the copy.
 * An upgrade a fix needs is of the code's dependencies, not of its test runner.
 */
export const RUNNER_PACKAGES: readonly string[] = [
  "vitest",
  "@vitest",
  "jest",
  "@jest",
  "jest-circus",
  "jest-cli",
  "jest-runner",
  "jest-jasmine2",
  "expect",
  "mocha",
  "chai",
  "ava",
  "tap",
  "uvu",
];

/**
 * `now`'s package.json with the held keys as `start` had them (a key the start lacked is removed);
 * null when those keys are already the same. Text that is not a JSON object is put back whole.
 */
export function withStartKeys(startText: string, nowText: string): string | null {
  const start = parseObject(startText);
  const now = parseObject(nowText);
  if (!start || !now) return startText === nowText ? null : startText;
  const merged: Record<string, unknown> = { ...now };
  let changed = false;
  for (const key of HELD_PACKAGE_KEYS) {
    if (JSON.stringify(start[key]) === JSON.stringify(now[key])) continue;
    changed = true;
    if (key in start) merged[key] = start[key];
    else delete merged[key];
  }
  return changed ? `${JSON.stringify(merged, null, 2)}\n` : null;
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** What the contract run did, as its verdict and every surface reads it. */
export interface ContractRunFacts {
  exitCode: number | null;
  timedOut: boolean;
  results: TestResults | null;
  /** Why results is null. */
  unread: string | null;
}

/**
 * The verdict on the run with the start's tests: null when it holds (exit 0, no test failed, every test
 * of the start ran: by name where the start was read by name, else by count), else why not. `changed`
 * names the contract files the agent changed, so the reason says which file broke the contract.
 */
export function contractBreach(baseline: TestResults | null, run: ContractRunFacts, plan: ContractPlan): string | null {
  const changed = changedLine(plan);
  const withStart = `${changed}: with the start's version`;
  if (run.timedOut) return `${withStart}, the verifier did not finish`;
  const results = run.results;
  if (!results) {
    if (baseline) return `${withStart}, loopkit could read no test results (${run.unread ?? "none found"})`;
    return run.exitCode === 0 ? null : `${withStart}, the verifier exits ${run.exitCode ?? "without a code"}`;
  }
  if (results.failed > 0) {
    const names = results.failing.map((test) => `'${test.name}'${test.message ? ` (${test.message})` : ""}`);
    return `${withStart}, ${results.failed} test(s) fail: ${names.slice(0, 3).join(", ")}${results.failed > 3 ? ", ..." : ""}`;
  }
  if (baseline?.ran && results.ran) {
    const ran = new Set(results.ran);
    const gone = baseline.ran.filter((name) => !ran.has(name));
    if (gone.length > 0)
      return `${withStart}, ${gone.length} test(s) of the start do not run: ${gone
        .slice(0, 3)
        .map((name) => `'${name}'`)
        .join(", ")}${gone.length > 3 ? ", ..." : ""}`;
  }
  if (baseline && ranCount(results) < ranCount(baseline))
    return `${withStart}, fewer tests run than at the start (${ranCount(baseline)} -> ${describeTests(results)})`;
  if (run.exitCode !== 0) return `${withStart}, the verifier exits ${run.exitCode ?? "without a code"} (${describeTests(results)})`;
  return null;
}

/** "test/sum.test.js was changed", "a.test.js and package.json's test keys were changed", "vitest.config.ts was added". */
export function changedLine(plan: ContractPlan): string {
  const parts = [
    ...plan.restore.map((file) => file),
    ...plan.packageKeys.map((file) => `${file}'s test keys`),
    ...plan.remove.map((file) => `${file} (added)`),
    ...plan.packages.map((key) => `${key} (the test runner's package)`),
  ];
  const shown = parts.length > 4 ? [...parts.slice(0, 4), `${parts.length - 4} more`] : parts;
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}` : (shown[0] ?? "nothing");
  return `${list} ${parts.length === 1 ? "was" : "were"} changed`;
}
