// A repeat loop's state, one file per session in loopkit's data dir: <data>/repeat/<session_id>.json.
// A finished loop's file stays (phase "ended") so --status can say what happened last. A loop that
// `loopkit repeat` runs from a terminal has a file of the same format, under a key no Claude Code
// session can have (terminal-<uuid>), and `terminal` says how it runs.
import path from "node:path";
import * as z from "zod";
import { projectKey } from "../state/paths.js";

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
  /**
   * What the iteration's turn cost, in tokens (input, cache and output of each API message once,
   * subagents included): from the session's transcript, or from `claude -p`'s output for a terminal
   * loop. Null where it was not counted (iterations recorded before loopkit counted them).
   */
  tokens: z.int().nonnegative().nullable().default(null),
});

/** The key of a terminal loop's state file: never a Claude Code session id (those are bare UUIDs), so no session's hooks or skill reach it. */
export const TERMINAL_KEY_PREFIX = "terminal-";

/**
 * How `loopkit repeat` runs a loop from a terminal. What runs is fixed here at the start, in loopkit's
 * data folder: nothing the agent writes in the project changes the binary, its options or the mode.
 */
export const TerminalRunSchema = z.object({
  /** The claude binary: a real absolute path outside the project. */
  claude_bin: z.string().min(1),
  /** The person's claude options (after `--`), a --settings file read in as JSON text. */
  claude_args: z.array(z.string()),
  /** A fresh conversation for every iteration; else one conversation, continued with --resume. */
  fresh: z.boolean(),
  /**
   * The Claude Code session of the conversation (with `fresh`, of the latest iteration), null before
   * the first; `begun` once a turn of it is on record, so the next iteration can --resume it.
   */
  conversation: z.object({ session_id: z.uuid(), begun: z.boolean() }).nullable(),
  /** The runner process that drives the loop now (or did last). */
  pid: z.int().positive(),
  /** The runner's output when it runs detached, in loopkit's data folder; null in a terminal's foreground. */
  log_file: z.string().nullable(),
  /** How long an iteration's claude may run before it is stopped (the iteration fails); null: no limit. */
  iteration_timeout_ms: z.int().positive().nullable().default(null),
});
export type TerminalRun = z.infer<typeof TerminalRunSchema>;

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
  /**
   * How far the session's transcript has been counted (transcript-usage.ts): where the next
   * iteration's count starts. Null before the first count, and for a terminal loop.
   */
  transcript_cursor: z
    .object({
      /** The transcript it is for: another one (a resumed or forked session's) is read from its start. */
      path: z.string().min(1),
      offset: z.int().nonnegative(),
      recent_message_ids: z.array(z.string()),
      subagent_offsets: z.record(z.string(), z.int().nonnegative()),
    })
    .nullable()
    .default(null),
  /**
   * The person wrote into the iteration in flight (a prompt typed while it ran): the loop pauses when
   * it ends instead of waiting for the next. Absent: no (older files, and loops that never heard from the person).
   */
  person_wrote: z.boolean().optional(),
  /** Set for a loop `loopkit repeat` runs from a terminal; null (or absent, in older files) for the skill's loop, driven by its session's hooks. */
  terminal: TerminalRunSchema.nullable().default(null),
});
export type RepeatState = z.infer<typeof RepeatStateSchema>;

/** The tokens of every iteration counted so far (null: none of them was counted). */
export function repeatTokens(state: Pick<RepeatState, "iterations">): number | null {
  const counted = state.iterations.flatMap((it) => (it.tokens === null ? [] : [it.tokens]));
  return counted.length ? counted.reduce((sum, tokens) => sum + tokens, 0) : null;
}

/** Running, waiting or paused: not ended. */
export const isActive = (state: RepeatState) => state.phase !== "ended";

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

/** The folder of a project's terminal loops: the runner lock (one runner per project), the detached runner's logs, each iteration's claude output. */
export function terminalRunDir(data: string, projectDir: string): string {
  return path.join(data, "repeat-runs", projectKey(projectDir));
}
