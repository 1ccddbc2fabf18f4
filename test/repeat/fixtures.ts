import type { RepeatState } from "../../src/repeat/state.js";

export const T0 = new Date("2026-03-01T10:00:00.000Z");
export const at = (ms: number) => new Date(T0.getTime() + ms);

/** A loop in iteration `iteration` of `max`, every 5 minutes, started at T0. */
export function loopState(overrides: Partial<RepeatState> = {}): RepeatState {
  return {
    version: 1,
    loop_id: "loop-1772359200000",
    session_id: "session-a",
    project_dir: "/tmp/project",
    command: "/test",
    interval_ms: 300_000,
    max_iterations: 5,
    stats_file: "/tmp/stats.json",
    started_at: T0.toISOString(),
    phase: "running",
    iteration: 1,
    iteration_started_at: T0.toISOString(),
    next_at: null,
    wait_token: null,
    wait_owner: null,
    prompt_id: null,
    consecutive_failures: 0,
    iterations: [],
    final_status: null,
    ended_at: null,
    transcript_cursor: null,
    person_wrote: false,
    terminal: null,
    ...overrides,
  };
}
