// The protect globs' files, from loopkit's own record (src/evidence): at start for the snapshot, at
// every Stop to compare with it (decide.ts judges the difference). Ignored files count, links are
// links, and neither git nor anything the project configures decides which files a glob names.
import { LoopkitError } from "../../shared/errors.js";
import { globMatcher } from "../../evidence/glob.js";
import type { StatTable } from "../../evidence/stat-cache.js";
import { PROTECT_LIMITS } from "../args.js";

/** path -> "sha256:<hex>" of a file, "link:sha256:<hex of its target>", or the kind of anything else, for every entry the globs name. */
export function protectedFiles(stats: StatTable, globs: readonly string[]): Record<string, string> {
  if (globs.length === 0) return {};
  const matchers = globs.map(globMatcher);
  const files: Record<string, string> = {};
  let count = 0;
  for (const key of stats.keys()) {
    // Git metadata ("\0git/...") and names that are not UTF-8 ("\0<hex>") are no project path a glob names.
    if (key === "" || key.includes("\u0000") || !matchers.some((match) => match(key))) continue;
    const record = stats.get(key)!;
    if (record.kind === "dir") continue;
    if (++count > PROTECT_LIMITS.files) {
      throw new LoopkitError("USAGE", `the protect globs name more than ${PROTECT_LIMITS.files} files`, {
        value: globs,
        hint: "protect narrower globs",
      });
    }
    const hex = record.hash?.toString("hex");
    files[key] = record.kind === "file" ? `sha256:${hex}` : record.kind === "link" ? `link:sha256:${hex}` : record.kind;
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The protected files as a restart holds them: every file the earlier loop's globs name as it was at
 * that loop's start (changed, added or deleted since, it is a change now too); files only the new
 * globs name as they are now.
 */
export function keptProtectedFiles(
  now: Record<string, string>,
  earlier: { globs: readonly string[]; snapshot: Record<string, string> },
): Record<string, string> {
  const matchers = earlier.globs.map(globMatcher);
  const onlyNew = Object.entries(now).filter(([file]) => !matchers.some((match) => match(file)));
  return Object.fromEntries([...onlyNew, ...Object.entries(earlier.snapshot)].sort(([a], [b]) => (a < b ? -1 : 1)));
}
