// The run on the start's tests (issue 34): the verifier once more, on the final tree the gate just
// verified twice, with every test file and runner configuration as loopkit recorded them at the loop's
// start (core/test-contract.ts says which). It runs in a throw-away copy written from loopkit's record
// in its data folder, never in the project: a kill -9 at any moment leaves the project as the agent
// left it, and the next run removes the copy it left. Sandboxed when the loop's verifier is.
import { lstatSync, mkdirSync, mkdtempSync, promises as fs, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { openStore, takeSnapshot, type Snapshot } from "../../evidence/snapshot.js";
import { deadlineIn, remainingMs, type Deadline } from "../../shared/deadline.js";
import {
  copyTree,
  entryAt,
  listFiles,
  replaceWithRecorded,
  writeNewFile,
  type CopyCounts,
  type TreeFile,
} from "../../evidence/copy-tree.js";
import type { ObjectStore } from "../../evidence/object-store.js";
import {
  contractBreach,
  namedFiles,
  planChanges,
  planContract,
  RUNNER_PACKAGES,
  withStartKeys,
  type ContractPlan,
} from "../core/test-contract.js";
import type { AutoLoopState } from "../core/state.js";
import { loadJudgingBaseline } from "../data/evidence-start.js";
import { loopFiles } from "../data/store.js";
import { runAndReadTests } from "./test-run.js";
import type { VerifierOptions } from "./verifier.js";

/** What the run on the start's tests came to: `breach` refuses the passes; `line` goes into the gate line (its cost included). */
export interface ContractOutcome {
  breach: string | null;
  line: string;
  /** The copy and the run, end to end (0 when nothing ran). */
  durationMs: number;
}

export interface ContractInput {
  state: Pick<AutoLoopState, "loop_id" | "project_dir" | "verify_command" | "test_results">;
  dataDir: string;
  /** The Stop's snapshot: the tree the verifier just passed on twice. */
  now: Snapshot;
  timeoutMs: number;
  env: NodeJS.ProcessEnv;
  options: VerifierOptions;
  /** Called once a run is to be made (not when nothing the contract holds changed): `loopkit run` says so. */
  onRun?: () => Promise<void>;
}

/** The same for a driver with no Stop snapshot (a run delegated to Codex): the tree is recorded now, within `deadline`. */
export async function runTestContractNow(input: Omit<ContractInput, "now"> & { deadline: Deadline }): Promise<ContractOutcome> {
  const { snapshot } = await takeSnapshot({ dataDir: input.dataDir, projectDir: input.state.project_dir, deadline: input.deadline });
  return runTestContract({ ...input, now: snapshot });
}

/** Where the copies are made: loopkit's data folder (out of the sandboxed agent's reach), one folder per run named after its process. */
export const contractRunsDir = (dataDir: string) => path.join(dataDir, "contract-runs");

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Runs the verifier on the start's tests when the agent changed any, and judges that run (contractBreach). */
export async function runTestContract(input: ContractInput): Promise<ContractOutcome> {
  const { state } = input;
  const allowed = state.test_results.allow_test_edits ?? null;
  if (allowed !== null)
    return { breach: null, line: "start's tests not held (the goal file allows test edits; the audit judges them)", durationMs: 0 };
  const started = Date.now();
  // The start the audit judges from: after an unfinished loop, that loop's start (evidence-start.ts), so a restart keeps the contract.
  const start = await loadJudgingBaseline(loopFiles(input.dataDir, state.project_dir).dir, state.loop_id, new Date());
  const deadline = deadlineIn(input.timeoutMs, started);
  // A loop with no record of its start is never judged achieved (the audit says so): nothing to run here.
  if (!start) return { breach: null, line: "start's tests not run: no record of the loop's start", durationMs: 0 };
  removeStaleCopies(contractRunsDir(input.dataDir));
  let store: ObjectStore | null = openStore(input.dataDir, state.project_dir);
  const closeStore = () => {
    store?.close();
    store = null;
  };
  let copy: string | null = null;
  try {
    const startFiles = listFiles(store, Buffer.from(start.root, "hex"));
    const nowFiles = listFiles(store, Buffer.from(input.now.root, "hex"));
    const baseline = state.test_results.baseline;
    const plan = planContract(
      startFiles.map(recorded),
      nowFiles.map(recorded),
      namedFiles(baseline, new Set(startFiles.map((file) => file.path))),
    );
    const startRoot = Buffer.from(start.root, "hex");
    const nowRoot = Buffer.from(input.now.root, "hex");
    plan.packages = changedRunnerPackages(store, startRoot, nowRoot);
    if (plan.held === 0 && plan.packages.length === 0)
      return { breach: null, line: "start's tests: no test file or runner config at the start", durationMs: 0 };
    if (planChanges(plan) === 0)
      return { breach: null, line: `start's tests held: ${plan.held} test file(s) and configs unchanged, no extra run`, durationMs: 0 };
    await input.onRun?.();
    copy = makeCopyFolder(contractRunsDir(input.dataDir));
    const counts = copyTree(store, state.project_dir, nowRoot, copy, deadline);
    applyPlan(store, copy, plan, new Map(startFiles.map((file) => [file.path, file])));
    for (const key of plan.packages)
      replaceWithRecorded(store, state.project_dir, entryAt(store, startRoot, key)!, key, copy, counts, deadline);
    closeStore();
    const copied = Date.now() - started;
    const run = await runAndReadTests(
      commandIn(state.verify_command, state.project_dir, copy),
      copy,
      state.test_results.report,
      remainingMs(deadline),
      { ...input.env, PWD: copy, PYTHONDONTWRITEBYTECODE: "1" },
      input.options,
    );
    const breach =
      run.outcome.sandbox === "not run"
        ? `the verifier could not run on the start's tests: ${run.outcome.outputTail.trim()}`
        : contractBreach(
            baseline,
            { exitCode: run.outcome.exitCode, timedOut: run.outcome.timedOut, results: run.results, unread: run.unread },
            plan,
          );
    const cost = `copy ${seconds(copied)} (${costOf(counts)}), run ${seconds(run.outcome.durationMs)}${run.outcome.sandbox === "sandboxed" ? " sandboxed" : ""}`;
    const durationMs = Date.now() - started;
    return {
      breach,
      line: breach
        ? `start's tests not held in ${seconds(durationMs)}: ${cost}`
        : `start's tests held in ${seconds(durationMs)}: ${planChanges(plan)} file(s) put back as at the start, ${cost}`,
      durationMs,
    };
  } finally {
    closeStore();
    if (copy) await fs.rm(copy, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** What the person is told at the start when the goal file lets the agent change the tests (null: the start's tests hold). */
export function allowTestEditsLine(tests: Pick<AutoLoopState["test_results"], "allow_test_edits">): string | null {
  const why = tests.allow_test_edits ?? null;
  return why === null
    ? null
    : `The goal file allows test edits (allow-test-edits: ${why}): the start's tests will not be run unchanged before the audit, and the audit is told to judge every edit to them. Remove that line from the goal file if the tests must hold as they are.`;
}

/** What the audit is told when the goal file allows test edits: the start's tests were not run unchanged, so it must judge each edit. */
export function testEditsNote(tests: Pick<AutoLoopState["test_results"], "allow_test_edits">): string | null {
  const why = tests.allow_test_edits ?? null;
  if (why === null) return null;
  return `The goal file allows the tests to be changed (allow-test-edits: ${why}), so loopkit did not run the start's tests unchanged: judge every change to a test file or a test runner's configuration (package.json's scripts included) in the diff. A weakened assertion, a failure caught and ignored, an early return, a test body replaced under the same name or a test marked as expected to fail is not achieved unless this goal really needs it.`;
}

/** The test runners' packages in the top node_modules that are folders at the start and differ now (changed, replaced or deleted). */
function changedRunnerPackages(store: ObjectStore, startRoot: Buffer, nowRoot: Buffer): string[] {
  const changed: string[] = [];
  for (const name of RUNNER_PACKAGES) {
    const key = `node_modules/${name}`;
    const before = entryAt(store, startRoot, key);
    if (before?.kind !== "dir") continue;
    const now = entryAt(store, nowRoot, key);
    if (now?.kind !== "dir" || !now.hash!.equals(before.hash!)) changed.push(key);
  }
  return changed;
}

const recorded = (file: TreeFile) => ({ path: file.path, hash: file.entry.hash!.toString("hex") });
const costOf = (counts: CopyCounts) =>
  `${counts.files} files, ${sizeOf(counts.bytes)}${counts.links ? `, ${counts.links} dependency link(s)` : ""}`;
const sizeOf = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** The verifier's command line for the copy: where it names the project's folder (whole, not a longer name), it names the copy's. */
export function commandIn(command: string, projectDir: string, copy: string): string {
  const folder = projectDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return command.replace(new RegExp(`${folder}(?=$|[/\\s'"\`;&|)])`, "g"), () => copy);
}

/** Writes the start's test files and configs into the copy, puts package.json's test keys back, removes configs the start lacked. */
function applyPlan(store: ObjectStore, copy: string, plan: ContractPlan, start: Map<string, TreeFile>): void {
  const at = (key: string) => path.join(copy, ...key.split("/"));
  for (const key of plan.restore) {
    const { entry } = start.get(key)!;
    if (!entry.kept) throw new Error(`${key} is over 1 MB at the start, so loopkit did not keep it and cannot put it back`);
    clearPlace(copy, key);
    writeNewFile(at(key), store.get(entry.hash!, "blob"), entry.mode);
  }
  for (const key of plan.packageKeys) {
    const { entry } = start.get(key)!;
    if (!entry.kept) throw new Error(`${key} is over 1 MB at the start, so loopkit did not keep it`);
    const merged = withStartKeys(store.get(entry.hash!, "blob").toString("utf8"), readFileSync(at(key), "utf8"));
    if (merged === null) continue;
    rmSync(at(key), { force: true });
    writeNewFile(at(key), Buffer.from(merged), entry.mode);
  }
  for (const key of plan.remove) rmSync(at(key), { force: true });
}

/** Makes `key`'s place in the copy free, through real folders only: a link or file in the way of a folder is removed, never followed. */
function clearPlace(copy: string, key: string): void {
  const parts = key.split("/");
  let dir = copy;
  for (const part of parts.slice(0, -1)) {
    dir = path.join(dir, part);
    const stat = lstatSync(dir, { throwIfNoEntry: false });
    if (stat?.isDirectory()) continue;
    if (stat) rmSync(dir, { force: true });
    mkdirSync(dir, { mode: 0o700 });
  }
  // rmSync removes a folder's content without following the links in it.
  rmSync(path.join(dir, parts[parts.length - 1]!), { force: true, recursive: true });
}

/** A new, private folder for one run: `<pid>-<random>`, so a later run knows whose it was. */
function makeCopyFolder(base: string): string {
  mkdirSync(base, { recursive: true, mode: 0o700 });
  return mkdtempSync(path.join(base, `${process.pid}-`));
}

/** Copies a killed run left behind (its process is gone, or it is over a day old): removed, links and all, never followed. */
export function removeStaleCopies(base: string, nowMs = Date.now()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return removed;
  }
  for (const name of names) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    const dir = path.join(base, name);
    let old = false;
    try {
      old = nowMs - statSync(dir).mtimeMs > 24 * 3600_000;
    } catch {
      continue;
    }
    if (pid === process.pid && !old) continue;
    if (Number.isInteger(pid) && pid > 0 && alive(pid) && !old) continue;
    try {
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
      // Left for the next run.
    }
  }
  return removed;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
