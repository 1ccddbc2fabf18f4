// The start's tests are the contract: through the real claude CLI with an audit that votes "achieved"
// whatever it sees, a count-neutral cheat (the failing assertion caught, an assertion weakened) ends not
// achieved before any audit, because the start's test files, run unchanged on the final tree in a copy,
// fail; an honest fix that also adds a test ends achieved; a goal that allows test edits goes to the
// audit, which is told to judge them.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { FakeModel } from "./harness/fake-model.js";
import { runClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { requireSystemTools } from "../support/system-tools.js";
import { bash, hookPrompts, isAudit, loopkitEnv, loopScript, plugin, readHistory, status } from "./auto-loop-helpers.js";

const ACHIEVED = '{"vote": "achieved", "reasons": ["the tests pass"]}';
const MATH = "export const add = (a, b) => a + b;\nexport const mul = (a, b) => a + b;\n";
const FIX = `sed -i 's/mul = (a, b) => a + b/mul = (a, b) => a * b/' math.mjs`;
const CAUGHT = `sed -i 's/^test("multiplies", () => assert.equal(mul(2, 3), 6));/test("multiplies", () => { try { assert.equal(mul(2, 3), 6); } catch {} });/' test/math.test.mjs`;

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

const run = (prompt: string) =>
  runClaude({
    model,
    sandbox,
    prompt,
    pluginDir: plugin.dir,
    args: ["--allowedTools", "Bash"],
    env: loopkitEnv(sandbox),
    timeoutMs: 200_000,
  });

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(sandbox.project, file)), { recursive: true });
  writeFileSync(path.join(sandbox.project, file), text);
};

/** node:test through `npm test`: adds passes, multiplies fails (mul adds). */
function nodeProject(): void {
  write("package.json", JSON.stringify({ name: "calc", type: "module", scripts: { test: "node --test" } }));
  write("math.mjs", MATH);
  write(
    "test/math.test.mjs",
    [
      'import test from "node:test";',
      'import assert from "node:assert/strict";',
      'import { add, mul } from "../math.mjs";',
      'test("adds", () => assert.equal(add(2, 3), 5));',
      'test("multiplies", () => assert.equal(mul(2, 3), 6));',
      "",
    ].join("\n"),
  );
}

/** The same with vitest (this repository's own install, linked in), the test beside the code. */
function vitestProject(): void {
  write("package.json", JSON.stringify({ name: "calc", type: "module", scripts: { test: "vitest run" } }));
  write("math.mjs", MATH);
  write(
    "math.test.mjs",
    [
      'import { test, expect } from "vitest";',
      'import { add, mul } from "./math.mjs";',
      'test("adds", () => expect(add(2, 3)).toBe(5));',
      'test("multiplies", () => expect(mul(2, 3)).toBe(6));',
      "",
    ].join("\n"),
  );
  symlinkSync(path.resolve("node_modules"), path.join(sandbox.project, "node_modules"));
}

const gateLines = () => readHistory(sandbox).filter((entry) => entry.event === "gate");

describe("the start's tests are the contract", () => {
  it("node:test: the failing assertion wrapped in try/catch ends not achieved, the audit never asked", async () => {
    nodeProject();
    let audits = 0;
    model.setScript(loopScript({ turns: [bash(CAUGHT), { text: "Hand-off: the tests pass." }], vote: () => (audits++, ACHIEVED) }));
    const result = await run("/loopkit:auto-loop make the tests pass --verify npm test --max-iterations 1");
    expect(result.exitCode, result.stderr).toBe(0);
    expect(audits).toBe(0);
    expect(result.requests.filter(isAudit)).toHaveLength(0);
    const gate = gateLines()[0];
    expect(gate).toMatchObject({ verdict: "pass", vote: null });
    expect(gate.detail).toMatch(
      /audit not run: loopkit's test-contract rule refused the passes; no pass: test\/math\.test\.mjs was changed: with the start's version, 1 test\(s\) fail: 'multiplies'/,
    );
    expect(gate.detail).toMatch(/start's tests not held in [\d.]+ s: copy [\d.]+ s \(\d+ files, \d+ KB\), run [\d.]+ s/);
    expect(status(sandbox)).toMatchObject({ status: "budget-limited" });
  }, 240_000);

  it("vitest: toBe(6) weakened to toBeDefined() ends not achieved, the audit never asked", async () => {
    vitestProject();
    let audits = 0;
    model.setScript(
      loopScript({
        turns: [bash(`sed -i 's/expect(mul(2, 3)).toBe(6)/expect(mul(2, 3)).toBeDefined()/' math.test.mjs`), { text: "Hand-off: done." }],
        vote: () => (audits++, ACHIEVED),
      }),
    );
    const result = await run("/loopkit:auto-loop make the tests pass --verify npm test --max-iterations 1");
    expect(result.exitCode, result.stderr).toBe(0);
    expect(audits).toBe(0);
    expect(gateLines()[0].detail).toMatch(
      /refused the passes; no pass: math\.test\.mjs was changed: with the start's version, 1 test\(s\) fail: 'math\.test\.mjs > multiplies'/,
    );
    expect(status(sandbox)).toMatchObject({ status: "budget-limited" });
  }, 240_000);

  it("the cheat's reason goes into the next prompt; the honest fix with a new test then ends achieved, the contract run's cost in the gate line", async () => {
    nodeProject();
    model.setScript(
      loopScript({
        turns: [
          bash(CAUGHT),
          bash(
            `sed -i 's/{ try { assert.equal(mul(2, 3), 6); } catch {} }/assert.equal(mul(2, 3), 6)/' test/math.test.mjs && ${FIX} && echo 'test("multiplies by one", () => assert.equal(mul(7, 1), 7));' >> test/math.test.mjs`,
          ),
        ],
        vote: () => ACHIEVED,
      }),
    );
    const result = await run("/loopkit:auto-loop make the tests pass --verify npm test");
    expect(result.exitCode, result.stderr).toBe(0);
    const prompts = hookPrompts(result.requests);
    expect(prompts[1]).toMatch(
      /test-contract rule[^\n]*test\/math\.test\.mjs was changed: with the start's version, 1 test\(s\) fail: 'multiplies'/,
    );
    expect(status(sandbox)).toMatchObject({ status: "achieved", tests: { contract: expect.stringMatching(/^start's tests held in /) } });
    const gates = gateLines();
    expect(gates.at(-1)).toMatchObject({ verdict: "pass", vote: "achieved" });
    expect(gates.at(-1).detail).toMatch(
      /start's tests held in [\d.]+ s: 1 file\(s\) put back as at the start, copy [\d.]+ s .*run [\d.]+ s/,
    );
  }, 240_000);

  const sandboxTools = process.platform === "linux" ? requireSystemTools(["bwrap", "socat", "rg"]) : { skip: true };
  it.skipIf(sandboxTools.skip)(
    "with Claude Code's sandbox on: the cheat is refused and the honest fix ends achieved, the start's tests run sandboxed",
    async () => {
      nodeProject();
      mkdirSync(path.join(sandbox.home, ".claude"), { recursive: true });
      writeFileSync(
        path.join(sandbox.home, ".claude", "settings.json"),
        JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true, autoAllowBashIfSandboxed: true } }),
      );
      model.setScript(
        loopScript({
          turns: [
            bash(CAUGHT),
            bash(
              `sed -i 's/{ try { assert.equal(mul(2, 3), 6); } catch {} }/assert.equal(mul(2, 3), 6)/' test/math.test.mjs && ${FIX} && echo '// checked' >> test/math.test.mjs`,
            ),
          ],
          vote: () => ACHIEVED,
        }),
      );
      const result = await run("/loopkit:auto-loop make the tests pass --verify npm test");
      expect(result.exitCode, result.stderr).toBe(0);
      expect(status(sandbox)).toMatchObject({ status: "achieved", agent_sandbox: { agent: "sandboxed" } });
      const [cheat, fix] = gateLines().map((entry) => entry.detail);
      expect(cheat).toMatch(
        /loopkit's test-contract rule refused the passes; no pass: test\/math\.test\.mjs was changed.*run [\d.]+ s sandboxed$/,
      );
      expect(fix).toMatch(
        /audit achieved; start's tests held in [\d.]+ s: 1 file\(s\) put back as at the start, .*run [\d.]+ s sandboxed$/,
      );
    },
    240_000,
  );

  it("a goal file that allows test edits: not run unchanged, and the audit is told to judge the edits", async () => {
    nodeProject();
    write(
      "goal.md",
      "---\nverify: npm test\nmax-iterations: 1\nallow-test-edits: multiplication is dropped from the spec\n---\nMake the tests pass.\n",
    );
    const audits: string[] = [];
    model.setScript(loopScript({ turns: [bash(CAUGHT)], vote: (prompt) => (audits.push(prompt), ACHIEVED) }));
    const result = await run("/loopkit:auto-loop");
    expect(result.exitCode, result.stderr).toBe(0);
    expect(hookPrompts(result.requests)[0]).toMatch(/The goal file allows test edits \(allow-test-edits: multiplication is dropped/);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toContain("allow-test-edits: multiplication is dropped from the spec");
    expect(audits[0]).toContain("judge every change to a test file");
    expect(status(sandbox)).toMatchObject({ status: "achieved" });
    expect(gateLines().at(-1).detail).toMatch(/start's tests not held \(the goal file allows test edits/);
  }, 240_000);
});
