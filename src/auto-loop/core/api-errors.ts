// A turn that ended in an API error is no turn of the agent's: it is not judged, never counts as an
// iteration, and is tried again after a bounded backoff (a usage limit with a known reset: at the
// reset). Errors in a row end the loop as blocked, naming them; refused credentials at once, since
// no retry can get past them. Pure: state in, state out.
import { apiErrorSummary, LOG_IN_AGAIN, type ApiError } from "../../session/api-error.js";
import { spanLeft } from "../../shared/monotonic.js";
import type { AutoLoopState } from "./state.js";
import { RETRY_TAG } from "./retry-tag.js";

/** API errors in a row that end the loop. */
export const MAX_API_ERRORS = 3;
const MAX_BACKOFF_MS = 5 * 60_000;

export interface ApiErrorStep {
  state: AutoLoopState;
  /** When to try again, or null when the loop ended. */
  retryAt: Date | null;
  line: string;
}

/** The turn whose error this is: StopFailure and SessionEnd may both report the same one. */
export interface FailedTurn {
  sessionId: string;
  promptId: string | null;
}

/** Whether this turn's error is the one recorded last. */
export const alreadyRecorded = (state: AutoLoopState, turn: FailedTurn): boolean =>
  turn.promptId !== null && state.api_errors.last?.session_id === turn.sessionId && state.api_errors.last.prompt_id === turn.promptId;

export function recordApiError(state: AutoLoopState, error: ApiError, turn: FailedTurn, now: Date, firstBackoffMs: number): ApiErrorStep {
  const summary = apiErrorSummary(error);
  const waitsForReset = error.usageLimit && error.resetAt !== null;
  const count = waitsForReset ? state.api_errors.count : state.api_errors.count + 1;
  const at = now.toISOString();
  if (count >= MAX_API_ERRORS || error.credentialsRefused) {
    const reason = error.credentialsRefused
      ? `Claude Code's credentials were refused (${summary}); no retry can get past that. ${LOG_IN_AGAIN.slice(0, -1)}`
      : `${count} turns in a row ended in an API error; the last: ${summary}`;
    return {
      state: {
        ...state,
        status: "blocked",
        status_reason: reason,
        ended_at: at,
        updated_at: at,
        api_errors: { count, last: { session_id: turn.sessionId, prompt_id: turn.promptId, at, summary, retry_at: at } },
      },
      retryAt: null,
      line: `loopkit auto-loop ended blocked: ${reason}.`,
    };
  }
  const retryAt = waitsForReset ? error.resetAt! : new Date(now.getTime() + Math.min(MAX_BACKOFF_MS, firstBackoffMs * 2 ** (count - 1)));
  return {
    state: {
      ...state,
      updated_at: at,
      api_errors: { count, last: { session_id: turn.sessionId, prompt_id: turn.promptId, at, summary, retry_at: retryAt.toISOString() } },
    },
    retryAt,
    line: `loopkit auto-loop: the turn ended in an API error (${summary}); it is not counted as an iteration. ${waitsForReset ? "The usage limit resets" : `Trying again (${count} of ${MAX_API_ERRORS - 1} retries)`} at ${retryAt.toISOString()}.`,
  };
}

/** A judged turn: the API errors before it are over. */
export function clearApiErrors(state: AutoLoopState): AutoLoopState {
  return state.api_errors.count === 0 && state.api_errors.last === null ? state : { ...state, api_errors: { count: 0, last: null } };
}

/** The retry this session's background hook is to carry out, or null. */
export function pendingRetry(state: AutoLoopState, sessionId: string): Date | null {
  const last = state.api_errors.last;
  return state.status === "pursuing" && last && last.session_id === sessionId ? new Date(last.retry_at) : null;
}

/** The prompt that wakes the session for the retry. */
export function retryPrompt(state: AutoLoopState): string {
  return [
    `${RETRY_TAG} (${state.api_errors.last?.summary ?? "unknown"}); loopkit does not count it against the loop.`,
    `Carry on toward the goal: ${state.goal}`,
    `loopkit's verifier (\`${state.verify_command}\`) judges the next turn as usual.`,
  ].join("\n");
}

/** What is left of the wait for the retry due at `retryAt`: never more than was planned when the error was recorded (a clock set back), never negative. */
export function retryWaitMs(state: AutoLoopState, retryAt: Date, now: Date): number {
  const at = state.api_errors.last?.at;
  return spanLeft(retryAt, now, at ? retryAt.getTime() - Date.parse(at) : retryAt.getTime() - now.getTime());
}
