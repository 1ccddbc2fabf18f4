// The git metadata that changes what git does, found without running git: the repository's git
// folder (the nearest .git at or above the project, a folder or a gitfile's `gitdir:`), and its common
// folder when `commondir` names one. Only what is read from it is recorded; nothing there is trusted.
import { lstatSync } from "node:fs";
import path from "node:path";
import { readRegularFileSync } from "./read-file.js";

/** The entries of a git folder that are recorded: config, the worktree's config, commondir, info/, hooks/. */
export const GIT_META_NAMES = new Set(["config", "config.worktree", "commondir", "info", "hooks"]);

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
