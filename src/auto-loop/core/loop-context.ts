// Where a running loop stands, as text for a context that lost the conversation: after a compaction,
// on a resumed session, and at the start of each fresh `loopkit run` phase. Built from the true state only.
import { formatDuration } from "../../shared/duration.js";
import { elapsedMs } from "./caps.js";
import { fenced, HANDOFF_FILE, rules } from "./prompts.js";
import { tokensUsed, type AutoLoopState } from "./state.js";

/** Why the context is rebuilt; each says in one line what happened to the conversation. */
type ContextReason = "compact" | "resume" | "phase";

const HEADLINES: Record<ContextReason, string> = {
  compact:
    "The conversation was just compacted. This session still drives a loopkit auto-loop; here is where it stands (loopkit's own record, not a summary).",
  resume:
    "This session was resumed. It still drives a loopkit auto-loop; here is where it stands (loopkit's own record). Wall-clock time kept running while the session was away.",
  phase:
    "You are a fresh session started by `loopkit run` for the next phase of an auto-loop. You do not have the earlier conversation; here is where the loop stands (loopkit's own record) and the latest hand-off note.",
};

/** The verifier output shown here is shorter than in a turn's prompt: it is context, not the fresh result. */
const TAIL_CHARS = 2_000;

export function loopContext(state: AutoLoopState, now: Date, reason: ContextReason): string {
  const lines = [
    `loopkit auto-loop context (loop ${state.loop_id}). ${HEADLINES[reason]}`,
    "",
    "Goal:",
    fenced(state.goal),
    "",
    `Progress: iteration ${state.iteration} of ${state.caps.max_iterations}; tokens ${tokensUsed(state)} of ${state.caps.max_tokens}; elapsed ${formatDuration(elapsedMs(state, now))} of ${formatDuration(state.caps.max_wallclock_ms)}; hand-off note asked at ${state.caps.restart_pct}% context.`,
    ...lastVerifier(state),
    ...lastAudit(state),
    ...(state.evidence.length ? ["", "Evidence so far (newest last):", ...state.evidence.slice(-5).map((line) => `- ${line}`)] : []),
    ...(state.blocker ? ["", `Blocker reported ${state.blocker.count} time(s) in a row: ${state.blocker.reason}`] : []),
    ...(state.pause
      ? [
          "",
          `The loop is paused (${state.pause.reason}): answer the person, and go on with the goal only once they type /loopkit:auto-loop --resume.`,
        ]
      : []),
    "",
    state.handoff_note ? `Latest hand-off note (from ${HANDOFF_FILE}):` : `No hand-off note yet (${HANDOFF_FILE}).`,
    ...(state.handoff_note ? [fenced(state.handoff_note)] : []),
    "",
    `Next: ${state.next_action}`,
    "",
    rules(state),
  ];
  return lines.join("\n");
}

function lastVerifier(state: AutoLoopState): string[] {
  const verifier = state.last_verifier;
  if (!verifier) return ["", `Verifier \`${state.verify_command}\`: not run yet.`];
  const run = verifier.runs[verifier.runs.length - 1]!;
  const exit = run.timed_out ? "timed out" : `exit code ${run.exit_code ?? "none (killed)"}`;
  const tail = run.output_tail.length > TAIL_CHARS ? `[...]${run.output_tail.slice(-TAIL_CHARS)}` : run.output_tail;
  return [
    "",
    `Last verifier result (iteration ${verifier.iteration}) of \`${state.verify_command}\`: ${verifier.verdict} (${exit}). End of its output:`,
    fenced(tail || "(no output)"),
  ];
}

function lastAudit(state: AutoLoopState): string[] {
  const audit = state.last_audit;
  if (!audit) return ["", "Audit: not run yet (it runs after two verifier passes in a row)."];
  return [
    "",
    audit.refused_by
      ? `Last audit (iteration ${audit.iteration}): none ran; loopkit's own rules did not count the verifier's passes.`
      : `Last audit vote (iteration ${audit.iteration}): ${audit.vote}${audit.failure ? ` (${audit.failure})` : ""}.`,
    ...audit.reasons.map((reason) => `- ${reason}`),
  ];
}
