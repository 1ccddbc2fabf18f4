// Waits inside one process are measured on the monotonic clock, which a wall clock set back or forward
// does not move. A due time kept on disk stays wall-clock (it must survive a restart and is shown to
// the person): it is turned into a span once, when the wait begins, and that span is never longer than
// the one planned (a clock set back stretches nothing) nor negative (a clock set forward).

/** Milliseconds on the monotonic clock: only differences mean anything. */
export const monotonicMs = (): number => performance.now();

/** What is left of a wait due at `due` (wall clock) at `now`, between 0 and `plannedMs`, the span the wait was given when it was set. */
export const spanLeft = (due: Date, now: Date, plannedMs: number): number =>
  Math.max(0, Math.min(Math.max(0, plannedMs), due.getTime() - now.getTime()));

/** A wait's end on the monotonic clock, and how much of it is left. */
export interface MonotonicWait {
  left(): number;
}

/** A wait of `spanMs` from now on `clock` (the monotonic one unless a test gives its own). */
export function waitOf(spanMs: number, clock: () => number = monotonicMs): MonotonicWait {
  const end = clock() + spanMs;
  return { left: () => Math.max(0, end - clock()) };
}
