// One line per `loopkit run` phase, for a person or a CI log.
import { formatDuration } from "../shared/duration.js";
import { iterationsAgainstCap } from "../auto-loop/core/caps.js";
import type { AutoLoopStatus } from "../auto-loop/core/status.js";

export interface PhaseExit {
  exitCode: number | null;
  timedOut: boolean;
  failure: string | null;
  /** The last lines claude printed (empty when it printed nothing). */
  tail: string;
}

/** Whether claude itself failed: it could not start, timed out or exited non-zero. */
export const phaseFailed = (exit: PhaseExit) => exit.failure !== null || exit.timedOut || exit.exitCode !== 0;

/** Control characters (escape sequences included) and bidi overrides: what the model wrote must not drive the terminal. */
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g;

/** When claude failed, the end of what it printed, indented under a line that names the whole log; else nothing. */
export function failureTail(phase: number, exit: PhaseExit, logFile: string): string[] {
  if (!phaseFailed(exit) || exit.tail.trim() === "") return [];
  const lines = exit.tail
    .trimEnd()
    .split("\n")
    .map((line) => `  ${line.replace(UNPRINTABLE, "?")}`);
  return [`loopkit run: phase ${phase}: the end of claude's output (all of it: ${logFile}):`, ...lines];
}

export function progressLine(phase: number, sessionId: string, s: AutoLoopStatus, exit: PhaseExit): string {
  const how = exit.failure ?? (exit.timedOut ? "timed out" : `exit ${exit.exitCode ?? "none"}`);
  const audit = s.last_audit_vote ?? "-";
  const verifier = s.last_verifier
    ? `${s.last_verifier}${s.last_verifier_exit_code !== null ? ` (exit ${s.last_verifier_exit_code})` : ""}`
    : "-";
  const where = `iteration ${iterationsAgainstCap(s.iteration, s.iterations_not_counted, s.max_iterations)}, verifier ${verifier}, audit ${audit}, tokens ${s.tokens_used}/${s.max_tokens}, elapsed ${formatDuration(s.elapsed_ms)}/${formatDuration(s.max_wallclock_ms ?? 0)}`;
  const status = s.active ? "pursuing" : `${s.status}${s.reason ? ` (${s.reason})` : ""}`;
  return `loopkit run: phase ${phase} (session ${sessionId.slice(0, 8)}, ${how}): ${status}; ${where}`;
}
