// `loopkit history` for a person: one table row per run, or one run's iterations (gate history).
import path from "node:path";
import { loopKind } from "../loops/registry.js";
import { compactNumber } from "../shared/compact-number.js";
import { formatDuration } from "../shared/duration.js";
import { reportCommand } from "../shared/report-hint.js";
import type { RunDetail, RunSummary } from "./runs.js";

const clip = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text);
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
/** "2026-11-30 12:00" in UTC, as the records keep it. */
const when = (iso: string) => iso.slice(0, 16).replace("T", " ");
/** Ended runs say how; the others whether they still run (paused: the session or runner is gone). */
const standing = (run: RunSummary) => run.final_status ?? (run.paused ? "paused" : "running");
/** The project's folder name (the full path is in `loopkit history <id>` and --json). */
const projectName = (dir: string | null) => (dir ? clip(path.basename(dir) || dir, 24) : "-");

export function formatRuns(runs: RunSummary[]): string {
  if (runs.length === 0) return "No loop has run on this machine yet (or none was recorded where loopkit looks).\n";
  const rows = runs.map((run) => [
    run.id,
    run.kind,
    clip(oneLine(run.command ?? run.goal ?? "(goal not recorded)"), 40),
    projectName(run.project_dir),
    when(run.started_at),
    formatDuration(run.duration_ms),
    String(run.iterations),
    `${run.passed}/${run.failed}`,
    standing(run),
    String(run.checkpoints),
    run.tokens === null ? "-" : compactNumber(run.tokens),
  ]);
  const head = [
    "ID",
    "KIND",
    "COMMAND OR GOAL",
    "PROJECT",
    "STARTED (UTC)",
    "DURATION",
    "ITER",
    "PASS/FAIL",
    "STATUS",
    "CHECKPOINTS",
    "TOKENS",
  ];
  const widths = head.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join("  ")
      .trimEnd();
  return `${[line(head), ...rows.map(line)].join("\n")}\n\nA run's story on one HTML page: ${reportCommand("<id>")}\n`;
}

export function formatRun(run: RunDetail): string {
  const s = run.summary;
  const head = [
    `${s.kind} ${s.id}: ${s.final_status ?? (s.paused ? `paused (${s.paused_reason ?? "its session or runner is gone; not ended"})` : "running")}`,
    `  ${s.command !== null ? "command" : "goal"}: ${oneLine(s.command ?? s.goal ?? "(not recorded)")}`,
    ...(s.project_dir ? [`  project: ${s.project_dir}`] : []),
    `  started: ${s.started_at}${s.ended_at ? `, ended ${s.ended_at}` : ""} (${formatDuration(s.duration_ms)})`,
    `  ${s.iterations} iteration(s), ${s.passed} passed, ${s.failed} failed`,
    `  tokens: ${s.tokens === null ? "not counted" : s.tokens}`,
    ...(s.checkpoints ? [`  ${s.checkpoints} checkpoint(s): loopkit checkpoints ${s.id}`] : []),
    `  report: ${reportCommand(s.id)} (one HTML page)`,
    "",
  ];
  const width = loopKind(s.kind).history.labelWidth;
  const body = run.rows.map((row) =>
    `  ${String(row.number).padStart(3)}  ${when(row.at)}  ${row.label.padEnd(width)}  ${row.text}`.trimEnd(),
  );
  return `${[...head, ...(body.length ? body : ["  no iteration recorded yet"])].join("\n")}\n`;
}
