import { describe, expect, it } from "vitest";
import {
  beginTurn,
  blockedReport,
  protectedChanges,
  failLoop,
  finishTurn,
  recordDelegatedProgress,
  type DelegatedProgress,
  type TurnObservation,
} from "../../src/auto-loop/core/decide.js";
import type { AutoLoopState, VerifierResult, VerifierRun } from "../../src/auto-loop/core/state.js";
import { AutoLoopStateSchema } from "../../src/auto-loop/core/state.js";
import { refusedByLoopkit, type AuditOutcome } from "../../src/auto-loop/core/gate.js";
import { loopStatus } from "../../src/auto-loop/core/status.js";
import { at, makeState } from "./fixtures.js";

const observe = (overrides: Partial<TurnObservation> = {}): TurnObservation => ({
  now: at(60_000),
  transcriptPath: "/t.jsonl",
  transcript: {
    offset: 100,
    recentMessageIds: ["m1"],
    subagentOffsets: { "agent-a.jsonl": 30 },
    tokens: 500,
    toolCalls: 1,
    contextTokens: 400,
    personMessages: [],
  },
  lastMessage: "I changed things.",
  treeHash: "tree-1",
  tamper: [],
  handoffNote: null,
  contextWindow: 200_000,
  protectedFiles: {},
  personWords: [],
  personPresent: true,
  ...overrides,
});
const run = (passed: boolean, extra: Partial<VerifierRun> = {}): VerifierRun => ({
  exit_code: passed ? 0 : 1,
  passed,
  timed_out: false,
  duration_ms: 5,
  output_tail: passed ? "ok" : "1 failing",
  output_bytes: 10,
  log_file: null,
  sandbox: "unsandboxed",
  ...extra,
});
const achieved = { vote: "achieved" as const, reasons: ["all good"], failure: null, tokens: 300, ran: true };
const gate = (state: AutoLoopState, obs = observe()) => {
  const started = beginTurn(state, obs);
  if (started.kind !== "gate") throw new Error(`expected the gate, got ${started.kind}`);
  return started;
};

describe("beginTurn", () => {
  it("accounts the turn: iteration, tokens, transcript cursor, heartbeat", () => {
    const started = gate(makeState({ tokens: { transcript: 1000, audit: 50 } }));
    expect(started.state).toMatchObject({
      iteration: 1,
      tokens: { transcript: 1500, audit: 50 },
      transcript: {
        path: "/t.jsonl",
        offset: 100,
        recent_message_ids: ["m1"],
        subagent_offsets: { "agent-a.jsonl": 30 },
        context_tokens: 400,
      },
      heartbeat_at: at(60_000).toISOString(),
    });
    expect(AutoLoopStateSchema.parse(started.state)).toEqual(started.state);
  });

  it.each(["cancelled", "achieved", "budget-limited"] as const)("lets a %s loop stop without judging or counting", (status) => {
    const state = makeState({ status, status_reason: "why" });
    const started = beginTurn(state, observe());
    expect(started).toMatchObject({ kind: "decided", state, outcome: { kind: "stop" }, history: [] });
  });

  it("says a cancelled loop leaves the working tree as it is", () => {
    const started = beginTurn(makeState({ status: "cancelled", status_reason: "cancelled with --cancel" }), observe());
    expect(started.kind === "decided" && started.outcome.kind === "stop" && started.outcome.message).toMatch(/cancelled.*left as it is/);
  });

  it("ends budget-limited after the wrap-up turn, saving the hand-off note", () => {
    const state = makeState({ iteration: 3, wrap_up: { reason: "reached --max-iterations 3", at: at(0).toISOString() } });
    const started = beginTurn(state, observe({ handoffNote: "  done: a; next: b  " }));
    expect(started).toMatchObject({
      kind: "decided",
      state: {
        status: "budget-limited",
        status_reason: "reached --max-iterations 3",
        handoff_note: "done: a; next: b",
        ended_at: at(60_000).toISOString(),
      },
      outcome: { kind: "stop", message: expect.stringMatching(/budget-limited: reached --max-iterations 3\. Hand-off note saved/) },
    });
    expect(started.history.map((h) => h.event)).toEqual(["end"]);
  });

  it("ends budget-limited even when no hand-off note was written, and says so", () => {
    const started = beginTurn(makeState({ wrap_up: { reason: "cap", at: at(0).toISOString() } }), observe());
    expect(started).toMatchObject({
      kind: "decided",
      state: { status: "budget-limited", handoff_note: null },
      outcome: { message: expect.stringMatching(/No hand-off note/) },
    });
  });

  it("reports tampering, does not judge the turn, and carries on from the true state", () => {
    const state = makeState({ verify_command: "npm test" });
    const started = beginTurn(
      state,
      observe({ tamper: [".auto-loop/goal-state.json was edited (the edited copy is kept as .auto-loop/tampered/x.json)"] }),
    );
    expect(started.kind).toBe("decided");
    if (started.kind !== "decided") return;
    expect(started.state).toMatchObject({ status: "pursuing", tamper_count: 1, verify_command: "npm test", iteration: 1 });
    expect(started.outcome).toMatchObject({
      kind: "block",
      prompt: expect.stringMatching(/Tampering detected.*kept as \.auto-loop\/tampered\/x\.json/),
    });
    expect(started.history.map((h) => h.event)).toEqual(["tamper"]);
  });

  it("turns tampering on the last allowed iteration into the hand-off request, never achieved", () => {
    const state = makeState({ iteration: 2, caps: { ...makeState().caps, max_iterations: 3 } });
    const started = beginTurn(state, observe({ tamper: [".auto-loop/goal-state.json was deleted"] }));
    expect(started).toMatchObject({
      kind: "decided",
      state: { status: "pursuing", wrap_up: { reason: expect.stringMatching(/max-iterations 3/) } },
    });
    expect(started.kind === "decided" && started.outcome.kind === "block" && started.outcome.prompt).toMatch(/hand-off note/);
  });

  it("records a blocker and still runs the gate", () => {
    const started = beginTurn(makeState(), observe({ lastMessage: "I tried.\nAUTO-LOOP-BLOCKED: no database access" }));
    expect(started).toMatchObject({ kind: "gate", state: { blocker: { reason: "no database access", count: 1 } } });
    expect(started.kind === "gate" && started.notes.join("\n")).toMatch(/1 of 3/);
  });

  it("stops as blocked after the same blocker three times in a row (case and spacing aside)", () => {
    const state = makeState({ blocker: { reason: "No  database access", count: 2 } });
    const started = beginTurn(state, observe({ lastMessage: "AUTO-LOOP-BLOCKED: no database access" }));
    expect(started).toMatchObject({ kind: "decided", state: { status: "blocked" }, outcome: { kind: "stop" } });
  });

  it.each([
    ["a different blocker", "AUTO-LOOP-BLOCKED: something else", { reason: "something else", count: 1 }],
    ["no blocker", "Working on it.", null],
    ["the marker quoted mid-text", "I could write AUTO-LOOP-BLOCKED: x but I will not.\nDone.", null],
    ["the marker with no reason", "AUTO-LOOP-BLOCKED:   ", null],
  ])("resets the blocker run on %s", (_name, lastMessage, blocker) => {
    const started = gate(makeState({ blocker: { reason: "no database access", count: 2 } }), observe({ lastMessage }));
    expect(started.state.blocker).toEqual(blocker);
  });

  it("counts turns with no tool call and no change, and stops at three as thrashing", () => {
    const idle = observe({
      transcript: {
        offset: 0,
        recentMessageIds: [],
        subagentOffsets: {},
        tokens: 10,
        toolCalls: 0,
        contextTokens: null,
        personMessages: [],
      },
      treeHash: "tree-0",
    });
    const one = gate(makeState(), idle);
    expect(one.state.thrash).toEqual({ streak: 1, tree_hash: "tree-0" });
    const two = gate(one.state, idle);
    expect(two.notes.join("\n")).toMatch(/last 2 turn\(s\) made no tool call/);
    const three = beginTurn(two.state, idle);
    expect(three).toMatchObject({
      kind: "decided",
      state: { status: "unmet", status_reason: expect.stringMatching(/^thrashing/) },
      outcome: { kind: "stop" },
    });
  });

  it.each([
    ["a tool call", { toolCalls: 1 }, "tree-0"],
    ["a changed tree", { toolCalls: 0 }, "tree-9"],
  ])("resets the thrash streak on %s", (_name, transcript, treeHash) => {
    const state = makeState({ thrash: { streak: 2, tree_hash: "tree-0" } });
    const started = gate(state, observe({ transcript: { ...observe().transcript, ...transcript }, treeHash }));
    expect(started.state.thrash.streak).toBe(0);
  });
});

describe("--restart-pct", () => {
  const context = (tokens: number) => ({ transcript: { ...observe().transcript, contextTokens: tokens } });

  it("asks once for a hand-off note when the context passes the threshold", () => {
    const over = gate(makeState(), observe(context(150_000)));
    expect(over.state.handoff_requested).toBe(true);
    expect(over.notes.join("\n")).toMatch(/context is 75% full \(--restart-pct 70\)[\s\S]*\.auto-loop\/handoff\.md/);
    const again = gate(over.state, observe(context(160_000)));
    expect(again.notes.join("\n")).not.toMatch(/context is/);
  });

  it("stays quiet below the threshold and asks again after the context dropped (compaction)", () => {
    expect(gate(makeState(), observe(context(139_999))).state.handoff_requested).toBe(false);
    const dropped = gate(makeState({ handoff_requested: true }), observe(context(20_000)));
    expect(dropped.state.handoff_requested).toBe(false);
    expect(gate(dropped.state, observe(context(190_000))).notes.join("\n")).toMatch(/context is 95% full/);
  });

  it("keeps the newest hand-off note the agent wrote", () => {
    const started = gate(makeState({ handoff_note: "old", handoff_requested: true }), observe({ handoffNote: " new note \n" }));
    expect(started.state).toMatchObject({ handoff_note: "new note" });
  });
});

describe("finishTurn", () => {
  const judged = (state: AutoLoopState, runs: VerifierRun[], audit: Parameters<typeof finishTurn>[1]["audit"] = null) => {
    const started = gate(state);
    return finishTurn(started.state, { now: at(90_000), runs, audit }, started.notes, started.history);
  };

  it("labels passes thrown out by loopkit's own rules as loopkit's, never as the audit's vote", () => {
    const decided = judged(
      makeState(),
      [run(true), run(true)],
      refusedByLoopkit("verification", "1 file(s) changed while the verifier ran"),
    );
    expect(decided.state.evidence).toEqual([
      "iteration 1: verifier pass (exit 0), audit not run: loopkit's changed-while-verifying rule refused the passes; no pass: 1 file(s) changed while the verifier ran",
    ]);
    expect(decided.history.at(-1)).toMatchObject({ event: "gate", verdict: "pass", vote: null });
    expect(decided.history.at(-1)).not.toHaveProperty("audit_reasons");
    expect(decided.state.refusals).toEqual({ rule: "verification", streak: 1 });
    // No audit ran, so there is no audit reason to address: the next step is the rule's.
    expect(decided.state.next_action).toMatch(/^Make sure nothing changes files while the verifier runs/);
    expect(decided.outcome).toMatchObject({
      kind: "block",
      message: expect.stringMatching(
        /thrown out by loopkit's changed-while-verifying rule, not by the audit \(1 of 3 in a row stop the loop\)/,
      ),
    });
  });

  it("a pass the start's tests refuse: loopkit's test-contract rule, its cost in the gate line, the next prompt says which test broke", () => {
    const decided = finishTurn(
      gate(makeState()).state,
      {
        now: at(90_000),
        runs: [run(true), run(true)],
        audit: refusedByLoopkit("contract", "test/sum.test.js was changed: with the start's version, 1 test(s) fail: 'adds'"),
        contract: "start's tests not held in 1.2 s: copy 0.1 s (3 files, 4 KB), run 1.1 s",
      },
      [],
      [],
    );
    expect(decided.state.evidence.at(-1)).toBe(
      "iteration 1: verifier pass (exit 0), audit not run: loopkit's test-contract rule refused the passes; no pass: test/sum.test.js was changed: with the start's version, 1 test(s) fail: 'adds'; start's tests not held in 1.2 s: copy 0.1 s (3 files, 4 KB), run 1.1 s",
    );
    expect(decided.history.at(-1)).toMatchObject({ event: "gate", verdict: "pass", vote: null });
    expect(decided.state.last_verifier?.contract).toBe("start's tests not held in 1.2 s: copy 0.1 s (3 files, 4 KB), run 1.1 s");
    expect(decided.outcome).toMatchObject({
      kind: "block",
      prompt: expect.stringMatching(
        /No audit ran: loopkit's test-contract rule threw out the verifier's passes: test\/sum\.test\.js was changed[\s\S]*Next: The verifier passes only with the test files/,
      ),
    });
  });

  it.each([
    [
      "leftover processes",
      (): AuditOutcome | null => refusedByLoopkit("processes", "a process holds a shared mapping"),
      [true, true],
      /leftover-process rule/,
    ],
    [
      "changes while verifying",
      (): AuditOutcome | null => refusedByLoopkit("verification", "report.tap changed"),
      [true, true],
      /changed-while-verifying rule/,
    ],
    [
      "the test rule on exit 0",
      (): AuditOutcome | null => null,
      [false],
      /test rule threw out the verifier's passes 3 times in a row \(the last: 2 test\(s\) no longer run\)/,
    ],
  ] as const)(
    "three refusals in a row by the same rule (%s) end the loop blocked, saying which and what to do",
    (_, audit, passes, reason) => {
      const runs = passes.map((passed) => run(passed, passed ? {} : { exit_code: 0, breach: "2 test(s) no longer run" }));
      let state = makeState();
      for (let i = 1; i <= 2; i++) {
        const decided = judged(state, runs, audit());
        expect(decided.state).toMatchObject({ status: "pursuing", refusals: { streak: i } });
        state = decided.state;
      }
      const third = judged(state, runs, audit());
      expect(third.state.status).toBe("blocked");
      expect(third.state.status_reason).toMatch(reason);
      expect(third.outcome).toMatchObject({
        kind: "stop",
        message: expect.stringMatching(/^loopkit auto-loop stopped, blocked: loopkit's .* start a new loop/),
      });
      expect(third.history.map((h) => h.event)).toEqual(["gate", "end"]);
    },
  );

  it("a refusal by another rule, or a turn without one, starts the count again", () => {
    let state = judged(makeState(), [run(true), run(true)], refusedByLoopkit("verification", "x")).state;
    state = judged(state, [run(true), run(true)], refusedByLoopkit("verification", "x")).state;
    state = judged(state, [run(true), run(true)], refusedByLoopkit("processes", "y")).state;
    expect(state.refusals).toEqual({ rule: "processes", streak: 1 });
    state = judged(state, [run(false)]).state;
    expect(state).toMatchObject({ status: "pursuing", refusals: { rule: null, streak: 0 } });
  });

  it("ends achieved on pass, pass and an achieved vote, counting the audit's tokens", () => {
    const decided = judged(makeState(), [run(true), run(true)], achieved);
    expect(decided.state).toMatchObject({
      status: "achieved",
      tokens: { audit: 300 },
      last_audit: { vote: "achieved" },
      last_verifier: { verdict: "pass" },
    });
    expect(decided.outcome).toMatchObject({
      kind: "stop",
      message: expect.stringMatching(/achieved the goal.*on one page: loopkit report loop-1\..*all good/),
    });
    // The gate line keeps the audit's reasons, for loopkit report.
    expect(decided.history.at(-1)).toMatchObject({
      event: "gate",
      verdict: "pass",
      vote: "achieved",
      status: "achieved",
      audit_reasons: ["all good"],
    });
  });

  it.each(["unmet", "blocked", "thrashing"] as const)("loops back with the audit's reasons on a %s vote", (vote) => {
    const decided = judged(makeState(), [run(true), run(true)], {
      vote,
      reasons: ["tests were deleted"],
      failure: null,
      tokens: 1,
      ran: true,
    });
    expect(decided.state.status).toBe("pursuing");
    expect(decided.outcome).toMatchObject({
      kind: "block",
      prompt: expect.stringMatching(new RegExp(`Audit vote: ${vote}[\\s\\S]*tests were deleted`)),
    });
  });

  it.each([
    [
      "a report changed while the verifier ran",
      refusedByLoopkit("verification", "the verifier's passes do not count: reports/junit.xml changed while the verifier ran"),
      "changed-while-verifying",
    ],
    [
      "changes the audit cannot be shown",
      refusedByLoopkit("unseen", "the audit cannot be shown every changed line, so the turn is not judged achieved: a.bin"),
      "every-change-shown",
    ],
  ])("passes thrown out by loopkit's own rules (%s) are labelled as loopkit's, never as the audit's vote", (_name, refused, rule) => {
    const decided = judged(makeState(), [run(true), run(true)], refused);
    const label = `audit not run: loopkit's ${rule} rule refused the passes`;
    expect(decided.state.evidence).toEqual([`iteration 1: verifier pass (exit 0), ${label}; no pass: ${refused.failure}`]);
    const line = decided.history.at(-1)!;
    expect(line).toMatchObject({ event: "gate", verdict: "pass", vote: null, not_a_pass: refused.failure });
    expect(line.audit_reasons).toBeUndefined();
    expect(loopStatus("/p", decided.state, at(0), 1000)).toMatchObject({ last_audit_vote: label.replace("audit ", "") });
    expect(decided.outcome).toMatchObject({
      kind: "block",
      prompt: expect.stringContaining(`No audit ran: loopkit's ${rule} rule threw out`),
    });
    expect(decided.outcome.kind === "block" && decided.outcome.prompt).not.toMatch(/Audit vote/);
  });

  it("a run that breaks the test rule records why on its gate line", () => {
    const breach = "2 test(s) that ran at the start no longer run (removed, skipped, made todo or filtered out): a, b";
    const decided = judged(makeState(), [run(false, { exit_code: 0, breach })], null);
    expect(decided.history.at(-1)).toMatchObject({ event: "gate", verdict: "fail", exit_code: 0, not_a_pass: breach });
  });

  it("an audit that could not run is no verdict: said so, the turn not charged against --max-iterations, its tokens counted", () => {
    const notRun = {
      vote: "unmet" as const,
      reasons: ["the audit timed out after 600 s"],
      failure: "the audit timed out after 600 s",
      tokens: 40,
      ran: false,
    };
    const state = makeState({ caps: { ...makeState().caps, max_iterations: 1 } });
    const decided = judged(state, [run(true), run(true)], notRun);
    expect(decided.state).toMatchObject({
      status: "pursuing",
      iteration: 1,
      wrap_up: null,
      audit_not_run: { streak: 1, turns: 1 },
      tokens: { audit: 40 },
      last_audit: { ran: false },
    });
    expect(decided.state.evidence).toEqual(["iteration 1: verifier pass (exit 0), audit could not run"]);
    expect(decided.history.at(-1)).toMatchObject({ event: "gate", verdict: "pass", vote: null });
    expect(decided.outcome).toMatchObject({
      kind: "block",
      prompt: expect.stringMatching(
        /Audit: could not run \(the audit timed out after 600 s\)[\s\S]*does not count toward --max-iterations/,
      ),
    });
    expect(decided.outcome.kind === "block" && decided.outcome.prompt).not.toMatch(/address every audit reason/);
    // The next turn's audit ran: the streak is over, the uncounted turn stays uncounted, and the cap now applies.
    const next = judged(decided.state, [run(true), run(true)], { vote: "unmet", reasons: ["x"], failure: null, tokens: 1, ran: true });
    expect(next.state).toMatchObject({
      iteration: 2,
      audit_not_run: { streak: 0, turns: 1 },
      wrap_up: { reason: "reached --max-iterations 1" },
    });
  });

  it("an audit that could not run still counts its tokens: a token cap reached then asks for the hand-off note", () => {
    const state = makeState({ caps: { ...makeState().caps, max_tokens: 1000 }, tokens: { transcript: 990, audit: 0 } });
    const decided = judged(state, [run(true), run(true)], {
      vote: "unmet",
      reasons: ["x"],
      failure: "the audit timed out",
      tokens: 50,
      ran: false,
    });
    expect(decided.state.wrap_up?.reason).toMatch(/max-tokens 1000/);
    expect(decided.outcome).toMatchObject({ kind: "block", message: expect.stringMatching(/asking for a hand-off note/) });
  });

  it("a turn that changes nothing after an audit that could not run is not thrashing", () => {
    const idle = observe({ treeHash: "tree", transcript: { ...observe().transcript, toolCalls: 0 } });
    const state = makeState({ audit_not_run: { streak: 1, turns: 1 }, thrash: { streak: 2, tree_hash: "tree" } });
    expect(gate(state, idle)).toMatchObject({ kind: "gate", state: { thrash: { streak: 2 } } });
    expect(beginTurn({ ...state, audit_not_run: { streak: 0, turns: 1 } }, idle)).toMatchObject({
      kind: "decided",
      state: { status: "unmet" },
    });
  });

  it("never ends achieved on two passes without an audit", () => {
    const decided = judged(makeState(), [run(true), run(true)], null);
    expect(decided.state).toMatchObject({ status: "pursuing", last_audit: { vote: "unmet" } });
  });

  it("records pass then fail as flaky and loops on", () => {
    const decided = judged(makeState(), [run(true), run(false)], achieved);
    expect(decided.state).toMatchObject({
      status: "pursuing",
      flaky_count: 1,
      last_verifier: { verdict: "flaky" },
      last_audit: null,
      tokens: { audit: 0 },
    });
    expect(decided.outcome).toMatchObject({ kind: "block", prompt: expect.stringMatching(/FAILED on the second run \(flaky\)/) });
  });

  it("feeds a failure's exit code and output tail into the next prompt", () => {
    const decided = judged(makeState(), [run(false, { exit_code: 2, output_tail: "AssertionError: 1 !== 2" })]);
    expect(decided.outcome).toMatchObject({
      kind: "block",
      prompt: expect.stringMatching(/FAILED \(exit code 2\)[\s\S]*AssertionError: 1 !== 2/),
    });
    expect(decided.state.evidence).toEqual(["iteration 1: verifier fail (exit 2)"]);
  });

  it("says when the verifier timed out", () => {
    const decided = judged(makeState(), [run(false, { exit_code: null, timed_out: true })]);
    expect(decided.outcome).toMatchObject({ prompt: expect.stringMatching(/FAILED \(timed out\)/) });
  });

  it("asks for a hand-off note when the last iteration fails", () => {
    const state = makeState({ iteration: 2, caps: { ...makeState().caps, max_iterations: 3 } });
    const decided = judged(state, [run(false)]);
    expect(decided.state).toMatchObject({ status: "pursuing", iteration: 3, wrap_up: { reason: "reached --max-iterations 3" } });
    expect(decided.outcome).toMatchObject({ kind: "block", prompt: expect.stringMatching(/last turn[\s\S]*\.auto-loop\/handoff\.md/) });
    expect(decided.history.map((h) => h.event)).toEqual(["gate", "wrap-up"]);
  });

  it("still ends achieved when the goal is proven on the last iteration", () => {
    const state = makeState({ iteration: 2, caps: { ...makeState().caps, max_iterations: 3 } });
    expect(judged(state, [run(true), run(true)], achieved).state.status).toBe("achieved");
  });

  it("wraps up when the tokens (audits included) reach the cap", () => {
    const state = makeState({ caps: { ...makeState().caps, max_tokens: 1000 }, tokens: { transcript: 400, audit: 0 } });
    const decided = judged(state, [run(true), run(true)], { vote: "unmet", reasons: [], failure: null, tokens: 200, ran: true });
    expect(decided.state.wrap_up?.reason).toMatch(/max-tokens 1000 \(used 1100\)/);
  });

  it("wraps up when the wall-clock cap passed during the gate", () => {
    const state = makeState({ caps: { ...makeState().caps, max_wallclock_ms: 80_000 } });
    expect(judged(state, [run(false)]).state.wrap_up?.reason).toMatch(/max-wallclock/);
  });

  it("produces states that still match the schema", () => {
    const decided = judged(makeState(), [run(true), run(true)], achieved);
    expect(() => AutoLoopStateSchema.parse(decided.state)).not.toThrow();
  });
});

describe("blockedReport", () => {
  it.each([
    ["AUTO-LOOP-BLOCKED: need creds", "need creds"],
    ["text\n\n  AUTO-LOOP-BLOCKED:   need   creds  \n\n", "need creds"],
    ["AUTO-LOOP-BLOCKED: need creds\nmore text", null],
    ["auto-loop-blocked: lower case", null],
    ["", null],
  ])("%j -> %j", (message, expected) => {
    expect(blockedReport(message)).toBe(expected);
  });
});

describe("recordDelegatedProgress and failLoop (a loop whose work Codex does)", () => {
  const progress = (overrides: Partial<DelegatedProgress> = {}): DelegatedProgress => ({
    now: at(90_000),
    status: "pursuing",
    reason: null,
    iteration: 2,
    tokensUsed: 1234,
    nextAction: "keep going",
    threadId: "th-1",
    verifier: null,
    audit: null,
    ...overrides,
  });
  const round = (verdict: VerifierResult["verdict"], runs: VerifierRun[]): VerifierResult => ({
    at: at(90_000).toISOString(),
    iteration: 2,
    verdict,
    runs,
  });

  it("records the standing (iteration, tokens, next action, the thread as first evidence) and stamps the heartbeat, with no history", () => {
    const { state, history } = recordDelegatedProgress(makeState(), progress());
    expect(state).toMatchObject({
      status: "pursuing",
      iteration: 2,
      tokens: { transcript: 1234 },
      next_action: "keep going",
      evidence: ["Codex thread th-1"],
      heartbeat_at: at(90_000).toISOString(),
      updated_at: at(90_000).toISOString(),
      ended_at: null,
    });
    expect(history).toEqual([]);
    expect(AutoLoopStateSchema.safeParse(state).success).toBe(true);
  });

  it.each([
    ["pass", [run(true), run(true)], 0, 0],
    ["flaky", [run(true), run(false)], 1, 1],
    ["fail", [run(false)], 0, 1],
  ] as const)("records a new verifier round (%s) with a gate line; flaky rounds are counted", (verdict, runs, flaky, exit) => {
    const { state, history } = recordDelegatedProgress(makeState(), progress({ verifier: round(verdict, [...runs]) }));
    expect(state.last_verifier?.verdict).toBe(verdict);
    expect(state.flaky_count).toBe(flaky);
    expect(history).toMatchObject([{ event: "gate", verdict, exit_code: exit, detail: `Codex said complete; verifier ${verdict}` }]);
  });

  it("ends the loop when the run ends, with an end line naming why", () => {
    const { state, history } = recordDelegatedProgress(
      makeState(),
      progress({ status: "achieved", reason: "the verifier passed twice", verifier: round("pass", [run(true), run(true)]) }),
    );
    expect(state).toMatchObject({ status: "achieved", status_reason: "the verifier passed twice", ended_at: at(90_000).toISOString() });
    expect(history.map((h) => h.event)).toEqual(["gate", "end"]);
    expect(history[1]).toMatchObject({ status: "achieved", detail: "the verifier passed twice" });
  });

  it("keeps evidence already there", () => {
    expect(recordDelegatedProgress(makeState({ evidence: ["iteration 1: verifier fail"] }), progress()).state.evidence).toEqual([
      "iteration 1: verifier fail",
    ]);
  });

  it("a run that failed part-way ends the loop as blocked, never left pursuing", () => {
    const { state, history } = failLoop(makeState(), at(5_000), "codex app-server exited");
    expect(state).toMatchObject({
      status: "blocked",
      status_reason: "codex app-server exited",
      ended_at: at(5_000).toISOString(),
      heartbeat_at: at(5_000).toISOString(),
      next_action: "none: the loop has ended",
    });
    expect(history).toMatchObject([{ event: "end", status: "blocked", detail: "codex app-server exited" }]);
  });
});

describe("protected files", () => {
  const snapshot = { "test/a.test.ts": "sha256:aa", "scripts/verify.sh": "sha256:bb", "test/gone.ts": "missing" };
  it.each([
    ["nothing changed", { ...snapshot }, []],
    ["a file edited", { ...snapshot, "test/a.test.ts": "sha256:zz" }, ["test/a.test.ts (changed)"]],
    ["a file deleted (still in the index)", { ...snapshot, "scripts/verify.sh": "missing" }, ["scripts/verify.sh (deleted)"]],
    [
      "a file deleted (gone from the index too)",
      { "test/a.test.ts": "sha256:aa", "test/gone.ts": "missing" },
      ["scripts/verify.sh (deleted)"],
    ],
    ["a file added", { ...snapshot, "test/conftest.py": "sha256:cc" }, ["test/conftest.py (added)"]],
    ["a file replaced by a link", { ...snapshot, "test/a.test.ts": "link:/etc/passwd" }, ["test/a.test.ts (changed)"]],
    ["a file missing at start that appears", { ...snapshot, "test/gone.ts": "sha256:dd" }, ["test/gone.ts (added)"]],
  ])("%s", (_name, current, expected) => {
    expect(protectedChanges(snapshot, current)).toEqual(expected);
  });

  const guarded = makeState({ protect: { globs: ["test/**"], snapshot: { "test/a.test.ts": "sha256:aa" }, changed: [] } });

  it("fails the turn before the gate, naming the files in the next prompt, the state and the history", () => {
    const started = beginTurn(guarded, observe({ protectedFiles: { "test/a.test.ts": "sha256:aa", "test/skip.ts": "sha256:ee" } }));
    expect(started.kind).toBe("decided");
    if (started.kind !== "decided") return;
    expect(started.state).toMatchObject({
      status: "pursuing",
      iteration: 1,
      protect: { changed: ["test/skip.ts (added)"] },
      next_action: "Restore the protected files: test/skip.ts (added).",
    });
    expect(started.outcome).toMatchObject({
      kind: "block",
      prompt: expect.stringMatching(
        /failed before the verifier ran: protected files changed since the loop started: test\/skip\.ts \(added\)/,
      ),
    });
    expect(started.history.map((h) => h.event)).toEqual(["protected"]);
    expect(AutoLoopStateSchema.parse(started.state)).toEqual(started.state);
  });

  it("goes to the gate once the files are back as they were, clearing the list", () => {
    const before = { ...guarded, protect: { ...guarded.protect, changed: ["test/a.test.ts (changed)"] } };
    const started = beginTurn(before, observe({ protectedFiles: { "test/a.test.ts": "sha256:aa" } }));
    expect(started).toMatchObject({ kind: "gate", state: { protect: { changed: [] } } });
  });

  it("still ends at a cap: a violation on the last iteration asks for the hand-off note", () => {
    const last = { ...guarded, iteration: 39 };
    const started = beginTurn(last, observe({ protectedFiles: {} }));
    expect(started).toMatchObject({ kind: "decided", state: { wrap_up: { reason: "reached --max-iterations 40" } } });
  });
});

describe("the person's word pauses the loop", () => {
  const pausedBy = (by: "person" | "agent", told: boolean, words: string[] = []) =>
    makeState({ iteration: 3, pause: { at: at(1_000).toISOString(), by, reason: "r", words, told } });

  it.each([
    ["a message queued mid-turn", observe({ personWords: ["Stop the loop now."] }), "person", ["Stop the loop now."]],
    [
      "the agent's question for the person",
      observe({ lastMessage: "I need a decision.\nAUTO-LOOP-ASK-PERSON: Which API key?" }),
      "agent",
      [],
    ],
    [
      "both: the person's words count first",
      observe({ personWords: ["stop"], lastMessage: "AUTO-LOOP-ASK-PERSON: Which key?" }),
      "person",
      ["stop"],
    ],
  ])("pauses at once on %s: not judged, no loop prompt, the person told how to go on", (_name, obs, by, words) => {
    const started = beginTurn(makeState({ iteration: 3 }), obs);
    expect(started).toMatchObject({
      kind: "decided",
      state: { status: "pursuing", iteration: 3, pause: { by, words, told: true } },
      outcome: { kind: "pause", message: expect.stringContaining("/loopkit:auto-loop --resume") },
    });
    if (started.kind !== "decided") throw new Error("decided");
    expect(started.history.map((h) => [h.event, h.status])).toEqual([["pause", "pursuing"]]);
    // The turn's spend is the loop's.
    expect(started.state.tokens.transcript).toBe(500);
    expect(started.state.transcript.offset).toBe(100);
  });

  it.each([
    ["the marker quoted mid-text", "If stuck I would write AUTO-LOOP-ASK-PERSON: x\nWorking on."],
    ["the marker with no question", "AUTO-LOOP-ASK-PERSON:   "],
    ["no marker", "Working on it."],
  ])("goes on as usual with %s and no words of the person", (_name, lastMessage) => {
    expect(beginTurn(makeState(), observe({ lastMessage })).kind).toBe("gate");
  });

  it("the first Stop after a prompt paused it tells the person once; later Stops are silent and spend nothing of the loop's", () => {
    const first = beginTurn(pausedBy("person", false, ["stop"]), observe());
    expect(first).toMatchObject({ kind: "decided", outcome: { kind: "pause", message: expect.stringMatching(/paused for your message/) } });
    if (first.kind !== "decided") throw new Error("decided");
    expect(first.state.tokens.transcript).toBe(500);
    expect(first.history).toEqual([]);
    const later = beginTurn(first.state, observe({ transcript: { ...observe().transcript, offset: 900, tokens: 70 } }));
    expect(later).toMatchObject({ kind: "decided", outcome: { kind: "pause" }, state: { iteration: 3, transcript: { offset: 900 } } });
    if (later.kind !== "decided") throw new Error("decided");
    expect(later.outcome).toEqual({ kind: "pause" });
    expect(later.state.tokens.transcript).toBe(500);
  });

  it("keeps an edit of the mirror on the record while paused, judging nothing", () => {
    const later = beginTurn(pausedBy("person", true), observe({ tamper: [".auto-loop/goal-state.json was edited"] }));
    expect(later).toMatchObject({ kind: "decided", outcome: { kind: "pause" }, state: { tamper_count: 1, iteration: 3 } });
    expect(later.history.map((h) => [h.event, h.detail])).toEqual([
      ["tamper", ".auto-loop/goal-state.json was edited; .auto-loop/ was rewritten from loopkit's own state"],
    ]);
  });

  it("keeps the first cause and gathers the person's later words, each once", () => {
    const paused = beginTurn(pausedBy("agent", true), observe({ personWords: ["use key B", "use key B", "and hurry"] }));
    expect(paused).toMatchObject({ kind: "decided", state: { pause: { by: "agent", words: ["use key B", "and hurry"] } } });
  });

  it("where nobody can answer (a loopkit run phase), the agent's question is a blocker report and the loop goes on", () => {
    const obs = observe({ personPresent: false, lastMessage: "AUTO-LOOP-ASK-PERSON: Which API key?" });
    const started = gate(makeState(), obs);
    expect(started.state).toMatchObject({ pause: null, blocker: { reason: "Which API key?", count: 1 } });
    // Nor does a planted queued message pause it: nobody there types.
    expect(beginTurn(makeState(), observe({ personPresent: false, personWords: ["stop"] })).kind).toBe("gate");
  });

  it("a loop paused while its gate ran records the verdict and waits: no loop prompt", () => {
    const started = gate(makeState());
    const paused = {
      ...started.state,
      pause: { at: at(1).toISOString(), by: "person" as const, reason: "r", words: ["stop"], told: false },
    };
    const decided = finishTurn(paused, { now: at(70_000), runs: [run(false)], audit: null }, started.notes, started.history);
    expect(decided).toMatchObject({
      state: { last_verifier: { verdict: "fail" }, pause: { told: true } },
      outcome: { kind: "pause", message: expect.stringContaining("--resume") },
    });
    expect(decided.history.map((h) => h.event)).toEqual(["gate"]);
  });

  it("an ended loop stays ended, paused or not", () => {
    const cancelled = { ...pausedBy("person", true), status: "cancelled" as const, status_reason: "cancelled with --cancel" };
    expect(beginTurn(cancelled, observe({ personWords: ["hi"] }))).toMatchObject({ kind: "decided", outcome: { kind: "stop" } });
  });

  it("old state files (no pause) read as not paused", () => {
    const { pause: _pause, ...old } = makeState();
    expect(AutoLoopStateSchema.parse(old).pause).toBeNull();
  });
});
