// One flat status object for --status, --status --json and the tests: every field always present.
import { summarize, summaryLines, type CheckpointSummary } from "../checkpoint/summary.js";
import { formatDuration } from "../shared/duration.js";
import { isActive } from "./decide.js";
import type { FinalStatus, Phase, RepeatState } from "./state.js";

export interface RepeatStatus extends CheckpointSummary {
  active: boolean;
  /** The phase of an active loop, the final status of an ended one, or "none". */
  status: Exclude<Phase, "ended"> | FinalStatus | "none";
  loop_id: string | null;
  session_id: string | null;
  project_dir: string;
  command: string | null;
  interval: string | null;
  interval_ms: number | null;
  iteration: number;
  max_iterations: number | null;
  results: ("pass" | "fail")[];
  passes: number;
  failures: number;
  consecutive_failures: number;
  last_summary: string | null;
  next_at: string | null;
  started_at: string | null;
  ended_at: string | null;
  elapsed_ms: number;
}

export function repeatStatus(projectDir: string, state: RepeatState | undefined, now: Date, checkpoints: CheckpointSummary = summarize(undefined)): RepeatStatus {
  if (!state) {
    return {
      active: false, status: "none", loop_id: null, session_id: null, project_dir: projectDir, command: null, interval: null, interval_ms: null,
      iteration: 0, max_iterations: null, results: [], passes: 0, failures: 0, consecutive_failures: 0, last_summary: null, next_at: null,
      started_at: null, ended_at: null, elapsed_ms: 0, ...checkpoints,
    };
  }
  const results = state.iterations.map((it) => it.result);
  const passes = results.filter((r) => r === "pass").length;
  const end = state.ended_at ? Date.parse(state.ended_at) : now.getTime();
  return {
    active: isActive(state),
    status: state.phase === "ended" ? (state.final_status ?? "CANCELLED") : state.phase,
    loop_id: state.loop_id,
    session_id: state.session_id,
    project_dir: state.project_dir,
    command: state.command,
    interval: formatDuration(state.interval_ms),
    interval_ms: state.interval_ms,
    iteration: state.iteration,
    max_iterations: state.max_iterations,
    results,
    passes,
    failures: results.length - passes,
    consecutive_failures: state.consecutive_failures,
    last_summary: state.iterations[state.iterations.length - 1]?.summary ?? null,
    next_at: state.next_at,
    started_at: state.started_at,
    ended_at: state.ended_at,
    elapsed_ms: Math.max(0, end - Date.parse(state.started_at)),
    ...checkpoints,
  };
}

/** The same object for a person. */
export function formatStatus(s: RepeatStatus, now: Date): string {
  if (s.status === "none") return `repeat: no loop has run in ${s.project_dir} on this machine.\n`;
  const head = s.active ? `repeat ${s.status}: iteration ${s.iteration}/${s.max_iterations}` : `repeat ended ${s.status} after ${s.results.length} iteration(s)`;
  const lines = [
    head,
    `  command:  ${s.command}`,
    `  interval: ${s.interval}`,
    `  results:  ${s.results.length ? s.results.join(" ") : "none yet"} (${s.passes} passed, ${s.failures} failed)`,
    ...(s.last_summary ? [`  last:     ${s.last_summary}`] : []),
    ...(s.next_at ? [`  next run: ${s.next_at} (in ${formatDuration(Date.parse(s.next_at) - now.getTime())})`] : []),
    `  elapsed:  ${formatDuration(s.elapsed_ms)}`,
    `  session:  ${s.session_id}`,
    ...summaryLines(s, s.loop_id),
    ...(s.status === "paused" ? ["  resume with /loopkit:repeat --resume, or end it with /loopkit:repeat --cancel"] : []),
  ];
  return `${lines.join("\n")}\n`;
}
