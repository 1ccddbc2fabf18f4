// The hard caps: defaults, how flags and a goal file combine, and which cap (if any) is reached.
import type { Deadline } from "../../shared/deadline.js";
import { formatDuration } from "../../shared/duration.js";
import { tokensUsed, type AutoLoopState, type Caps } from "./state.js";

export const DEFAULT_CAPS: Caps = {
  max_iterations: 40,
  max_tokens: 2_000_000,
  max_wallclock_ms: 4 * 3_600_000,
  restart_pct: 70,
};

/** Flags win over the goal file, which wins over the defaults; every cap always has a value. */
export function resolveCaps(flags: Partial<Caps>, fromFile: Partial<Caps>): Caps {
  return { ...DEFAULT_CAPS, ...fromFile, ...flags };
}

/** A person-readable reason when a cap is reached, else null. */
export function capReached(state: AutoLoopState, now: Date): string | null {
  const { caps } = state;
  if (countedIterations(state) >= caps.max_iterations) return `reached --max-iterations ${caps.max_iterations}`;
  const tokens = tokensUsed(state);
  if (tokens >= caps.max_tokens) return `reached --max-tokens ${caps.max_tokens} (used ${tokens})`;
  const elapsed = elapsedMs(state, now);
  if (elapsed >= caps.max_wallclock_ms) {
    return `reached --max-wallclock ${formatDuration(caps.max_wallclock_ms)} (ran ${formatDuration(elapsed)})`;
  }
  return null;
}

/** The iterations --max-iterations counts: every judged turn but those whose audit could not run. */
export function countedIterations(state: AutoLoopState): number {
  return state.iteration - state.audit_not_run.turns;
}

/** Turns against --max-iterations: those the cap counts (never past it), the wrap-up turn the cap asked for after it, and those it did not count. */
export function iterationCount(
  turns: number,
  notCounted: number,
  max: number | null,
): { counted: number; wrapUp: number; notCounted: number } {
  const counted = turns - notCounted;
  return max !== null && counted > max ? { counted: max, wrapUp: counted - max, notCounted } : { counted, wrapUp: 0, notCounted };
}

/** Iterations against --max-iterations as a person reads them: what the cap counts, other turns named apart
 * (never "iteration 3 of 2": not after a cap's wrap-up turn, nor when audits could not run). */
export function iterationsAgainstCap(turns: number, notCounted: number, max: number | null): string {
  const count = iterationCount(turns, notCounted, max);
  const apart = [
    count.wrapUp ? `${count.wrapUp} wrap-up turn after the cap` : "",
    count.notCounted ? `${count.notCounted} not counted: the audit could not run` : "",
  ].filter(Boolean);
  return `${count.counted} of ${max ?? "-"}${apart.length ? ` (and ${apart.join("; and ")})` : ""}`;
}

/** Wall-clock time since the loop started. */
export function elapsedMs(state: AutoLoopState, now: Date): number {
  return Math.max(0, now.getTime() - Date.parse(state.started_at));
}

/**
 * How far past the wall-clock cap a hook event may still run: enough to record the tree, save the
 * verdict and the checkpoint. Steps that could take longer (the verifier, the audit) are cut to it.
 */
export const DEADLINE_MARGIN_MS = 30_000;

/** The one deadline of any hook event of this loop: the end of its wall clock, plus the margin. */
export function loopDeadline(state: AutoLoopState): Deadline {
  return { at: Date.parse(state.started_at) + state.caps.max_wallclock_ms + DEADLINE_MARGIN_MS };
}
