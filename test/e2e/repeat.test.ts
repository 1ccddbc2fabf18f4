// /loopkit:repeat end to end: the real claude CLI with the plugin and a scripted fake model on
// 127.0.0.1. The 1-minute floor is lowered (LOOPKIT_REPEAT_MIN_INTERVAL_MS, test-only) so these use
// seconds; repeat-timer.test.ts checks the real minute.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { execa } from "execa";
import { mainRequests, OVERLOADED, RATE_LIMITED, type FakeModel, type ScriptedReply } from "./harness/fake-model.js";
import { CLAUDE_BIN, CLAUDE_VERSION, claudeEnv, PLUGIN_DIR, runClaude, startClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import {
  iterationScript,
  markerExists,
  readStats,
  repeatCli,
  repeatEnv,
  result,
  status,
  statsFileOf,
  stopMessages,
} from "./repeat-helpers.js";

let model: FakeModel;
let sandbox: Sandbox;
let dataDir: string;
useModelAndSandbox(
  { setUp: (world) => void (dataDir = path.join(world.sandbox.root, "loopkit data")) },
  (world) => ({ model, sandbox } = world),
);

const env = (extra: Record<string, string> = {}) =>
  repeatEnv(sandbox, { LOOPKIT_DATA_DIR: dataDir, LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000", ...extra });
const cliEnv = () => ({ LOOPKIT_DATA_DIR: dataDir });
/** The one repeat state file of the test's data folder. */
const repeatState = () => {
  const [file] = readdirSync(path.join(dataDir, "repeat")).filter((name) => name.endsWith(".json"));
  return JSON.parse(readFileSync(path.join(dataDir, "repeat", file!), "utf8"));
};
const run = (prompt: string, extra: Record<string, string> = {}) =>
  runClaude({ model, sandbox, prompt, env: env(extra), timeoutMs: 90_000 });

describe("/loopkit:repeat ends a loop by its rules", () => {
  it("ends as EARLY_SUCCESS when a passing iteration says DONE, but not when it only echoes loopkit's prompt", async () => {
    const echo = (prompt: string) => {
      const line = prompt.split("\n").find((l) => l.startsWith("Say DONE"))!;
      return result("REPEAT-RESULT: pass - 2 of 3 pods ready", `Noted the rule:\n${line}`);
    };
    const { script, seen } = iterationScript([echo, result("REPEAT-RESULT: pass - all 3 pods ready", "The deploy is live. DONE")]);
    model.setScript(script);
    const session = await run(`/loopkit:repeat 2s --iterations 5 "check deploy status"`);
    expect(session.exitCode, session.stderr).toBe(0);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    expect(seen[0]!.prompt).toMatch(/Do this task now:\n> check deploy status/);
    // The wake-up in claude -p: Claude Code's label and the hook's command line, then loopkit's prompt from a line of its own.
    expect(seen[1]!.prompt).toMatch(
      /^Stop hook feedback:\n\[node [^\]]*hook\.cjs --background[^\]]*\]: \nloopkit repeat: iteration 2\/5 \(loop-\d+, every 2s\)\.\nDo this task now:/,
    );
    // And Claude Code files the first wake of the run as a stop hook problem (2.1.332: "stop hook problem · ctrl+o to see",
    // 2.1.197: "Stop hook error occurred · ctrl+o to see"); nothing loopkit prints changes that (docs/claude-code-findings.md §20).
    expect(
      session.events.filter((e) => e.type === "system" && e.subtype === "notification" && e.key === "stop-hook-error").map((e) => e.text),
    ).toEqual([expect.stringMatching(/^(stop hook problem|Stop hook error occurred) · ctrl\+o to see$/)]);
    expect(readStats(sandbox).loop_runs).toEqual([
      expect.objectContaining({
        command: "check deploy status",
        interval: "2s",
        max_iterations: 5,
        final_status: "EARLY_SUCCESS",
        iterations: [expect.objectContaining({ result: "pass" }), expect.objectContaining({ result: "pass" })],
      }),
    ]);
    expect(stopMessages(session.hookEvents).at(-1)).toMatch(/^repeat ended: EARLY_SUCCESS - 2 iteration\(s\), 2 passed, 0 failed/);
    expect(markerExists(dataDir, session.sessionId!)).toBe(false);
  }, 120_000);

  it("trips the circuit breaker after 3 failures in a row (reported, missing, malformed), and passes on the raised-interval warning", async () => {
    const { script, seen } = iterationScript([
      result("REPEAT-RESULT: fail - lint errors"),
      { text: "I looked at it and it is fine." },
      result("REPEAT-RESULT: probably fine"),
      result("REPEAT-RESULT: pass"),
    ]);
    model.setScript(script);
    const session = await run("/loopkit:repeat 1s /lint --iterations 10", { LOOPKIT_REPEAT_MIN_INTERVAL_MS: "2000" });
    expect(session.exitCode, session.stderr).toBe(0);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2, 3]);
    expect(seen[0]!.prompt).toContain("Tell the person: The interval 1s is under the 2s minimum; loopkit raised it to 2s.");
    const record = readStats(sandbox).loop_runs[0];
    expect(record).toMatchObject({ interval: "2s", max_iterations: 10, final_status: "CIRCUIT_BREAKER" });
    expect(record.iterations.map((it: any) => [it.result, it.exit_code, it.summary])).toEqual([
      ["fail", 1, "lint errors"],
      ["fail", 2, "no REPEAT-RESULT line in the final message"],
      ["fail", 2, "malformed REPEAT-RESULT line: REPEAT-RESULT: probably fine"],
    ]);
    // A full interval lies between one iteration's end and the next one's start (the state keeps both).
    const its = repeatState().iterations.map((it: any) => ({ start: Date.parse(it.started_at), end: Date.parse(it.ended_at) }));
    expect(its[1].start - its[0].end).toBeGreaterThanOrEqual(2_000);
    expect(its[2].start - its[1].end).toBeGreaterThanOrEqual(2_000);
    expect(seen[1]!.at - its[0].end).toBeGreaterThanOrEqual(2_000);
    expect(await status(sandbox, cliEnv())).toMatchObject({
      active: false,
      status: "CIRCUIT_BREAKER",
      results: ["fail", "fail", "fail"],
      failures: 3,
    });
  }, 120_000);

  it("stops at the ceiling as MAX_ITERATIONS when the last iteration failed, keeping other writers' keys and records", async () => {
    await mkdir(path.dirname(statsFileOf(sandbox)), { recursive: true });
    const foreign = { version: 3, sessions: { total: 12 }, loop_runs: [{ id: "loop-1", command: "/older", tool: "another" }] };
    await writeFile(statsFileOf(sandbox), JSON.stringify(foreign));
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - ok"), result("REPEAT-RESULT: fail - broke")]);
    model.setScript(script);
    const session = await run("/loopkit:repeat 1s --iterations=2 check the build");
    expect(session.exitCode, session.stderr).toBe(0);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    const stats = readStats(sandbox);
    expect(stats.version).toBe(3);
    expect(stats.sessions).toEqual({ total: 12 });
    expect(stats.loop_runs[0]).toEqual(foreign.loop_runs[0]);
    expect(stats.loop_runs[1]).toMatchObject({ command: "check the build", final_status: "MAX_ITERATIONS" });
    expect(stats.loop_runs).toHaveLength(2);
  }, 120_000);
});

describe("/loopkit:repeat control and scope", () => {
  it("leaves another session in the same project alone while it waits; --cancel from a terminal ends the wait at once", async () => {
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - build green")]);
    model.setScript(script);
    const owner = startClaude({
      model,
      sandbox,
      prompt: `/loopkit:repeat 1h --iterations 3 "watch the build"`,
      env: env(),
      timeoutMs: 120_000,
    });
    let waiting: any;
    for (let i = 0; i < 60 && waiting?.status !== "waiting"; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      waiting = await status(sandbox, cliEnv());
    }
    expect(waiting).toMatchObject({
      active: true,
      status: "waiting",
      iteration: 1,
      max_iterations: 3,
      results: ["pass"],
      command: "watch the build",
      interval: "1h",
    });

    // A second session in the same folder: its Stop is not blocked, it sees no loop prompt, and the loop is unchanged.
    model.setScript([{ text: "Hello from the other session." }]);
    const other = await runClaude({ model, sandbox, prompt: "hello", env: env(), timeoutMs: 60_000 });
    expect(other.exitCode, other.stderr).toBe(0);
    expect(mainRequests(other.requests).map((r) => r.lastUserText)).toEqual(["hello"]);
    const otherStops = other.hookEvents.filter((event) => event.hook_event === "Stop" && event.subtype === "hook_response");
    // Both of loopkit's Stop hooks ran there (the Stop hook and its background twin) and printed nothing.
    expect(otherStops.map((event) => event.stdout)).toEqual(["", ""]);
    expect(await status(sandbox, cliEnv())).toMatchObject({
      status: "waiting",
      iteration: 1,
      next_at: waiting.next_at,
      session_id: waiting.session_id,
    });

    // The person cancels from another terminal, with no --session: the project's only active loop.
    const cancel = await repeatCli(sandbox, ["--cancel"], cliEnv());
    expect(cancel.stdout).toMatch(/^repeat ended: CANCELLED - 1 iteration\(s\), 1 passed, 0 failed/);
    const cancelledAt = Date.now();
    const ended = await owner.done;
    expect(ended.exitCode, ended.stderr).toBe(0);
    expect(Date.now() - cancelledAt).toBeLessThan(30_000);
    expect(seen).toHaveLength(1);
    expect(stopMessages(ended.hookEvents).at(-1)).toMatch(/^repeat ended: CANCELLED/);
    expect(readStats(sandbox).loop_runs[0]).toMatchObject({
      final_status: "CANCELLED",
      iterations: [expect.objectContaining({ result: "pass" })],
    });
    expect(markerExists(dataDir, ended.sessionId!)).toBe(false);
    expect((await repeatCli(sandbox, ["--cancel"], cliEnv())).stderr).toMatch(/no active repeat loop/);
  }, 150_000);

  it("refuses bad arguments before anything starts: no model call, no state, no stats", async () => {
    model.setScript([]);
    const session = await run("/loopkit:repeat --iterations 0 /test");
    expect(session.exitCode).toBe(0);
    expect(session.requests).toHaveLength(0);
    expect(session.stdout).toContain('invalid --iterations \\"0\\": expected a whole number from 1 to 1000');
    expect(existsSync(statsFileOf(sandbox))).toBe(false);
    expect(existsSync(path.join(dataDir, "repeat"))).toBe(false);
    // With text output, 2.1.332 prints the failed command and loopkit's error; 2.1.197 prints nothing (docs/claude-code-findings.md §2).
    const text = await execa(
      CLAUDE_BIN,
      ["-p", "/loopkit:repeat --iterations 0 /test", "--plugin-dir", PLUGIN_DIR, "--output-format", "text"],
      { cwd: sandbox.project, env: claudeEnv(model, sandbox, env()), extendEnv: false, input: "", reject: false, timeout: 60_000 },
    );
    expect(text.exitCode).toBe(0);
    if (CLAUDE_VERSION === "2.1.197") expect(text.stdout).toBe("");
    else
      expect(text.stdout).toMatch(
        /^Shell command failed for pattern "```![\s\S]*\[stderr\]\nloopkit: invalid --iterations "0": expected a whole number from 1 to 1000/,
      );
  }, 60_000);

  it("passes quotes, ;, $(...) and backticks to the model as text and runs none of them", async () => {
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass")]);
    model.setScript(script);
    const hostile = `say "hi"; $(touch PWNED1) \`touch PWNED2\` && touch PWNED3 | tee PWNED4`;
    const session = await run(`/loopkit:repeat 1s --iterations 1 ${hostile}`);
    expect(session.exitCode, session.stderr).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.prompt).toContain(`> ${hostile}`);
    expect(readdirSync(sandbox.project).filter((name) => name.startsWith("PWNED"))).toEqual([]);
    expect(readStats(sandbox).loop_runs[0]).toMatchObject({ command: hostile, final_status: "COMPLETED" });
  }, 60_000);

  it("cannot be broken out of its heredoc by a line equal to the delimiter, even where the session allows node", async () => {
    model.setScript([]);
    const pwned = path.join(sandbox.root, "PWNED-heredoc");
    const write = `node -e "require('fs').writeFileSync(process.argv[1], 'x')" "${pwned}"`;
    for (const marker of ["!LOOPKIT_ARGS_EOF", "LOOPKIT_ARGS_EOF", "\\!LOOPKIT_ARGS_EOF"]) {
      await runClaude({
        model,
        sandbox,
        prompt: `/loopkit:repeat --status\n${marker}\n${write}\nnode -e 0 <<'${marker}'`,
        env: env(),
        args: ["--allowedTools", "Bash(node:*)"],
        timeoutMs: 60_000,
      });
      expect(existsSync(pwned), marker).toBe(false);
    }
  }, 200_000);
});

describe("/loopkit:repeat and Claude Code's cap on Stop-hook continuations", () => {
  it("warns at start, pauses when the CLI drops a continuation, and leaves the person's next prompt alone", async () => {
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - fine")]);
    model.setScript(script);
    const capped = { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "2" };
    const first = await run(`/loopkit:repeat 1s --iterations 5 "say the time"`, capped);
    expect(first.exitCode, first.stderr).toBe(0);
    expect(seen[0]!.prompt).toContain("Tell the person: Claude Code ends a turn after 2 Stop-hook continuations in a row that ran no tool");
    // Iteration 1 plus two wake-ups reached the model; the CLI dropped the third (the cap counts a
    // background hook's wake-ups too), and at the session's end the loop paused, iteration 4 to run on --resume.
    expect(seen.map((s) => s.iteration)).toEqual([1, 2, 3]);
    expect(await status(sandbox, cliEnv())).toMatchObject({
      active: true,
      status: "paused",
      iteration: 3,
      results: ["pass", "pass", "pass"],
    });

    model.setScript([{ text: "It is noon." }]);
    const next = await runClaude({
      model,
      sandbox,
      prompt: "what time is it?",
      resume: first.sessionId,
      env: env(capped),
      timeoutMs: 60_000,
    });
    expect(next.exitCode, next.stderr).toBe(0);
    expect(next.sessionId).toBe(first.sessionId);
    expect(mainRequests(next.requests).map((r) => r.lastUserText)).toEqual(["what time is it?"]);
    expect(stopMessages(next.hookEvents)).toEqual([]);
    expect(await status(sandbox, cliEnv())).toMatchObject({
      active: true,
      status: "paused",
      iteration: 3,
      results: ["pass", "pass", "pass"],
    });
  }, 150_000);
});

/** Pids of the processes under `pid` whose command line contains `needle` (Linux /proc). */
function descendants(pid: number, needle: string): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // The process ended while we looked.
    }
  }
  const isUnder = (candidate: number): boolean => {
    for (let p = parents.get(candidate); p !== undefined && p > 1; p = parents.get(p)) if (p === pid) return true;
    return false;
  };
  return [...parents.keys()].filter((candidate) => {
    if (!isUnder(candidate)) return false;
    try {
      return readFileSync(`/proc/${candidate}/cmdline`, "utf8").includes(needle);
    } catch {
      return false;
    }
  });
}

describe("/loopkit:repeat pause and resume", () => {
  it("pauses when its waiting hook is terminated, stays out of the person's next turn, and --resume continues it", async () => {
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - one"), result("REPEAT-RESULT: pass - two")]);
    model.setScript(script);
    const owner = startClaude({
      model,
      sandbox,
      prompt: `/loopkit:repeat 1h --iterations 2 "watch the build"`,
      env: env(),
      timeoutMs: 120_000,
    });
    for (let i = 0; i < 60 && (await status(sandbox, cliEnv())).status !== "waiting"; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 500));
    // A terminated waiting hook (the CLI ending it, a kill). Only the hook this test's claude started is signalled.
    const hooks = descendants(owner.child.pid!, "dist/hook.cjs\0--background");
    expect(hooks).toHaveLength(1);
    process.kill(hooks[0]!, "SIGTERM");
    const first = await owner.done;
    expect(first.exitCode, first.stderr).toBe(0);
    expect(await status(sandbox, cliEnv())).toMatchObject({ active: true, status: "paused", iteration: 1, results: ["pass"] });

    model.setScript([{ text: "It is noon." }]);
    const unrelated = await runClaude({
      model,
      sandbox,
      prompt: "what time is it?",
      resume: first.sessionId,
      env: env(),
      timeoutMs: 60_000,
    });
    expect(mainRequests(unrelated.requests).map((r) => r.lastUserText)).toEqual(["what time is it?"]);
    expect(unrelated.hookEvents.filter((e) => e.hook_event === "Stop" && e.subtype === "hook_response").map((e) => e.stdout)).toEqual([
      "",
      "",
    ]);

    model.setScript(script);
    const resumed = await runClaude({
      model,
      sandbox,
      prompt: "/loopkit:repeat --resume",
      resume: first.sessionId,
      env: env(),
      timeoutMs: 60_000,
    });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    expect(seen[1]!.prompt).toContain("loopkit repeat resumed");
    expect(stopMessages(resumed.hookEvents)).toEqual([expect.stringMatching(/^repeat ended: COMPLETED - 2 iteration\(s\), 2 passed/)]);
    expect(readStats(sandbox).loop_runs[0]).toMatchObject({
      final_status: "COMPLETED",
      iterations: [{ summary: "one" }, { summary: "two" }],
    });
  }, 180_000);
});

describe("/loopkit:repeat through an API outage (claude -p)", () => {
  it("records an iteration that died of an API error (529, then 429) as failed naming it, pauses at the session's end, and the breaker counts them across --resume", async () => {
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - fine"), OVERLOADED, RATE_LIMITED, OVERLOADED]);
    model.setScript(script);
    // 2.1.197 retries a 529 even with x-should-retry: false; with no retries one answer is one failed turn.
    const outage = { CLAUDE_CODE_MAX_RETRIES: "0" };
    const first = await run("/loopkit:repeat 1s --iterations 5 check the service", outage);
    // The CLI ends the session on the API error (exit 1) without a Stop; SessionEnd records it.
    expect(first.exitCode).toBe(1);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    expect(await status(sandbox, cliEnv())).toMatchObject({
      active: true,
      status: "paused",
      iteration: 2,
      results: ["pass", "fail"],
      consecutive_failures: 1,
    });
    const afterFirst = readStats(sandbox).loop_runs[0];
    expect(afterFirst.iterations[1]).toMatchObject({
      number: 2,
      result: "fail",
      exit_code: 1,
      summary: expect.stringMatching(/^API error \((server_error|overloaded)\): API Error: .*529/),
    });

    const second = await runClaude({
      model,
      sandbox,
      prompt: "/loopkit:repeat --resume",
      resume: first.sessionId,
      env: env(outage),
      timeoutMs: 60_000,
    });
    expect(second.exitCode).toBe(1);
    expect(await status(sandbox, cliEnv())).toMatchObject({
      status: "paused",
      iteration: 3,
      results: ["pass", "fail", "fail"],
      consecutive_failures: 2,
    });
    expect(readStats(sandbox).loop_runs[0].iterations[2].summary).toMatch(/^API error \(rate_limit\): API Error: .*429/);

    const third = await runClaude({
      model,
      sandbox,
      prompt: "/loopkit:repeat --resume",
      resume: first.sessionId,
      env: env(outage),
      timeoutMs: 60_000,
    });
    expect(third.exitCode).toBe(1);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2, 3, 4]);
    const record = readStats(sandbox).loop_runs[0];
    expect(record).toMatchObject({ final_status: "CIRCUIT_BREAKER", ended_at: expect.stringMatching(/Z$/) });
    expect(record.iterations.map((it: any) => it.result)).toEqual(["pass", "fail", "fail", "fail"]);
    expect(markerExists(dataDir, first.sessionId!)).toBe(false);
  }, 200_000);
});

describe("/loopkit:repeat with refused credentials (claude -p)", () => {
  it("ends the loop at the first refusal (401) as CIRCUIT_BREAKER, not after three: no later iteration could pass", async () => {
    const refused: ScriptedReply = {
      error: { status: 401, type: "authentication_error", message: "invalid x-api-key", headers: { "x-should-retry": "false" } },
    };
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - fine"), refused, result("REPEAT-RESULT: pass - never")]);
    model.setScript(script);
    const first = await run("/loopkit:repeat 1s --iterations 5 check the service", { CLAUDE_CODE_MAX_RETRIES: "0" });
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    const record = readStats(sandbox).loop_runs[0];
    expect(record).toMatchObject({ final_status: "CIRCUIT_BREAKER", ended_at: expect.stringMatching(/Z$/) });
    expect(record.iterations).toEqual([
      expect.objectContaining({ result: "pass" }),
      expect.objectContaining({ result: "fail", summary: expect.stringMatching(/^API error \(authentication_failed\)/) }),
    ]);
    expect(await status(sandbox, cliEnv())).toMatchObject({ active: false, status: "CIRCUIT_BREAKER" });
    expect(markerExists(dataDir, first.sessionId!)).toBe(false);
  }, 120_000);
});
