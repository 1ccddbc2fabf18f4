// The transitions outside a judged turn, as pure functions: no store, no process, no clock.
import { describe, expect, it } from "vitest";
import { attachSandbox } from "../../src/auto-loop/core/agent-sandbox.js";
import { AutoLoopStateSchema, NO_TEST_RESULTS, UNMEASURED_SANDBOX, type AutoLoopState } from "../../src/auto-loop/core/state.js";
import {
  cancelState,
  pauseState,
  phaseState,
  replacedState,
  resumeState,
  startState,
  takeOverState,
  unpauseState,
  type NewLoop,
} from "../../src/auto-loop/core/transitions.js";
import { at, makeState } from "./fixtures.js";

const SANDBOXED = { agent: "sandboxed", how: "loopkit run's sandbox block", fail_if_unavailable: true } as const;

const newLoop = (overrides: Partial<NewLoop> = {}): NewLoop => ({
  loopId: "loop-new",
  sessionId: "s-new",
  projectDir: "/p",
  goal: "make it work",
  goalFile: null,
  verify: "npm test",
  caps: makeState().caps,
  launch: makeState().launch,
  agentSandbox: undefined,
  protect: { globs: [], snapshot: {} },
  treeHash: "tree-start",
  testResults: NO_TEST_RESULTS,
  ...overrides,
});

/** A state that has been running a while, with spend and a transcript of its own session. */
const running = (): AutoLoopState =>
  makeState({
    iteration: 7,
    tokens: { transcript: 9_000, audit: 300 },
    heartbeat_at: at(1_000).toISOString(),
    transcript: {
      path: "/old.jsonl",
      offset: 4_000,
      recent_message_ids: ["m9"],
      subagent_offsets: { "agent-a.jsonl": 10 },
      since: at(0).toISOString(),
      context_tokens: 5_000,
    },
    thrash: { streak: 2, tree_hash: "tree-7" },
    launch: { ...makeState().launch, agent_sandbox: { agent: "unsandboxed", how: "the old driver's probe", fail_if_unavailable: false } },
  });

describe("startState", () => {
  it("makes a valid pursuing state at iteration 0 and its start line, naming the goal", () => {
    const { state, history } = startState(newLoop(), at(5_000));
    expect(AutoLoopStateSchema.parse(state)).toEqual(state);
    expect(state).toMatchObject({
      loop_id: "loop-new",
      session_id: "s-new",
      status: "pursuing",
      iteration: 0,
      started_at: at(5_000).toISOString(),
      heartbeat_at: at(5_000).toISOString(),
      transcript: { path: null, offset: 0, since: at(5_000).toISOString() },
      thrash: { streak: 0, tree_hash: "tree-start" },
    });
    expect(history).toEqual([
      expect.objectContaining({
        event: "start",
        goal: "make it work",
        detail: "goal inline; verifier: npm test; caps 40 iterations, 2000000 tokens, 4h",
      }),
    ]);
  });

  it("says where the goal came from and what is protected", () => {
    const { state, history } = startState(
      newLoop({ goalFile: "goal.md", protect: { globs: ["test/**"], snapshot: { "test/a.ts": "sha256:1", "test/b.ts": "sha256:2" } } }),
      at(0),
    );
    expect(state.protect).toEqual({ globs: ["test/**"], snapshot: { "test/a.ts": "sha256:1", "test/b.ts": "sha256:2" }, changed: [] });
    expect(history[0]!.detail).toMatch(/^goal from goal\.md; .*; protected: test\/\*\* \(2 files\)$/);
  });

  it("records the driver's sandbox when it knows one, else the launch's", () => {
    expect(startState(newLoop({ agentSandbox: SANDBOXED }), at(0)).state.launch.agent_sandbox).toEqual(SANDBOXED);
    expect(startState(newLoop(), at(0)).state.launch.agent_sandbox).toEqual(makeState().launch.agent_sandbox);
  });
});

describe("replacedState (a new goal with --takeover)", () => {
  it("ends the stale loop cancelled, naming the new session, with a takeover line", () => {
    const { state, history } = replacedState(running(), "s-new", at(9_000));
    expect(state).toMatchObject({
      status: "cancelled",
      status_reason: "taken over by session s-new",
      ended_at: at(9_000).toISOString(),
      iteration: 7,
    });
    expect(history).toEqual([
      expect.objectContaining({ event: "takeover", status: "cancelled", detail: "taken over by session s-new", session_id: "s-1" }),
    ]);
  });
});

describe("takeOverState (--takeover alone)", () => {
  it("moves the loop to the new session with counters and caps unchanged, reading the new transcript from the start", () => {
    const before = running();
    const { state, history } = takeOverState(before, "s-new", SANDBOXED, at(9_000));
    expect(state).toMatchObject({
      session_id: "s-new",
      iteration: 7,
      tokens: before.tokens,
      caps: before.caps,
      heartbeat_at: at(9_000).toISOString(),
      transcript: {
        path: null,
        offset: 0,
        recent_message_ids: [],
        subagent_offsets: {},
        since: at(9_000).toISOString(),
        context_tokens: 0,
      },
      // No tree to compare the first idle turn with yet.
      thrash: { streak: 0, tree_hash: null },
    });
    expect(history).toEqual([expect.objectContaining({ event: "takeover", session_id: "s-new", detail: "taken over from session s-1" })]);
  });

  it("never keeps the old driver's sandbox: the new one's record, else not measured", () => {
    expect(takeOverState(running(), "s-new", SANDBOXED, at(0)).state.launch.agent_sandbox).toEqual(SANDBOXED);
    expect(takeOverState(running(), "s-new", undefined, at(0)).state.launch.agent_sandbox).toEqual(UNMEASURED_SANDBOX);
  });
});

describe("attachSandbox", () => {
  it.each([
    ["start", undefined, "the launch's"],
    ["takeover", undefined, "not measured"],
    ["start", SANDBOXED, "the driver's"],
    ["takeover", SANDBOXED, "the driver's"],
  ] as const)("a %s with driver record %o keeps %s", (attach, driver, expected) => {
    const launch = running().launch;
    const want = { "the launch's": launch.agent_sandbox, "not measured": UNMEASURED_SANDBOX, "the driver's": SANDBOXED }[expected];
    expect(attachSandbox(launch, driver, attach)).toEqual({ ...launch, agent_sandbox: want });
  });
});

describe("cancelState", () => {
  it("ends the loop cancelled with a cancel line; nothing else changes", () => {
    const before = running();
    const { state, history } = cancelState(before, at(9_000));
    expect(state).toEqual({
      ...before,
      status: "cancelled",
      status_reason: "cancelled with --cancel",
      ended_at: at(9_000).toISOString(),
      updated_at: at(9_000).toISOString(),
    });
    expect(history).toEqual([
      expect.objectContaining({ event: "cancel", status: "cancelled", detail: "cancelled with --cancel", iteration: 7 }),
    ]);
  });
});

describe("resumeState", () => {
  it("renews the heartbeat only, with a resume line", () => {
    const before = running();
    const { state, history } = resumeState(before, at(9_000));
    expect(state).toEqual({ ...before, heartbeat_at: at(9_000).toISOString(), updated_at: at(9_000).toISOString() });
    expect(history).toEqual([expect.objectContaining({ event: "resume", status: "pursuing", detail: "session s-1 resumed" })]);
  });
});

describe("phaseState (a loopkit run phase)", () => {
  it("binds the fresh session, whose transcript the hook reads from the beginning; counters stay", () => {
    const before = running();
    const { state, history } = phaseState(before, "s-phase-2", 2, at(9_000));
    expect(state).toEqual({
      ...before,
      session_id: "s-phase-2",
      heartbeat_at: at(9_000).toISOString(),
      updated_at: at(9_000).toISOString(),
      transcript: { ...before.transcript, path: null, since: at(9_000).toISOString(), context_tokens: 0 },
    });
    expect(history).toEqual([
      expect.objectContaining({ event: "phase", session_id: "s-phase-2", detail: "phase 2: fresh session s-phase-2 (loopkit run)" }),
    ]);
  });
});

describe("pause and --resume", () => {
  const person = (words: string[]) => ({ by: "person" as const, reason: "the person wrote", words });

  it("pauses with a history line; a second cause only adds the person's words", () => {
    const first = pauseState(makeState(), person(["stop"]), at(1_000));
    expect(first.state.pause).toEqual({
      at: at(1_000).toISOString(),
      by: "person",
      reason: "the person wrote",
      words: ["stop"],
      told: false,
    });
    expect(first.history.map((h) => [h.event, h.detail])).toEqual([["pause", "the person wrote"]]);
    const second = pauseState(first.state, { by: "agent", reason: "other", words: ["  more  ", ""] }, at(2_000));
    expect(second.state.pause).toMatchObject({ by: "person", reason: "the person wrote", words: ["stop", "more"] });
    expect(second.history).toEqual([]);
  });

  it.each([
    ["more messages than it keeps: the last five", Array.from({ length: 8 }, (_, i) => `m${i}`), ["m3", "m4", "m5", "m6", "m7"]],
    ["a huge message: cut", ["x".repeat(5_000)], [`${"x".repeat(2_000)} [cut]`]],
    ["the same message from the hook and the transcript: once", ["stop", "stop"], ["stop"]],
  ])("keeps %s", (_name, words, kept) => {
    const paused = pauseState(makeState(), person(words), at(0)).state;
    expect(paused.pause!.words).toEqual(kept);
    expect(() => AutoLoopStateSchema.parse(paused)).not.toThrow();
  });

  it("--resume clears the pause and hands back its words; a loop not paused cannot be resumed", () => {
    const paused = pauseState(makeState({ thrash: { streak: 2, tree_hash: "t" } }), person(["use key B"]), at(0)).state;
    const going = unpauseState(paused, at(5_000));
    expect(going.state).toMatchObject({ pause: null, heartbeat_at: at(5_000).toISOString(), thrash: { streak: 0 } });
    expect(going.pause.words).toEqual(["use key B"]);
    expect(going.history.map((h) => h.event)).toEqual(["continue"]);
    expect(() => unpauseState(makeState(), at(0))).toThrow();
  });
});
