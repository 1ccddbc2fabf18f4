// What a repeat loop cost, end to end on the real claude CLI against the fake model (each reply
// costs 100 input + 20 output tokens, or what the script says): in a session, counted from the
// transcript at each Stop; from a terminal, from `claude -p`'s stream-json. The end line, the state,
// the stats record and --status all say it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { expect, it } from "vitest";
import type { FakeModel } from "./harness/fake-model.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { CLAUDE_BIN, claudeEnv, runClaude, type Sandbox } from "./harness/run-claude.js";
import { plugin } from "./auto-loop-helpers.js";
import { iterationScript, readStats, repeatEnv, result, statsFileOf, stopMessages } from "./repeat-helpers.js";

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

const dataDir = () => path.join(sandbox.root, "loopkit data");
const repeatState = () => {
  const [file] = readdirSync(path.join(dataDir(), "repeat")).filter((name) => name.endsWith(".json"));
  return JSON.parse(readFileSync(path.join(dataDir(), "repeat", file!), "utf8"));
};
/** `loopkit repeat --status --json` from a shell in the project. */
const statusJson = async () =>
  JSON.parse(
    String(
      (
        await execa(process.execPath, [plugin.cli, "repeat", "--status", "--json"], {
          cwd: sandbox.project,
          env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, LOOPKIT_DATA_DIR: dataDir() },
          extendEnv: false,
        })
      ).stdout,
    ),
  );
/** Iteration 1 costs 1000 + 20 tokens, iteration 2 the default 100 + 20. */
const script = () =>
  iterationScript([{ ...result("REPEAT-RESULT: pass - one"), usage: { input_tokens: 1000 } }, result("REPEAT-RESULT: pass - two")]).script;

it("in a session: each iteration's tokens from the transcript, the total in the end line, the stats record and --status", async () => {
  model.setScript(script());
  const run = await runClaude({
    model,
    sandbox,
    prompt: "/loopkit:repeat 1s --iterations 2 say hi",
    env: repeatEnv(sandbox, { LOOPKIT_DATA_DIR: dataDir(), LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000" }),
    timeoutMs: 90_000,
  });
  expect(run.exitCode, run.stderr).toBe(0);
  expect(repeatState().iterations.map((it: { tokens: number | null }) => it.tokens)).toEqual([1020, 120]);
  expect(stopMessages(run.hookEvents).at(-1)).toMatch(
    /^repeat ended: COMPLETED - 2 iteration\(s\), 2 passed, 0 failed, elapsed \S+, 1140 tokens /,
  );
  expect(readStats(sandbox).loop_runs[0]).toMatchObject({ tokens: 1140, iterations: [{ tokens: 1020 }, { tokens: 120 }] });
  expect(await statusJson()).toMatchObject({ tokens_used: 1140, iteration_tokens: [1020, 120] });
}, 120_000);

it("from a terminal: each iteration's tokens from claude -p's output, on its line and in the end line", async () => {
  model.setScript(script());
  const ran = await execa(process.execPath, [plugin.cli, "repeat", "1s", "--iterations", "2", "say hi"], {
    cwd: sandbox.project,
    env: claudeEnv(model, sandbox, {
      LOOPKIT_DATA_DIR: dataDir(),
      LOOPKIT_STATS_FILE: statsFileOf(sandbox),
      LOOPKIT_CLAUDE_BIN: CLAUDE_BIN,
      LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000",
    }),
    extendEnv: false,
    reject: false,
    timeout: 150_000,
  });
  expect(ran.exitCode, String(ran.stderr)).toBe(0);
  const out = String(ran.stdout);
  expect(out).toMatch(/^loopkit repeat: iteration 1\/2 pass \(one\) in \S+, 1020 tokens · next 2\/2/m);
  expect(out).toMatch(/^loopkit repeat: iteration 2\/2 pass \(two\) in \S+, 120 tokens$/m);
  expect(out).toMatch(/^repeat ended: COMPLETED - 2 iteration\(s\), 2 passed, 0 failed, elapsed \S+, 1140 tokens /m);
  expect(await statusJson()).toMatchObject({ tokens_used: 1140, iteration_tokens: [1020, 120] });
}, 180_000);
