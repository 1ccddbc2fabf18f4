import { describe, expect, it } from "vitest";
import { formatStatus, loopStatus, STATUS_EXIT_CODES } from "../../src/auto-loop/core/status.js";
import { LOOP_STATUSES } from "../../src/auto-loop/core/state.js";
import { autoLoopKind } from "../../src/auto-loop/kind.js";
import { at, makeState } from "./fixtures.js";

describe("loopStatus", () => {
  it("gives every status its own exit code, 0 only for achieved, none of them 1 or 2", () => {
    const codes = [...LOOP_STATUSES, "none" as const].map((status) => STATUS_EXIT_CODES[status]);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(STATUS_EXIT_CODES.achieved).toBe(0);
    expect(codes).not.toContain(1);
    expect(codes).not.toContain(2);
  });

  it("has the same keys with or without a loop", () => {
    const none = loopStatus("/p", undefined, at(0), 1000);
    const some = loopStatus("/p", makeState(), at(0), 1000);
    expect(Object.keys(none).sort()).toEqual(Object.keys(some).sort());
    expect(none).toMatchObject({ status: "none", active: false, exit_code: 8 });
  });

  it("flags a stale heartbeat only while pursuing, and stops the clock at the end", () => {
    expect(loopStatus("/p", makeState(), at(5000), 1000).heartbeat_stale).toBe(true);
    expect(loopStatus("/p", makeState(), at(500), 1000).heartbeat_stale).toBe(false);
    expect(formatStatus(loopStatus("/p", makeState(), at(5000), 1000))).toMatch(
      /session: +\S+ \(gone or silent, heartbeat stale: \/loopkit:auto-loop --takeover continues the loop\)\n/,
    );
    const ended = makeState({ status: "cancelled", ended_at: at(2000).toISOString() });
    expect(loopStatus("/p", ended, at(9000), 1000)).toMatchObject({ heartbeat_stale: false, elapsed_ms: 2000, next_action: null });
  });

  it("formats the snapshot for a person", () => {
    const text = formatStatus(
      loopStatus("/p", makeState({ iteration: 2, blocker: { reason: "no key", count: 1 } }), at(90_000), 1_000_000),
    );
    expect(text).toMatch(/^auto-loop pursuing\n/);
    expect(text).toMatch(/iteration: +2 of 40/);
    expect(text).toMatch(/elapsed: +1m30s of 4h/);
    expect(text).toMatch(/blocker: +no key/);
    expect(formatStatus(loopStatus("/p", undefined, at(0), 1))).toMatch(/no loop in \/p/);
  });

  it("says when the tokens went past --max-tokens (caps are checked between turns), and not before", () => {
    const caps = { ...makeState().caps, max_tokens: 3000 };
    const past = makeState({ caps, tokens: { transcript: 5000, audit: 1300 } });
    expect(formatStatus(loopStatus("/p", past, at(0), 1000))).toMatch(
      /tokens: +6300 of 3000 \(past the cap: caps are checked between turns\)\n/,
    );
    const under = makeState({ caps, tokens: { transcript: 2000, audit: 1000 } });
    expect(formatStatus(loopStatus("/p", under, at(0), 1000))).toMatch(/tokens: +3000 of 3000\n/);
  });

  it("says why a run that exited 0 is no pass (the test rule), and the goal file the goal came from, in text and JSON", () => {
    const breach = "2 test(s) that ran at the start no longer run (removed, skipped, made todo or filtered out): a, b";
    const run = { exit_code: 0, passed: false, timed_out: false, duration_ms: 5, output_tail: "", output_bytes: 0, log_file: null, breach };
    const state = makeState({
      goal_file: "/p/goal.md",
      last_verifier: { at: at(0).toISOString(), iteration: 1, verdict: "fail", runs: [{ ...run, sandbox: "unsandboxed" }] },
    });
    const status = loopStatus("/p", state, at(0), 1000);
    expect(status).toMatchObject({ goal_file: "/p/goal.md", last_verifier_breach: breach, last_verifier_exit_code: 0 });
    expect(formatStatus(status)).toMatch(/goal file: +\/p\/goal\.md\n/);
    expect(formatStatus(status)).toContain(`last check: verifier fail (exit 0), audit not run yet\n    - not a pass: ${breach}\n`);
    expect(autoLoopKind.statusLine(state, at(0))).toContain("verifier fail (2 test(s) that ran at the start no longer run)");
    expect(loopStatus("/p", makeState(), at(0), 1000)).toMatchObject({ goal_file: null, last_verifier_breach: null });
  });

  it.each([
    ["turns whose audit could not run", 3, 1, /iteration: +2 of 2 \(and 1 not counted: the audit could not run\)\n/],
    ["the wrap-up turn a cap asked for", 3, 0, /iteration: +2 of 2 \(and 1 wrap-up turn after the cap\)\n/],
    ["both", 4, 1, /iteration: +2 of 2 \(and 1 wrap-up turn after the cap; and 1 not counted: the audit could not run\)\n/],
    ["neither", 2, 0, /iteration: +2 of 2\n/],
  ])("counts iterations as --max-iterations does, never 3 of 2: %s named apart", (_name, iteration, turns, line) => {
    const state = makeState({ iteration, caps: { ...makeState().caps, max_iterations: 2 }, audit_not_run: { streak: 0, turns } });
    expect(formatStatus(loopStatus("/p", state, at(0), 1000))).toMatch(line);
  });
});

describe("a paused loop's status", () => {
  const paused = makeState({
    iteration: 2,
    pause: {
      at: at(1_000).toISOString(),
      by: "person",
      reason: "the person wrote to the session while the loop ran",
      words: ["Stop now.\nI will finish."],
      told: true,
    },
  });

  it("says paused, why, and how to go on, in JSON and in text; the loop is still active", () => {
    const s = loopStatus("/p", paused, at(2_000), 1_000_000);
    expect(s).toMatchObject({
      status: "paused",
      active: true,
      exit_code: STATUS_EXIT_CODES.blocked,
      reason: "the person wrote to the session while the loop ran",
      pause: { by: "person", at: at(1_000).toISOString(), words: ["Stop now.\nI will finish."] },
    });
    const text = formatStatus(s);
    expect(text).toMatch(/^auto-loop paused: the person wrote to the session while the loop ran\n/);
    expect(text).toMatch(/paused: +since .* \(by your message\); Type \/loopkit:auto-loop --resume to go on/);
    expect(text).toMatch(/\n {4}> Stop now\. \.\.\.\n/);
  });

  it("an ended loop is not shown as paused", () => {
    const s = loopStatus("/p", { ...paused, status: "cancelled", ended_at: at(3_000).toISOString() }, at(4_000), 1_000_000);
    expect(s).toMatchObject({ status: "cancelled", pause: null });
  });
});
