// The rules a terminal runner adds to the repeat core, pure: the transitions themselves are decide.ts's,
// the same ones the hooks apply, so a loop run from a terminal keeps one state format and one status.
import type { ApiError } from "../session/api-error.js";
import { onApiError, onStop, pauseLoop, pauseLostIteration, type StopStep } from "./decide.js";
import type { RepeatState, TerminalRun } from "./state.js";

/** How an iteration's `claude -p` turn ended, as its output showed it. */
export type TurnEnd =
  /** The turn's final message (null: none, e.g. claude crashed or could not start: a failed iteration), and why there is none when the runner knows (say, the iteration timed out). */
  | { kind: "answer"; message: string | null; why?: string | null }
  /** The turn ended in an API error, after Claude Code's own retries. */
  | { kind: "api-error"; error: ApiError };

/** The step after an iteration's turn: what a Stop (an answer) or a StopFailure (an API error) leads to in a session. `tokens`: what claude's output said the turn cost. */
export function onTurnEnd(state: RepeatState, turn: TurnEnd, now: Date, waitToken: string, tokens: number | null = null): StopStep {
  // A terminal loop runs claude -p: nobody types into its iterations.
  const usage = tokens === null ? null : { tokens, transcriptCursor: null, personMessages: [] };
  if (turn.kind === "api-error") return onApiError(state, { now, promptId: null, error: turn.error, waitToken, usage });
  const step = onStop(state, { now, promptId: null, lastMessage: turn.message, waitToken, usage });
  if (turn.message !== null || !turn.why || !step.state) return step;
  // The record says why the iteration failed (its timeout, claude's own error), not only that no message came.
  const iterations = step.state.iterations.map((it) =>
    it.number === state.iteration ? { ...it, summary: `${turn.why}; so no REPEAT-RESULT line` } : it,
  );
  return { ...step, state: { ...step.state, iterations } } as StopStep;
}

/** The runner stops (a signal, its terminal closed): the loop pauses for --resume, which runs a cut-off iteration again. Null when there is nothing to pause. */
export function pauseRunner(state: RepeatState): RepeatState | null {
  if (state.phase === "running") return pauseLostIteration(state);
  if (state.phase === "waiting") return pauseLoop(state);
  return null;
}

/**
 * The session of the next turn: the loop's conversation continued (--resume) once a turn of it is on
 * record; else (a fresh loop, or a first turn that left nothing behind) a new session under a new id.
 */
export function nextConversation(terminal: TerminalRun, newSessionId: () => string): { terminal: TerminalRun; resume: boolean } {
  if (!terminal.fresh && terminal.conversation?.begun) return { terminal, resume: true };
  return { terminal: { ...terminal, conversation: { session_id: newSessionId(), begun: false } }, resume: false };
}

/** The conversation after a turn that left a record in it (the model answered, or an API error was written). */
export function conversationBegun(terminal: TerminalRun): TerminalRun {
  return terminal.conversation && !terminal.conversation.begun
    ? { ...terminal, conversation: { ...terminal.conversation, begun: true } }
    : terminal;
}

/** A terminal loop that would go on (running or waiting) while no runner drives it (the machine restarted, its process was killed): it waits for --resume. */
export const isOrphaned = (state: RepeatState, runnerAlive: boolean) =>
  state.terminal !== null && (state.phase === "running" || state.phase === "waiting") && !runnerAlive;
