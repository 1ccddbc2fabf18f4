// The acceptance test of /loopkit:repeat's timer, through the real claude CLI: a 1-minute, 2-iteration
// loop of a slash command runs exactly twice, at least 60 s apart, then the session ends. It waits
// for real (about 60 s); the other repeat tests lower the floor with LOOPKIT_REPEAT_MIN_INTERVAL_MS.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import type { FakeModel } from "./harness/fake-model.js";
import { runClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { iterationScript, markerExists, pluginDataOf, readStats, result, status, stopMessages } from "./repeat-helpers.js";

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ sandbox: "file" }, (world) => ({ model, sandbox } = world));

it("a 1m loop of 2 iterations runs /check exactly twice, at least 60 s apart, then the session ends", async () => {
  await mkdir(path.join(sandbox.project, ".claude", "commands"), { recursive: true });
  await writeFile(path.join(sandbox.project, ".claude", "commands", "check.md"), "---\ndescription: project check\n---\nCHECK-COMMAND-BODY: look at the project and report.\n");
  const skill = { toolUses: [{ name: "Skill", input: { skill: "check" } }] };
  let checks = 0;
  const { script, seen } = iterationScript([skill, skill], (request) => {
    if (!request.lastUserText.includes("CHECK-COMMAND-BODY")) return { text: "ok" };
    checks += 1;
    return result(`REPEAT-RESULT: pass - check ${checks} is fine`);
  });
  model.setScript(script);

  // No LOOPKIT_DATA_DIR: the skill's CLI and the hook must agree on Claude Code's own plugin data folder.
  const run = await runClaude({
    model,
    sandbox,
    prompt: "/loopkit:repeat 1m --iterations 2 /check",
    env: { LOOPKIT_STATS_FILE: path.join(sandbox.root, "stats", "stats.json") },
    timeoutMs: 150_000,
  });

  expect(run.exitCode, run.stderr).toBe(0);
  expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
  expect(checks).toBe(2);
  for (const s of seen) expect(s.prompt).toMatch(/Run the slash command `\/check` now[\s\S]*call the Skill tool with skill "check"/);
  expect(seen[0]!.prompt).toContain("loopkit repeat started");
  expect(seen[1]!.prompt).toMatch(/^Stop hook feedback:\nloopkit repeat: iteration 2\/2 \(every 1m\)/);

  const record = readStats(sandbox).loop_runs[0];
  const startedAt = Date.parse(record.started_at);
  // Iteration 2 reached the model no sooner than 60 s after iteration 1 started, and not absurdly late.
  expect(seen[1]!.at - startedAt).toBeGreaterThanOrEqual(60_000);
  expect(seen[1]!.at - seen[0]!.at).toBeGreaterThan(55_000);
  expect(seen[1]!.at - startedAt).toBeLessThan(90_000);
  expect(Date.parse(record.iterations[1].timestamp) - Date.parse(record.iterations[0].timestamp)).toBeGreaterThanOrEqual(60_000);
  expect(record).toMatchObject({
    id: expect.stringMatching(/^loop-\d+$/),
    command: "/check",
    interval: "1m",
    max_iterations: 2,
    final_status: "COMPLETED",
    iterations: [
      { number: 1, result: "pass", exit_code: 0, summary: "check 1 is fine" },
      { number: 2, result: "pass", exit_code: 0, summary: "check 2 is fine" },
    ],
  });
  expect(record.ended_at).toMatch(/Z$/);

  const messages = stopMessages(run.hookEvents);
  expect(messages[0]).toMatch(/^repeat 1\/2 - pass \(check 1 is fine\) - waited \d+s - repeat 2\/2 starting$/);
  expect(messages[1]).toMatch(/^repeat ended: COMPLETED - 2 iteration\(s\), 2 passed, 0 failed, elapsed 1m\d*s?/);
  // The loop lived in Claude Code's plugin data folder; its marker is gone, its finished state kept for --status.
  expect(markerExists(pluginDataOf(sandbox), run.sessionId!)).toBe(false);
  expect(await status(sandbox, { LOOPKIT_DATA_DIR: pluginDataOf(sandbox) })).toMatchObject({
    active: false,
    status: "COMPLETED",
    session_id: run.sessionId,
    iteration: 2,
    results: ["pass", "pass"],
  });
  expect(model.unexpected).toEqual([]);
}, 170_000);
