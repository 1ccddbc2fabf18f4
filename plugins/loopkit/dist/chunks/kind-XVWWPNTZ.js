import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  oneLine
} from "./chunk-AIK4GEGR.js";
import {
  autoLoopEntry
} from "./chunk-BRCBKISV.js";
import {
  compactNumber
} from "./chunk-BFNVHJAO.js";
import "./chunk-PNKYXAUH.js";
import "./chunk-EUSUULBY.js";
import {
  auditLabel,
  elapsedMs,
  iterationCount,
  readSettings,
  trendLine
} from "./chunk-4FYXKZ2R.js";
import {
  formatDuration
} from "./chunk-7BFHLTUB.js";
import {
  HistoryEntrySchema
} from "./chunk-SRAQKVGE.js";
import {
  AutoLoopStateSchema,
  LOOP_STATUSES,
  isPaused,
  tokensUsed
} from "./chunk-HALTCE3W.js";
import {
  readJson
} from "./chunk-W3MJS3SN.js";
import "./chunk-JR3TLBIQ.js";
import "./chunk-CW3O4QTE.js";
import "./chunk-JXA4W5PX.js";

// src/auto-loop/kind.ts
import { promises as fs } from "node:fs";
import path from "node:path";
var ENDED_SHOWN_MS = 6e4;
var autoLoopKind = {
  entry: autoLoopEntry,
  stateSchema: AutoLoopStateSchema,
  cancelCommand: `/${autoLoopEntry.command} --cancel`,
  handlers: async () => (await import("./hook-handlers-V7QHNKSE.js")).autoLoopHookHandlers,
  running: (state) => state.status === "pursuing",
  runningIn: async (dataDir, projectDir) => {
    const state = await projectState(dataDir, projectDir);
    return state?.status === "pursuing" ? state.loop_id : null;
  },
  keptSnapshots: async (dataDir, projectDir) => {
    const state = await projectState(dataDir, projectDir);
    if (!state || state.status === "achieved") return [];
    const [evidence, { loopFiles }] = await Promise.all([import("./evidence-start-A7QWOERE.js"), import("./store-ZCFN5ROJ.js")]);
    const dir = loopFiles(dataDir, projectDir).dir;
    const load = (read) => read(dir, state.loop_id, /* @__PURE__ */ new Date()).catch(() => null);
    return [await load(evidence.loadStartEvidence), await load(evidence.loadJudgingBaseline)].filter((s) => s !== null);
  },
  statusLine: (state, now) => state.ended_at !== null && now.getTime() - Date.parse(state.ended_at) > ENDED_SHOWN_MS ? void 0 : statusLine(state, now),
  notify: {
    statuses: [...LOOP_STATUSES, "paused"],
    standing: (state) => isPaused(state) ? "paused" : state.status === "pursuing" ? "running" : state.status === "blocked" ? "blocked" : "ended",
    tale: (state) => {
      const elapsed = state.ended_at ? ` after ${formatDuration(Date.parse(state.ended_at) - Date.parse(state.started_at))}` : "";
      const { status, reason } = shownStatus(state);
      return {
        status,
        reason,
        command: null,
        goal: state.goal,
        iterations: state.iteration,
        max_iterations: state.caps.max_iterations,
        message: `loopkit auto-loop ${status}${reason ? ` (${oneLine(reason, 80)})` : ""}: ${oneLine(state.goal, 80)} - ${state.iteration} iteration(s)${elapsed} (${state.project_dir})`
      };
    }
  },
  history: {
    finalStatuses: LOOP_STATUSES.filter((status) => status !== "pursuing"),
    stepSchema: HistoryEntrySchema,
    labelWidth: 14,
    runs: ({ dataDir }, now) => dataDir ? pastRuns(dataDir, now) : Promise.resolve([])
  }
};
async function projectState(dataDir, projectDir) {
  const { loopFiles } = await import("./store-ZCFN5ROJ.js");
  const read = await readJson(loopFiles(dataDir, projectDir).state, AutoLoopStateSchema).catch(() => ({ exists: false }));
  return read.exists ? read.value : void 0;
}
function shownStatus(state) {
  return isPaused(state) ? { status: "paused", reason: state.pause.reason } : { status: state.status, reason: state.status_reason };
}
function statusLine(state, now) {
  const caps = state.caps;
  const audit = state.last_audit && `audit ${auditLabel(state.last_audit)}`;
  const breach = state.last_verifier?.runs.at(-1)?.breach;
  const verifier = state.last_verifier && `verifier ${state.last_verifier.verdict}${breach ? ` (${breachHeadline(breach)})` : ""}`;
  const verdicts = [verifier, audit].filter(Boolean).join(", ");
  return [
    `auto-loop ${state.status === "pursuing" && !isPaused(state) ? "" : `${shownStatus(state).status} `}${iterationCount(state.iteration, state.audit_not_run.turns, caps.max_iterations).counted}/${caps.max_iterations}`,
    `${compactNumber(tokensUsed(state))}/${compactNumber(caps.max_tokens)} tokens`,
    `${formatDuration(elapsedMs(state, state.ended_at ? new Date(state.ended_at) : now))}/${formatDuration(caps.max_wallclock_ms)}`,
    ...isPaused(state) ? [state.pause.by === "person" ? "waits for you: /loopkit:auto-loop --resume" : "the agent asks you something"] : [],
    verdicts || "not judged yet",
    ...trendLine(state.test_results) ? [`tests ${trendLine(state.test_results)}`] : []
  ].join(" \xB7 ");
}
var breachHeadline = (breach) => breach.split(/ \(|: |; /)[0];
async function pastRuns(dataDir, now) {
  const { staleMs } = readSettings(process.env);
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
      const current = latest?.loop_id === loopId ? latest : void 0;
      const paused = !ended && (!current || current.status !== "pursuing" || isPaused(current) || now.getTime() - Date.parse(current.heartbeat_at) > staleMs);
      const end = ended || paused ? Date.parse(last.at) : now.getTime();
      runs.push({
        summary: {
          id: loopId,
          command: null,
          goal: lines.find((entry) => entry.goal !== void 0)?.goal ?? (latest?.loop_id === loopId ? latest.goal : null),
          project_dir: latest?.project_dir ?? null,
          started_at: first.at,
          ended_at: ended ? last.at : null,
          duration_ms: Math.max(0, end - Date.parse(first.at)),
          iterations: Math.max(...lines.map((entry) => entry.iteration)),
          passed,
          failed: gates.length - passed,
          final_status: last.status === "pursuing" ? null : last.status,
          paused,
          ...current && isPaused(current) ? { paused_reason: `${current.pause.reason}; /loopkit:auto-loop --resume goes on` } : {},
          // Each entry records the loop's tokens so far (the session's and the audits').
          tokens: Math.max(...lines.map((entry) => entry.tokens))
        },
        steps: lines,
        rows: lines.map((entry) => {
          const verdict = [
            entry.verdict && `verifier ${entry.verdict}`,
            entry.tests && `${entry.tests.failed} failing`,
            entry.vote && `audit ${entry.vote}`
          ].filter(Boolean).join(", ");
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
export {
  ENDED_SHOWN_MS,
  autoLoopKind
};
