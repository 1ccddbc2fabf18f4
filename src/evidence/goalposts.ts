// Which changed files the audit should read first: likely goalposts (the protected files, files the
// verifier command names, tests, build and CI configuration, git metadata), then the rest, then bulk
// (dependency, build and cache folders such as node_modules, and git objects verified as such).
// Pure: the order of the diff excerpt. Anything else in a git folder (refs, logs, a file planted
// there, a file at an object's name that is no git object) is a source like any other.
import { splitWords } from "../shared/split-words.js";
import { GIT_META_NAMES } from "./git-dirs.js";
import { globMatcher } from "./glob.js";
import type { Change } from "./compare.js";
import { TOOL_FOLDERS } from "./tool-folders.js";

export type Tier = "goalpost" | "source" | "bulk";

export interface Ranked {
  change: Change;
  tier: Tier;
  /** Why a goalpost is one ("test", "named by the verifier", ...); null for the others. */
  why: string | null;
}

/** Folders whose content is dependencies, build output or caches: read last. */
const BULK_FOLDERS = new Set([...TOOL_FOLDERS, "jspm_packages", ".m2"]);

const LOCKFILES =
  /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|poetry\.lock|uv\.lock|Pipfile\.lock|composer\.lock|Gemfile\.lock|go\.sum)$/;
const TESTS =
  /(^|\/)(tests?|__tests__|specs?|e2e|__snapshots__|fixtures?)\/|(^|\/)[^/]*[._-](test|spec)s?\.[^/]+$|(^|\/)test_[^/]*\.py$|(^|\/)[^/]*_test\.(go|py|rb|exs?)$|(^|\/)conftest\.py$/i;
const CONFIG =
  /(^|\/)(package\.json|tsconfig[^/]*\.json|jsconfig\.json|[^/]*\.config\.[cm]?[jt]s|\.?(babel|eslint|prettier|mocha|jest|vitest|nyc|c8)rc[^/]*|pytest\.ini|tox\.ini|setup\.cfg|setup\.py|pyproject\.toml|Makefile|GNUmakefile|makefile|[^/]*\.mk|Cargo\.toml|go\.mod|Gemfile|Rakefile|build\.gradle[^/]*|pom\.xml|CMakeLists\.txt|justfile|Taskfile\.ya?ml|Dockerfile|docker-compose[^/]*\.ya?ml|\.gitattributes|\.gitignore|\.npmrc|\.nvmrc|\.env[^/]*|CLAUDE(\.local)?\.md|AGENTS\.md)$|(^|\/)(\.github|\.gitlab|\.circleci|\.buildkite|\.claude|\.husky|scripts?)\//;

/**
 * The tier of every change and why, sorted: goalposts, sources, bulk; within a tier changed before
 * added before deleted, then files in folders with few changes before crowded ones (a flood of junk in
 * one folder goes after a lone edit elsewhere), then by path.
 */
export function rankChanges(changes: readonly Change[], context: { verifyCommand: string; protect: readonly string[] }): Ranked[] {
  const named = namedByCommand(context.verifyCommand);
  const protect = context.protect.map(globMatcher);
  const ranked = changes.map((change): Ranked => {
    const why = goalpostReason(change.path, change.root, named, protect);
    return { change, tier: why ? "goalpost" : isBulk(change.path) || change.gitObject === true ? "bulk" : "source", why };
  });
  const tierOrder: Record<Tier, number> = { goalpost: 0, source: 1, bulk: 2 };
  const howOrder = { changed: 0, added: 1, deleted: 2 };
  const folder = (p: string) => p.slice(0, Math.max(0, p.lastIndexOf("/")));
  const crowd = new Map<string, number>();
  for (const c of changes) crowd.set(folder(c.path), (crowd.get(folder(c.path)) ?? 0) + 1);
  const crowdOf = (r: Ranked) => crowd.get(folder(r.change.path))!;
  return ranked.sort(
    (x, y) =>
      tierOrder[x.tier] - tierOrder[y.tier] ||
      howOrder[x.change.how] - howOrder[y.change.how] ||
      crowdOf(x) - crowdOf(y) ||
      (x.change.path < y.change.path ? -1 : x.change.path > y.change.path ? 1 : 0),
  );
}

/** Why a path is a likely goalpost, or null. `root` is "" for the project, else a git metadata root. */
export function goalpostReason(
  p: string,
  root: string,
  named: ReadonlySet<string>,
  protect: ReadonlyArray<(path: string) => boolean>,
): string | null {
  if (root !== "") return gitMetadata(p) ? "git metadata" : null;
  if (protect.some((match) => match(p))) return "protected";
  if (named.has(p) || [...named].some((n) => p.startsWith(`${n}/`))) return "named by the verifier command";
  if (isBulk(p) || LOCKFILES.test(p)) return null;
  if (TESTS.test(p)) return "test";
  if (CONFIG.test(p)) return "configuration";
  return null;
}

/**
 * Whether a path in a git folder is metadata that changes what git does (GIT_META_NAMES): in the
 * project's own .git, by its first name there; a git folder outside the project is recorded only by
 * its metadata, so all of it is.
 */
function gitMetadata(p: string): boolean {
  if (!p.startsWith(".git/")) return true;
  return GIT_META_NAMES.has(p.slice(".git/".length).split("/", 1)[0]!);
}

/** True for a path inside a dependency, build or cache folder (any level), or a lockfile. */
export function isBulk(path: string): boolean {
  return (
    LOCKFILES.test(path) ||
    path
      .split("/")
      .slice(0, -1)
      .some((part) => BULK_FOLDERS.has(part))
  );
}

/** Project-relative paths the verifier command names: each word that looks like a path, without ./ and quotes. */
export function namedByCommand(command: string): Set<string> {
  const names = new Set<string>();
  let words: string[];
  try {
    words = splitWords(command).map((w) => w.value);
  } catch {
    words = command.split(/\s+/);
  }
  for (const word of words.flatMap((w) => w.split(/[;&|<>()=,]+/))) {
    const clean = word.replace(/^\.\//, "").replace(/\/+$/, "");
    if (clean && !clean.startsWith("-") && !clean.startsWith("/") && /[./]/.test(word) && !clean.includes("..")) names.add(clean);
  }
  return names;
}
