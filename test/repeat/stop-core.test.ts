// The repeat Stop state machine in decide.ts, without spawning anything: state and observations in,
// the step (what to save, what the edge does next) out.
import { describe, expect, it } from "vitest";
import {
  afterWait,
  claimWait,
  onApiError,
  onPromptSubmit,
  onResume,
  onSessionEnd,
  onStop,
  resumeState,
  TAKEOVER_MS,
  waitGoesOn,
  type StopObservation,
} from "../../src/repeat/decide.js";
import { apiErrorOf } from "../../src/session/api-error.js";
import { clockTime, iterationPrompt } from "../../src/repeat/prompt.js";
import type { RepeatState } from "../../src/repeat/state.js";
import { at, loopState } from "./fixtures.js";

const stop = (overrides: Partial<StopObservation> = {}): StopObservation => ({
  now: at(20_000),
  promptId: "prompt-1",
  lastMessage: "Ran it.\nREPEAT-RESULT: pass - green",
  waitToken: "token-new",
  ...overrides,
});

const waiting = (overrides: Partial<RepeatState> = {}) =>
  loopState({ phase: "waiting", next_at: at(300_000).toISOString(), wait_token: "token-1", prompt_id: "prompt-1", ...overrides });

describe("what the person typed into an iteration (Claude Code's queued message, in the transcript)", () => {
  it.each([
    ["a message of theirs", ["Stop after this one."], "allow"],
    ["nothing", [], "wait"],
  ])("%s: %s after the iteration", (_name, personMessages, kind) => {
    const usage = { tokens: 5, transcriptCursor: null, personMessages };
    const step = onStop(loopState({ prompt_id: "prompt-1" }), stop({ usage }));
    expect(step).toMatchObject({ kind, state: { phase: kind === "allow" ? "paused" : "waiting", iterations: [{ number: 1 }] } });
  });

  it("the last iteration still ends the loop: there is no next one to hold back", () => {
    const last = loopState({ prompt_id: "prompt-1", max_iterations: 1, person_wrote: true });
    expect(onStop(last, stop())).toMatchObject({ kind: "allow", state: { phase: "ended", final_status: "COMPLETED" } });
  });
});

describe("an iteration's tokens", () => {
  const cursor = { path: "/t.jsonl", offset: 900, recent_message_ids: ["m1"], subagent_offsets: {} };

  it("are recorded with the iteration, and the transcript cursor moves on", () => {
    const step = onStop(
      loopState({ prompt_id: "prompt-1" }),
      stop({ usage: { tokens: 4_321, transcriptCursor: cursor, personMessages: [] } }),
    );
    expect(step.kind).toBe("wait");
    expect(step.kind === "wait" && step.state).toMatchObject({ iterations: [{ number: 1, tokens: 4_321 }], transcript_cursor: cursor });
  });

  it("are null when not counted, and the cursor stays", () => {
    const before = loopState({ prompt_id: "prompt-1", transcript_cursor: cursor });
    const step = onStop(before, stop({ usage: null }));
    expect(step.kind === "wait" && step.state).toMatchObject({ iterations: [{ tokens: null }], transcript_cursor: cursor });
  });

  it("of another prompt's turn are not recorded, nor is the cursor moved", () => {
    const before = loopState({ prompt_id: "prompt-1" });
    expect(onStop(before, stop({ promptId: "prompt-person", usage: { tokens: 9, transcriptCursor: cursor, personMessages: [] } }))).toEqual(
      {
        kind: "allow",
        lines: [],
      },
    );
  });

  it("of an iteration that ended in an API error are recorded too", () => {
    const error = apiErrorOf("server_error", "API Error: 500", at(20_000));
    const step = onApiError(loopState({ prompt_id: "prompt-1" }), {
      now: at(20_000),
      promptId: "prompt-1",
      error,
      waitToken: "t",
      usage: { tokens: 77, transcriptCursor: null, personMessages: [] },
    });
    expect(step.kind === "wait" && step.state.iterations).toMatchObject([{ result: "fail", tokens: 77 }]);
  });
});

describe("onStop", () => {
  it.each([
    [
      "an ended loop lets the session go and drops its marker",
      loopState({ phase: "ended", final_status: "CANCELLED" }),
      stop(),
      { kind: "allow", lines: [], removeMarker: true },
    ],
    [
      "a paused loop lets the session go and keeps its marker (for --resume)",
      loopState({ phase: "paused" }),
      stop(),
      { kind: "allow", lines: [] },
    ],
  ])("%s", (_name, state, obs, expected) => {
    expect(onStop(state, obs)).toEqual(expected);
  });

  it("a Stop while the loop waits (the person's own turn) changes nothing and says when the next iteration runs", () => {
    const step = onStop(waiting(), stop({ promptId: "prompt-person", now: at(60_000) }));
    expect(step).toEqual({
      kind: "allow",
      lines: [
        expect.stringMatching(
          /^loopkit repeat loop-1772359200000: 1\/5 · next 2\/5 at \S+ \(in 4m\) · the session is yours meanwhile · \/loopkit:repeat --cancel stops it$/,
        ),
      ],
    });
  });

  it("a Stop from a prompt that is not the loop's (the person's turn, the woken iteration queued) is never counted", () => {
    const step = onStop(loopState({ iteration: 2, prompt_id: "prompt-1" }), stop({ promptId: "prompt-2" }));
    expect(step).toEqual({ kind: "allow", lines: [] });
  });

  it.each([
    ["the first Stop learns the loop's prompt id", null, "prompt-1", "prompt-1"],
    ["a Stop without a prompt id keeps the one the loop knows", "prompt-1", null, "prompt-1"],
    ["a Stop with the loop's own prompt id (a hook continuation) counts", "prompt-1", "prompt-1", "prompt-1"],
  ])("%s", (_name, known, seen, kept) => {
    const step = onStop(loopState({ prompt_id: known }), stop({ promptId: seen }));
    expect(step).toMatchObject({ kind: "wait", recorded: true, state: { prompt_id: kept, iterations: [{ number: 1, result: "pass" }] } });
  });

  it("a recorded iteration mid-loop waits until the next start, owned by the fresh token", () => {
    const step = onStop(loopState(), stop());
    // The interval counts from the iteration's end (20 s), not its start.
    expect(step).toEqual({
      kind: "wait",
      until: at(320_000),
      token: "token-new",
      recorded: true,
      lines: [
        `loopkit repeat loop-1772359200000: 1/5 pass (green) · next 2/5 at ${clockTime(at(320_000))} (in 5m) · the session is yours meanwhile · /loopkit:repeat --cancel stops it`,
      ],
      state: expect.objectContaining({
        phase: "waiting",
        next_at: at(320_000).toISOString(),
        wait_token: "token-new",
        wait_owner: "prompt-1",
      }),
    });
  });

  it.each([
    ["early success", loopState(), "All done.\nREPEAT-RESULT: pass - DONE, nothing left", "EARLY_SUCCESS"],
    ["the ceiling after a pass", loopState({ iteration: 5 }), "REPEAT-RESULT: pass - ok", "COMPLETED"],
    ["the ceiling after a failure", loopState({ iteration: 5 }), "REPEAT-RESULT: fail - red", "MAX_ITERATIONS"],
    [
      "the breaker on a third missing result line",
      loopState({ iteration: 3, consecutive_failures: 2 }),
      "I forgot the line",
      "CIRCUIT_BREAKER",
    ],
    ["the breaker when the turn has no final message", loopState({ iteration: 3, consecutive_failures: 2 }), null, "CIRCUIT_BREAKER"],
  ])("a finishing iteration (%s) ends the loop, drops the marker and sums it up", (_name, state, message, status) => {
    const step = onStop(state, stop({ lastMessage: message }));
    expect(step).toMatchObject({ kind: "allow", recorded: true, removeMarker: true, state: { phase: "ended", final_status: status } });
    expect(step.kind === "allow" && step.lines).toEqual([expect.stringMatching(new RegExp(`^repeat ended: ${status} - `))]);
  });

  it("a success word that only repeats loopkit's own prompt is no early success", () => {
    const step = onStop(loopState(), stop({ lastMessage: "REPEAT-RESULT: pass - ok\n/test" }));
    expect(step.kind).toBe("wait");
  });
});

describe("waitGoesOn", () => {
  it.each([
    ["its own wait", waiting(), "token-1", true],
    ["a newer wait (another token)", waiting(), "token-2", false],
    ["a cancelled loop", loopState({ phase: "ended" }), "token-1", false],
    ["a loop resumed meanwhile", loopState({ phase: "running", iteration: 2 }), "token-1", false],
    ["a state that is gone", undefined, "token-1", false],
  ])("%s: %s", (_name, state, token, expected) => {
    expect(waitGoesOn(state, token)).toBe(expected);
  });
});

describe("afterWait", () => {
  const wake = { now: at(300_000), token: "token-1", interrupted: false };

  it("a wait that ran out starts the next iteration and continues the session with its prompt", () => {
    const step = afterWait(
      waiting({
        iterations: [
          {
            number: 1,
            started_at: at(0).toISOString(),
            ended_at: at(20_000).toISOString(),
            result: "pass",
            exit_code: 0,
            summary: "green",
            tokens: null,
          },
        ],
      }),
      wake,
    );
    expect(step).toMatchObject({
      kind: "continue",
      state: { phase: "running", iteration: 2, iteration_started_at: at(300_000).toISOString(), wait_token: null },
    });
    expect(step.kind === "continue" && step.prompt).toMatch(/^loopkit repeat: iteration 2\/5/);
  });

  it.each([
    [
      "a loop cancelled during the wait sums up and drops the marker",
      loopState({ phase: "ended", final_status: "CANCELLED", ended_at: at(100_000).toISOString() }),
      wake,
      /^repeat ended: CANCELLED/,
      true,
    ],
    ["a wait another hook owns now does nothing", waiting({ wait_token: "token-2" }), wake, undefined, undefined],
    ["a loop resumed meanwhile does nothing", loopState({ phase: "running", iteration: 2 }), wake, undefined, undefined],
  ])("%s", (_name, state, w, line, removeMarker) => {
    const step = afterWait(state, w);
    expect(step).toMatchObject({ kind: "allow" });
    expect(step).not.toHaveProperty("state");
    expect(step.kind === "allow" && step.removeMarker).toBe(removeMarker);
    if (line) expect(step.kind === "allow" && step.lines[0]).toMatch(line);
    else expect(step.kind === "allow" && step.lines).toEqual([]);
  });

  it("an interrupted wait pauses the loop instead of continuing it", () => {
    const step = afterWait(waiting(), { ...wake, interrupted: true });
    expect(step).toMatchObject({ kind: "allow", state: { phase: "paused", wait_token: null, next_at: null } });
    expect(step.kind === "allow" && step.lines[0]).toMatch(/its wait was interrupted/);
  });
});

describe("onResume", () => {
  it.each([
    ["a loop left waiting pauses", waiting(), "session-a", /the session ended while it waited/],
    ["a paused loop stays paused and is named", loopState({ phase: "paused" }), "session-a", /it was paused earlier/],
  ])("%s", (_name, state, session, line) => {
    const resumed = onResume(state, session);
    expect(resumed?.state).toMatchObject({ phase: "paused", wait_token: null });
    expect(resumed?.line).toMatch(line);
  });

  it.each([
    ["a running loop", loopState(), "session-a"],
    ["an ended loop", loopState({ phase: "ended" }), "session-a"],
    ["another session's loop", waiting(), "session-b"],
  ])("leaves %s alone", (_name, state, session) => {
    expect(onResume(state, session)).toBeNull();
  });
});

const overloaded = apiErrorOf(
  "server_error",
  "API Error: 529 overloaded_error. This is a server-side issue, usually temporary",
  at(20_000),
);

describe("onApiError (StopFailure)", () => {
  it("records the iteration's API error turn as a failed iteration naming the error, counted by the breaker, and waits an interval", () => {
    const step = onApiError(loopState({ prompt_id: "prompt-1", consecutive_failures: 1 }), {
      now: at(20_000),
      promptId: "prompt-1",
      error: overloaded,
      waitToken: "token-new",
    });
    expect(step).toMatchObject({
      kind: "wait",
      until: at(320_000),
      recorded: true,
      state: {
        phase: "waiting",
        consecutive_failures: 2,
        wait_owner: "prompt-1",
        iterations: [
          {
            number: 1,
            result: "fail",
            exit_code: 1,
            summary: "API error (server_error): API Error: 529 overloaded_error. This is a server-side issue, usually temporary",
          },
        ],
      },
    });
  });

  it("the third failure in a row trips the breaker also when it is an API error", () => {
    const step = onApiError(loopState({ iteration: 3, consecutive_failures: 2 }), {
      now: at(20_000),
      promptId: "p",
      error: overloaded,
      waitToken: "t",
    });
    expect(step).toMatchObject({
      kind: "allow",
      removeMarker: true,
      recorded: true,
      state: { phase: "ended", final_status: "CIRCUIT_BREAKER" },
    });
  });

  it("a usage limit with a known reset waits for the reset and spares the breaker", () => {
    const resetAt = at(3 * 3_600_000);
    const limit = { kind: "rate_limit", message: "You've hit your session limit", usageLimit: true, resetAt, credentialsRefused: false };
    const step = onApiError(loopState({ iteration: 3, consecutive_failures: 2 }), {
      now: at(20_000),
      promptId: "p",
      error: limit,
      waitToken: "t",
    });
    expect(step).toMatchObject({
      kind: "wait",
      until: resetAt,
      state: {
        consecutive_failures: 2,
        iterations: [{ result: "fail", summary: "API error (rate_limit): You've hit your session limit" }],
      },
    });
  });

  it("refused credentials trip the breaker at once, with no failure before them, and say to log in", () => {
    const refused = apiErrorOf("authentication_failed", "Invalid API key · Fix external API key", at(20_000));
    const step = onApiError(loopState({ prompt_id: "p", consecutive_failures: 0 }), {
      now: at(20_000),
      promptId: "p",
      error: refused,
      waitToken: "t",
    });
    expect(step).toMatchObject({
      kind: "allow",
      removeMarker: true,
      recorded: true,
      state: {
        phase: "ended",
        final_status: "CIRCUIT_BREAKER",
        iterations: [{ result: "fail", summary: expect.stringMatching(/^API error \(authentication_failed\)/) }],
      },
      lines: [
        expect.stringMatching(/^repeat ended: CIRCUIT_BREAKER - 1 iteration/),
        expect.stringMatching(/credentials were refused.*Log in \(run claude, then \/login\)/),
      ],
    });
  });

  it("an ordinary API error says nothing of credentials when the breaker trips", () => {
    const step = onApiError(loopState({ iteration: 3, consecutive_failures: 2 }), {
      now: at(20_000),
      promptId: "p",
      error: overloaded,
      waitToken: "t",
    });
    expect(step).toMatchObject({ kind: "allow", lines: [expect.stringMatching(/^repeat ended: CIRCUIT_BREAKER/)] });
  });

  it.each([
    ["another prompt's turn failed", loopState({ prompt_id: "prompt-1" }), "prompt-2"],
    ["the loop waits (the person's turn failed)", waiting(), "prompt-1"],
    ["the loop is paused", loopState({ phase: "paused" }), "prompt-1"],
  ])("changes nothing when %s", (_name, state, promptId) => {
    expect(onApiError(state, { now: at(20_000), promptId, error: overloaded, waitToken: "t" })).toEqual({ kind: "allow", lines: [] });
  });
});

describe("onSessionEnd", () => {
  it("an iteration that died of an API error is recorded; the loop pauses for --resume", () => {
    const step = onSessionEnd(loopState({ iteration: 2, consecutive_failures: 0 }), { now: at(20_000), apiError: overloaded });
    expect(step).toMatchObject({
      kind: "allow",
      recorded: true,
      state: { phase: "paused", iteration: 2, consecutive_failures: 1, iterations: [{ number: 2, result: "fail" }] },
    });
    expect(step?.kind === "allow" && step.lines[0]).toMatch(
      /paused before iteration 3\/5 .*the session ended on an API error in iteration 2/,
    );
  });

  it("an API error that is the loop's last word ends it with its final status", () => {
    const step = onSessionEnd(loopState({ iteration: 5 }), { now: at(20_000), apiError: overloaded });
    expect(step).toMatchObject({
      kind: "allow",
      recorded: true,
      removeMarker: true,
      state: { phase: "ended", final_status: "MAX_ITERATIONS", ended_at: at(20_000).toISOString() },
    });
  });

  it("a session that ended on refused credentials ends the loop, not pauses it: --resume could not pass either", () => {
    const refused = apiErrorOf(null, "Not logged in · Please run /login", at(20_000));
    const step = onSessionEnd(loopState({ iteration: 2 }), { now: at(20_000), apiError: refused });
    expect(step).toMatchObject({
      kind: "allow",
      removeMarker: true,
      state: { phase: "ended", final_status: "CIRCUIT_BREAKER" },
      lines: [expect.stringMatching(/^repeat ended: CIRCUIT_BREAKER/), expect.stringMatching(/credentials were refused/)],
    });
  });

  it("an iteration that never finished (no API error) is set up to run again; a waiting loop pauses", () => {
    expect(onSessionEnd(loopState({ iteration: 2 }), { now: at(20_000), apiError: null })).toMatchObject({
      state: { phase: "paused", iteration: 1, iterations: [] },
    });
    expect(onSessionEnd(waiting(), { now: at(20_000), apiError: null })).toMatchObject({ state: { phase: "paused", next_at: null } });
    expect(onSessionEnd(loopState({ phase: "paused" }), { now: at(20_000), apiError: null })).toBeNull();
    expect(onSessionEnd(loopState({ phase: "ended" }), { now: at(20_000), apiError: overloaded })).toBeNull();
  });
});

describe("onPromptSubmit", () => {
  const running = loopState({
    iteration: 2,
    prompt_id: "prompt-1",
    iterations: [
      {
        number: 1,
        started_at: at(0).toISOString(),
        ended_at: at(1_000).toISOString(),
        result: "pass",
        exit_code: 0,
        summary: "ok",
        tokens: null,
      },
    ],
  });
  it("binds the woken iteration's own turn (its prompt carries the loop's tag)", () => {
    expect(
      onPromptSubmit(running, {
        promptId: "prompt-2",
        prompt: `<task-notification>...Stop hook blocking error from command "node": ${iterationPrompt(running)}`,
        iterationTurn: null,
      }),
    ).toMatchObject({ state: { prompt_id: "prompt-2" } });
    expect(onPromptSubmit(running, { promptId: "prompt-1", prompt: iterationPrompt(running), iterationTurn: null })).toBeNull();
  });
  it.each([
    ["the person's own prompt, the iteration's turn unknown", running, "what is 2+2", null],
    ["loopkit's own command typed during the iteration's live turn", running, "/loopkit:repeat --status", "prompt-3"],
    ["an older iteration's prompt", running, iterationPrompt(loopState({ iteration: 1 })), null],
    ["a waiting loop", waiting(), "what is 2+2", "prompt-1"],
    ["a paused loop", loopState({ phase: "paused" }), "what is 2+2", "prompt-1"],
  ])("changes nothing for %s", (_name, state, prompt, iterationTurn) => {
    expect(onPromptSubmit(state, { promptId: "prompt-3", prompt, iterationTurn })).toBeNull();
  });
  it.each([
    ["under the id the loop learned", { promptId: "prompt-1", iterationTurn: null }],
    ["under the id the transcript shows for the iteration's turn", { promptId: "prompt-3", iterationTurn: "prompt-3" }],
  ])("marks a prompt typed into the running iteration %s: the loop pauses when the iteration ends", (_name, ids) => {
    const marked = onPromptSubmit(running, { prompt: "Stop after this one.", ...ids });
    expect(marked).toEqual({ state: { ...running, person_wrote: true } });
    const step = onStop(marked!.state, stop());
    expect(step).toMatchObject({
      kind: "allow",
      recorded: true,
      state: { phase: "paused", person_wrote: false, iterations: [{}, { number: 2 }] },
    });
    expect(step.kind === "allow" && step.lines.join("\n")).toMatch(
      /paused before iteration 3\/5 .*you wrote to the session while iteration 2 ran.*--resume/,
    );
    // Marked once: a second prompt changes nothing more.
    expect(onPromptSubmit(marked!.state, { prompt: "and hurry", ...ids })).toBeNull();
  });
  it("pauses the loop when a prompt of the person's comes under a new id after the iteration's turn: Esc cut it off; --resume runs it again", () => {
    const step = onPromptSubmit(running, { promptId: "prompt-3", prompt: "what is 2+2", iterationTurn: "prompt-2" });
    expect(step?.state).toMatchObject({ phase: "paused", iteration: 1, iterations: [{ number: 1 }] });
    expect(step?.line).toMatch(/paused before iteration 2\/5 .*iteration 2 was interrupted before it finished.*--resume.*--cancel/);
    expect(resumeState(step!.state, at(50_000))).toMatchObject({ phase: "running", iteration: 2, prompt_id: null });
  });
  it("an interrupted first iteration runs again as iteration 1 on --resume, and the line says so", () => {
    const first = loopState({ iteration: 1, prompt_id: null, iterations: [] });
    const step = onPromptSubmit(first, { promptId: "prompt-3", prompt: "what is 2+2", iterationTurn: "prompt-1" });
    expect(step?.state).toMatchObject({ phase: "paused", iterations: [] });
    expect(step?.line).toMatch(/paused before iteration 1\/5/);
    expect(resumeState(step!.state, at(50_000))).toMatchObject({ phase: "running", iteration: 1 });
  });
});

describe("claimWait (the background hook of a Stop)", () => {
  it.each([
    ["its own Stop has not recorded yet", loopState({ prompt_id: "prompt-1" }), "prompt-1", at(20_000), { kind: "pending" }],
    ["the first Stop of a loop (prompt not learned yet)", loopState({ prompt_id: null }), "prompt-1", at(20_000), { kind: "pending" }],
    ["another prompt's Stop while an iteration runs", loopState({ prompt_id: "prompt-1" }), "prompt-2", at(20_000), { kind: "none" }],
    [
      "the wait its Stop started",
      waiting({ wait_owner: "prompt-1" }),
      "prompt-1",
      at(20_000),
      { kind: "mine", until: at(300_000), token: "token-1" },
    ],
    ["the person's Stop during a wait", waiting({ wait_owner: "prompt-1" }), "prompt-2", at(20_000), { kind: "none" }],
    ["a paused loop", loopState({ phase: "paused" }), "prompt-1", at(20_000), { kind: "none" }],
  ])("%s", (_name, state, promptId, now, expected) => {
    expect(claimWait(state, { now, promptId })).toEqual(expected);
  });

  it("takes over a wait left overdue by a hook that died", () => {
    const late = at(300_000 + TAKEOVER_MS + 1);
    expect(claimWait(waiting({ wait_owner: "prompt-1" }), { now: late, promptId: "prompt-9" })).toMatchObject({
      kind: "mine",
      until: at(300_000),
      token: "token-1",
      state: { wait_owner: "prompt-9" },
    });
  });
});
