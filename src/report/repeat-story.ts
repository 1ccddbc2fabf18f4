// A repeat loop's story: from its state in loopkit's data folder (which keeps each iteration's end),
// else from its record in the stats log (which keeps starts only). Pure.
import type { LoopRun } from "../repeat/stats-store.js";
import type { RepeatState } from "../repeat/state.js";
import { formatDuration } from "../shared/duration.js";
import type { RepeatStory } from "./story.js";

export function repeatStoryFromState(state: RepeatState): RepeatStory {
  return {
    kind: "repeat",
    id: state.loop_id,
    projectDir: state.project_dir,
    command: state.command,
    interval: formatDuration(state.interval_ms),
    maxIterations: state.max_iterations,
    status: state.final_status ?? state.phase,
    startedAt: state.started_at,
    endedAt: state.ended_at,
    iterations: state.iterations.map((it) => ({
      number: it.number,
      startedAt: it.started_at,
      durationMs: Math.max(0, Date.parse(it.ended_at) - Date.parse(it.started_at)),
      result: it.result,
      exitCode: it.exit_code,
      summary: it.summary,
    })),
    gaps: [],
  };
}

export function repeatStoryFromStats(run: LoopRun): RepeatStory {
  return {
    kind: "repeat",
    id: run.id,
    projectDir: null,
    command: run.command,
    interval: run.interval,
    maxIterations: run.max_iterations,
    status: run.final_status ?? "running",
    startedAt: run.started_at,
    endedAt: run.ended_at,
    iterations: run.iterations.map((it) => ({
      number: it.number,
      startedAt: it.timestamp,
      durationMs: null,
      result: it.result,
      exitCode: it.exit_code,
      summary: it.summary,
    })),
    gaps: [
      "Only the stats log holds this loop (its state in loopkit's data folder is gone): it keeps when each iteration started, not how long it ran.",
    ],
  };
}
