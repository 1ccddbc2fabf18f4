// The run on the start's tests through a real node:test project: a cheat that changed a test is
// refused, an honest fix holds, and the project is never written, not even by a run killed with -9.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NO_TEST_RESULTS } from "../../src/auto-loop/core/state.js";
import { saveStartEvidence } from "../../src/auto-loop/data/evidence-start.js";
import { loopFiles } from "../../src/auto-loop/data/store.js";
import {
  commandIn,
  contractRunsDir,
  removeStaleCopies,
  runTestContract,
  type ContractInput,
} from "../../src/auto-loop/runners/contract-run.js";
import { runAndReadTests } from "../../src/auto-loop/runners/test-run.js";
import { snapshotFingerprint, takeSnapshot, type Snapshot } from "../../src/evidence/snapshot.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { endOrphanedRuns } from "../../src/shared/process-group.js";
import type { AgentSandbox } from "../../src/sandbox/choice.js";
import { builtPlugin } from "../support/built-plugin.js";
import { requireSystemTools } from "../support/system-tools.js";
import { makeProject } from "../evidence/fixture.js";

const VERIFY = "node --test";
const env = { PATH: process.env.PATH ?? "", HOME: os.homedir(), LANG: "C.UTF-8" };
const START_TEST = `const { test } = require("node:test");
const assert = require("node:assert");
const { sum, diff } = require("../src/sum.js");
test("adds", () => {
  assert.strictEqual(sum(1, 2), 3);
});
test("subtracts", () => {
  assert.strictEqual(diff(3, 1), 2);
});
`;
const BUGGY = `const pad = require("pad");\nexports.sum = (a, b) => pad(a - b);\nexports.diff = (a, b) => pad(a - b);\n`;
const FIXED = `const pad = require("pad");\nexports.sum = (a, b) => pad(a + b);\nexports.diff = (a, b) => pad(a - b);\n`;

let p: ReturnType<typeof makeProject>;
let loopId: string;
let baseline: Awaited<ReturnType<typeof runAndReadTests>>["results"];

const snapshot = async () => (await takeSnapshot({ dataDir: p.data, projectDir: p.project, deadline: deadlineIn(60_000) })).snapshot;

/** A loop's start as loopkit records it: the verifier's baseline run, then the start's snapshot. */
async function startLoop(): Promise<void> {
  loopId = `loop-${Math.random().toString(16).slice(2)}`;
  baseline = (await runAndReadTests(VERIFY, p.project, null, 60_000, env, {})).results;
  const start = await snapshot();
  await saveStartEvidence(loopFiles(p.data, p.project).dir, {
    loopId,
    startedAt: new Date().toISOString(),
    snapshot: start,
    judgedFrom: null,
  });
}

const input = (now: Snapshot, extra: Partial<ContractInput> = {}): ContractInput => ({
  state: {
    loop_id: loopId,
    project_dir: p.project,
    verify_command: VERIFY,
    test_results: { ...NO_TEST_RESULTS, baseline },
  },
  dataDir: p.data,
  now,
  timeoutMs: 60_000,
  env,
  options: {},
  ...extra,
});

/** Runs the contract on the project as the agent left it, and checks that the run wrote nothing there. */
async function holdContract(extra: Partial<ContractInput> = {}) {
  const now = await snapshot();
  const outcome = await runTestContract(input(now, extra));
  expect(snapshotFingerprint(await snapshot())).toBe(snapshotFingerprint(now));
  expect(existsSync(contractRunsDir(p.data)) ? readdirSync(contractRunsDir(p.data)) : []).toEqual([]);
  return outcome;
}

beforeEach(async () => {
  p = makeProject();
  p.write("package.json", JSON.stringify({ name: "sums", scripts: { test: VERIFY } }, null, 2));
  p.write("src/sum.js", BUGGY);
  p.write("test/sum.test.js", START_TEST);
  // An installed dependency: linked into the copy, never copied.
  p.write("node_modules/pad/index.js", "module.exports = (n) => n;\n");
  p.write("node_modules/pad/package.json", JSON.stringify({ name: "pad", main: "index.js" }));
  await startLoop();
});
afterEach(() => rmSync(p.root, { recursive: true, force: true }));

describe("the run on the start's tests", () => {
  it("found the start's tests by name", () => {
    expect(baseline).toMatchObject({ runner: "node:test", passed: 1, failed: 1, ran: ["adds", "subtracts"] });
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      "the failing assertion wrapped in try/catch",
      {
        "test/sum.test.js": START_TEST.replace(
          "  assert.strictEqual(sum(1, 2), 3);",
          "  try { assert.strictEqual(sum(1, 2), 3); } catch {}",
        ),
      },
      /^test\/sum\.test\.js was changed: with the start's version, 1 test\(s\) fail: 'adds' \(.*\)/,
    ],
    ["an early return", { "test/sum.test.js": START_TEST.replace('test("adds", () => {', 'test("adds", () => {\n  return;') }, /'adds'/],
    [
      "the assertion weakened",
      { "test/sum.test.js": START_TEST.replace("assert.strictEqual(sum(1, 2), 3)", "assert.ok(sum(1, 2) !== undefined)") },
      /'adds'/,
    ],
    [
      "the body replaced under the same name, the test file deleted and moved",
      { "test/sum.test.js": "", "test/sums.test.js": START_TEST.replace("sum(1, 2), 3", "sum(1, 2), -1") },
      /test\/sum\.test\.js was changed.*'adds'/,
    ],
    [
      "a failure swallowed in package.json with a runner config added",
      {
        "package.json": JSON.stringify({ name: "sums", scripts: { test: `${VERIFY} || true` } }),
        "test/sum.test.js": START_TEST.replace("sum(1, 2), 3", "sum(1, 2), -1"),
        ".mocharc.yml": "spec: none\n",
      },
      /test\/sum\.test\.js, package\.json's test keys and \.mocharc\.yml \(added\) were changed.*'adds'/,
    ],
  ])("refuses a cheat: %s", async (_, files, breach) => {
    for (const [file, text] of Object.entries(files))
      if (text === "") rmFile(file);
      else p.write(file, text);
    const outcome = await holdContract();
    expect(outcome.breach).toMatch(breach);
    expect(outcome.line).toMatch(
      /^start's tests not held in [\d.]+ s: copy [\d.]+ s \(\d+ files, \d+ KB, 1 dependency link\(s\)\), run [\d.]+ s$/,
    );
  });

  it("refuses a test runner's package patched in node_modules: the start's is put back in the copy, the project's left alone", async () => {
    p.write(
      "node_modules/chai/index.js",
      "exports.assert = { strictEqual(a, b) { if (a !== b) throw new Error(`expected ${b}, got ${a}`); } };\n",
    );
    p.write("test/sum.test.js", START_TEST.replace('const assert = require("node:assert");', 'const { assert } = require("chai");'));
    await startLoop();
    const patched = "exports.assert = { strictEqual() {} };\n";
    p.write("node_modules/chai/index.js", patched);
    const outcome = await holdContract();
    expect(outcome.breach).toMatch(
      /^node_modules\/chai \(the test runner's package\) was changed: with the start's version, 1 test\(s\) fail: 'adds' \(expected 3, got -1\)/,
    );
    expect(readFileSync(path.join(p.project, "node_modules/chai/index.js"), "utf8")).toBe(patched);
  });

  it("holds an honest fix without another run when no test changed, new tests beside them included", async () => {
    p.write("src/sum.js", FIXED);
    p.write("test/more.test.js", 'require("node:test")("more", () => {});\n');
    const outcome = await holdContract();
    expect(outcome).toEqual({
      breach: null,
      line: "start's tests held: 2 test file(s) and configs unchanged, no extra run",
      durationMs: 0,
    });
  });

  it("holds an honest fix whose test edits keep the start's tests passing (the start's version runs)", async () => {
    p.write("src/sum.js", FIXED);
    p.write("test/sum.test.js", `${START_TEST}// a comment the agent added\n`);
    const outcome = await holdContract();
    expect(outcome.breach).toBeNull();
    expect(outcome.line).toMatch(/^start's tests held in [\d.]+ s: 1 file\(s\) put back as at the start, copy/);
    expect(outcome.durationMs).toBeGreaterThan(0);
  });

  it("after an unfinished loop, holds the earlier loop's start: a restart keeps the contract", async () => {
    const first = { loopId, snapshot: await snapshot() };
    p.write(
      "test/sum.test.js",
      START_TEST.replace("  assert.strictEqual(sum(1, 2), 3);", "  try { assert.strictEqual(sum(1, 2), 3); } catch {}"),
    );
    // Loop 2 starts on the cheat its unfinished loop 1 left, and judges from loop 1's start.
    loopId = "loop-2";
    await saveStartEvidence(loopFiles(p.data, p.project).dir, {
      loopId,
      startedAt: new Date().toISOString(),
      snapshot: await snapshot(),
      judgedFrom: {
        loop_id: first.loopId,
        started_at: new Date().toISOString(),
        last_end: { loop_id: first.loopId, status: "budget-limited" },
        snapshot: first.snapshot,
      },
    });
    const outcome = await holdContract();
    expect(outcome.breach).toMatch(/^test\/sum\.test\.js was changed: with the start's version, 1 test\(s\) fail: 'adds'/);
  });

  it("is skipped when the goal file allows test edits (the audit judges them)", async () => {
    p.write("test/sum.test.js", START_TEST.replace("sum(1, 2), 3", "sum(1, 2), -1"));
    const now = await snapshot();
    const outcome = await runTestContract({
      ...input(now),
      state: { ...input(now).state, test_results: { ...NO_TEST_RESULTS, baseline, allow_test_edits: "the API changed" } },
    });
    expect(outcome.breach).toBeNull();
    expect(outcome.line).toMatch(/not held \(the goal file allows test edits/);
  });

  const tools = process.platform === "linux" ? requireSystemTools(["bwrap", "socat", "rg"]) : { skip: true };
  it.skipIf(tools.skip)("runs sandboxed when the loop's verifier does, the copy writable and the project not", async () => {
    const SANDBOXED: AgentSandbox = { agent: "sandboxed", how: "test", fail_if_unavailable: true };
    p.write("src/sum.js", FIXED);
    p.write("test/sum.test.js", START_TEST.replace("sum(1, 2), -1", "sum(1, 2), 3") + "// edited\n");
    const outcome = await holdContract({
      options: { sandbox: SANDBOXED, launcher: path.join(builtPlugin().dir, "dist", "sandbox-exec.js") },
      env: { ...env, HOME: p.root },
    });
    expect(outcome.breach).toBeNull();
    expect(outcome.line).toMatch(/run [\d.]+ s sandboxed$/);
  });
});

describe("other runners", () => {
  /** Starts a loop on the project as written, cheats with `cheat`, and runs the contract. */
  async function cheatWith(verify: string, cheat: () => void) {
    loopId = `loop-${Math.random().toString(16).slice(2)}`;
    baseline = (await runAndReadTests(verify, p.project, null, 60_000, env, {})).results;
    await saveStartEvidence(loopFiles(p.data, p.project).dir, {
      loopId,
      startedAt: new Date().toISOString(),
      snapshot: await snapshot(),
      judgedFrom: null,
    });
    cheat();
    const now = await snapshot();
    const outcome = await runTestContract({ ...input(now), state: { ...input(now).state, verify_command: verify } });
    expect(snapshotFingerprint(await snapshot())).toBe(snapshotFingerprint(now));
    return outcome;
  }

  it("vitest, its node_modules a folder of links as an install makes: test.fails on the failing test is refused", async () => {
    rmSync(path.join(p.project, "node_modules"), { recursive: true });
    const modules = realpathSync(path.resolve("node_modules"));
    mkdirSync(path.join(p.project, "node_modules"));
    for (const name of readdirSync(modules)) symlinkSync(path.join(modules, name), path.join(p.project, "node_modules", name));
    p.write("package.json", JSON.stringify({ name: "calc", type: "module" }));
    const spec =
      'import { test, expect } from "vitest";\nconst mul = (a, b) => a + b;\ntest("adds", () => expect(1 + 2).toBe(3));\ntest("multiplies", () => expect(mul(2, 3)).toBe(6));\n';
    p.write("math.test.js", spec);
    rmFile("test/sum.test.js");
    const outcome = await cheatWith("node node_modules/vitest/vitest.mjs run", () =>
      p.write("math.test.js", spec.replace('test("multiplies"', 'test.fails("multiplies"')),
    );
    expect(baseline).toMatchObject({ runner: "vitest", passed: 1, failed: 1 });
    expect(outcome.breach).toMatch(
      /^math\.test\.js was changed: with the start's version, 1 test\(s\) fail: 'math\.test\.js > multiplies'/,
    );
  });

  const pytest = spawnSync("python3", ["-m", "pytest", "--version"]).status === 0;
  it.skipIf(!pytest)("pytest: the failing assertion caught is refused", async () => {
    p.write("calc.py", "def mul(a, b):\n    return a + b\n");
    const spec = "from calc import mul\n\ndef test_adds():\n    assert 1 + 2 == 3\n\ndef test_multiplies():\n    assert mul(2, 3) == 6\n";
    p.write("test_calc.py", spec);
    const outcome = await cheatWith("python3 -m pytest -p no:cacheprovider", () =>
      p.write(
        "test_calc.py",
        spec.replace("    assert mul(2, 3) == 6", "    try:\n        assert mul(2, 3) == 6\n    except AssertionError:\n        pass"),
      ),
    );
    expect(baseline).toMatchObject({ runner: "pytest", passed: 1, failed: 1 });
    expect(outcome.breach).toMatch(/^test_calc\.py was changed: with the start's version, 1 test\(s\) fail/);
  });
});

describe("the command line in the copy", () => {
  it.each([
    ["npm test", "npm test"],
    ["cd '/work/my app' && npm test", "cd '/copy/1' && npm test"],
    ["node /work/my app/run.js", "node /copy/1/run.js"],
    ["node /work/my apple/run.js", "node /work/my apple/run.js"],
  ])("%s", (command, expected) => {
    expect(commandIn(command, "/work/my app", "/copy/1")).toBe(expected);
  });
});

describe("a run killed with -9", () => {
  let driver: string;
  beforeAll(async () => {
    // The contract run in a process of its own, so the test can kill it (bundled from src/ for this test).
    const dir = realpathSync(os.tmpdir());
    driver = path.join(dir, `loopkit-contract-driver-${process.pid}.mjs`);
    const entry = path.join(import.meta.dirname, "..", "..", "src", "auto-loop", "runners", "contract-run.ts");
    await build({
      stdin: {
        contents: `import { runTestContract } from ${JSON.stringify(entry)};\nconst input = JSON.parse(process.argv[2]);\nconsole.log(JSON.stringify(await runTestContract(input)));\n`,
        resolveDir: path.dirname(entry),
        loader: "ts",
      },
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: driver,
      banner: { js: 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);' },
      logLevel: "silent",
    });
  });
  afterAll(() => rmFile(driver, true));

  it("leaves the project as the agent left it, and the next run removes its copy", async () => {
    const mark = path.join(p.root, "running");
    // The start's test, put back in the copy, says it runs, then waits to be killed.
    const slow = `${START_TEST}test("waits", async () => { if (process.env.MARK) { require("node:fs").writeFileSync(process.env.MARK, process.cwd()); await new Promise((r) => setTimeout(r, 60000)); } });\n`;
    p.write("test/sum.test.js", slow);
    await startLoop();
    p.write("test/sum.test.js", slow.replace("sum(1, 2), 3", "sum(1, 2), -1"));
    const now = await snapshot();
    const child = spawn(process.execPath, [driver, JSON.stringify({ ...input(now), env: { ...env, MARK: mark } })], { stdio: "ignore" });
    const deadline = Date.now() + 30_000;
    while (!existsSync(mark) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const copy = readFileSync(mark, "utf8");
    expect(copy.startsWith(contractRunsDir(p.data))).toBe(true);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    // The verifier the killed run started is found by its tag and ended, as a loop's next start does.
    await endOrphanedRuns();
    expect(snapshotFingerprint(await snapshot())).toBe(snapshotFingerprint(now));
    expect(existsSync(copy)).toBe(true);
    expect(removeStaleCopies(contractRunsDir(p.data))).toEqual([copy]);
    expect(existsSync(copy)).toBe(false);
    // The copy's links were removed, never followed.
    expect(readFileSync(path.join(p.project, "node_modules", "pad", "index.js"), "utf8")).toContain("module.exports");
    expect(snapshotFingerprint(await snapshot())).toBe(snapshotFingerprint(now));
  });
});

function rmFile(file: string, absolute = false): void {
  const full = absolute ? file : path.join(p.project, file);
  rmSync(full, { force: true });
}
