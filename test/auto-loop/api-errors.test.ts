// An API error turn in an auto-loop: never judged, tried again after a doubling backoff (a usage
// limit: at its reset), and three in a row end the loop blocked, naming the last one.
import { describe, expect, it } from "vitest";
import {
  alreadyRecorded,
  clearApiErrors,
  MAX_API_ERRORS,
  pendingRetry,
  recordApiError,
  retryPrompt,
  retryWaitMs,
} from "../../src/auto-loop/core/api-errors.js";
import type { ApiError } from "../../src/session/api-error.js";
import { at, makeState } from "./fixtures.js";
import { RETRY_TAG } from "../../src/auto-loop/core/retry-tag.js";

const overloaded: ApiError = {
  kind: "server_error",
  message: "API Error: 529 overloaded_error",
  usageLimit: false,
  resetAt: null,
  credentialsRefused: false,
};

describe("recordApiError", () => {
  it("keeps the loop pursuing, counts the error and sets the retry after a doubling backoff; the iteration is untouched", () => {
    const first = recordApiError(makeState({ iteration: 4 }), overloaded, { sessionId: "s-1", promptId: "p-1" }, at(0), 30_000);
    expect(first.retryAt).toEqual(at(30_000));
    expect(first.state).toMatchObject({
      status: "pursuing",
      iteration: 4,
      api_errors: {
        count: 1,
        last: {
          session_id: "s-1",
          summary: "API error (server_error): API Error: 529 overloaded_error",
          retry_at: at(30_000).toISOString(),
        },
      },
    });
    expect(first.line).toMatch(/not counted as an iteration\. Trying again \(1 of 2 retries\)/);
    const second = recordApiError(first.state, overloaded, { sessionId: "s-1", promptId: "p-1" }, at(40_000), 30_000);
    expect(second.retryAt).toEqual(at(100_000));
    expect(second.state.api_errors.count).toBe(2);
  });

  it(`ends the loop blocked at ${MAX_API_ERRORS} in a row, naming the last error`, () => {
    const step = recordApiError(
      makeState({ api_errors: { count: 2, last: null } }),
      overloaded,
      { sessionId: "s-1", promptId: "p-1" },
      at(0),
      30_000,
    );
    expect(step.retryAt).toBeNull();
    expect(step.state).toMatchObject({
      status: "blocked",
      status_reason: "3 turns in a row ended in an API error; the last: API error (server_error): API Error: 529 overloaded_error",
      ended_at: at(0).toISOString(),
    });
  });

  it("refused credentials end the loop blocked at once, saying so: no retry can get past them", () => {
    const refused: ApiError = {
      kind: "authentication_failed",
      message: "Not logged in · Please run /login",
      usageLimit: false,
      resetAt: null,
      credentialsRefused: true,
    };
    const step = recordApiError(makeState({ iteration: 2 }), refused, { sessionId: "s-1", promptId: "p-1" }, at(0), 30_000);
    expect(step.retryAt).toBeNull();
    expect(step.state).toMatchObject({ status: "blocked", iteration: 2, ended_at: at(0).toISOString() });
    expect(step.state.status_reason).toMatch(
      /^Claude Code's credentials were refused \(API error \(authentication_failed\): Not logged in · Please run \/login\); no retry can get past that\. Log in/,
    );
    expect(step.line).toMatch(/^loopkit auto-loop ended blocked: Claude Code's credentials were refused/);
  });

  it("a usage limit with a known reset waits for it and is not counted", () => {
    const limit: ApiError = {
      kind: "rate_limit",
      message: "You've hit your session limit",
      usageLimit: true,
      resetAt: at(3_600_000),
      credentialsRefused: false,
    };
    const step = recordApiError(
      makeState({ api_errors: { count: 2, last: null } }),
      limit,
      { sessionId: "s-1", promptId: "p-1" },
      at(0),
      30_000,
    );
    expect(step).toMatchObject({ retryAt: at(3_600_000), state: { status: "pursuing", api_errors: { count: 2 } } });
    expect(step.line).toMatch(/The usage limit resets at/);
  });

  it("never waits longer than 5 minutes between retries", () => {
    expect(
      recordApiError(makeState({ api_errors: { count: 1, last: null } }), overloaded, { sessionId: "s-1", promptId: "p-1" }, at(0), 600_000)
        .retryAt,
    ).toEqual(at(300_000));
  });
});

describe("pendingRetry, clearApiErrors, retryPrompt", () => {
  const recorded = recordApiError(makeState(), overloaded, { sessionId: "s-1", promptId: "p-1" }, at(0), 30_000).state;
  it("the retry belongs to the session whose turn failed, while the loop pursues", () => {
    expect(pendingRetry(recorded, "s-1")).toEqual(at(30_000));
    expect(pendingRetry(recorded, "s-2")).toBeNull();
    expect(pendingRetry({ ...recorded, status: "cancelled" }, "s-1")).toBeNull();
  });
  it("knows a turn it recorded already (StopFailure and SessionEnd both report it)", () => {
    expect(alreadyRecorded(recorded, { sessionId: "s-1", promptId: "p-1" })).toBe(true);
    expect(alreadyRecorded(recorded, { sessionId: "s-1", promptId: "p-2" })).toBe(false);
    expect(alreadyRecorded(recorded, { sessionId: "s-1", promptId: null })).toBe(false);
  });
  it.each([
    ["on time", 10_000, 20_000],
    ["with the clock set back an hour: no longer than planned", -3_600_000, 30_000],
    ["with the clock set forward past the retry", 3_600_000, 0],
  ])("the wait left for the retry, %s", (_name, now, left) => {
    expect(retryWaitMs(recorded, at(30_000), at(now))).toBe(left);
  });
  it("a judged turn clears the run of errors", () => {
    expect(clearApiErrors(recorded).api_errors).toEqual({ count: 0, last: null });
    const clean = makeState();
    expect(clearApiErrors(clean)).toBe(clean);
  });
  it("the retry prompt names the error and the goal", () => {
    expect(retryPrompt(recorded)).toMatch(
      /cut off by an API error \(API error \(server_error\): API Error: 529 overloaded_error\)[\s\S]*Carry on toward the goal: /,
    );
    // It begins with the tag by which the hook entry tells the woken turn from the person's prompts.
    expect(retryPrompt(recorded).startsWith(RETRY_TAG)).toBe(true);
  });
});
