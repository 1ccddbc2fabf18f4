// The decision core of /loopkit:repeat: pure state transitions, no I/O. The hook handler and the
// CLI call these and save what they return: iteration accounting, and the Stop state machine (state
// and what a Stop observed in; a step out, saying what to save and what the edge must do next).
import { findSuccessMarker } from "./early-success.js";
import { iterationPrompt, pausedLine, progressLine, summaryLine } from "./prompt.js";
import { readResultLine, type IterationResult } from "./result-line.js";
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

/**
 * What a Stop (or the end of a wait) leads to. `state`, when present, is to be saved first.
 * - allow: the session may end, with these lines for the person; `removeMarker` when the loop is over.
 * - wait: an iteration was recorded and the next one is due at `until`; the wait belongs to `token`.
 *   The edge carries it out (in the Stop hook itself, or in a background hook) and then calls afterWait.
 * - continue: the wait is over; the session goes on with `prompt`, `line` telling the person.
 * `recorded` marks a step that ended an iteration: the edge then updates the stats log.
 */
export type StopStep =
  | { kind: "allow"; state?: RepeatState; lines: string[]; removeMarker?: boolean; recorded?: boolean }
  | { kind: "wait"; state: RepeatState; until: Date; token: string; recorded: true }
  | { kind: "continue"; state: RepeatState; prompt: string; line: string };

/** A step with no wait left in it. */
export type SettledStep = Exclude<StopStep, { kind: "wait" }>;

export interface StopObservation {
  now: Date;
  /** The Stop payload's prompt_id, or null. */
  promptId: string | null;
  lastMessage: string | null | undefined;
  /** A fresh token for the wait this Stop may start. */
  waitToken: string;
}

/** A Stop in the owning session: the loop's phase says what this turn was. */
export function onStop(state: RepeatState, obs: StopObservation): StopStep {
  switch (state.phase) {
    case "ended":
      return { kind: "allow", lines: [], removeMarker: true };
    case "paused":
      return { kind: "allow", lines: [] };
    case "waiting": {
      // The hook that was waiting is gone (the person interrupted it): this Stop ends someone else's turn.
      const paused = pauseLoop(state);
      return { kind: "allow", state: paused, lines: [pausedLine(paused, "its wait was interrupted")] };
    }
    case "running": {
      if (obs.promptId && state.prompt_id && obs.promptId !== state.prompt_id) {
        // A new prompt of the person's: the loop's own continuation never ran (an interrupt, or Claude
        // Code's cap on consecutive Stop-hook continuations). Never count or re-feed on this turn.
        const paused = pauseLostIteration(state);
        const why = `iteration ${state.iteration} did not run as loopkit's continuation (interrupted, or Claude Code's limit on consecutive Stop-hook continuations was reached)`;
        return { kind: "allow", state: paused, lines: [pausedLine(paused, why)] };
      }
      const result = readResultLine(obs.lastMessage);
      const successMarker = result.result === "pass" ? findSuccessMarker(obs.lastMessage ?? "", `${iterationPrompt(state)}\n${state.command}`) : null;
      const next = recordIteration({ ...state, prompt_id: state.prompt_id ?? obs.promptId }, { ...result, successMarker }, obs.now, obs.waitToken);
      if (next.decision.kind === "wait") return { kind: "wait", state: next.state, until: next.decision.nextAt, token: obs.waitToken, recorded: true };
      return { kind: "allow", state: next.state, lines: [summaryLine(next.state, obs.now)], removeMarker: true, recorded: true };
    }
  }
}

/** Whether the wait owned by `token` is still on (a --cancel, a --resume or a newer wait ends it). */
export const waitGoesOn = (state: RepeatState | undefined, token: string): boolean => state?.phase === "waiting" && state.wait_token === token;

export interface WakeObservation {
  now: Date;
  /** The token of the wait that ended. */
  token: string;
  /** The wait was cut short by a signal or by its session going away. */
  interrupted: boolean;
  waitedMs: number;
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
  return { kind: "continue", state: next, prompt: iterationPrompt(next), line: progressLine(current, wake.waitedMs) };
}

/** A resumed session: a wait left from its earlier process can no longer continue it, so the loop pauses now. */
export function onResume(state: RepeatState, sessionId: string): { state: RepeatState; line: string } | null {
  if (state.session_id !== sessionId || (state.phase !== "waiting" && state.phase !== "paused")) return null;
  const paused = pauseLoop(state);
  return { state: paused, line: pausedLine(paused, state.phase === "waiting" ? "the session ended while it waited" : "it was paused earlier") };
}
