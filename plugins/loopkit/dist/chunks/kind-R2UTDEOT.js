import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  oneLine,
  plain
} from "./chunk-AIK4GEGR.js";
import {
  repeatEntry
} from "./chunk-ZXZMPERI.js";
import {
  compactNumber
} from "./chunk-BFNVHJAO.js";
import {
  FINAL_STATUSES,
  LoopRunSchema,
  RepeatStateSchema,
  StatsFileSchema,
  isActive,
  projectLoops,
  repeatTokens,
  scanLoops
} from "./chunk-VN5KYKVC.js";
import {
  formatDuration
} from "./chunk-7BFHLTUB.js";
import "./chunk-HY7BSOUE.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-PVEHQ6JT.js";
import {
  LoopkitError,
  isLoopkitError,
  readJson
} from "./chunk-W3MJS3SN.js";
import "./chunk-CW3O4QTE.js";
import "./chunk-JXA4W5PX.js";

// src/repeat/stats-history.ts
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
async function readLoopRuns(statsFile) {
  const runs = new Map((await liveRecords(statsFile)).map((run) => [run.id, run]));
  for (const copy of await keptAside(statsFile)) {
    for (const run of recordsIn(await readFile(copy, "utf8").catch(() => ""))) if (!runs.has(run.id)) runs.set(run.id, run);
  }
  return [...runs.values()];
}
async function liveRecords(statsFile) {
  let read;
  try {
    read = await readJson(statsFile, StatsFileSchema);
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    throw new LoopkitError("STATE_CORRUPT", error.message, {
      value: statsFile,
      hint: `nothing was changed; fix ${statsFile} or move it away (the next repeat loop keeps it aside as ${path.basename(statsFile)}.corrupt-<time> itself)`
    });
  }
  return read.exists ? (read.value.loop_runs ?? []).flatMap(asLoopRun) : [];
}
async function keptAside(statsFile) {
  const prefix = `${path.basename(statsFile)}.corrupt-`;
  const names = await readdir(path.dirname(statsFile)).catch(() => []);
  return names.filter((name) => name.startsWith(prefix)).sort().reverse().map((name) => path.join(path.dirname(statsFile), name));
}
var asLoopRun = (raw) => {
  const parsed = LoopRunSchema.safeParse(raw);
  return parsed.success ? [parsed.data] : [];
};
function recordsIn(text) {
  try {
    const value = StatsFileSchema.safeParse(JSON.parse(text));
    if (value.success) return (value.data.loop_runs ?? []).flatMap(asLoopRun);
  } catch {
  }
  return objectsIn(text).flatMap((object) => {
    try {
      return asLoopRun(JSON.parse(object));
    } catch {
      return [];
    }
  });
}
function objectsIn(text) {
  const starts = [];
  const found = [];
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (inString && char === "\n") inString = false;
    else if (inString) {
      if (char === "\\") i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === "{") starts.push(i);
    else if (char === "}" && starts.length > 0) {
      const span = text.slice(starts.pop(), i + 1);
      if (span.includes('"loop-')) found.push(span);
    }
  }
  return found;
}

// src/repeat/kind.ts
var repeatKind = {
  entry: repeatEntry,
  stateSchema: RepeatStateSchema,
  cancelCommand: `/${repeatEntry.command} --cancel`,
  handlers: async () => (await import("./hook-handlers-HUPSFAFZ.js")).repeatHookHandlers,
  running: isActive,
  runningIn: async (dataDir, projectDir) => (await projectLoops(dataDir, projectDir)).find((loop) => isActive(loop.state))?.state.loop_id ?? null,
  keptSnapshots: async () => [],
  statusLine,
  notify: {
    statuses: [...FINAL_STATUSES, "paused"],
    standing: (state) => state.phase === "ended" ? "ended" : state.phase === "paused" ? "paused" : "running",
    tale
  },
  history: { finalStatuses: FINAL_STATUSES, stepSchema: LoopRunSchema.shape.iterations.element, labelWidth: 4, runs: pastRuns }
};
function statusLine(state, now) {
  const head = `repeat ${state.iteration}/${state.max_iterations} ${plain(state.command, 24)}`;
  const last = state.iterations.at(-1);
  const result = last ? `last ${last.result}${last.summary ? ` (${plain(last.summary)})` : ""}` : "";
  const phase = state.phase === "waiting" && state.next_at ? `next in ${formatDuration(Math.max(0, Date.parse(state.next_at) - now.getTime()))}` : state.phase === "paused" ? `paused: /${repeatEntry.command} --resume` : state.phase === "ended" ? `ended ${state.final_status ?? ""}`.trim() : "running";
  const used = repeatTokens(state);
  return [head, result, used === null ? "" : `${compactNumber(used)} tokens`, phase].filter(Boolean).join(" \xB7 ");
}
function tale(state) {
  const passed = state.iterations.filter((it) => it.result === "pass").length;
  const status = state.phase === "paused" ? "paused" : state.final_status ?? "CANCELLED";
  return {
    status,
    reason: null,
    command: state.command,
    goal: null,
    iterations: state.iterations.length,
    max_iterations: state.max_iterations,
    message: `loopkit repeat ${status === "paused" ? "paused" : `ended ${status}`}: ${oneLine(state.command, 80)} - ${state.iterations.length} iteration(s), ${passed} passed (${state.project_dir})`
  };
}
async function pastRuns({ statsFile, dataDir }, now) {
  const records = await readLoopRuns(statsFile);
  const states = new Map((dataDir ? (await scanLoops(dataDir, null)).loops : []).map(({ state }) => [state.loop_id, state]));
  return records.map((record) => {
    const passed = record.iterations.filter((it) => it.result === "pass").length;
    const state = states.get(record.id);
    const paused = record.final_status === null && state?.phase === "paused";
    const end = record.ended_at ?? (paused ? record.iterations.at(-1)?.timestamp ?? record.started_at : now.toISOString());
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
        tokens: record.tokens ?? null
      },
      steps: record.iterations,
      rows: record.iterations.map((it) => ({
        number: it.number,
        at: it.timestamp,
        label: it.result,
        text: [it.summary, typeof it.tokens === "number" ? `${it.tokens} tokens` : null].filter(Boolean).join(" \xB7 ")
      }))
    };
  });
}
export {
  repeatKind
};
