// What changed between two checkpoint trees, from `git diff-tree -z --name-status`, and how to say it.
import type { Changes } from "./record.js";

/** Paths kept per checkpoint; the rest are counted. */
export const KEEP_PATHS = 50;

const STATUSES = new Set(["A", "M", "D", "T"]);

/** Parses NUL-separated `<status>\0<path>\0` pairs (diff-tree -r -z --no-renames --name-status). */
export function parseNameStatus(output: string, keep = KEEP_PATHS): Changes {
  const fields = output.split("\0");
  const changes: Changes = { added: 0, modified: 0, deleted: 0, paths: [], more: 0 };
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const status = fields[i]!.trim();
    const file = fields[i + 1]!;
    if (!STATUSES.has(status) || file === "") continue;
    if (status === "A") changes.added += 1;
    else if (status === "D") changes.deleted += 1;
    else changes.modified += 1;
    if (changes.paths.length < keep) changes.paths.push({ status: status as "A" | "M" | "D" | "T", path: file });
    else changes.more += 1;
  }
  return changes;
}

export const changeCount = (changes: Changes) => changes.added + changes.modified + changes.deleted;

/** "2 files (1 added, 1 modified)" */
export function countLine(changes: Changes): string {
  const total = changeCount(changes);
  if (total === 0) return "no files changed";
  const parts = [
    changes.added ? `${changes.added} added` : "",
    changes.modified ? `${changes.modified} modified` : "",
    changes.deleted ? `${changes.deleted} deleted` : "",
  ].filter(Boolean);
  return `${total} file${total === 1 ? "" : "s"} (${parts.join(", ")})`;
}

/** One line per path ("M src/a.ts"), at most `limit`, then how many more. */
export function pathLines(changes: Changes, limit = KEEP_PATHS): string[] {
  const lines = changes.paths.slice(0, limit).map((p) => `${p.status} ${p.path}`);
  const more = changeCount(changes) - lines.length;
  return more > 0 ? [...lines, `... and ${more} more`] : lines;
}
