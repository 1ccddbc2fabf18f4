import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  AUDIT_VOTES,
  LOOP_STATUSES,
  tokensUsed
} from "./chunk-HALTCE3W.js";
import {
  iso_exports
} from "./chunk-W3MJS3SN.js";
import {
  TestCountsSchema
} from "./chunk-JR3TLBIQ.js";
import {
  _enum,
  array,
  int,
  literal,
  object,
  string
} from "./chunk-CW3O4QTE.js";

// src/auto-loop/core/history.ts
var HistoryEntrySchema = object({
  version: literal(1),
  at: iso_exports.datetime(),
  loop_id: string(),
  session_id: string(),
  iteration: int().nonnegative(),
  event: _enum([
    "start",
    "gate",
    "tamper",
    "blocked-report",
    "wrap-up",
    "end",
    "cancel",
    "takeover",
    "foreign-kept-aside",
    "resume",
    "phase",
    "protected",
    "pause",
    "continue"
  ]),
  status: _enum(LOOP_STATUSES),
  verdict: _enum(["pass", "flaky", "fail"]).nullable(),
  exit_code: int().nullable(),
  vote: _enum(AUDIT_VOTES).nullable(),
  tokens: int().nonnegative(),
  detail: string(),
  /** On "start" only: the goal, so `loopkit history` can name a loop after the project's next one replaced it. */
  goal: string().optional(),
  /** On "gate" lines whose audit voted: its reasons, so `loopkit report` shows every iteration's (absent in older files). */
  audit_reasons: array(string()).optional(),
  /** On "gate": the tests loopkit read from the verifier's last run (passed, failed, skipped, the first failing ones); null: none read. */
  tests: TestCountsSchema.nullable().optional(),
  /** On "gate": why loopkit's own rules did not count the verifier's pass (the test rule, or passes thrown out before any audit). */
  not_a_pass: string().optional()
});
function historyEntry(state, now, event, detail, extra = {}) {
  return {
    version: 1,
    at: now.toISOString(),
    loop_id: state.loop_id,
    session_id: state.session_id,
    iteration: state.iteration,
    event,
    status: state.status,
    verdict: null,
    exit_code: null,
    vote: null,
    tokens: tokensUsed(state),
    detail,
    ...extra
  };
}

export {
  HistoryEntrySchema,
  historyEntry
};
