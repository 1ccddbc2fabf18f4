// The git side of checkpoints, all through the hardened runner: a snapshot of the working tree
// through a private index, the commit and ref that keep it, and the tree switch of a restore.
// Nothing here touches HEAD, the person's index, a branch, a tag or the stash.
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
import { runGit, type GitOptions, type GitRepo } from "../shared/git.js";
import { LoopkitError } from "../shared/errors.js";
import { parseNameStatus } from "./changes.js";
import type { Changes } from "./record.js";

async function git(repo: GitRepo, args: string[], options: GitOptions = {}): Promise<string> {
  const result = await runGit(repo, args, options);
  if (!result.ok) {
    const why = result.timedOut ? "timed out" : result.stderr.trim().split("\n").slice(-3).join(" ") || `exit code ${result.exitCode}`;
    throw new LoopkitError("CHECKPOINT_FAILED", `git ${args[0]} failed: ${why}`, { value: args });
  }
  return result.stdout;
}

/** loopkit's own folder under the project, as pathspecs from the work tree's root. */
function ownPaths(repo: GitRepo, projectDir: string): string[] {
  const rel = path.relative(repo.workTree, projectDir).split(path.sep).join("/");
  const prefix = rel ? `${rel}/` : "";
  return [`${prefix}.auto-loop`, `${prefix}.auto-loop-foreign-*`];
}

/** An index larger than this is not copied (a real one for 20,000 files is about 2 MB). */
const MAX_SEED_BYTES = 512 * 1024 * 1024;

/**
 * A first private index starts as a copy of the person's, so its stat cache spares rehashing every
 * file; a missing or unreadable one just means the first snapshot hashes everything.
 */
async function seedIndex(repo: GitRepo, projectDir: string, indexFile: string): Promise<void> {
  if (existsSync(indexFile)) return;
  await fs.mkdir(path.dirname(indexFile), { recursive: true });
  const own = path.resolve(repo.workTree, (await git(repo, ["rev-parse", "--git-path", "index"])).trim());
  // Only a plain file is copied: a FIFO, device or link planted there must not hang or redirect the copy.
  const stat = await fs.lstat(own).catch(() => null);
  if (stat?.isFile() && stat.size <= MAX_SEED_BYTES) await fs.copyFile(own, indexFile).catch(() => undefined);
  await git(repo, ["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", ...ownPaths(repo, projectDir)], { indexFile });
}

/** The repository's git folder as git resolves it (the common dir of a linked worktree), absolute. */
async function gitDirOf(repo: GitRepo): Promise<string> {
  // A .git folder is its own common dir; only a gitfile (a linked worktree, or a planted one) needs git to resolve it.
  if ((await fs.lstat(repo.gitDir)).isDirectory()) return fs.realpath(repo.gitDir);
  const dir = (await git(repo, ["rev-parse", "--path-format=absolute", "--git-common-dir"])).trim();
  return fs.realpath(dir).catch(() => dir);
}

/** The repository's git folder, refused when it is not `expected`, the one the loop's checkpoints went to (null: none yet). */
export async function checkGitDir(repo: GitRepo, expected: string | null): Promise<string> {
  const gitDir = await gitDirOf(repo);
  if (expected !== null && gitDir !== expected) {
    throw new LoopkitError("CHECKPOINT_FAILED", `the project's git folder is now ${gitDir}, not ${expected} where the loop's checkpoints are; loopkit writes nothing there`, {
      value: gitDir,
      hint: "was .git replaced, for example by a gitfile pointing elsewhere? Look at the project's .git",
    });
  }
  return gitDir;
}

export interface Snapshot {
  /** Where the objects and the ref go (see CheckpointRecord.git_dir). */
  gitDir: string;
  tree: string;
  /** HEAD's commit for a first checkpoint; null in a repository with no commit, and for later checkpoints. */
  head: string | null;
}

/**
 * Writes the working tree (tracked and untracked files git does not ignore, loopkit's own folder left
 * out) as a tree object. HEAD is read only for a loop's first checkpoint (`first`), whose parent it is.
 */
export async function snapshotTree(repo: GitRepo, projectDir: string, indexFile: string, expectGitDir: string | null, first: boolean): Promise<Snapshot> {
  const gitDir = await checkGitDir(repo, expectGitDir);
  await seedIndex(repo, projectDir, indexFile);
  try {
    await git(repo, ["add", "-A", "--", ".", ...ownPaths(repo, projectDir).map((p) => `:(exclude)${p}`)], { indexFile });
  } catch (error) {
    // A private index git cannot read is loopkit's own file: start it again rather than fail every iteration.
    if (!/index/i.test((error as Error).message)) throw error;
    await fs.rm(indexFile, { force: true });
    await seedIndex(repo, projectDir, indexFile);
    await git(repo, ["add", "-A", "--", ".", ...ownPaths(repo, projectDir).map((p) => `:(exclude)${p}`)], { indexFile });
  }
  const tree = (await git(repo, ["write-tree"], { indexFile })).trim();
  const head = first ? await runGit(repo, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]) : null;
  return { gitDir, tree, head: head?.ok ? head.stdout.trim() : null };
}

/** The tree of a commit, or null when the object is gone. */
export async function treeOf(repo: GitRepo, commit: string): Promise<string | null> {
  const result = await runGit(repo, ["rev-parse", "--verify", "--quiet", `${commit}^{tree}`]);
  return result.ok ? result.stdout.trim() : null;
}

/** A commit of `tree` on `parent` under loopkit's own name: no hook, no signing, no identity of the person's needed. */
export async function commitTree(repo: GitRepo, tree: string, parent: string | null, message: string, now: Date): Promise<string> {
  const date = `${Math.floor(now.getTime() / 1000)} +0000`;
  const gitEnv = { GIT_AUTHOR_NAME: "loopkit", GIT_AUTHOR_EMAIL: "loopkit@localhost", GIT_AUTHOR_DATE: date, GIT_COMMITTER_NAME: "loopkit", GIT_COMMITTER_EMAIL: "loopkit@localhost", GIT_COMMITTER_DATE: date };
  const args = ["commit-tree", "--no-gpg-sign", tree, ...(parent ? ["-p", parent] : []), "-F", "-"];
  return (await git(repo, args, { gitEnv, input: message })).trim();
}

/** Points the loop's ref at `commit`; --no-deref so a ref the agent made symbolic moves no branch. */
export async function setRef(repo: GitRepo, ref: string, commit: string): Promise<void> {
  await git(repo, ["update-ref", "--no-deref", "-m", "loopkit checkpoint", ref, commit]);
}

export async function deleteRef(repo: GitRepo, ref: string): Promise<void> {
  await git(repo, ["update-ref", "--no-deref", "-d", ref]);
}

/**
 * What changed from tree `from` (null: the empty tree) to tree `to`; the cost follows the changed
 * subtrees. diff-tree reads an index, so it gets the private one: the person's may be a planted FIFO.
 */
export async function changesBetween(repo: GitRepo, indexFile: string, from: string | null, to: string, keep?: number): Promise<Changes> {
  const base = from ?? (await git(repo, ["mktree"], { input: "" })).trim();
  const listing = await git(repo, ["diff-tree", "-r", "-z", "--no-renames", "--name-status", base, to], { indexFile, maxBytes: 64 * 1024 * 1024 });
  return parseNameStatus(listing, keep);
}

/**
 * Makes the working tree hold `to` where it held `from` (the private index must hold `from`): git's
 * two-tree switch writes and deletes. It overwrites ignored files in the way (git 2.39, measured), so
 * the caller checks for them first.
 */
export async function switchTree(repo: GitRepo, indexFile: string, from: string, to: string): Promise<void> {
  await git(repo, ["read-tree", "-m", "-u", from, to], { indexFile });
}
