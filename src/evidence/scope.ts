// What of the project loopkit's record holds, for the walk that takes a snapshot and for the check
// after the verifier that compares with one: every entry under the project but the top .git folder
// (git's, recorded as metadata: its config, info/, hooks/) and loopkit's own files (the mirror and
// logs in .auto-loop/, its data folder when it lies inside the project).
import { lstatSync } from "node:fs";
import path from "node:path";
import { isMirrorEntry, MIRROR_DIR } from "../shared/mirror-layout.js";
import { gitMetaRoots, GIT_META_NAMES } from "./git-dirs.js";

export interface RecordRoot {
  /** "" for the project, "\0git" and "\0common" for git metadata. */
  key: string;
  dir: string;
  /** Which of the root's own entries count. */
  only: (name: string) => boolean;
}

export interface RecordScope {
  /** The project first, then the git metadata folders that exist now. */
  roots: RecordRoot[];
  /** Keys left out wherever they are: loopkit's own entries. */
  skip: (key: string) => boolean;
  /** Whether `skip` may leave out `key` or anything below it (a folder taken whole needs no look at each key). */
  skipsWithin: (key: string) => boolean;
  /** A folder left out of its tree when nothing in it is recorded (.auto-loop/ with loopkit's own files only). */
  hideEmpty: string;
}

export function recordScope(projectDir: string, dataDir: string): RecordScope {
  // A .git folder is git's, recorded below as metadata; a gitfile at the top is an ordinary file of the project.
  const gitFolder = lstatSync(`${projectDir}/.git`, { throwIfNoEntry: false })?.isDirectory() === true;
  const roots: RecordRoot[] = [{ key: "", dir: projectDir, only: (name) => !(gitFolder && name === ".git") }];
  for (const meta of gitMetaRoots(projectDir)) {
    if (lstatSync(meta.dir, { throwIfNoEntry: false })?.isDirectory())
      roots.push({ key: meta.key, dir: meta.dir, only: (name) => GIT_META_NAMES.has(name) });
  }
  const data = dataKey(projectDir, dataDir);
  return {
    roots,
    skip: ownEntries(data),
    skipsWithin: (key) => key === "" || key === MIRROR_DIR || (data !== null && (data === key || data.startsWith(`${key}/`))),
    hideEmpty: MIRROR_DIR,
  };
}

/** The data folder's key when it lies inside the project, else null. */
function dataKey(projectDir: string, dataDir: string): string | null {
  const rel = path.relative(path.resolve(projectDir), path.resolve(dataDir));
  return rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel.split(path.sep).join("/") : null;
}

/**
 * What of the project is loopkit's and never recorded: its own files in .auto-loop/ (the mirror it
 * rewrites, the verifier's logs), and its data folder when it lies inside the project (a project that
 * holds the person's home), or each snapshot would record the last.
 */
function ownEntries(data: string | null): (key: string) => boolean {
  const mirror = `${MIRROR_DIR}/`;
  return (key) =>
    key === data || (key.startsWith(mirror) && key.indexOf("/", mirror.length) < 0 && isMirrorEntry(key.slice(mirror.length)));
}
