import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  external_exports
} from "./chunk-T5RPSBXM.js";

// src/repeat/state.ts
import path from "node:path";
var FINAL_STATUSES = ["EARLY_SUCCESS", "CIRCUIT_BREAKER", "COMPLETED", "MAX_ITERATIONS", "CANCELLED", "ERROR"];
var PHASES = ["running", "waiting", "paused", "ended"];
var IterationRecordSchema = external_exports.object({
  number: external_exports.int().positive(),
  started_at: external_exports.iso.datetime(),
  ended_at: external_exports.iso.datetime(),
  result: external_exports.enum(["pass", "fail"]),
  exit_code: external_exports.int().min(0).max(2),
  summary: external_exports.string().nullable()
});
var RepeatStateSchema = external_exports.object({
  version: external_exports.literal(1),
  /** Also the id of the loop's record in the stats log. */
  loop_id: external_exports.string().min(1),
  session_id: external_exports.string().min(1),
  project_dir: external_exports.string().min(1),
  command: external_exports.string().min(1),
  interval_ms: external_exports.int().positive(),
  max_iterations: external_exports.int().min(1).max(1e3),
  stats_file: external_exports.string().min(1),
  started_at: external_exports.iso.datetime(),
  phase: external_exports.enum(PHASES),
  /** The iteration in flight (running) or the last one recorded (waiting, paused, ended). */
  iteration: external_exports.int().positive(),
  iteration_started_at: external_exports.iso.datetime(),
  next_at: external_exports.iso.datetime().nullable(),
  /** Identifies the hook process that owns the current wait, so a stale sleeper never acts. */
  wait_token: external_exports.string().nullable(),
  /**
   * prompt_id of the turn the loop runs in, learned at its first Stop. Hook continuations keep it; a Stop
   * with another one ends a new prompt of the person's, so the loop's continuation was lost.
   */
  prompt_id: external_exports.string().nullable(),
  consecutive_failures: external_exports.int().nonnegative(),
  iterations: external_exports.array(IterationRecordSchema),
  final_status: external_exports.enum(FINAL_STATUSES).nullable(),
  ended_at: external_exports.iso.datetime().nullable()
});
function repeatStateFile(data, sessionId) {
  return path.join(data, "repeat", `${sessionId}.json`);
}
function repeatStateDir(data) {
  return path.join(data, "repeat");
}

export {
  FINAL_STATUSES,
  RepeatStateSchema,
  repeatStateFile,
  repeatStateDir
};
