// An auto-loop's story from its records: the gate history (one line per decision), the state when it
// is still this loop's, and the files each iteration changed (checkpoints, diffs.ts). Pure.
import * as z from "zod";
import { elapsedMs, iterationCount } from "../auto-loop/core/caps.js";
import type { HistoryEntry } from "../auto-loop/core/history.js";
import { isPaused, tokensUsed, type AutoLoopState } from "../auto-loop/core/state.js";
import type { AutoLoopStory, FileChange, TestCounts } from "./story.js";

/** A gate-history line: the parsed entry and the line as written (fields newer than this schema are read from it). */
export interface HistoryLine {
  entry: HistoryEntry;
  raw: Record<string, unknown>;
}

export interface IterationChanges {
  changes: FileChange[];
  more: number;
}

const count = z.int().nonnegative();
const CountsSchema = z.object({ passed: count, failed: count, skipped: count.nullable().optional() });

/**
 * The verifier's test counts on a gate line, read defensively: the field that records them is newer
 * than this report (`tests`, or `test_counts`), and a line without them, or with another shape, has none.
 */
export function testCountsOf(raw: Record<string, unknown>): TestCounts | null {
  for (const key of ["tests", "test_counts"]) {
    const value = raw[key];
    const direct = CountsSchema.safeParse(value);
    const nested = typeof value === "object" && value !== null ? CountsSchema.safeParse((value as { counts?: unknown }).counts) : null;
    const found = direct.success ? direct.data : nested?.success ? nested.data : null;
    if (found) return { passed: found.passed, failed: found.failed, skipped: found.skipped ?? null };
  }
  return null;
}

const ReasonsSchema = z.array(z.string());

/** The tests that did not run to a result, counted apart from those that failed: skipped ones, and those gone since the start. */
export function withNotRun(tests: TestCounts | null, start: { passed: number; failed: number; skipped: number } | null): TestCounts | null {
  if (!tests) return null;
  const skipped = tests.skipped ?? 0;
  const gone = start ? Math.max(0, start.passed + start.failed + start.skipped - (tests.passed + tests.failed + skipped)) : 0;
  return { ...tests, notRun: skipped + gone };
}

export function autoLoopStory(input: {
  loopId: string;
  lines: HistoryLine[];
  /** The project's state, used only when it is this loop's. */
  state: AutoLoopState | undefined;
  changes: Map<number, IterationChanges>;
  gaps: string[];
  now: Date;
}): AutoLoopStory {
  const lines = input.lines.filter((line) => line.entry.loop_id === input.loopId);
  const state = input.state?.loop_id === input.loopId ? input.state : undefined;
  const first = lines[0]?.entry;
  const last = lines.at(-1)?.entry;
  const start = lines.find((line) => line.entry.event === "start")?.entry;
  const startedAt = state?.started_at ?? first?.at ?? input.now.toISOString();
  const gaps = [...input.gaps];
  if (!state)
    gaps.push("The project's next loop replaced this one's state: its caps, hand-off note and last verifier output are not on record.");

  let previousAt = startedAt;
  const iterations = iterationRows(lines.map((line) => line.entry)).map((row) => {
    const own = lines.filter((line) => line.entry.iteration === row.iteration);
    const gate = own.filter((line) => line.entry.event === "gate").at(-1);
    const at = (gate ?? own.at(-1))!.entry.at;
    const durationMs = Math.max(0, Date.parse(at) - Date.parse(previousAt));
    previousAt = at;
    const recorded = gate ? ReasonsSchema.safeParse(gate.raw.audit_reasons) : null;
    const fromState = state?.last_audit?.iteration === row.iteration && row.vote !== null ? state.last_audit.reasons : null;
    const verifierRun = state?.last_verifier?.iteration === row.iteration ? state.last_verifier.runs.at(-1) : undefined;
    const changed = input.changes.get(row.iteration);
    return {
      number: row.iteration,
      at,
      durationMs,
      tokens: row.tokens,
      totalTokens: row.total,
      verdict: row.verdict,
      exitCode: row.exitCode,
      vote: row.vote,
      reasons: recorded?.success ? recorded.data : fromState,
      tests: withNotRun(gate ? testCountsOf(gate.raw) : null, state?.test_results.baseline ?? null),
      notes: gate?.entry.not_a_pass ? [`not a pass by loopkit's rules: ${gate.entry.not_a_pass}`, ...row.notes] : row.notes,
      changes: changed?.changes ?? null,
      moreChanges: changed?.more ?? 0,
      verifierOutput: verifierRun?.output_tail ?? null,
    };
  });

  const paused = state && isPaused(state) ? state.pause : null;
  const status = paused ? "paused" : (state?.status ?? last?.status ?? "pursuing");
  const endedAt = state ? state.ended_at : status === "pursuing" ? null : (last?.at ?? null);
  const endLine = [...lines].reverse().find((line) => line.entry.event === "end" || line.entry.event === "cancel")?.entry;
  return {
    kind: "auto-loop",
    id: input.loopId,
    projectDir: state?.project_dir ?? null,
    goal: state?.goal ?? start?.goal ?? null,
    verifyCommand: state?.verify_command ?? null,
    status,
    reason: paused ? `${paused.reason}; it waits for /loopkit:auto-loop --resume` : (state?.status_reason ?? endLine?.detail ?? null),
    startedAt,
    endedAt,
    caps: state ? capsUsed(state, input.now) : null,
    startDetail: start?.detail ?? null,
    handoffNote: state?.handoff_note ?? null,
    iterations,
    gaps,
  };
}

/** What happened besides the gate, said on the iteration's block. */
const NOTE_EVENTS: Partial<Record<HistoryEntry["event"], (entry: HistoryEntry) => string>> = {
  tamper: () => "tampering undone",
  protected: (entry) => entry.detail,
  "blocked-report": (entry) => `blocker: ${entry.detail}`,
  "wrap-up": (entry) => `cap reached: ${entry.detail}`,
  pause: (entry) => `paused: ${entry.detail}`,
  continue: (entry) => entry.detail,
};

interface Row {
  iteration: number;
  verdict: HistoryEntry["verdict"];
  exitCode: number | null;
  vote: HistoryEntry["vote"];
  tokens: number;
  total: number;
  notes: string[];
}

/**
 * One row per judged iteration of one loop's history lines: its gate's verdict and vote, the tokens
 * it spent (the growth of the running total over its lines) and what else happened in it. The job
 * summary's table (src/action/actions-report.ts) counts the same way; the report cannot import it (a lower room).
 */
function iterationRows(entries: HistoryEntry[]): Row[] {
  const rows = new Map<number, Row>();
  let total = 0;
  for (const entry of entries) {
    const note = NOTE_EVENTS[entry.event];
    if (entry.iteration > 0 && (entry.event === "gate" || note)) {
      const row = rows.get(entry.iteration) ?? {
        iteration: entry.iteration,
        verdict: null,
        exitCode: null,
        vote: null,
        tokens: 0,
        total,
        notes: [],
      };
      if (entry.event === "gate") Object.assign(row, { verdict: entry.verdict, exitCode: entry.exit_code, vote: entry.vote });
      if (note) row.notes.push(note(entry));
      row.tokens += Math.max(0, entry.tokens - row.total);
      row.total = Math.max(row.total, entry.tokens);
      rows.set(entry.iteration, row);
    }
    total = Math.max(total, entry.tokens);
  }
  return [...rows.values()];
}

function capsUsed(state: AutoLoopState, now: Date) {
  return [
    {
      name: "iterations",
      used: iterationCount(state.iteration, state.audit_not_run.turns, state.caps.max_iterations).counted,
      max: state.caps.max_iterations,
      unit: "count" as const,
    },
    { name: "tokens", used: tokensUsed(state), max: state.caps.max_tokens, unit: "tokens" as const },
    {
      name: "wall clock",
      used: elapsedMs(state, state.ended_at ? new Date(state.ended_at) : now),
      max: state.caps.max_wallclock_ms,
      unit: "ms" as const,
    },
  ];
}
