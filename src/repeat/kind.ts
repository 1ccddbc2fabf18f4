// The repeat kind's parts beyond the hook entry's (session/loop-kind.ts), registered in src/loops/:
// its state, handlers and cancel command, and what the status line, notify, history and the
// checkpoint commands show of a repeat loop. Its entry part is hook-events.ts.
import type { LoopKindParts, PastRun } from "../session/loop-kind.js";
import { compactNumber } from "../shared/compact-number.js";
import { formatDuration } from "../shared/duration.js";
import { oneLine, plain } from "../shared/one-line.js";
import { repeatEntry } from "./hook-events.js";
import { FINAL_STATUSES, isActive, repeatTokens, RepeatStateSchema, type RepeatState } from "./state.js";
import { readLoopRuns } from "./stats-history.js";
import { LoopRunSchema } from "./stats-store.js";
import { projectLoops, scanLoops } from "./store.js";

export const repeatKind: LoopKindParts<RepeatState> = {
  entry: repeatEntry,
  stateSchema: RepeatStateSchema,
  cancelCommand: `/${repeatEntry.command} --cancel`,
  handlers: async () => (await import("./hook-handlers.js")).repeatHookHandlers,
  running: isActive,
  runningIn: async (dataDir, projectDir) =>
    (await projectLoops(dataDir, projectDir)).find((loop) => isActive(loop.state))?.state.loop_id ?? null,
  keptSnapshots: async () => [],
  statusLine,
  notify: {
    statuses: [...FINAL_STATUSES, "paused"],
    standing: (state) => (state.phase === "ended" ? "ended" : state.phase === "paused" ? "paused" : "running"),
    tale,
  },
  history: { finalStatuses: FINAL_STATUSES, stepSchema: LoopRunSchema.shape.iterations.element, labelWidth: 4, runs: pastRuns },
};

function statusLine(state: RepeatState, now: Date): string {
  const head = `repeat ${state.iteration}/${state.max_iterations} ${plain(state.command, 24)}`;
  const last = state.iterations.at(-1);
  const result = last ? `last ${last.result}${last.summary ? ` (${plain(last.summary)})` : ""}` : "";
  const phase =
    state.phase === "waiting" && state.next_at
      ? `next in ${formatDuration(Math.max(0, Date.parse(state.next_at) - now.getTime()))}`
      : state.phase === "paused"
        ? `paused: /${repeatEntry.command} --resume`
        : state.phase === "ended"
          ? `ended ${state.final_status ?? ""}`.trim()
          : "running";
  const used = repeatTokens(state);
  return [head, result, used === null ? "" : `${compactNumber(used)} tokens`, phase].filter(Boolean).join(" · ");
}

function tale(state: RepeatState) {
  const passed = state.iterations.filter((it) => it.result === "pass").length;
  const status = state.phase === "paused" ? "paused" : (state.final_status ?? "CANCELLED");
  return {
    status,
    reason: null,
    command: state.command,
    goal: null,
    iterations: state.iterations.length,
    max_iterations: state.max_iterations,
    message: `loopkit repeat ${status === "paused" ? "paused" : `ended ${status}`}: ${oneLine(state.command, 80)} - ${state.iterations.length} iteration(s), ${passed} passed (${state.project_dir})`,
  };
}

/** The runs in the stats log and its kept-aside copies, as they are there (stats-history.ts). */
async function pastRuns({ statsFile, dataDir }: { statsFile: string; dataDir: string | null }, now: Date): Promise<PastRun[]> {
  const records = await readLoopRuns(statsFile);
  // What the stats log cannot say: whether a loop not ended is paused (its session gone), and where older records ran.
  const states = new Map((dataDir ? (await scanLoops(dataDir, null)).loops : []).map(({ state }) => [state.loop_id, state]));
  return records.map((record) => {
    const passed = record.iterations.filter((it) => it.result === "pass").length;
    const state = states.get(record.id);
    const paused = record.final_status === null && state?.phase === "paused";
    const end = record.ended_at ?? (paused ? (record.iterations.at(-1)?.timestamp ?? record.started_at) : now.toISOString());
    return {
      summary: {
        id: record.id,
        command: record.command,
        goal: null,
        project_dir: record.project_dir ?? state?.project_dir ?? null,
        started_at: record.started_at,
        ended_at: record.ended_at,
        duration_ms: Math.max(0, Date.parse(end) - Date.parse(record.started_at)),
        iterations: record.iterations.length,
        passed,
        failed: record.iterations.length - passed,
        final_status: record.final_status,
        paused,
        tokens: record.tokens ?? null,
      },
      steps: record.iterations,
      rows: record.iterations.map((it) => ({
        number: it.number,
        at: it.timestamp,
        label: it.result,
        text: [it.summary, typeof it.tokens === "number" ? `${it.tokens} tokens` : null].filter(Boolean).join(" · "),
      })),
    };
  });
}
