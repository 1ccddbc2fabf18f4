import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  _enum,
  array,
  int,
  iso_exports,
  literal,
  object,
  string
} from "./chunk-SJNSPM2J.js";

// src/repeat/state.ts
import path from "node:path";
var FINAL_STATUSES = ["EARLY_SUCCESS", "CIRCUIT_BREAKER", "COMPLETED", "MAX_ITERATIONS", "CANCELLED", "ERROR"];
var PHASES = ["running", "waiting", "paused", "ended"];
var IterationRecordSchema = object({
  number: int().positive(),
  started_at: iso_exports.datetime(),
  ended_at: iso_exports.datetime(),
  result: _enum(["pass", "fail"]),
  exit_code: int().min(0).max(2),
  summary: string().nullable()
});
var RepeatStateSchema = object({
  version: literal(1),
  /** Also the id of the loop's record in the stats log. */
  loop_id: string().min(1),
  session_id: string().min(1),
  project_dir: string().min(1),
  command: string().min(1),
  interval_ms: int().positive(),
  max_iterations: int().min(1).max(1e3),
  stats_file: string().min(1),
  started_at: iso_exports.datetime(),
  phase: _enum(PHASES),
  /** The iteration in flight (running) or the last one recorded (waiting, paused, ended). */
  iteration: int().positive(),
  iteration_started_at: iso_exports.datetime(),
  next_at: iso_exports.datetime().nullable(),
  /** Identifies the hook process that owns the current wait, so a stale sleeper never acts. */
  wait_token: string().nullable(),
  /**
   * prompt_id of the Stop that started the wait: the background hook of that Stop carries it out (every
   * Stop starts one). Absent in files written before waits ran in the background.
   */
  wait_owner: string().nullable().default(null),
  /**
   * prompt_id of the turn the loop runs in, learned at its first Stop. Hook continuations keep it; a Stop
   * with another one ends a new prompt of the person's, so the loop's continuation was lost.
   */
  prompt_id: string().nullable(),
  consecutive_failures: int().nonnegative(),
  iterations: array(IterationRecordSchema),
  final_status: _enum(FINAL_STATUSES).nullable(),
  ended_at: iso_exports.datetime().nullable()
});
function nextIterationNumber(state) {
  return (state.iterations.at(-1)?.number ?? 0) + 1;
}
function repeatStateFile(data, sessionId) {
  return path.join(data, "repeat", `${sessionId}.json`);
}
function repeatStateDir(data) {
  return path.join(data, "repeat");
}

export {
  FINAL_STATUSES,
  RepeatStateSchema,
  nextIterationNumber,
  repeatStateFile,
  repeatStateDir
};
