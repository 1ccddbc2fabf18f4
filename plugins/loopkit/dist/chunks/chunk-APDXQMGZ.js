import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  autoLoopEntry
} from "./chunk-VW2W6K4J.js";
import {
  FINAL_STATUSES,
  LoopRunSchema,
  RepeatStateSchema,
  StatsFileSchema,
  isActive,
  projectLoops,
  repeatEntry
} from "./chunk-VLE7IRBY.js";
import {
  elapsedMs
} from "./chunk-VBATGJD2.js";
import {
  formatDuration
} from "./chunk-H52NR5SI.js";
import {
  AutoLoopStateSchema,
  HistoryEntrySchema,
  LOOP_STATUSES,
  tokensUsed
} from "./chunk-ENBVLOWR.js";
import {
  LOOP_KINDS
} from "./chunk-WN7SEJMX.js";
import {
  LoopkitError,
  isLoopkitError,
  readJson
} from "./chunk-NV573OHB.js";

// src/auto-loop/kind.ts
import { promises as fs } from "node:fs";
import path from "node:path";

// src/shared/one-line.ts
function oneLine(text, max) {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}\u2026` : flat;
}
function plain(text, max = 40) {
  return oneLine(text.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g, " "), max);
}

// src/auto-loop/kind.ts
var ENDED_SHOWN_MS = 6e4;
var autoLoopKind = {
  entry: autoLoopEntry,
  stateSchema: AutoLoopStateSchema,
  cancelCommand: `/${autoLoopEntry.command} --cancel`,
  handlers: async () => (await import("./hook-handlers-J2RH6D3K.js")).autoLoopHookHandlers,
  running: (state) => state.status === "pursuing",
  runningIn: async (dataDir, projectDir) => {
    const state = await projectState(dataDir, projectDir);
    return state?.status === "pursuing" ? state.loop_id : null;
  },
  keptSnapshots: async (dataDir, projectDir) => {
    const state = await projectState(dataDir, projectDir);
    if (state?.status !== "pursuing") return [];
    const [{ loadStartEvidence }, { loopFiles }] = await Promise.all([import("./evidence-start-AIJTHKWI.js"), import("./store-77E7ZT3Z.js")]);
    const start = await loadStartEvidence(loopFiles(dataDir, projectDir).dir, state.loop_id, /* @__PURE__ */ new Date()).catch(() => null);
    return start ? [start] : [];
  },
  statusLine: (state, now) => state.ended_at !== null && now.getTime() - Date.parse(state.ended_at) > ENDED_SHOWN_MS ? void 0 : statusLine(state, now),
  notify: {
    statuses: LOOP_STATUSES,
    standing: (state) => state.status === "pursuing" ? "running" : state.status === "blocked" ? "blocked" : "ended",
    tale: (state) => {
      const elapsed = state.ended_at ? ` after ${formatDuration(Date.parse(state.ended_at) - Date.parse(state.started_at))}` : "";
      return {
        status: state.status,
        reason: state.status_reason,
        command: null,
        goal: state.goal,
        iterations: state.iteration,
        max_iterations: state.caps.max_iterations,
        message: `loopkit auto-loop ${state.status}${state.status_reason ? ` (${oneLine(state.status_reason, 80)})` : ""}: ${oneLine(state.goal, 80)} - ${state.iteration} iteration(s)${elapsed} (${state.project_dir})`
      };
    }
  },
  history: {
    finalStatuses: LOOP_STATUSES.filter((status) => status !== "pursuing"),
    stepSchema: HistoryEntrySchema,
    labelWidth: 14,
    runs: ({ dataDir }) => dataDir ? pastRuns(dataDir) : Promise.resolve([])
  }
};
async function projectState(dataDir, projectDir) {
  const { loopFiles } = await import("./store-77E7ZT3Z.js");
  const read = await readJson(loopFiles(dataDir, projectDir).state, AutoLoopStateSchema).catch(() => ({ exists: false }));
  return read.exists ? read.value : void 0;
}
function statusLine(state, now) {
  const caps = state.caps;
  const audit = state.last_audit && `audit ${state.last_audit.ran ? state.last_audit.vote : "could not run"}`;
  const verdicts = [state.last_verifier && `verifier ${state.last_verifier.verdict}`, audit].filter(Boolean).join(", ");
  return [
    `auto-loop ${state.status === "pursuing" ? "" : `${state.status} `}${state.iteration}/${caps.max_iterations}`,
    `${compact(tokensUsed(state))}/${compact(caps.max_tokens)} tokens`,
    `${formatDuration(elapsedMs(state, state.ended_at ? new Date(state.ended_at) : now))}/${formatDuration(caps.max_wallclock_ms)}`,
    verdicts || "not judged yet"
  ].join(" \xB7 ");
}
function compact(n) {
  if (n >= 1e6) return `${(n / 1e6).toFixed(n >= 1e7 ? 0 : 1).replace(/\.0$/, "")}M`;
  if (n >= 1e3) return `${Math.round(n / 1e3)}k`;
  return String(n);
}
async function pastRuns(dataDir) {
  const root = path.join(dataDir, "auto-loop");
  const projects = await fs.readdir(root).catch(() => []);
  const runs = [];
  for (const project of projects) {
    const dir = path.join(root, project);
    const entries = await historyLines(path.join(dir, "gate-history.jsonl"));
    const state = await readJson(path.join(dir, "state.json"), AutoLoopStateSchema).catch(() => ({ exists: false }));
    const latest = state.exists ? state.value : void 0;
    const byLoop = /* @__PURE__ */ new Map();
    for (const entry of entries) byLoop.set(entry.loop_id, [...byLoop.get(entry.loop_id) ?? [], entry]);
    for (const [loopId, lines] of byLoop) {
      const first = lines[0];
      const last = lines.at(-1);
      const gates = lines.filter((entry) => entry.event === "gate");
      const passed = gates.filter((entry) => entry.verdict === "pass").length;
      const ended = last.status !== "pursuing";
      runs.push({
        summary: {
          id: loopId,
          command: null,
          goal: lines.find((entry) => entry.goal !== void 0)?.goal ?? (latest?.loop_id === loopId ? latest.goal : null),
          project_dir: latest?.project_dir ?? null,
          started_at: first.at,
          ended_at: ended ? last.at : null,
          duration_ms: Math.max(0, Date.parse(last.at) - Date.parse(first.at)),
          iterations: Math.max(...lines.map((entry) => entry.iteration)),
          passed,
          failed: gates.length - passed,
          final_status: last.status === "pursuing" ? null : last.status
        },
        steps: lines,
        rows: lines.map((entry) => {
          const verdict = [entry.verdict && `verifier ${entry.verdict}`, entry.vote && `audit ${entry.vote}`].filter(Boolean).join(", ");
          const detail = entry.detail.replace(/\s+/g, " ").trim();
          return { number: entry.iteration, at: entry.at, label: entry.event, text: [verdict, detail].filter(Boolean).join(": ") };
        })
      });
    }
  }
  return runs;
}
async function historyLines(file) {
  const text = await fs.readFile(file, "utf8").catch(() => "");
  return text.split("\n").flatMap((line) => {
    if (!line.trim()) return [];
    try {
      const parsed = HistoryEntrySchema.safeParse(JSON.parse(line));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
}

// src/repeat/kind.ts
import path2 from "node:path";
var repeatKind = {
  entry: repeatEntry,
  stateSchema: RepeatStateSchema,
  cancelCommand: `/${repeatEntry.command} --cancel`,
  handlers: async () => (await import("./hook-handlers-WKVRX7WO.js")).repeatHookHandlers,
  running: isActive,
  runningIn: async (dataDir, projectDir) => (await projectLoops(dataDir, projectDir)).find((loop) => isActive(loop.state))?.state.loop_id ?? null,
  keptSnapshots: async () => [],
  statusLine: statusLine2,
  notify: {
    statuses: [...FINAL_STATUSES, "paused"],
    standing: (state) => state.phase === "ended" ? "ended" : state.phase === "paused" ? "paused" : "running",
    tale
  },
  history: { finalStatuses: FINAL_STATUSES, stepSchema: LoopRunSchema.shape.iterations.element, labelWidth: 4, runs: pastRuns2 }
};
function statusLine2(state, now) {
  const head = `repeat ${state.iteration}/${state.max_iterations} ${plain(state.command, 24)}`;
  const last = state.iterations.at(-1);
  const result = last ? `last ${last.result}${last.summary ? ` (${plain(last.summary)})` : ""}` : "";
  const phase = state.phase === "waiting" && state.next_at ? `next in ${formatDuration(Math.max(0, Date.parse(state.next_at) - now.getTime()))}` : state.phase === "paused" ? `paused: /${repeatEntry.command} --resume` : state.phase === "ended" ? `ended ${state.final_status ?? ""}`.trim() : "running";
  return [head, result, phase].filter(Boolean).join(" \xB7 ");
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
async function pastRuns2({ statsFile }, now) {
  let read;
  try {
    read = await readJson(statsFile, StatsFileSchema);
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    throw new LoopkitError("STATE_CORRUPT", error.message, {
      value: statsFile,
      hint: `nothing was changed; fix ${statsFile} or move it away (the next repeat loop keeps it aside as ${path2.basename(statsFile)}.corrupt-<time> itself)`
    });
  }
  if (!read.exists) return [];
  const records = (read.value.loop_runs ?? []).flatMap((raw) => {
    const parsed = LoopRunSchema.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  return records.map((record) => {
    const passed = record.iterations.filter((it) => it.result === "pass").length;
    const end = record.ended_at ?? record.iterations.at(-1)?.timestamp ?? now.toISOString();
    return {
      summary: {
        id: record.id,
        command: record.command,
        goal: null,
        project_dir: null,
        started_at: record.started_at,
        ended_at: record.ended_at,
        duration_ms: Math.max(0, Date.parse(end) - Date.parse(record.started_at)),
        iterations: record.iterations.length,
        passed,
        failed: record.iterations.length - passed,
        final_status: record.final_status
      },
      steps: record.iterations,
      rows: record.iterations.map((it) => ({ number: it.number, at: it.timestamp, label: it.result, text: it.summary ?? "" }))
    };
  });
}

// src/loops/registry.ts
var PARTS = {
  repeat: repeatKind,
  "auto-loop": autoLoopKind
};
function loopKind(kind) {
  return PARTS[kind];
}
var ALL_LOOP_KINDS = LOOP_KINDS.map(loopKind);

export {
  loopKind,
  ALL_LOOP_KINDS
};
