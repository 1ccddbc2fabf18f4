// The auto-loop kind's parts beyond the hook entry's (session/loop-kind.ts), registered in src/loops/:
// its state, handlers and cancel command, and what the status line, notify, history and the
// checkpoint commands show of an auto-loop. Its entry part is hook-events.ts. The one file through
// which the rooms above reach auto-loop's modules; the heavy ones load only when used.
import { compactNumber } from "../shared/compact-number.js";
import { trendLine } from "./core/test-progress.js";
import { promises as fs } from "node:fs";
import path from "node:path";
import type { LoopKindParts, PastRun } from "../session/loop-kind.js";
import { formatDuration } from "../shared/duration.js";
import { oneLine } from "../shared/one-line.js";
import { readJson } from "../state/json-store.js";
import { elapsedMs, iterationCount } from "./core/caps.js";
import { auditLabel } from "./core/gate.js";
import { readSettings } from "./core/settings.js";
import { HistoryEntrySchema, type HistoryEntry } from "./core/history.js";
import { autoLoopEntry } from "./hook-events.js";
import { AutoLoopStateSchema, isPaused, LOOP_STATUSES, tokensUsed, type AutoLoopState } from "./core/state.js";

/**
 * How long after its end an auto-loop is still on the status line. One ended from outside its session
 * (--cancel from a terminal, a takeover) keeps the marker until the session's next Stop, which may never come.
 */
export const ENDED_SHOWN_MS = 60_000;

export const autoLoopKind: LoopKindParts<AutoLoopState> = {
  entry: autoLoopEntry,
  stateSchema: AutoLoopStateSchema,
  cancelCommand: `/${autoLoopEntry.command} --cancel`,
  handlers: async () => (await import("./hooks/hook-handlers.js")).autoLoopHookHandlers,
  running: (state) => state.status === "pursuing",
  runningIn: async (dataDir, projectDir) => {
    const state = await projectState(dataDir, projectDir);
    return state?.status === "pursuing" ? state.loop_id : null;
  },
  keptSnapshots: async (dataDir, projectDir) => {
    // The baseline a running loop's audit compares with, and the one the next loop inherits when the last ended unfinished.
    const state = await projectState(dataDir, projectDir);
    if (!state || state.status === "achieved") return [];
    const [evidence, { loopFiles }] = await Promise.all([import("./data/evidence-start.js"), import("./data/store.js")]);
    const dir = loopFiles(dataDir, projectDir).dir;
    const load = (read: typeof evidence.loadStartEvidence) => read(dir, state.loop_id, new Date()).catch(() => null);
    return [await load(evidence.loadStartEvidence), await load(evidence.loadJudgingBaseline)].filter((s) => s !== null);
  },
  statusLine: (state, now) =>
    state.ended_at !== null && now.getTime() - Date.parse(state.ended_at) > ENDED_SHOWN_MS ? undefined : statusLine(state, now),
  notify: {
    statuses: [...LOOP_STATUSES, "paused"],
    standing: (state) =>
      isPaused(state) ? "paused" : state.status === "pursuing" ? "running" : state.status === "blocked" ? "blocked" : "ended",
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
        message: `loopkit auto-loop ${status}${reason ? ` (${oneLine(reason, 80)})` : ""}: ${oneLine(state.goal, 80)} - ${state.iteration} iteration(s)${elapsed} (${state.project_dir})`,
      };
    },
  },
  history: {
    finalStatuses: LOOP_STATUSES.filter((status) => status !== "pursuing"),
    stepSchema: HistoryEntrySchema,
    labelWidth: 14,
    runs: ({ dataDir }, now) => (dataDir ? pastRuns(dataDir, now) : Promise.resolve([])),
  },
};

/** The project's auto-loop state, or undefined (none, or unreadable: then it runs nothing either). */
async function projectState(dataDir: string, projectDir: string): Promise<AutoLoopState | undefined> {
  const { loopFiles } = await import("./data/store.js");
  const read = await readJson(loopFiles(dataDir, projectDir).state, AutoLoopStateSchema).catch(() => ({ exists: false as const }));
  return read.exists ? read.value : undefined;
}

/** The status a person sees: "paused" (with the pause's reason) for a live loop that waits for them. */
function shownStatus(state: AutoLoopState): { status: string; reason: string | null } {
  return isPaused(state) ? { status: "paused", reason: state.pause!.reason } : { status: state.status, reason: state.status_reason };
}

function statusLine(state: AutoLoopState, now: Date): string {
  const caps = state.caps;
  const audit = state.last_audit && `audit ${auditLabel(state.last_audit)}`;
  const breach = state.last_verifier?.runs.at(-1)?.breach;
  const verifier = state.last_verifier && `verifier ${state.last_verifier.verdict}${breach ? ` (${breachHeadline(breach)})` : ""}`;
  const verdicts = [verifier, audit].filter(Boolean).join(", ");
  return [
    `auto-loop ${state.status === "pursuing" && !isPaused(state) ? "" : `${shownStatus(state).status} `}${iterationCount(state.iteration, state.audit_not_run.turns, caps.max_iterations).counted}/${caps.max_iterations}`,
    `${compactNumber(tokensUsed(state))}/${compactNumber(caps.max_tokens)} tokens`,
    `${formatDuration(elapsedMs(state, state.ended_at ? new Date(state.ended_at) : now))}/${formatDuration(caps.max_wallclock_ms)}`,
    ...(isPaused(state)
      ? [state.pause!.by === "person" ? "waits for you: /loopkit:auto-loop --resume" : "the agent asks you something"]
      : []),
    verdicts || "not judged yet",
    ...(trendLine(state.test_results) ? [`tests ${trendLine(state.test_results)}`] : []),
  ].join(" · ");
}

/** A test-rule breach's first clause, for the status line: "2 test(s) that ran at the start no longer run". */
const breachHeadline = (breach: string) => breach.split(/ \(|: |; /)[0]!;

/** Every auto-loop run on record: one per loop id in each project's gate history in the data folder. */
async function pastRuns(dataDir: string, now: Date): Promise<PastRun[]> {
  const { staleMs } = readSettings(process.env);
  const root = path.join(dataDir, "auto-loop");
  const projects = await fs.readdir(root).catch(() => [] as string[]);
  const runs: PastRun[] = [];
  for (const project of projects) {
    const dir = path.join(root, project);
    const entries = await historyLines(path.join(dir, "gate-history.jsonl"));
    const state = await readJson(path.join(dir, "state.json"), AutoLoopStateSchema).catch(() => ({ exists: false as const }));
    const latest = state.exists ? state.value : undefined;
    const byLoop = new Map<string, HistoryEntry[]>();
    for (const entry of entries) byLoop.set(entry.loop_id, [...(byLoop.get(entry.loop_id) ?? []), entry]);
    for (const [loopId, lines] of byLoop) {
      const first = lines[0]!;
      const last = lines.at(-1)!;
      const gates = lines.filter((entry) => entry.event === "gate");
      const passed = gates.filter((entry) => entry.verdict === "pass").length;
      const ended = last.status !== "pursuing";
      // Not ended, and its session silent past the takeover limit: paused, not running (it may never end by itself).
      const current = latest?.loop_id === loopId ? latest : undefined;
      // Or waiting for the person's --resume.
      const paused =
        !ended &&
        (!current || current.status !== "pursuing" || isPaused(current) || now.getTime() - Date.parse(current.heartbeat_at) > staleMs);
      const end = ended || paused ? Date.parse(last.at) : now.getTime();
      runs.push({
        summary: {
          id: loopId,
          command: null,
          goal: lines.find((entry) => entry.goal !== undefined)?.goal ?? (latest?.loop_id === loopId ? latest.goal : null),
          project_dir: latest?.project_dir ?? null,
          started_at: first.at,
          ended_at: ended ? last.at : null,
          duration_ms: Math.max(0, end - Date.parse(first.at)),
          iterations: Math.max(...lines.map((entry) => entry.iteration)),
          passed,
          failed: gates.length - passed,
          final_status: last.status === "pursuing" ? null : last.status,
          paused,
          ...(current && isPaused(current) ? { paused_reason: `${current.pause!.reason}; /loopkit:auto-loop --resume goes on` } : {}),
          // Each entry records the loop's tokens so far (the session's and the audits').
          tokens: Math.max(...lines.map((entry) => entry.tokens)),
        },
        steps: lines,
        rows: lines.map((entry) => {
          const verdict = [
            entry.verdict && `verifier ${entry.verdict}`,
            entry.tests && `${entry.tests.failed} failing`,
            entry.vote && `audit ${entry.vote}`,
          ]
            .filter(Boolean)
            .join(", ");
          const detail = entry.detail.replace(/\s+/g, " ").trim();
          return { number: entry.iteration, at: entry.at, label: entry.event, text: [verdict, detail].filter(Boolean).join(": ") };
        }),
      });
    }
  }
  return runs;
}

/** The valid lines of a gate history (a torn last line from a crash is skipped, not fatal). */
async function historyLines(file: string): Promise<HistoryEntry[]> {
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
