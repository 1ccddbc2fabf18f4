// Folders that package managers, build tools and test runners write: installed dependencies, build
// output, caches. The audit reads them last (goalposts.ts), and the verifier may write them (verification.ts);
// each rule adds its own to these.

/** Installed dependencies (and the package managers' environments): what the project's code loads but no one edits. */
export const DEPENDENCY_FOLDERS: readonly string[] = [
  "node_modules",
  "bower_components",
  "vendor",
  ".venv",
  "venv",
  "site-packages",
  ".tox",
  ".nox",
];

export const TOOL_FOLDERS: readonly string[] = [
  ...DEPENDENCY_FOLDERS,
  "dist",
  "build",
  "out",
  "target",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".turbo",
  ".parcel-cache",
  ".gradle",
  "coverage",
  ".nyc_output",
  ".cache",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
];

/** Folders whose files loopkit vouches for by their metadata alone: dependencies, build output, caches, nested repositories' .git. */
const VOUCHED_FOLDERS = new Set([...TOOL_FOLDERS, ".git"]);

/** The folder names of VOUCHED_FOLDERS (the thread that lstats ahead is handed them). */
export const VOUCHED_FOLDER_NAMES: readonly string[] = [...VOUCHED_FOLDERS];

/**
 * Whether a file's record may stand for its content by identity, size and times alone. Only inside
 * VOUCHED_FOLDERS: every other file (sources, goalposts, git metadata) is read again at every snapshot,
 * because a write through a shared writable memory mapping into a page already dirty changes content
 * with no new mtime or ctime. That is safe there only because no process that may hold such a mapping
 * outlives a turn (see src/auto-loop/project/leftover-processes.ts and docs/evidence.md).
 */
export function vouchedByMetadata(key: string): boolean {
  const slash = key.lastIndexOf("/");
  if (slash < 0) return false;
  // A walk asks in order, a folder's files one after another: their folder's answer is the last one.
  if (slash === lastFolder.length && key.startsWith(lastFolder)) return lastFolderVouched;
  lastFolder = key.slice(0, slash);
  lastFolderVouched = lastFolder.split("/").some((part) => VOUCHED_FOLDERS.has(part));
  return lastFolderVouched;
}

let lastFolder = "\u0000";
let lastFolderVouched = false;
