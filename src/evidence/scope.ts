// What of the project loopkit's record holds, for the walk that takes a snapshot and for the check
// after the verifier that compares with one: every entry under the project (the top .git folder as a
// git root of its own, below), with exactly these left out, each for its reason:
// - `.auto-loop/goal-state.json`, `heartbeat.json`, `.gitignore`: rewritten whole by loopkit before
//   every verifier run (UNRECORDED_MIRROR_FILES); anything else in `.auto-loop/` is recorded;
// - loopkit's data folder, when it lies inside the project (a project that holds the person's home):
//   each snapshot would record the last;
// - a git folder's `index`, when it holds git's index (checked by its signature at each snapshot, see
//   isGitIndex): git rewrites it on a plain `git status` the verifier may run; a file there that is not
//   git's index is recorded.
// A git folder inside the project is recorded whole (objects, refs, logs and anything planted there);
// one outside it (a linked worktree's, a parent repository's) only by what changes what git does
// (GIT_META_NAMES): the agent in its sandbox cannot write there, and its object store may be huge.
import { lstatSync } from "node:fs";
import path from "node:path";
import { MIRROR_DIR, UNRECORDED_MIRROR_FILES } from "../shared/mirror-layout.js";
import { gitMetaRoots, GIT_INDEX, GIT_META_NAMES } from "./git-dirs.js";

export interface RecordRoot {
  /** "" for the project, "\0git" and "\0common" for git folders. */
  key: string;
  dir: string;
  /** Which of the root's own entries count. */
  only: (name: string) => boolean;
}

export interface RecordScope {
  /** The project first, then the git folders that exist now. */
  roots: RecordRoot[];
  /** Keys left out wherever they are (the git index: unless it is not git's, see `signed`). */
  skip: (key: string) => boolean;
  /** Whether `skip` may leave out `key` or anything below it (a folder taken whole needs no look at each key). */
  skipsWithin: (key: string) => boolean;
  /** Skipped keys a snapshot still records when the file is not what its signature says (a git index). */
  signed: (key: string) => boolean;
  /** A folder left out of its tree when nothing in it is recorded (.auto-loop/ with loopkit's own files only). */
  hideEmpty: string;
}

export function recordScope(projectDir: string, dataDir: string): RecordScope {
  // A .git folder is git's, recorded below as a root of its own; a gitfile at the top is an ordinary file of the project.
  const gitFolder = lstatSync(`${projectDir}/.git`, { throwIfNoEntry: false })?.isDirectory() === true;
  const roots: RecordRoot[] = [{ key: "", dir: projectDir, only: (name) => !(gitFolder && name === ".git") }];
  const indexKeys = new Set<string>();
  for (const meta of gitMetaRoots(projectDir)) {
    if (!lstatSync(meta.dir, { throwIfNoEntry: false })?.isDirectory()) continue;
    const whole = insideOf(projectDir, meta.dir) !== null;
    roots.push({ key: meta.key, dir: meta.dir, only: whole ? () => true : (name) => GIT_META_NAMES.has(name) });
    indexKeys.add(`${meta.key}/${GIT_INDEX}`);
  }
  const data = insideOf(projectDir, dataDir);
  const own = new Set(UNRECORDED_MIRROR_FILES.map((name) => `${MIRROR_DIR}/${name}`));
  return {
    roots,
    skip: (key) => key === data || own.has(key) || indexKeys.has(key),
    skipsWithin: (key) => key === "" || key === MIRROR_DIR || (data !== null && (data === key || data.startsWith(`${key}/`))),
    signed: (key) => indexKeys.has(key),
    hideEmpty: MIRROR_DIR,
  };
}

/** The key of `dir` when it lies inside the project (not the project itself), else null. */
function insideOf(projectDir: string, dir: string): string | null {
  const rel = path.relative(path.resolve(projectDir), path.resolve(dir));
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel.split(path.sep).join("/") : null;
}
