// One line of gate-history.jsonl per decision: the person's audit trail (a true copy stays in the data dir).
import * as z from "zod";
import { TestCountsSchema } from "../../test-results/results.js";
import { AUDIT_VOTES, LOOP_STATUSES, tokensUsed, type AutoLoopState } from "./state.js";

export const HistoryEntrySchema = z.object({
  version: z.literal(1),
  at: z.iso.datetime(),
  loop_id: z.string(),
  session_id: z.string(),
  iteration: z.int().nonnegative(),
  event: z.enum([
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
    "continue",
  ]),
  status: z.enum(LOOP_STATUSES),
  verdict: z.enum(["pass", "flaky", "fail"]).nullable(),
  exit_code: z.int().nullable(),
  vote: z.enum(AUDIT_VOTES).nullable(),
  tokens: z.int().nonnegative(),
  detail: z.string(),
  /** On "start" only: the goal, so `loopkit history` can name a loop after the project's next one replaced it. */
  goal: z.string().optional(),
  /** On "gate" lines whose audit voted: its reasons, so `loopkit report` shows every iteration's (absent in older files). */
  audit_reasons: z.array(z.string()).optional(),
  /** On "gate": the tests loopkit read from the verifier's last run (passed, failed, skipped, the first failing ones); null: none read. */
  tests: TestCountsSchema.nullable().optional(),
  /** On "gate": why loopkit's own rules did not count the verifier's pass (the test rule, or passes thrown out before any audit). */
  not_a_pass: z.string().optional(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** A history line for `state` as it is now. */
export function historyEntry(
  state: AutoLoopState,
  now: Date,
  event: HistoryEntry["event"],
  detail: string,
  extra: Partial<HistoryEntry> = {},
): HistoryEntry {
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
    ...extra,
  };
}
