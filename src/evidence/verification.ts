// What was verified is what was audited: the project after the verifier's second run, compared entry
// by entry (identity and times as well as content) with the records of the snapshot taken before its
// first (changes-since.ts). A pass does not count when a goalpost changed at all while the verifier
// ran, or when any other file did, its content or its identity (replaced, then put back as it was:
// the final tree would not show it), or when a folder's times changed while it lists the same entries
// (an entry appeared and vanished: `parser` beside `parser.js`, loaded first, then removed), except
// what verifiers legitimately write: build output, caches, dependencies. A file recorded before the
// verifier ran is never exempt by its name, and in build-output and dependency folders only when it
// ends as it was recorded; a compiler's output next to its source is exempt only when the verifier's
// command runs that compiler.
import { posix } from "node:path";
import type { ChangesSince, EntryChange } from "./changes-since.js";
import { globMatcher } from "./glob.js";
import { goalpostReason, namedByCommand } from "./goalposts.js";
import { keyPath } from "./names.js";
import { showPath } from "./show-text.js";
import type { StatRecord, StatTable } from "./stat-cache.js";
import type { Snapshot } from "./snapshot.js";
import { MIRROR_DIR } from "../shared/mirror-layout.js";
import { splitWords } from "../shared/split-words.js";
import { TOOL_FOLDERS } from "./tool-folders.js";

/** Folders of caches and reports: rewritten on every run, whatever was there before. */
const CACHE_FOLDERS = new Set([
  ".cache",
  ".parcel-cache",
  ".turbo",
  ".gradle",
  "coverage",
  ".nyc_output",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
  "lib-cov",
  ".vite",
  ".hypothesis",
  "test-results",
  "playwright-report",
  "reports",
  "tmp",
  ".tmp",
]);
/** Folders of build output and installed dependencies: what a verifier loads, so what was recorded there must end as it was. */
const BUILD_FOLDERS = new Set(TOOL_FOLDERS.filter((folder) => !CACHE_FOLDERS.has(folder)));
/** Caches and reports by name, wherever they are. */
const OUTPUT_FILES = /(\.tsbuildinfo|\.log|\.eslintcache|\.stylelintcache|\.coverage|junit[^/]*\.xml)$/;
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

export interface VerificationContext {
  projectDir: string;
  verifyCommand: string;
  protect: readonly string[];
  git: Snapshot["git"];
  /** The project's package.json scripts (what `npm test` runs), or null: where a compiler may be found to run. */
  scripts?: Readonly<Record<string, string>> | null;
  /** The reports the person named the verifier's (--test-report), relative to the project: its output, rewritten on every run. */
  reports?: readonly string[];
  /**
   * Where the sandbox the verifier ran in made and removed its mount points (sandboxMountPoints), and
   * what was seen to come and go in those folders while it ran (folder-watch.ts; null: not watched).
   */
  mounts?: { points: ReadonlyMap<string, ReadonlySet<string>>; seen: ReadonlyMap<string, ReadonlySet<string> | null> };
}

const SHOWN = 40;

export function judgeVerification(found: ChangesSince, context: VerificationContext): Verification {
  const named = namedByCommand(context.verifyCommand);
  const protect = context.protect.map(globMatcher);
  const tsc = runsTsc(context.verifyCommand, context.scripts ?? null);
  const relisted = foldersRelisted(found.changes);
  const mountFolders = context.mounts ? foldersOnlyMountedIn(context.mounts.points, context.mounts.seen, found) : new Set<string>();
  const reports = new Set((context.reports ?? []).map(projectPath));
  const moved: string[] = [];
  const written: string[] = [];
  for (const change of found.changes) {
    const { key, before: a, after: b } = change;
    const { path, root } = keyPath(key, context.projectDir, context.git);
    if (a?.kind === "dir" && b?.kind === "dir") {
      const folder = folderDifference(a, b, relisted.has(key));
      if (folder && !folderMayChange(key, path, root, mountFolders)) moved.push(`${path ? showPath(path) : "."}/: ${folder}`);
      continue;
    }
    // A folder that appeared or vanished: what was in it says what changed.
    if ((a?.kind ?? b?.kind) === "dir" && (b?.kind ?? a?.kind) === "dir") continue;
    const how = difference(a, b);
    if (!how) continue;
    const reason = goalpostReason(path, root, named, protect);
    const report = root === "" && reports.has(path) && reason !== "protected";
    const why = report || (reason === "named by the verifier command" && isNamedOutput(path, root, how)) ? null : reason;
    const line = `${showPath(path)}: ${how}${why ? ` [${why}]` : ""}`;
    if (!why && (report || isOutput(path, root, change, { found, tsc }) || (how === "appeared" && reason !== null))) written.push(line);
    else moved.push(line);
  }
  const lines = [
    ...moved.map((l) => `  ${l}`),
    ...written.map((l) => `  ${l} (written by the verifier, as build output, caches and dependencies are)`),
  ];
  const voided = moved.length
    ? `${moved.length} file(s) changed while the verifier ran (${moved.slice(0, 5).join("; ")}${moved.length > 5 ? "; ..." : ""}): the tree the verifier saw is not the one the audit would judge. Leave nothing running that changes files, make the verifier write only build output and caches, and run it yourself before you end your turn so what it builds is already in place`
    : null;
  return {
    voided,
    lines: lines.length > SHOWN ? [...lines.slice(0, SHOWN), `  ... and ${lines.length - SHOWN} more`] : lines,
    count: lines.length,
  };
}

/** A path the person typed relative to the project, as the record keys it (`./report.tap` is `report.tap`). */
const projectPath = (typed: string) => posix.normalize(typed.replaceAll("\\", "/")).replace(/^(\.\/)+/, "");

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

/**
 * How a folder differs, or null. Its mtime and ctime change when an entry is added, removed or renamed
 * in it: times that changed while it lists the same entries mean an entry came and went (or its mode
 * changed) while the verifier ran.
 */
export function folderDifference(a: StatRecord, b: StatRecord, relisted: boolean): string | null {
  if (a.dev !== b.dev || a.ino !== b.ino) return "replaced by another folder";
  if (relisted || (a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs)) return null;
  return "its times changed but it lists the same entries: an entry appeared and vanished in it (or its mode changed) while the verifier ran";
}

/**
 * Folders whose times the verifier may change with nothing left to show for it: build output, caches and
 * dependencies; loopkit's .auto-loop/ (its logs are written while the verifier runs); a git metadata
 * folder itself (git's lock files come and go there; what it holds is checked entry by entry); and the
 * sandbox's mount points' folders.
 */
function folderMayChange(key: string, path: string, root: string, mountFolders: ReadonlySet<string> | undefined): boolean {
  if (mountFolders?.has(key)) return true;
  if (root !== "") return key === root;
  return inFolders(`${path}/`, OUTPUT_FOLDERS) || path === MIRROR_DIR;
}

/**
 * Where a sandboxed verifier's mount points come and go: for each path the sandbox keeps read-only
 * inside the project that the snapshot did not hold, its first missing part (the sandbox makes it to
 * mount over, and removes it afterwards), by the key of the folder holding it.
 */
export function sandboxMountPoints(readOnly: readonly string[], recorded: (key: string) => boolean): Map<string, Set<string>> {
  const points = new Map<string, Set<string>>();
  for (const entry of readOnly) {
    const parts = entry.split("/");
    for (let i = 1; i <= parts.length; i++) {
      if (recorded(parts.slice(0, i).join("/"))) continue;
      const folder = parts.slice(0, i - 1).join("/");
      points.set(folder, (points.get(folder) ?? new Set()).add(parts[i - 1]!));
      break;
    }
  }
  return points;
}

/**
 * The folders whose changed times the sandbox's mount points explain: watched throughout, and every
 * entry seen to come or go there is a mount point, or is there now or changed (judged entry by entry).
 * Anything else that came and went (`answer` beside answer.js) leaves the folder's times as evidence.
 */
export function foldersOnlyMountedIn(
  points: ReadonlyMap<string, ReadonlySet<string>>,
  seen: ReadonlyMap<string, ReadonlySet<string> | null>,
  found: ChangesSince,
): Set<string> {
  const changed = new Set(found.changes.map((change) => change.key));
  const explained = new Set<string>();
  for (const [folder, names] of points) {
    const came = seen.get(folder);
    if (!came) continue;
    const keyOf = (name: string) => (folder ? `${folder}/${name}` : name);
    if ([...came].every((name) => names.has(name) || found.exists(keyOf(name)) || changed.has(keyOf(name)))) explained.add(folder);
  }
  return explained;
}

/** Keys of the folders an entry was added to or removed from (their times changing is explained). */
function foldersRelisted(changes: readonly EntryChange[]): Set<string> {
  const parents = new Set<string>();
  for (const { key, before, after } of changes) {
    if (before && after && before.kind === after.kind && before.dev === after.dev && before.ino === after.ino) continue;
    const slash = key.lastIndexOf("/");
    parents.add(slash < 0 ? "" : key.slice(0, slash));
  }
  return parents;
}

/**
 * Whether a file the verifier's command names is its output rather than a goalpost it reads: one that
 * only appears while it runs (--outputFile report.json), or one where reports go (a cache or report
 * folder, a report's name), rewritten on every run (--outputFile test-results/junit.xml).
 */
function isNamedOutput(path: string, root: string, how: string): boolean {
  return how === "appeared" || (root === "" && (inFolders(path, CACHE_FOLDERS) || OUTPUT_FILES.test(path)));
}

/** Folders whose times the verifier may change (build output, caches, dependencies); .auto-loop/ is loopkit's own, written while the verifier runs. */
const OUTPUT_FOLDERS = new Set([...CACHE_FOLDERS, ...BUILD_FOLDERS]);

/** True when a folder of `folders` holds `path` (any level). */
function inFolders(path: string, folders: ReadonlySet<string>): boolean {
  return path
    .split("/")
    .slice(0, -1)
    .some((part) => folders.has(part));
}

/**
 * Whether the verifier may have written this file as it does build output, caches and dependencies.
 * A file recorded before it ran: only in a cache or report (by folder or name), or in a build-output or
 * dependency folder when it ends with the content recorded (a rebuild). A new one: also tsc's output
 * next to a TypeScript source, when the command runs tsc.
 */
function isOutput(path: string, root: string, change: EntryChange, now: { found: ChangesSince; tsc: boolean }): boolean {
  if (root !== "") return false;
  if (inFolders(path, CACHE_FOLDERS) || OUTPUT_FILES.test(path)) return true;
  const { before, after } = change;
  if (inFolders(path, BUILD_FOLDERS))
    return before === null || (after !== null && before.kind === after.kind && sameHash(before.hash, after.hash));
  if (before !== null || !now.tsc) return false;
  const emit = TS_EMIT.exec(path);
  return emit !== null && TS_SOURCES.some((ext) => now.found.exists(`${emit[1]}${ext}`));
}

const sameHash = (a: Buffer | null, b: Buffer | null) => (a === null ? b === null : b !== null && a.equals(b));

const TSC = /(^|[\s/;&|('"])(vue-)?tsc($|[\s;&|)'"])/;
const RUNNERS = new Set(["npm", "pnpm", "yarn", "bun"]);

/**
 * Whether the verifier's command runs tsc: it names it, or runs a package.json script that does
 * (`npm test`, `npm run build`, `yarn build`, ... and the pre/post scripts around it, a few levels down).
 */
export function runsTsc(command: string, scripts: Readonly<Record<string, string>> | null, depth = 0): boolean {
  if (TSC.test(command)) return true;
  if (!scripts || depth > 3) return false;
  let words: string[];
  try {
    words = splitWords(command).map((w) => w.value);
  } catch {
    words = command.split(/\s+/);
  }
  for (let i = 0; i < words.length; i++) {
    const runner = words[i]!.split("/").pop()!;
    if (!RUNNERS.has(runner)) continue;
    let name = words[i + 1];
    if (name === "run" || name === "run-script") name = words[i + 2];
    else if (name === "t" || name === "tst") name = "test";
    if (!name) continue;
    for (const script of [`pre${name}`, name, `post${name}`]) {
      const text = Object.hasOwn(scripts, script) ? scripts[script] : undefined;
      if (typeof text === "string" && runsTsc(text, scripts, depth + 1)) return true;
    }
  }
  return false;
}

/**
 * How long to wait before the verifier's first run so that whatever happens to an entry the snapshot
 * just recorded shows in new times: a timestamp is as coarse as its filesystem (a clock tick; a second
 * or two on ext3, HFS+, FAT), and an entry recorded within one tick of a change made in the same tick
 * would look unchanged. Only entries whose times are that recent (racy) count: 0 most of the time.
 */
export function timestampSettleMs(table: StatTable, nowMs: number): number {
  let latest = -Infinity;
  let coarse = false;
  for (const at of table.starts()) {
    if (!table.racyAt(at)) continue;
    const { mtimeMs, ctimeMs } = table.recordAt(at);
    for (const time of [mtimeMs, ctimeMs]) {
      if (time <= latest) continue;
      latest = time;
      // The latest time in whole seconds: the filesystem likely keeps no finer ones (else at worst a wait of 2 s).
      coarse = time % 1000 === 0;
    }
  }
  if (latest === -Infinity) return 0;
  return Math.min(2_000, Math.max(0, Math.ceil(latest + (coarse ? 2_000 : 20) - nowMs)));
}
