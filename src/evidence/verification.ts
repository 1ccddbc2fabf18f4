// What was verified is what was audited: the project after the verifier's second run, compared entry
// by entry (identity and times as well as content) with the records of the snapshot taken before its
// first (changes-since.ts). A pass does not count when a goalpost changed at all while the verifier
// ran, or when any other file did, its content or its identity (replaced, then put back as it was:
// the final tree would not show it), except what verifiers legitimately write: build output, caches,
// dependencies.
import type { ChangesSince } from "./changes-since.js";
import { globMatcher } from "./glob.js";
import { goalpostReason, namedByCommand } from "./goalposts.js";
import { keyPath } from "./names.js";
import { showPath } from "./show-text.js";
import type { StatRecord } from "./stat-cache.js";
import type { Snapshot } from "./snapshot.js";
import { TOOL_FOLDERS } from "./tool-folders.js";

/** Folders whose files a verifier may write (build output, caches, installed dependencies, test reports). */
const OUTPUT_FOLDERS = new Set([
  ...TOOL_FOLDERS,
  "lib-cov",
  ".vite",
  ".hypothesis",
  "test-results",
  "playwright-report",
  "reports",
  "tmp",
  ".tmp",
]);
const OUTPUT_FILES = /(\.tsbuildinfo|\.pyc|\.pyo|\.log|\.eslintcache|\.stylelintcache|\.coverage|junit[^/]*\.xml)$/;
/** What tsc emits next to a TypeScript source. */
const TS_EMIT = /^(.*)\.(js|mjs|cjs|jsx|d\.ts|d\.mts|d\.cts|js\.map|mjs\.map|cjs\.map|d\.ts\.map)$/;
const TS_SOURCES = [".ts", ".tsx", ".mts", ".cts"];

export interface Verification {
  /** Why the pass does not count, or null when it stands. */
  voided: string | null;
  /** What changed while the verifier ran, one line each (for the audit), bounded. */
  lines: string[];
  count: number;
}

const SHOWN = 40;

export function judgeVerification(
  found: ChangesSince,
  context: { projectDir: string; verifyCommand: string; protect: readonly string[]; git: Snapshot["git"] },
): Verification {
  const named = namedByCommand(context.verifyCommand);
  const protect = context.protect.map(globMatcher);
  const moved: string[] = [];
  const written: string[] = [];
  for (const { key, before: a, after: b } of found.changes) {
    if ((a?.kind ?? b?.kind) === "dir" && (b?.kind ?? a?.kind) === "dir") continue;
    const how = difference(a, b);
    if (!how) continue;
    const { path, root } = keyPath(key, context.projectDir, context.git);
    const reason = goalpostReason(path, root, named, protect);
    // A file the command names that only appears while it runs is its output (--outputFile report.json), not a goalpost it reads.
    const why = how === "appeared" && reason === "named by the verifier command" ? null : reason;
    const line = `${showPath(path)}: ${how}${why ? ` [${why}]` : ""}`;
    if (!why && (isOutput(path, root, found) || (how === "appeared" && reason !== null))) written.push(line);
    else moved.push(line);
  }
  const lines = [
    ...moved.map((l) => `  ${l}`),
    ...written.map((l) => `  ${l} (written by the verifier, as build output, caches and dependencies are)`),
  ];
  const voided = moved.length
    ? `${moved.length} file(s) changed while the verifier ran (${moved.slice(0, 5).join("; ")}${moved.length > 5 ? "; ..." : ""}): the tree the verifier saw is not the one the audit would judge. Leave nothing running that changes files, and make the verifier write only build output and caches`
    : null;
  return {
    voided,
    lines: lines.length > SHOWN ? [...lines.slice(0, SHOWN), `  ... and ${lines.length - SHOWN} more`] : lines,
    count: lines.length,
  };
}

/** How an entry differs across the verifier runs, in words, or null when it does not. */
function difference(a: StatRecord | null, b: StatRecord | null): string | null {
  if (!a) return b ? "appeared" : null;
  if (!b) return "disappeared";
  if (a.kind !== b.kind) return `was a ${a.kind}, now a ${b.kind}`;
  const sameContent = a.hash === null ? b.hash === null : b.hash !== null && a.hash.equals(b.hash);
  if (!sameContent) return "content changed";
  if (a.dev !== b.dev || a.ino !== b.ino) return "replaced by another file with the same content";
  if (a.ctimeMs !== b.ctimeMs || a.mtimeMs !== b.mtimeMs || a.size !== b.size)
    return "rewritten (or its mode or links changed), content the same at the end";
  return null;
}

function isOutput(path: string, root: string, now: ChangesSince): boolean {
  if (root !== "") return false;
  const parts = path.split("/");
  if (parts.slice(0, -1).some((part) => OUTPUT_FOLDERS.has(part)) || OUTPUT_FILES.test(path)) return true;
  const emit = TS_EMIT.exec(path);
  return emit !== null && TS_SOURCES.some((ext) => now.exists(`${emit[1]}${ext}`));
}
