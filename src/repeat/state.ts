// A repeat loop's state, one file per session in loopkit's data dir: <data>/repeat/<session_id>.json.
// A finished loop's file stays (phase "ended") so --status can say what happened last.
import path from "node:path";
import * as z from "zod";

/** ERROR: loopkit's own Stop hook failed, so the loop was ended rather than left running unjudged. */
export const FINAL_STATUSES = ["EARLY_SUCCESS", "CIRCUIT_BREAKER", "COMPLETED", "MAX_ITERATIONS", "CANCELLED", "ERROR"] as const;
export type FinalStatus = (typeof FINAL_STATUSES)[number];

/** running: an iteration is in the model's hands; waiting: a background hook sleeps until next_at; paused: that wait was interrupted. */
export const PHASES = ["running", "waiting", "paused", "ended"] as const;
export type Phase = (typeof PHASES)[number];

const IterationRecordSchema = z.object({
  number: z.int().positive(),
  started_at: z.iso.datetime(),
  ended_at: z.iso.datetime(),
  result: z.enum(["pass", "fail"]),
  exit_code: z.int().min(0).max(2),
  summary: z.string().nullable(),
});

export const RepeatStateSchema = z.object({
  version: z.literal(1),
  /** Also the id of the loop's record in the stats log. */
  loop_id: z.string().min(1),
  session_id: z.string().min(1),
  project_dir: z.string().min(1),
  command: z.string().min(1),
  interval_ms: z.int().positive(),
  max_iterations: z.int().min(1).max(1000),
  stats_file: z.string().min(1),
  started_at: z.iso.datetime(),
  phase: z.enum(PHASES),
  /** The iteration in flight (running) or the last one recorded (waiting, paused, ended). */
  iteration: z.int().positive(),
  iteration_started_at: z.iso.datetime(),
  next_at: z.iso.datetime().nullable(),
  /** Identifies the hook process that owns the current wait, so a stale sleeper never acts. */
  wait_token: z.string().nullable(),
  /**
   * prompt_id of the Stop that started the wait: the background hook of that Stop carries it out (every
   * Stop starts one). Absent in files written before waits ran in the background.
   */
  wait_owner: z.string().nullable().default(null),
  /**
   * prompt_id of the turn the loop runs in, learned at its first Stop. Hook continuations keep it; a Stop
   * with another one ends a new prompt of the person's, so the loop's continuation was lost.
   */
  prompt_id: z.string().nullable(),
  consecutive_failures: z.int().nonnegative(),
  iterations: z.array(IterationRecordSchema),
  final_status: z.enum(FINAL_STATUSES).nullable(),
  ended_at: z.iso.datetime().nullable(),
});
export type RepeatState = z.infer<typeof RepeatStateSchema>;

/** The number the loop's next iteration runs under: one past the last recorded (a lost one runs again under its own). */
export function nextIterationNumber(state: Pick<RepeatState, "iterations">): number {
  return (state.iterations.at(-1)?.number ?? 0) + 1;
}

export function repeatStateFile(data: string, sessionId: string): string {
  return path.join(data, "repeat", `${sessionId}.json`);
}

export function repeatStateDir(data: string): string {
  return path.join(data, "repeat");
}
