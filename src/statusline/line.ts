// One short status-line text for a loop: pure, state in, line out. Text from the loop (a command, a
// summary) is shown without control characters, so nothing the model wrote can drive the terminal.
import { formatDuration } from "../shared/duration.js";
import { elapsedMs } from "../auto-loop/core/caps.js";
import { tokensUsed, type AutoLoopState } from "../auto-loop/core/state.js";
import type { RepeatState } from "../repeat/state.js";

const MAX_TEXT = 40;

/** Printable, one line, at most `max` characters. */
export function plain(text: string, max = MAX_TEXT): string {
  const flat = text
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

export function repeatLine(state: RepeatState, now: Date): string {
  const head = `repeat ${state.iteration}/${state.max_iterations} ${plain(state.command, 24)}`;
  const last = state.iterations.at(-1);
  const result = last ? `last ${last.result}${last.summary ? ` (${plain(last.summary)})` : ""}` : "";
  const phase =
    state.phase === "waiting" && state.next_at
      ? `next in ${formatDuration(Math.max(0, Date.parse(state.next_at) - now.getTime()))}`
      : state.phase === "paused"
        ? "paused: /loopkit:repeat --resume"
        : state.phase === "ended"
          ? `ended ${state.final_status ?? ""}`.trim()
          : "running";
  return [head, result, phase].filter(Boolean).join(" · ");
}

export function autoLoopLine(state: AutoLoopState, now: Date): string {
  const caps = state.caps;
  const audit = state.last_audit && `audit ${state.last_audit.ran ? state.last_audit.vote : "could not run"}`;
  const verdicts = [state.last_verifier && `verifier ${state.last_verifier.verdict}`, audit].filter(Boolean).join(", ");
  return [
    `auto-loop ${state.status === "pursuing" ? "" : `${state.status} `}${state.iteration}/${caps.max_iterations}`,
    `${compact(tokensUsed(state))}/${compact(caps.max_tokens)} tokens`,
    `${formatDuration(elapsedMs(state, state.ended_at ? new Date(state.ended_at) : now))}/${formatDuration(caps.max_wallclock_ms)}`,
    verdicts || "not judged yet",
  ].join(" · ");
}

/** 1234567 -> "1.2M", 45300 -> "45k". */
function compact(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(n >= 10_000_000 ? 0 : 1).replace(/\.0$/, "")}M`;
  if (n >= 1_000) return `${Math.round(n / 1_000)}k`;
  return String(n);
}
