// The git metadata that changes what git does, found without running git: the repository's git
// folder (the nearest .git at or above the project, a folder or a gitfile's `gitdir:`), and its common
// folder when `commondir` names one. Only what is read from it is recorded; nothing there is trusted.
import { createHash } from "node:crypto";
import { lstatSync } from "node:fs";
import { inflateSync } from "node:zlib";
import path from "node:path";
import { readRegularFileSync } from "./read-file.js";

/**
 * What changes what git does: config, the worktree's config, commondir, info/, hooks/. The whole of a
 * git folder outside the project is not recorded, only these; in any git folder they are goalposts.
 */
export const GIT_META_NAMES = new Set(["config", "config.worktree", "commondir", "info", "hooks"]);

/** Git's index (the staging area), in a git folder: rewritten by a plain `git status`. */
export const GIT_INDEX = "index";

/** "DIRC" and a version from 2 to 4: the NULs make it a file no interpreter or shell runs as source. */
const INDEX_SIGNATURE = /^DIRC\x00\x00\x00[\x02-\x04]/;

/** Whether the regular file at `file` starts as git's index does (a link, FIFO or anything else: false). */
export function holdsGitIndex(file: string | Buffer): boolean {
  try {
    const head = readRegularFileSync(file, 8);
    return head !== null && head.length === 8 && INDEX_SIGNATURE.test(head.toString("latin1"));
  } catch {
    return false;
  }
}

/** A loose object's path in a git folder: objects/xx/ and the rest of its hash (sha1 or sha256). */
const LOOSE_OBJECT = /(^|\/)objects\/([0-9a-f]{2})\/([0-9a-f]{38}|[0-9a-f]{62})$/;

/**
 * Whether the content (read only when the path fits), found at `filePath` (a path ending objects/xx/...), is the git object that name
 * says: zlib data that inflates to "<type> <size>\0<body>" whose sha1 (or sha256) is the name. A file
 * planted under that name that is not (a script, say) is no git object and is shown as any file.
 */
export function isLooseGitObject(filePath: string, content: () => Buffer): boolean {
  const name = LOOSE_OBJECT.exec(filePath);
  if (!name) return false;
  let inflated: Buffer;
  try {
    inflated = inflateSync(content(), { maxOutputLength: 256 * 1024 * 1024 });
  } catch {
    return false;
  }
  const nul = inflated.indexOf(0);
  const header = /^(blob|tree|commit|tag) (\d+)$/.exec(inflated.subarray(0, Math.max(0, nul)).toString("latin1"));
  if (!header || Number(header[2]) !== inflated.length - nul - 1) return false;
  const hash = `${name[2]}${name[3]}`;
  return (
    createHash(hash.length === 40 ? "sha1" : "sha256")
      .update(inflated)
      .digest("hex") === hash
  );
}

export interface GitMetaRoot {
  /** The record key of this root ("\0git", "\0common"). */
  key: string;
  dir: string;
}

const isDir = (p: string) => lstatSync(p, { throwIfNoEntry: false })?.isDirectory() === true;

/** The git folder and common folder of the repository holding `projectDir`, or none outside a repository. */
export function gitMetaRoots(projectDir: string): GitMetaRoot[] {
  const gitDir = findGitDir(projectDir);
  if (!gitDir) return [];
  const roots: GitMetaRoot[] = [{ key: "\u0000git", dir: gitDir }];
  const common = firstLine(path.join(gitDir, "commondir"));
  if (common) {
    const dir = path.resolve(gitDir, common);
    if (dir !== gitDir && isDir(dir)) roots.push({ key: "\u0000common", dir });
  }
  return roots;
}

function findGitDir(projectDir: string): string | null {
  for (let current = path.resolve(projectDir); ; current = path.dirname(current)) {
    const dotGit = path.join(current, ".git");
    const stat = lstatSync(dotGit, { throwIfNoEntry: false });
    if (stat?.isDirectory()) return dotGit;
    if (stat?.isFile()) {
      const line = firstLine(dotGit);
      const target = line?.startsWith("gitdir:") ? path.resolve(current, line.slice("gitdir:".length).trim()) : null;
      return target && isDir(target) ? target : null;
    }
    if (stat || path.dirname(current) === current) return null;
  }
}

function firstLine(file: string): string | null {
  const read = readRegularFileSync(file, 4096);
  return read ? (read.toString("utf8").split(/\r?\n/, 1)[0]?.trim() ?? null) || null : null;
}
