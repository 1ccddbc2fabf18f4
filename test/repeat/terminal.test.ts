// The rules a terminal runner adds to the repeat core: an iteration's turn goes through the same
// transitions as a Stop or a StopFailure in a session; a stop pauses; the conversation goes on only
// once a turn of it is on record; a loop with no live runner is orphaned.
import { describe, expect, it } from "vitest";
import { apiErrorOf } from "../../src/session/api-error.js";
import { conversationBegun, isOrphaned, nextConversation, onTurnEnd, pauseRunner } from "../../src/repeat/terminal.js";
import type { TerminalRun } from "../../src/repeat/state.js";
import { at, loopState, T0 } from "./fixtures.js";

const terminal = (overrides: Partial<TerminalRun> = {}): TerminalRun => ({
  claude_bin: "/usr/bin/claude",
  claude_args: [],
  fresh: false,
  conversation: null,
  pid: 42,
  log_file: null,
  iteration_timeout_ms: null,
  ...overrides,
});
const running = () => loopState({ terminal: terminal(), session_id: "terminal-x" });

describe("onTurnEnd", () => {
  it("an answer is judged as a Stop is: a pass waits one full interval from the end of the iteration", () => {
    const step = onTurnEnd(running(), { kind: "answer", message: "fine\nREPEAT-RESULT: pass - green" }, at(42_000), "tok");
    expect(step).toMatchObject({ kind: "wait", token: "tok", until: at(42_000 + 300_000) });
    expect(step.state).toMatchObject({
      phase: "waiting",
      wait_token: "tok",
      wait_owner: null,
      iterations: [{ number: 1, result: "pass", summary: "green", ended_at: at(42_000).toISOString() }],
    });
  });

  it("no final message is a failed iteration (exit code 2); a passing one that says DONE ends the loop early", () => {
    expect(onTurnEnd(running(), { kind: "answer", message: null }, at(1), "t").state).toMatchObject({
      consecutive_failures: 1,
      iterations: [{ result: "fail", exit_code: 2, summary: "no final message from this turn, so no REPEAT-RESULT line" }],
    });
    // Where the runner knows why (here: the iteration's --timeout), the record says so.
    const why = "claude ran past the iteration timeout (--timeout 30s) and was stopped";
    expect(onTurnEnd(running(), { kind: "answer", message: null, why }, at(1), "t").state).toMatchObject({
      iterations: [{ result: "fail", exit_code: 2, summary: `${why}; so no REPEAT-RESULT line` }],
    });
    expect(onTurnEnd(running(), { kind: "answer", message: "All DONE.\nREPEAT-RESULT: pass" }, at(1), "t").state).toMatchObject({
      phase: "ended",
      final_status: "EARLY_SUCCESS",
    });
  });

  it("an API error fails the iteration, naming it, and counts toward the breaker; the third in a row trips it", () => {
    const error = apiErrorOf("server_error", "API Error: 529 Overloaded", T0);
    const first = onTurnEnd(running(), { kind: "api-error", error }, at(1), "t");
    expect(first.state).toMatchObject({
      phase: "waiting",
      consecutive_failures: 1,
      iterations: [{ result: "fail", exit_code: 1, summary: "API error (server_error): API Error: 529 Overloaded" }],
    });
    const third = onTurnEnd({ ...running(), iteration: 3, consecutive_failures: 2 }, { kind: "api-error", error }, at(1), "t");
    expect(third.state).toMatchObject({ phase: "ended", final_status: "CIRCUIT_BREAKER" });
  });

  it("a usage limit with a known reset waits for the reset and spares the breaker", () => {
    const reset = at(3 * 3_600_000);
    const error = apiErrorOf("rate_limit", `Claude AI usage limit reached|${reset.getTime() / 1000}`, T0);
    const step = onTurnEnd({ ...running(), consecutive_failures: 2 }, { kind: "api-error", error }, at(1_000), "t");
    expect(step).toMatchObject({ kind: "wait", until: reset });
    expect(step.state).toMatchObject({ consecutive_failures: 2, next_at: reset.toISOString() });
  });
});

describe("pauseRunner", () => {
  it("pauses a running loop so --resume runs the cut-off iteration again, and a waiting one as it is; an ended one is left", () => {
    expect(pauseRunner({ ...running(), iteration: 3, iterations: [] })).toMatchObject({ phase: "paused", iteration: 2 });
    expect(pauseRunner({ ...running(), phase: "waiting", next_at: at(5).toISOString(), wait_token: "t" })).toMatchObject({
      phase: "paused",
      iteration: 1,
      next_at: null,
      wait_token: null,
    });
    expect(pauseRunner({ ...running(), phase: "ended", final_status: "CANCELLED" })).toBeNull();
  });
});

describe("nextConversation", () => {
  const ids = () => {
    let n = 0;
    return () => `00000000-0000-4000-8000-00000000000${++n}`;
  };

  it.each([
    [
      "the first turn: a new session",
      terminal(),
      { resume: false, conversation: { session_id: "00000000-0000-4000-8000-000000000001", begun: false } },
    ],
    [
      "a conversation on record: resumed",
      terminal({ conversation: { session_id: "c", begun: true } }),
      { resume: true, conversation: { session_id: "c", begun: true } },
    ],
    [
      "a first turn that left nothing (its runner died): a new session, never a --resume that finds nothing",
      terminal({ conversation: { session_id: "c", begun: false } }),
      { resume: false, conversation: { session_id: "00000000-0000-4000-8000-000000000001", begun: false } },
    ],
    [
      "--fresh: a new session every time",
      terminal({ fresh: true, conversation: { session_id: "c", begun: true } }),
      { resume: false, conversation: { session_id: "00000000-0000-4000-8000-000000000001", begun: false } },
    ],
  ])("%s", (_name, given, expected) => {
    const next = nextConversation(given, ids());
    expect({ resume: next.resume, conversation: next.terminal.conversation }).toEqual(expected);
  });

  it("a turn on record makes the conversation begun", () => {
    expect(conversationBegun(terminal({ conversation: { session_id: "c", begun: false } })).conversation).toEqual({
      session_id: "c",
      begun: true,
    });
    expect(conversationBegun(terminal()).conversation).toBeNull();
  });
});

describe("isOrphaned", () => {
  it("is a terminal loop that would go on, with no live runner (a paused one waits for --resume as it should)", () => {
    expect(isOrphaned(running(), false)).toBe(true);
    expect(isOrphaned({ ...running(), phase: "waiting" }, false)).toBe(true);
    expect(isOrphaned({ ...running(), phase: "paused" }, false)).toBe(false);
    expect(isOrphaned(running(), true)).toBe(false);
    expect(isOrphaned({ ...running(), phase: "ended", final_status: "COMPLETED" }, false)).toBe(false);
    expect(isOrphaned(loopState(), false)).toBe(false);
  });
});
