// The decision core of /loopkit:repeat: pure state transitions, no I/O. The hook handler and the
// CLI call these and save what they return.
import type { IterationResult } from "./result-line.js";
import type { FinalStatus, RepeatState } from "./state.js";

export const BREAKER_FAILURES = 3;

export interface IterationOutcome extends IterationResult {
  /** A success marker found in a passing iteration's final message, or null. */
  successMarker: string | null;
}

export type Decision = { kind: "finish"; status: FinalStatus } | { kind: "wait"; nextAt: Date };

/** What happens after an iteration: early success, then the breaker, then the ceiling, else wait for the next start. */
export function decide(state: RepeatState, outcome: IterationOutcome, now: Date): Decision {
  const failures = outcome.result === "pass" ? 0 : state.consecutive_failures + 1;
  if (outcome.result === "pass" && outcome.successMarker) return { kind: "finish", status: "EARLY_SUCCESS" };
  if (failures >= BREAKER_FAILURES) return { kind: "finish", status: "CIRCUIT_BREAKER" };
  if (state.iteration >= state.max_iterations) return { kind: "finish", status: outcome.result === "pass" ? "COMPLETED" : "MAX_ITERATIONS" };
  // The next start counts from this iteration's start, so a slow iteration never makes two overlap.
  const due = Date.parse(state.iteration_started_at) + state.interval_ms;
  return { kind: "wait", nextAt: new Date(Math.max(due, now.getTime())) };
}

/** Records the iteration that just ended and applies the decision: ended, or waiting (owned by `waitToken`). */
export function recordIteration(state: RepeatState, outcome: IterationOutcome, now: Date, waitToken: string): { state: RepeatState; decision: Decision } {
  const decision = decide(state, outcome, now);
  const recorded: RepeatState = {
    ...state,
    consecutive_failures: outcome.result === "pass" ? 0 : state.consecutive_failures + 1,
    iterations: [
      ...state.iterations,
      {
        number: state.iteration,
        started_at: state.iteration_started_at,
        ended_at: now.toISOString(),
        result: outcome.result,
        exit_code: outcome.exit_code,
        summary: outcome.summary,
      },
    ],
  };
  if (decision.kind === "finish") return { state: endLoop(recorded, decision.status, now), decision };
  return { state: { ...recorded, phase: "waiting", next_at: decision.nextAt.toISOString(), wait_token: waitToken }, decision };
}

/** The next iteration begins now. */
export function startNextIteration(state: RepeatState, now: Date): RepeatState {
  return { ...state, phase: "running", iteration: state.iteration + 1, iteration_started_at: now.toISOString(), next_at: null, wait_token: null };
}

/** --resume runs in a new prompt of the person's: the loop learns that prompt's id at its next Stop. */
export function resumeState(state: RepeatState, now: Date): RepeatState {
  return { ...startNextIteration(state, now), prompt_id: null };
}

/** Pauses a waiting loop: the next iteration starts on --resume. */
export function pauseLoop(state: RepeatState): RepeatState {
  return { ...state, phase: "paused", next_at: null, wait_token: null };
}

/** Pauses a loop whose iteration in flight never reached the model: --resume runs that iteration again. */
export function pauseLostIteration(state: RepeatState): RepeatState {
  return { ...pauseLoop(state), iteration: Math.max(1, state.iteration - 1) };
}

export function endLoop(state: RepeatState, status: FinalStatus, now: Date): RepeatState {
  return { ...state, phase: "ended", final_status: status, ended_at: now.toISOString(), next_at: null, wait_token: null };
}

export const isActive = (state: RepeatState) => state.phase !== "ended";
