// A clock that jumps back and forward (the caps and the racy rule are given `now`; a repeat loop's
// wait, in a hook whose wall clock is set back as it waits), and two sessions starting a loop in one
// project at the same moment.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { capReached, elapsedMs } from "../../src/auto-loop/core/caps.js";
import { isRacy, RACY_MARGIN_MS } from "../../src/evidence/stat-cache.js";
import { at, makeState } from "../auto-loop/fixtures.js";
import { baseEnv, runCli, runCliAsync, sendHook, startHook, stopPayload } from "../support/bundle-driver.js";
import { useLoopWorld } from "./loop-world.js";

const HOUR = 3_600_000;
const CAP = 4 * HOUR;

describe("a clock that jumps", () => {
  it.each([
    ["back a day before the start", -24 * HOUR, 0, null],
    ["to just before the wall-clock cap", CAP - 1, CAP - 1, null],
    ["forward onto the cap", CAP, CAP, /reached --max-wallclock 4h/],
    ["forward ten years", 10 * 8766 * HOUR, 10 * 8766 * HOUR, /reached --max-wallclock 4h/],
  ])("%s: elapsed time and the wall-clock cap follow it, never negative", (_name, offset, elapsed, cap) => {
    const state = makeState();
    expect(elapsedMs(state, at(offset))).toBe(elapsed);
    const reached = capReached(state, at(offset));
    if (cap === null) expect(reached).toBeNull();
    else expect(reached).toMatch(cap);
  });

  it("cannot lift the iteration or token caps, whatever the time", () => {
    const spent = makeState({ iteration: 40, tokens: { transcript: 0, audit: 0 } });
    for (const offset of [-24 * HOUR, 0, CAP + 1]) expect(capReached(spent, at(offset))).toMatch(/reached --max-iterations 40/);
  });

  it.each([
    ["the clock went back below the file's times", 10_000, 5_000, true],
    ["the file changed within the margin of the snapshot's start", 10_000, 10_000 + RACY_MARGIN_MS - 1, true],
    ["the clock jumped forward past the file's times", 10_000, 10_000 + 365 * 24 * HOUR, false],
  ])("the racy rule, when %s", (_name, fileMs, snapshotStartMs, racy) => {
    expect(isRacy({ mtimeMs: fileMs, ctimeMs: fileMs }, snapshotStartMs)).toBe(racy);
  });
});

const loop = useLoopWorld("loopkit race");

describe("a repeat loop's wait when the wall clock is set back an hour as it waits", () => {
  it("still wakes the session one interval after the iteration, not an hour later", { timeout: 60_000 }, async () => {
    const env = { ...baseEnv(loop.world.tmp), LOOPKIT_DATA_DIR: loop.world.data, LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000" };
    const started = runCli(["repeat", "--project", loop.world.project, "--session", "s-1", "--args-stdin"], {
      input: "2s --iterations 2 /test",
      env,
    });
    expect(started.code).toBe(0);
    const payload = stopPayload({
      session_id: "s-1",
      transcript_path: path.join(loop.world.tmp, "t.jsonl"),
      cwd: loop.world.project,
      prompt_id: "prompt-1",
      last_assistant_message: "REPEAT-RESULT: pass",
    });
    const jumped = {
      ...env,
      NODE_OPTIONS: `--require ${path.join(import.meta.dirname, "clock-jump.cjs")}`,
      CLOCK_JUMP_MS: String(-HOUR),
      CLOCK_JUMP_AFTER_MS: "500",
    };
    const waiter = startHook(payload, { env: jumped, background: true });
    expect(sendHook(payload, { env }).code).toBe(0);
    const woke = await waiter.exited;
    expect(woke.code).toBe(2);
    expect(woke.stderr).toMatch(/loopkit repeat: iteration 2\/2/);
  });
});

describe("two sessions starting a loop in one project at the same moment", () => {
  it("lets exactly one win; the other gets a clear error and the winner's loop stands", { timeout: 120_000 }, async () => {
    const startIn = (session: string) =>
      runCliAsync(["auto-loop", "--project", loop.world.project, "--session", session, "goal", "--verify", "true"], { env: loop.env() });
    const [a, b] = await Promise.all([startIn("s-1"), startIn("s-2")]);
    const won = [a, b].filter((run) => run.code === 0);
    const lost = [a, b].filter((run) => run.code !== 0);
    expect(won).toHaveLength(1);
    expect(lost[0]!.stderr).toMatch(/an auto-loop is already running in this project, owned by session s-[12]/);
    const winner = a.code === 0 ? "s-1" : "s-2";
    expect(loop.status().json).toMatchObject({ status: "pursuing", session_id: winner });
    expect(loop.corrupt()).toEqual([]);
  });
});
