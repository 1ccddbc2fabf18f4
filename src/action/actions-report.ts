// What `loopkit run` tells GitHub Actions when a loop ends, rendered from the loop's records alone:
// the job summary (Markdown), the step outputs (GITHUB_OUTPUT's delimiter format) and log-safe text.
import { describeTests } from "../test-results/results.js";
import { formatDuration } from "../shared/duration.js";
import { iterationsAgainstCap } from "../auto-loop/core/caps.js";
import type { AutoLoopStatus } from "../auto-loop/core/status.js";
import type { HistoryEntry } from "../auto-loop/core/history.js";

export interface ActionsReport {
  status: AutoLoopStatus;
  /** The loop's gate history (the true copy in loopkit's data folder), oldest first. */
  history: HistoryEntry[];
  /** The exit code `loopkit run` ends with. */
  exitCode: number;
  /** True when --budget-limited-ok turned a budget-limited end into exit 0. */
  budgetLimitedOk: boolean;
  /** Set when the runner was stopped from outside (the job cancelled or timed out): by what. */
  stoppedBy: string | null;
}

export interface IterationRow {
  iteration: number;
  verdict: HistoryEntry["verdict"];
  exitCode: number | null;
  vote: HistoryEntry["vote"];
  /** Tokens spent in this iteration (the turn and its audit), and the loop's total after it. */
  tokens: number;
  total: number;
  /** What else happened in the iteration: tampering, protected files changed, a blocker report, the wrap-up. */
  notes: string[];
}

const NOTE_EVENTS: Partial<Record<HistoryEntry["event"], (entry: HistoryEntry) => string>> = {
  tamper: () => "tampering undone",
  protected: (entry) => entry.detail,
  "blocked-report": (entry) => `blocker: ${entry.detail}`,
  "wrap-up": (entry) => `cap reached: ${entry.detail}`,
  end: (entry) => `ended ${entry.status}`,
};

/** One row per judged iteration of `loopId`, from its history lines. */
export function iterationRows(history: HistoryEntry[], loopId: string): IterationRow[] {
  const rows = new Map<number, IterationRow>();
  let total = 0;
  for (const entry of history) {
    if (entry.loop_id !== loopId) continue;
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
      if (entry.not_a_pass) row.notes.push(`not a pass by loopkit's rules: ${entry.not_a_pass}`);
      row.tokens += Math.max(0, entry.tokens - row.total);
      row.total = Math.max(row.total, entry.tokens);
      rows.set(entry.iteration, row);
    }
    total = Math.max(total, entry.tokens);
  }
  return [...rows.values()];
}

const STATUS_MARK: Record<AutoLoopStatus["status"], string> = {
  achieved: "✅",
  pursuing: "⏸️",
  paused: "⏸️",
  unmet: "❌",
  blocked: "⛔",
  "budget-limited": "⏱️",
  cancelled: "🚫",
  "no-progress": "📉",
  none: "❔",
};

/** The job summary for one `loopkit run`. */
export function renderSummary(report: ActionsReport): string {
  const s = report.status;
  const outcome = s.active
    ? `the runner stopped${report.stoppedBy ? ` (${report.stoppedBy})` : ""} with the loop still pursuing (exit ${report.exitCode}); \`loopkit run --takeover\` continues it`
    : `${s.status}${s.reason ? `: ${s.reason}` : ""}`;
  const exit =
    report.budgetLimitedOk && s.status === "budget-limited"
      ? `${report.exitCode} (budget-limited counts as success: --budget-limited-ok)`
      : `${report.exitCode}`;
  const lines = [
    `## ${STATUS_MARK[s.status]} loopkit run: ${s.status}`,
    "",
    ...fenced(s.goal ?? "(no goal recorded)"),
    "",
    "| | |",
    "| --- | --- |",
    `| Verifier | ${code(s.verify_command ?? "-")} |`,
    `| Final status | ${cell(outcome)} |`,
    `| Iterations | ${iterationsAgainstCap(s.iteration, s.iterations_not_counted, s.max_iterations)} |`,
    ...(s.tests?.trend
      ? [`| Tests | ${cell(`${s.tests.trend}${s.tests.last ? ` (last run: ${describeTests(s.tests.last)})` : ""}`)} |`]
      : []),
    `| Tokens | ${s.tokens_used} of ${s.max_tokens ?? "-"} |`,
    `| Total time | ${formatDuration(s.elapsed_ms)} of ${formatDuration(s.max_wallclock_ms ?? 0)} |`,
    `| Exit code | ${cell(exit)} |`,
    ...(s.protected_globs.length ? [`| Protected | ${s.protected_globs.map(code).join(" ")} |`] : []),
    `| Loop id | ${code(s.loop_id ?? "-")} |`,
    "",
    "### Iterations",
    "",
    ...iterationTable(iterationRows(report.history, s.loop_id ?? "")),
    ...(s.last_audit_vote
      ? ["", `**Last audit: ${s.last_audit_vote}**`, "", ...s.last_audit_reasons.map((reason) => `- ${inline(reason)}`)]
      : []),
    ...(s.handoff_note ? ["", "**Hand-off note**", "", ...fenced(s.handoff_note)] : []),
  ];
  return `${lines.join("\n")}\n`;
}

function iterationTable(rows: IterationRow[]): string[] {
  if (rows.length === 0) return ["No iteration was judged."];
  return [
    "| Iteration | Verifier | Audit | Tokens | Total tokens | Notes |",
    "| ---: | --- | --- | ---: | ---: | --- |",
    ...rows.map((r) => {
      const verifier = r.verdict ? `${r.verdict}${r.exitCode !== null ? ` (exit ${r.exitCode})` : ""}` : "-";
      return `| ${r.iteration} | ${verifier} | ${r.vote ?? "-"} | ${r.tokens} | ${r.total} | ${cell(r.notes.join("; "))} |`;
    }),
  ];
}

/** The step outputs loopkit run sets. */
export function runOutputs(report: ActionsReport): Record<string, string> {
  const s = report.status;
  return {
    status: s.status,
    reason: s.reason ?? "",
    iterations: String(s.iteration),
    tokens: String(s.tokens_used),
    loop_id: s.loop_id ?? "",
    exit_code: String(report.exitCode),
  };
}

/**
 * GITHUB_OUTPUT lines in the multiline-safe form `name<<DELIM`, value, `DELIM`. The delimiter is
 * random per run; a value that holds it would end early and could set other outputs, so it is refused.
 */
export function renderOutputs(values: Record<string, string>, delimiter: string): string {
  return Object.entries(values)
    .map(([name, value]) => {
      if (value.split(/\r?\n/).includes(delimiter)) throw new Error(`output ${name} contains the delimiter`);
      return `${name}<<${delimiter}\n${value}\n${delimiter}\n`;
    })
    .join("");
}

/** Text the runner must print, not obey: between ::stop-commands:: and its token no line is a workflow command. */
export function inertLog(text: string, token: string): string {
  const body = text.endsWith("\n") || text === "" ? text : `${text}\n`;
  return `::stop-commands::${token}\n${body}::${token}::\n`;
}

/** A table cell: one line, pipes and HTML escaped. */
function cell(text: string): string {
  return inline(text).replace(/\|/g, "\\|");
}

const oneLine = (text: string) => text.replace(/\s*\r?\n\s*/g, " ");

function inline(text: string): string {
  return oneLine(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Inline code that survives backticks and pipes in the text (code spans show HTML as typed). */
function code(text: string): string {
  const one = oneLine(text);
  const ticks = "`".repeat(longestRun(one, "`") + 1);
  const pad = one.startsWith("`") || one.endsWith("`") ? " " : "";
  return `${ticks}${pad}${one.replace(/\|/g, "\\|")}${pad}${ticks}`;
}

/** A fenced block longer than any backtick run inside, so the text cannot close it. */
function fenced(text: string): string[] {
  const fence = "`".repeat(Math.max(3, longestRun(text, "`") + 1));
  return [`${fence}text`, text, fence];
}

function longestRun(text: string, ch: string): number {
  let best = 0;
  let run = 0;
  for (const c of text) {
    run = c === ch ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}
