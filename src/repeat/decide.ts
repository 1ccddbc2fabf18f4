// The decision core of /loopkit:repeat: pure state transitions, no I/O. The hook handler and the
// CLI call these and save what they return: iteration accounting, and the Stop state machine (state
// and what a Stop observed in; a step out, saying what to save and what the edge must do next).
import { apiErrorSummary, LOG_IN_AGAIN, type ApiError } from "../session/api-error.js";
import { findSuccessMarker } from "./early-success.js";
import { iterationPrompt, iterationTag, pausedLine, summaryLine, waitingLine } from "./prompt.js";
import { readResultLine, type IterationResult } from "./result-line.js";
import { nextIterationNumber, type FinalStatus, type RepeatState } from "./state.js";
import { isNotThePersonsWord } from "../session/loopkit-command.js";

export const BREAKER_FAILURES = 3;

export interface IterationOutcome extends IterationResult {
  /** A success marker found in a passing iteration's final message, or null. */
  successMarker: string | null;
  /** A usage limit with a known reset: a failed iteration that does not count toward the breaker. */
  spareBreaker?: boolean;
  /** The next iteration starts no sooner than this (a usage limit's reset). */
  notBefore?: Date | null;
  /** Refused credentials: no later iteration can pass until the person logs in, so the breaker trips at once. */
  tripsBreaker?: boolean;
  /** What the iteration's turn cost in tokens; null or absent: not counted. */
  tokens?: number | null;
}

/** What an iteration's turn cost, as the edge counted it: its tokens, and (in a session) how far the transcript was read. */
export interface IterationUsage {
  tokens: number;
  transcriptCursor: RepeatState["transcript_cursor"];
  /** What the person typed into the iteration while it ran (Claude Code's queued messages, from the transcript). */
  personMessages: string[];
}

/** The failures in a row after this outcome. */
function failuresAfter(state: RepeatState, outcome: IterationOutcome): number {
  if (outcome.result === "pass") return 0;
  return outcome.spareBreaker ? state.consecutive_failures : state.consecutive_failures + 1;
}

export type Decision = { kind: "finish"; status: FinalStatus } | { kind: "wait"; nextAt: Date };

/** What happens after an iteration: early success, then the breaker, then the ceiling, else wait for the next start. */
export function decide(state: RepeatState, outcome: IterationOutcome, now: Date): Decision {
  const failures = failuresAfter(state, outcome);
  if (outcome.result === "pass" && outcome.successMarker) return { kind: "finish", status: "EARLY_SUCCESS" };
  if (outcome.tripsBreaker || failures >= BREAKER_FAILURES) return { kind: "finish", status: "CIRCUIT_BREAKER" };
  if (state.iteration >= state.max_iterations)
    return { kind: "finish", status: outcome.result === "pass" ? "COMPLETED" : "MAX_ITERATIONS" };
  // A full interval lies between one iteration's end and the next one's start (the repeat spec), also
  // after an iteration that ran longer than the interval.
  const due = now.getTime() + state.interval_ms;
  return { kind: "wait", nextAt: new Date(Math.max(due, outcome.notBefore?.getTime() ?? 0)) };
}

/**
 * Records the iteration that just ended and applies the decision: ended, or waiting (owned by
 * `waitToken`, carried out by the background hook of the Stop whose prompt id is `waitOwner`).
 */
export function recordIteration(
  state: RepeatState,
  outcome: IterationOutcome,
  now: Date,
  waitToken: string,
  waitOwner: string | null = null,
): { state: RepeatState; decision: Decision } {
  const decision = decide(state, outcome, now);
  const recorded: RepeatState = {
    ...state,
    consecutive_failures: failuresAfter(state, outcome),
    iterations: [
      ...state.iterations,
      {
        number: state.iteration,
        started_at: state.iteration_started_at,
        ended_at: now.toISOString(),
        result: outcome.result,
        exit_code: outcome.exit_code,
        summary: outcome.summary,
        tokens: outcome.tokens ?? null,
      },
    ],
  };
  if (decision.kind === "finish") return { state: endLoop(recorded, decision.status, now), decision };
  return {
    state: { ...recorded, phase: "waiting", next_at: decision.nextAt.toISOString(), wait_token: waitToken, wait_owner: waitOwner },
    decision,
  };
}

/** The next iteration begins now. */
export function startNextIteration(state: RepeatState, now: Date): RepeatState {
  return {
    ...state,
    person_wrote: false,
    phase: "running",
    iteration: state.iteration + 1,
    iteration_started_at: now.toISOString(),
    next_at: null,
    wait_token: null,
    wait_owner: null,
  };
}

/** --resume runs in a new prompt of the person's: the loop learns that prompt's id at its next Stop. An iteration that was lost runs again under its own number. */
export function resumeState(state: RepeatState, now: Date): RepeatState {
  return { ...startNextIteration(state, now), iteration: nextIterationNumber(state), prompt_id: null };
}

/** Pauses a waiting loop: the next iteration starts on --resume. */
export function pauseLoop(state: RepeatState): RepeatState {
  return { ...state, phase: "paused", next_at: null, wait_token: null, wait_owner: null, person_wrote: false };
}

/** Pauses a loop whose iteration in flight never finished: --resume runs that iteration again. */
export function pauseLostIteration(state: RepeatState): RepeatState {
  return { ...pauseLoop(state), iteration: Math.max(1, state.iteration - 1) };
}

export function endLoop(state: RepeatState, status: FinalStatus, now: Date): RepeatState {
  return { ...state, phase: "ended", final_status: status, ended_at: now.toISOString(), next_at: null, wait_token: null, wait_owner: null };
}

/**
 * What a Stop (or the end of a wait) leads to. `state`, when present, is to be saved first.
 * - allow: the session may end, with these lines for the person; `removeMarker` when the loop is over.
 * - wait: an iteration was recorded and the next one is due at `until`; the wait belongs to `token`.
 *   The Stop hook saves it and tells the person (`lines`); the background hook of the same Stop
 *   (claimWait) sleeps until then and calls afterWait.
 * - continue: the wait is over; the background hook wakes the session with `prompt` (the person
 *   was told when at the wait's start).
 * `recorded` marks a step that ended an iteration: the edge then updates the stats log.
 */
export type StopStep =
  | { kind: "allow"; state?: RepeatState; lines: string[]; removeMarker?: boolean; recorded?: boolean }
  | { kind: "wait"; state: RepeatState; until: Date; token: string; recorded: true; lines: string[] }
  | { kind: "continue"; state: RepeatState; prompt: string };

/** A step with no wait left in it. */
export type SettledStep = Exclude<StopStep, { kind: "wait" }>;

export interface StopObservation {
  now: Date;
  /** The Stop payload's prompt_id, or null. */
  promptId: string | null;
  lastMessage: string | null | undefined;
  /** A fresh token for the wait this Stop may start. */
  waitToken: string;
  /** The iteration's cost, when the edge counted it. */
  usage?: IterationUsage | null;
}

/** A Stop in the owning session: the loop's phase says what this turn was. */
export function onStop(state: RepeatState, obs: StopObservation): StopStep {
  switch (state.phase) {
    case "ended":
      return { kind: "allow", lines: [], removeMarker: true };
    case "paused":
      return { kind: "allow", lines: [] };
    case "waiting":
      // The person's own turn while the loop waits in the background: it is no iteration and moves
      // nothing; the person hears when the next one runs.
      return { kind: "allow", lines: [waitingLine(state, obs.now)] };
    case "running": {
      // Another prompt's turn: the person's, ending while the woken iteration waits its turn. Never counted.
      if (!isLoopTurn(state, obs.promptId)) return { kind: "allow", lines: [] };
      const result = readResultLine(obs.lastMessage);
      const successMarker =
        result.result === "pass" ? findSuccessMarker(obs.lastMessage ?? "", `${iterationPrompt(state)}\n${state.command}`) : null;
      return record(state, { ...result, successMarker }, obs);
    }
  }
}

/** The turn of this prompt id is the iteration in flight (an unknown id on either side is taken as the loop's). */
const isLoopTurn = (state: RepeatState, promptId: string | null) => !promptId || !state.prompt_id || promptId === state.prompt_id;

function record(
  state: RepeatState,
  outcome: IterationOutcome,
  obs: { now: Date; promptId: string | null; waitToken: string; usage?: IterationUsage | null },
): StopStep {
  const counted: RepeatState = {
    ...state,
    prompt_id: state.prompt_id ?? obs.promptId,
    transcript_cursor: obs.usage?.transcriptCursor ?? state.transcript_cursor,
  };
  const next = recordIteration(counted, { ...outcome, tokens: obs.usage?.tokens ?? null }, obs.now, obs.waitToken, obs.promptId);
  // The person wrote into this iteration: it is recorded, and the schedule waits for their --resume.
  if (next.decision.kind === "wait" && (state.person_wrote || obs.usage?.personMessages.length)) {
    const paused = pauseLoop(next.state);
    return {
      kind: "allow",
      state: paused,
      lines: [pausedLine(paused, `you wrote to the session while iteration ${state.iteration} ran`)],
      recorded: true,
    };
  }
  if (next.decision.kind === "wait")
    return {
      kind: "wait",
      state: next.state,
      until: next.decision.nextAt,
      token: obs.waitToken,
      recorded: true,
      lines: [waitingLine(next.state, obs.now)],
    };
  return { kind: "allow", state: next.state, lines: endLines(next.state, outcome, obs.now), removeMarker: true, recorded: true };
}

/** What refused credentials end a loop with: what to do, since no iteration can pass before that. */
export const CREDENTIALS_REFUSED = `Claude Code's credentials were refused, so no later iteration could pass. ${LOG_IN_AGAIN}`;

/** The lines of a loop that just ended; refused credentials also say what to do. */
function endLines(state: RepeatState, outcome: IterationOutcome, now: Date): string[] {
  const line = summaryLine(state, now);
  return outcome.tripsBreaker ? [line, CREDENTIALS_REFUSED] : [line];
}

/**
 * What an API error turn counts as: a failed iteration naming the error; a usage limit with a known
 * reset waits for it and spares the breaker; refused credentials trip it at once.
 */
export function apiErrorOutcome(error: ApiError): IterationOutcome {
  const waitsForReset = error.usageLimit && error.resetAt !== null;
  return {
    result: "fail",
    exit_code: 1,
    summary: apiErrorSummary(error),
    successMarker: null,
    spareBreaker: waitsForReset,
    notBefore: waitsForReset ? error.resetAt : null,
    tripsBreaker: error.credentialsRefused,
  };
}

export interface ApiErrorObservation {
  now: Date;
  promptId: string | null;
  error: ApiError;
  waitToken: string;
  usage?: IterationUsage | null;
}

/** A StopFailure: the iteration's turn ended in an API error (another turn's error changes nothing). */
export function onApiError(state: RepeatState, obs: ApiErrorObservation): StopStep {
  if (state.phase !== "running" || !isLoopTurn(state, obs.promptId)) return { kind: "allow", lines: [] };
  return record(state, apiErrorOutcome(obs.error), obs);
}

/**
 * The session ends (SessionEnd): nothing can continue the loop in this process. An iteration that died
 * of an API error is recorded as failed; a loop that would go on is paused for --resume (an iteration
 * that never finished runs again then); the stats log gets the record either way.
 */
export function onSessionEnd(
  state: RepeatState,
  obs: { now: Date; apiError: ApiError | null; usage?: IterationUsage | null },
): SettledStep | null {
  if (state.phase === "waiting") {
    const paused = pauseLoop(state);
    return { kind: "allow", state: paused, lines: [pausedLine(paused, "the session ended while it waited")] };
  }
  if (state.phase !== "running") return null;
  if (!obs.apiError) {
    const paused = pauseLostIteration(state);
    return { kind: "allow", state: paused, lines: [pausedLine(paused, `the session ended before iteration ${state.iteration} finished`)] };
  }
  const outcome = { ...apiErrorOutcome(obs.apiError), tokens: obs.usage?.tokens ?? null };
  const next = recordIteration(
    { ...state, transcript_cursor: obs.usage?.transcriptCursor ?? state.transcript_cursor },
    outcome,
    obs.now,
    "session-end",
  );
  if (next.decision.kind === "finish")
    return { kind: "allow", state: next.state, lines: endLines(next.state, outcome, obs.now), removeMarker: true, recorded: true };
  const paused = pauseLoop(next.state);
  return {
    kind: "allow",
    state: paused,
    lines: [pausedLine(paused, `the session ended on an API error in iteration ${state.iteration}`)],
    recorded: true,
  };
}

export interface PromptObservation {
  promptId: string | null;
  prompt: string | undefined;
  /**
   * The prompt id of the turn the iteration in flight runs in, as the transcript shows it (the newest
   * user message carrying the iteration's tag), or null when the transcript does not show it.
   */
  iterationTurn: string | null;
}

/** What a submitted prompt changes: the state to save, and a line for the person when the loop paused. */
export type PromptStep = { state: RepeatState; line?: string } | null;

/**
 * A prompt submitted while an iteration runs. The woken iteration's own turn (its prompt carries the
 * loop's tag) becomes the turn the loop runs in. A prompt of the person's under a new prompt id, once
 * the iteration's turn is known, means that turn is over without a Stop: Claude Code fires none when
 * Esc cuts a turn off (a prompt typed during a live turn comes under that turn's id). The loop pauses
 * then, as an Esc during a wait does; --resume runs the iteration again.
 */
export function onPromptSubmit(state: RepeatState, obs: PromptObservation): PromptStep {
  if (state.phase !== "running" || !obs.promptId) return null;
  if (obs.prompt?.includes(iterationTag(state)))
    return obs.promptId === state.prompt_id ? null : { state: { ...state, prompt_id: obs.promptId } };
  // Typed into the running iteration (its turn's id): the loop pauses once the iteration ends.
  const intoIteration = obs.promptId === state.prompt_id || obs.promptId === obs.iterationTurn;
  if (intoIteration) return state.person_wrote || isNotThePersonsWord(obs.prompt) ? null : { state: { ...state, person_wrote: true } };
  if (!obs.iterationTurn) return null;
  const paused = pauseLostIteration(state);
  return { state: paused, line: pausedLine(paused, `iteration ${state.iteration} was interrupted before it finished`) };
}

/** A wait nobody woke this long after it was due (its hook died) is taken over by the next Stop's hook. */
export const TAKEOVER_MS = 30_000;

/**
 * What the background hook of a Stop does: wait for its Stop hook to record the iteration (pending),
 * carry out the wait that Stop started (mine; also one left overdue by a hook that died), or nothing.
 */
export type WaitClaim = { kind: "pending" } | { kind: "none" } | { kind: "mine"; until: Date; token: string; state?: RepeatState };

export function claimWait(state: RepeatState, obs: { now: Date; promptId: string | null }): WaitClaim {
  if (state.phase === "running") return isLoopTurn(state, obs.promptId) ? { kind: "pending" } : { kind: "none" };
  if (state.phase !== "waiting" || !state.next_at || !state.wait_token) return { kind: "none" };
  const until = new Date(state.next_at);
  if ((state.wait_owner ?? null) === (obs.promptId ?? null)) return { kind: "mine", until, token: state.wait_token };
  if (obs.now.getTime() > until.getTime() + TAKEOVER_MS)
    return { kind: "mine", until, token: state.wait_token, state: { ...state, wait_owner: obs.promptId } };
  return { kind: "none" };
}

/** How long the loop's wait was planned to last when it was set: from the last iteration's end to next_at (the interval, or a usage limit's reset). */
export function plannedWaitMs(state: RepeatState): number {
  const ended = state.iterations.at(-1)?.ended_at;
  if (!state.next_at || !ended) return state.interval_ms;
  return Math.max(0, Date.parse(state.next_at) - Date.parse(ended));
}

/** Whether the wait owned by `token` is still on (a --cancel, a --resume or a newer wait ends it). */
export const waitGoesOn = (state: RepeatState | undefined, token: string): boolean =>
  state?.phase === "waiting" && state.wait_token === token;

export interface WakeObservation {
  now: Date;
  /** The token of the wait that ended. */
  token: string;
  /** The wait was cut short by a signal or by its session going away. */
  interrupted: boolean;
}

/** The end of a wait: the loop's current state says whether the next iteration starts. */
export function afterWait(current: RepeatState, wake: WakeObservation): SettledStep {
  if (current.phase === "ended") return { kind: "allow", lines: [summaryLine(current, wake.now)], removeMarker: true };
  if (!waitGoesOn(current, wake.token)) return { kind: "allow", lines: [] };
  if (wake.interrupted) {
    const paused = pauseLoop(current);
    return { kind: "allow", state: paused, lines: [pausedLine(paused, "its wait was interrupted")] };
  }
  const next = startNextIteration(current, wake.now);
  return { kind: "continue", state: next, prompt: iterationPrompt(next) };
}

/** A resumed session: a wait left from its earlier process can no longer continue it, so the loop pauses now. */
export function onResume(state: RepeatState, sessionId: string): { state: RepeatState; line: string } | null {
  if (state.session_id !== sessionId || (state.phase !== "waiting" && state.phase !== "paused")) return null;
  const paused = pauseLoop(state);
  return {
    state: paused,
    line: pausedLine(paused, state.phase === "waiting" ? "the session ended while it waited" : "it was paused earlier"),
  };
}
