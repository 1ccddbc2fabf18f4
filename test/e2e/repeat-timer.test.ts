// The acceptance test of /loopkit:repeat's timer, through the real claude CLI: a 1-minute, 2-iteration
// loop of a slash command runs exactly twice, a full minute between iteration 1's end and iteration
// 2's start, then the session ends. It waits for real (about 60 s); the other repeat tests lower the
// floor with LOOPKIT_REPEAT_MIN_INTERVAL_MS.
import { readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { clockTime } from "../../src/repeat/prompt.js";
import type { FakeModel } from "./harness/fake-model.js";
import { runClaude, type ClaudeRun, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import {
  iterationScript,
  markerExists,
  pluginDataOf,
  readStats,
  result,
  status,
  stopMessages,
  type IterationSeen,
} from "./repeat-helpers.js";

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ sandbox: "file" }, (world) => ({ model, sandbox } = world));

describe("a 1m loop of 2 iterations of /check", () => {
  // One real run for the block (about 60 s of waiting); each test checks one thing it did.
  let run: ClaudeRun;
  let seen: IterationSeen[];
  let checks = 0;
  let record: any;
  let state: any;
  let firstEnded: number;
  beforeAll(async () => {
    await mkdir(path.join(sandbox.project, ".claude", "commands"), { recursive: true });
    await writeFile(
      path.join(sandbox.project, ".claude", "commands", "check.md"),
      "---\ndescription: project check\n---\nCHECK-COMMAND-BODY: look at the project and report.\n",
    );
    const skill = { toolUses: [{ name: "Skill", input: { skill: "check" } }] };
    const iterations = iterationScript([skill, skill], (request) => {
      // 2.1.332 answers a second Skill call of the same command with a pointer to the body it loaded before.
      if (!/CHECK-COMMAND-BODY|Skill \/check is already loaded above/.test(request.lastUserText)) return { text: "ok" };
      checks += 1;
      return result(`REPEAT-RESULT: pass - check ${checks} is fine`);
    });
    seen = iterations.seen;
    model.setScript(iterations.script);

    // No LOOPKIT_DATA_DIR: the skill's CLI and the hook must agree on Claude Code's own plugin data folder.
    run = await runClaude({
      model,
      sandbox,
      prompt: "/loopkit:repeat 1m --iterations 2 /check",
      env: { LOOPKIT_STATS_FILE: path.join(sandbox.root, "stats", "stats.json") },
      timeoutMs: 150_000,
    });
    record = readStats(sandbox).loop_runs[0];
    const repeatDir = path.join(pluginDataOf(sandbox), "repeat");
    state = JSON.parse(
      readFileSync(
        path.join(
          repeatDir,
          readdirSync(repeatDir).find((name) => name.endsWith(".json"))!,
        ),
        "utf8",
      ),
    );
    firstEnded = Date.parse(state.iterations[0].ended_at);
  }, 170_000);

  it("runs /check exactly twice, then the session ends", () => {
    expect(run.exitCode, run.stderr).toBe(0);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    expect(checks).toBe(2);
    for (const s of seen) expect(s.prompt).toMatch(/Run the slash command `\/check` now[\s\S]*call the Skill tool with skill "check"/);
    expect(seen[0]!.prompt).toContain("loopkit repeat started");
    // The background hook's wake-up: claude -p names the hook's command first; the prompt's own first line follows on a line of its own.
    expect(seen[1]!.prompt).toMatch(/^Stop hook feedback:\n(\[[^\]]*\]: \n)?loopkit repeat: iteration 2\/2 \(loop-\d+, every 1m\)/);
  });

  it("starts iteration 2 a minute after iteration 1 ended", () => {
    // Iteration 2 reached the model no sooner than a minute after iteration 1 ended, and not absurdly late.
    expect(seen[1]!.at - firstEnded).toBeGreaterThanOrEqual(60_000);
    expect(seen[1]!.at - firstEnded).toBeLessThan(90_000);
    expect(Date.parse(state.iterations[1].started_at) - firstEnded).toBeGreaterThanOrEqual(60_000);
  });

  it("records the run, both iterations passed, in the stats file", () => {
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
  });

  it("tells the person when the next iteration runs, and how the loop ended", () => {
    const messages = stopMessages(run.hookEvents);
    // Exact: the wait is the interval from the iteration's end, so the line says "in 1m" and the clock time of next_at.
    expect(messages[0]).toBe(
      `loopkit repeat ${record.id}: 1/2 pass (check 1 is fine) · next 2/2 at ${clockTime(new Date(firstEnded + 60_000))} (in 1m) · the session is yours meanwhile · /loopkit:repeat --cancel stops it`,
    );
    expect(messages[1]).toMatch(/^repeat ended: COMPLETED - 2 iteration\(s\), 2 passed, 0 failed, elapsed 1m\d*s?/);
  });

  it("lives in Claude Code's plugin data folder: its marker gone, its finished state kept for --status", async () => {
    expect(markerExists(pluginDataOf(sandbox), run.sessionId!)).toBe(false);
    expect(await status(sandbox, { LOOPKIT_DATA_DIR: pluginDataOf(sandbox) })).toMatchObject({
      active: false,
      status: "COMPLETED",
      session_id: run.sessionId,
      iteration: 2,
      results: ["pass", "pass"],
    });
  });

  it("makes no request but the Messages API", () => {
    expect(model.unexpected).toEqual([]);
  });
});
