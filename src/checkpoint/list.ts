// `loopkit checkpoints`: a loop's checkpoints as a table for a person (the record itself is the --json).
import { countLine } from "./changes.js";
import type { CheckpointRecord } from "./record.js";

const pad = (text: string, width: number) => text.padEnd(width);

export function formatCheckpoints(record: CheckpointRecord, recordPath: string): string {
  const head = `${record.loop_kind} ${record.loop_id}: ${record.checkpoints.length} checkpoint(s) in ${recordPath}`;
  if (record.checkpoints.length === 0) return `${[head, failureLine(record)].filter(Boolean).join("\n")}\n`;
  const rows = record.checkpoints.map((c) => [
    c.id,
    String(c.iteration),
    c.snapshot.root.slice(0, 12),
    c.kind === "before-restore" ? `before restoring ${c.restored}` : c.verdict,
    c.tokens === null ? "-" : String(c.tokens),
    countLine(c.changed),
  ]);
  const titles = ["checkpoint", "iteration", "tree", "verdict", "tokens", "files changed"];
  const widths = titles.map((t, i) => Math.max(t.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, i) => (i === cells.length - 1 ? cell : pad(cell, widths[i]!))).join("  ")}`.trimEnd();
  return [
    head,
    line(titles),
    ...rows.map(line),
    failureLine(record),
    `Restore one with: loopkit restore ${record.loop_id} <checkpoint>`,
    `Put them on a branch of your repository with: loopkit checkpoints export ${record.loop_id} [<checkpoint>] --branch <name>`,
  ]
    .filter((l) => l !== null)
    .join("\n")
    .concat("\n");
}

function failureLine(record: CheckpointRecord): string | null {
  if (!record.failure) return record.failures ? `(${record.failures} checkpoint(s) failed earlier)` : null;
  return `last failure: iteration ${record.failure.iteration} at ${record.failure.at}: ${record.failure.message}`;
}
