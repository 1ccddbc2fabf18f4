// driveRepeat on real files with a stand-in for claude (its stream-json lines) and a clock the test
// moves: what each turn's end leads to, the spacing from the end of an iteration, a usage limit's
// reset, a --cancel during a turn, and a stop. The real claude runs in test/e2e/repeat-terminal.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cancelLoop } from "../../src/repeat/start.js";
import { startTerminalLoop } from "../../src/repeat/terminal-start.js";
import { loadState } from "../../src/repeat/store.js";
import type { PhaseRun } from "../../src/run/claude-phase.js";
import { driveRepeat, type RepeatRunContext } from "../../src/run/repeat-runner.js";
import { at, T0 } from "../repeat/fixtures.js";

let tmp: string;
let data: string;
let project: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit repeat runner "));
  data = path.join(tmp, "data");
  project = path.join(tmp, "project");
  mkdirSync(project);
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const answer = (text: string) => [
  JSON.stringify({ type: "assistant", message: { content: [{ type: "text", text }] }, parent_tool_use_id: null }),
  JSON.stringify({ type: "result", is_error: false, result: text }),
];
const apiError = (kind: string, text: string) => [
  JSON.stringify({ type: "assistant", error: kind, message: { content: [{ type: "text", text }] }, parent_tool_use_id: null }),
  JSON.stringify({ type: "result", is_error: true, result: text }),
];

interface Turn {
  lines: string[];
  /** How long the turn takes on the test's clock. */
  tookMs?: number;
  /** Runs while the turn is in flight (e.g. a --cancel from another shell). */
  during?: () => Promise<void>;
  /** The turn ran past the iteration timeout: claude was stopped. */
  timedOut?: boolean;
}

async function start(maxIterations: number, fresh = false, timeoutMs: number | null = null) {
  const ctx = { dataDir: data, projectDir: project, now: T0, statsFile: path.join(tmp, "stats.json") };
  const request = { mode: "start" as const, command: "check the build", intervalMs: 60_000, interval: "1m", maxIterations, warnings: [] };
  return startTerminalLoop(ctx, request, {
    claude_bin: "/bin/claude",
    claude_args: ["--model", "m"],
    fresh,
    conversation: null,
    pid: 1,
    log_file: null,
    iteration_timeout_ms: timeoutMs,
  });
}

/**
 * A runner context over `turns`; both clocks (wall and monotonic) move by each turn's time and each
 * sleep; `jumps` sets the wall clock by each amount at the sleeps that follow (one a sleep).
 */
function context(turns: Turn[], stop = new AbortController(), jumps: number[] = []) {
  let clock = T0.getTime();
  let monotonic = 0;
  const runs: (PhaseRun & { startedAt: number; startedAtMonotonic: number })[] = [];
  const printed: string[] = [];
  const told: string[] = [];
  let ids = 0;
  const ctx: RepeatRunContext = {
    dataDir: data,
    projectDir: project,
    env: { PATH: "/bin" },
    now: () => new Date(clock),
    print: (line) => void printed.push(line),
    async runTurn(run) {
      runs.push({ ...run, startedAt: clock, startedAtMonotonic: monotonic });
      const turn = turns[runs.length - 1] ?? { lines: answer("REPEAT-RESULT: pass") };
      await turn.during?.();
      if (run.signal?.aborted) return { exitCode: 143, timedOut: false, failure: null, tail: "" };
      clock += turn.tookMs ?? 10_000;
      monotonic += turn.tookMs ?? 10_000;
      for (const line of turn.lines) run.onLine?.(line);
      if (turn.timedOut) return { exitCode: null, timedOut: true, failure: null, tail: "" };
      return { exitCode: 0, timedOut: false, failure: null, tail: "" };
    },
    newSessionId: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, "0")}`,
    newToken: () => "token",
    stop: stop.signal,
    monotonicMs: () => monotonic,
    async sleep(ms) {
      clock += ms + (jumps.shift() ?? 0);
      monotonic += ms;
    },
    async tell(before, after) {
      told.push(`${before.phase}->${after.phase}`);
      return after.phase === "running" || after.phase === "waiting" ? [] : [`told: ${after.final_status ?? after.phase}`];
    },
  };
  return { ctx, runs, printed, told };
}

describe("driveRepeat", () => {
  it("runs each iteration as a claude turn, the next one a full interval after the previous one ended, in one conversation; exit 0", async () => {
    const loop = await start(2);
    const { ctx, runs, printed, told } = context([
      { lines: answer("ok\nREPEAT-RESULT: pass - one"), tookMs: 90_000 },
      { lines: answer("REPEAT-RESULT: pass - two") },
    ]);
    expect(await driveRepeat(ctx, loop.file)).toBe(0);
    expect(runs.map((run) => [run.resume ?? false, run.sessionId])).toEqual([
      [false, "00000000-0000-4000-8000-000000000001"],
      [true, "00000000-0000-4000-8000-000000000001"],
    ]);
    // The 90 s iteration ended at T0+90s; the next started 60 s after that.
    expect(runs[1]!.startedAt - T0.getTime()).toBe(150_000);
    expect(runs[0]).toMatchObject({
      bin: "/bin/claude",
      claudeArgs: ["--output-format", "stream-json", "--verbose", "--model", "m"],
      timeoutMs: 0,
      projectDir: project,
      dataDir: data,
    });
    expect(runs[0]!.env).toMatchObject({ PATH: "/bin", LOOPKIT_DATA_DIR: data, VD_AUTOLOOP_DEPTH: "1" });
    expect(runs[0]!.prompt).toMatch(/^loopkit repeat: iteration 1\/2 \(loop-\d+, every 1m\)\.\nDo this task now:\n> check the build/);
    // The person's notify command hears of each change the runner made (the hook's tellPerson decides whether it is news).
    expect(told).toEqual(["running->waiting", "running->ended"]);
    expect(printed).toEqual([
      expect.stringMatching(/^loopkit repeat: iteration 1\/2 pass \(one\) in 1m30s · next 2\/2 at /),
      "loopkit repeat: iteration 2/2 pass (two) in 10s",
      "told: COMPLETED",
      expect.stringMatching(/^repeat ended: COMPLETED - 2 iteration\(s\), 2 passed/),
    ]);
    const stats = JSON.parse(readFileSync(path.join(tmp, "stats.json"), "utf8")).loop_runs[0];
    expect(stats).toMatchObject({ final_status: "COMPLETED", iterations: [{ summary: "one" }, { summary: "two" }] });
  });

  it("--fresh: a new session for every turn, never resumed", async () => {
    const loop = await start(2, true);
    const { ctx, runs } = context([]);
    await driveRepeat(ctx, loop.file);
    expect(runs.map((run) => [run.resume ?? false, run.sessionId.slice(-1)])).toEqual([
      [false, "1"],
      [false, "2"],
    ]);
  });

  it("a turn that printed no result is a failed iteration, and why is printed; a first turn that left nothing is not resumed", async () => {
    const loop = await start(2);
    const { ctx, runs, printed } = context([{ lines: ["not json"] }, { lines: answer("REPEAT-RESULT: pass") }]);
    expect(await driveRepeat(ctx, loop.file)).toBe(0);
    expect(printed[0]).toBe("loopkit repeat: iteration 1 ended without a final message: claude printed no result");
    expect(printed[1]).toMatch(/^loopkit repeat: iteration 1\/2 fail \(claude printed no result; so no REPEAT-RESULT line\)/);
    expect(runs.map((run) => run.resume ?? false)).toEqual([false, false]);
    expect(new Set(runs.map((run) => run.sessionId)).size).toBe(2);
  });

  it("--timeout: each turn may run that long; one that ran past it is a failed iteration saying so, and the loop goes on", async () => {
    const loop = await start(2, false, 20 * 60_000);
    const { ctx, runs, printed } = context([{ lines: [], timedOut: true }, { lines: answer("REPEAT-RESULT: pass") }]);
    expect(await driveRepeat(ctx, loop.file)).toBe(0);
    expect(runs.map((run) => run.timeoutMs)).toEqual([20 * 60_000, 20 * 60_000]);
    expect(printed[0]).toBe(
      "loopkit repeat: iteration 1 ended without a final message: claude ran past the iteration timeout (--timeout 20m) and was stopped",
    );
    expect(printed[1]).toMatch(/^loopkit repeat: iteration 1\/2 fail /);
    const state = (await loadState(loop.file, at(0)))!;
    expect(state.iterations.map((it) => it.result)).toEqual(["fail", "pass"]);
  });

  it.each([
    ["set back an hour", -3_600_000],
    ["set forward an hour", 3_600_000],
  ])("a wall clock %s during a wait neither stalls the loop nor runs the next iteration sooner", async (_name, jump) => {
    const loop = await start(2);
    const { ctx, runs } = context([], new AbortController(), [jump]);
    expect(await driveRepeat(ctx, loop.file)).toBe(0);
    // The first turn took 10 s; the next one starts the interval (60 s) after it on the monotonic clock.
    expect(runs.map((run) => run.startedAtMonotonic)).toEqual([0, 70_000]);
    expect(runs[1]!.startedAt - T0.getTime()).toBe(70_000 + jump);
  });

  it("a usage limit with a reset waits until the reset, sparing the breaker; 3 API errors in a row trip it (exit 4)", async () => {
    const loop = await start(10);
    const reset = at(3 * 3_600_000);
    const limit = apiError("rate_limit", `Claude AI usage limit reached|${reset.getTime() / 1000}`);
    const overloaded = apiError("server_error", "API Error: 529 Overloaded");
    const { ctx, runs } = context([{ lines: limit }, { lines: overloaded }, { lines: overloaded }, { lines: overloaded }]);
    expect(await driveRepeat(ctx, loop.file)).toBe(4);
    expect(runs[1]!.startedAt).toBe(reset.getTime());
    const state = (await loadState(loop.file, at(0)))!;
    expect(state).toMatchObject({ final_status: "CIRCUIT_BREAKER", consecutive_failures: 3 });
    expect(state.iterations.map((it) => it.summary)).toEqual([
      `API error (rate_limit): Claude AI usage limit reached|${reset.getTime() / 1000}`,
      "API error (server_error): API Error: 529 Overloaded",
      "API error (server_error): API Error: 529 Overloaded",
      "API error (server_error): API Error: 529 Overloaded",
    ]);
  });

  it.each([
    ["an API error record", apiError("authentication_failed", "Invalid API key · Please run /login")],
    ["the result alone", [JSON.stringify({ type: "result", is_error: true, result: "Failed to authenticate. API Error: 401 {}" })]],
  ])("refused credentials (%s) end the loop at once and say how to log in (exit 4)", async (_name, lines) => {
    const loop = await start(10);
    const { ctx, printed } = context([{ lines }]);
    expect(await driveRepeat(ctx, loop.file)).toBe(4);
    expect((await loadState(loop.file, at(0)))!).toMatchObject({ final_status: "CIRCUIT_BREAKER" });
    expect(printed).toContainEqual(expect.stringMatching(/credentials were refused.*Log in \(run claude, then \/login\)/));
  });

  it("a --cancel during a turn: the turn's answer is not recorded; exit 7", async () => {
    const loop = await start(3);
    const cancel = () =>
      cancelLoop({ dataDir: data, projectDir: project, now: at(5_000), statsFile: path.join(tmp, "stats.json") }, loop.file).then(
        () => undefined,
      );
    const { ctx, printed } = context([{ lines: answer("REPEAT-RESULT: pass"), during: cancel }]);
    expect(await driveRepeat(ctx, loop.file)).toBe(7);
    expect((await loadState(loop.file, at(0)))!).toMatchObject({ final_status: "CANCELLED", iterations: [] });
    expect(printed).toEqual([expect.stringMatching(/^repeat ended: CANCELLED - 0 iteration\(s\)/)]);
  });

  it("a stop during a turn pauses the loop for --resume, which runs that iteration again; exit 5", async () => {
    const loop = await start(3);
    const stop = new AbortController();
    const { ctx, printed, told } = context([{ lines: answer("REPEAT-RESULT: pass"), during: async () => stop.abort("SIGTERM") }], stop);
    expect(await driveRepeat(ctx, loop.file)).toBe(5);
    expect((await loadState(loop.file, at(0)))!).toMatchObject({ phase: "paused", iteration: 1, iterations: [] });
    expect(printed).toEqual([
      'loopkit repeat paused before iteration 1/3 of "check the build": its runner was stopped (SIGTERM). Resume with loopkit repeat --resume, or end it with loopkit repeat --cancel.',
      "told: paused",
    ]);
    expect(told).toEqual(["running->paused"]);
  });
});
