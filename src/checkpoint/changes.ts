// What changed between two checkpoints, counted and named, and how to say it.
import type { Change } from "../evidence/compare.js";
import { showPath } from "../evidence/show-text.js";
import { isLoopkitOwnPath } from "../shared/mirror-layout.js";
import type { Changes } from "./record.js";

/** Paths kept per checkpoint; the rest are counted. */
export const KEEP_PATHS = 50;

/** The agent's work in a comparison: the project's files, loopkit's own in `.auto-loop/` left out. */
export const isAgentChange = (change: Change): boolean => change.root === "" && !isLoopkitOwnPath(change.path);

/** The counts and the first paths of a comparison of two snapshots (src/evidence/compare.ts). */
export function countChanges(list: readonly Change[], keep = KEEP_PATHS): Changes {
  const changes: Changes = { added: 0, modified: 0, deleted: 0, paths: [], more: 0 };
  for (const change of [...list].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    if (!isAgentChange(change)) continue;
    const status = change.how === "added" ? "A" : change.how === "deleted" ? "D" : change.before!.kind !== change.after!.kind ? "T" : "M";
    if (status === "A") changes.added += 1;
    else if (status === "D") changes.deleted += 1;
    else changes.modified += 1;
    if (changes.paths.length < keep) changes.paths.push({ status, path: change.path });
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
  const lines = changes.paths.slice(0, limit).map((p) => `${p.status} ${showPath(p.path)}`);
  const more = changeCount(changes) - lines.length;
  return more > 0 ? [...lines, `... and ${more} more`] : lines;
}
