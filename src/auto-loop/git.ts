// The few git facts the loop needs, read through the hardened runner. Nothing here changes the repository.
import { createHash } from "node:crypto";
import { findRepo, runGit, type GitOptions, type GitResult } from "../shared/git.js";
import { describeOutsideDiff, showFiles, type Baseline } from "./baseline.js";

/** Loopkit's own folder never counts as the agent's work; everything else does (a keep-aside too). */
const EXCLUDE_OWN = [":(exclude).auto-loop"];

/** git in the repository holding `projectDir`, run from it (so `.` is the project); null outside one. */
async function gitIn(projectDir: string, args: string[], options: GitOptions = {}): Promise<GitResult | null> {
  const repo = findRepo(projectDir);
  return repo ? runGit(repo, args, { ...options, cwd: projectDir }) : null;
}

/** The commit HEAD points at, or null outside a repository or before the first commit. */
export async function headCommit(projectDir: string): Promise<string | null> {
  const result = await gitIn(projectDir, ["rev-parse", "--verify", "--quiet", "HEAD"], { maxBytes: 1024 });
  return result?.ok && /^[0-9a-f]{40,64}\s*$/.test(result.stdout) ? result.stdout.trim() : null;
}

/** A fingerprint of the working tree (status and diff against HEAD), or "" outside a repository. */
export async function treeFingerprint(projectDir: string): Promise<string> {
  const hash = createHash("sha256");
  const onChunk = (chunk: Buffer) => hash.update(chunk);
  const status = await gitIn(projectDir, ["status", "--porcelain=v1", "--untracked-files=all", "--ignore-submodules=all", "--", ".", ...EXCLUDE_OWN], { maxBytes: 1024, onChunk });
  if (!status?.ok) return "";
  await gitIn(projectDir, ["diff", "HEAD", "--binary", "--", ".", ...EXCLUDE_OWN], { maxBytes: 1024, onChunk });
  return hash.digest("hex");
}

/**
 * Every change since the loop started, bounded to about `maxBytes`: the tracked diff against `base`,
 * untracked files with their content, and (against `baseline`) ignored files and git metadata.
 */
export async function changesSince(projectDir: string, base: string | null, maxBytes: number, baseline: Baseline | null = null): Promise<string> {
  const outside = await describeOutsideDiff(projectDir, baseline, maxBytes / 4);
  const withOutside = (text: string) => (outside ? `${text}\n\n${outside}` : text);
  if (base === null) return withOutside("(no git history to compare with: the project had no commit when the loop started)");
  const diff = await gitIn(projectDir, ["diff", base, "--stat", "--patch", "--", ".", ...EXCLUDE_OWN], { maxBytes: maxBytes / 2 });
  if (!diff?.ok) return withOutside(`(git diff ${base} failed)`);
  const untracked = await gitIn(projectDir, ["ls-files", "-z", "--others", "--exclude-standard", "--", ".", ...EXCLUDE_OWN], { maxBytes: 64 * 1024 });
  const names = (untracked?.stdout ?? "").split("\0").filter(Boolean);
  if (untracked?.truncated) names.pop();
  const files = names.length ? `Untracked files:\n${await showFiles(projectDir, names, maxBytes / 4)}${untracked?.truncated ? "\n[... more untracked files omitted ...]" : ""}` : "";
  const text = diff.truncated ? `${diff.stdout}\n[... ${diff.bytes - diff.stdout.length} more bytes of diff omitted ...]` : diff.stdout;
  return withOutside(`${text.trim() || "(no changes to tracked files)"}${files ? `\n\n${files}` : ""}`);
}

/**
 * The files under `projectDir` that the protect globs name now: tracked ones (deleted included) and
 * untracked ones, ignored included (a file hidden by .git/info/exclude still counts). Null outside a
 * repository; "too many" past `maxFiles`.
 */
export async function listProtected(projectDir: string, globs: string[], maxFiles: number): Promise<string[] | null | "too many"> {
  if (globs.length === 0) return [];
  const pathspecs = globs.map((glob) => `:(glob)${glob}`);
  const listed = await gitIn(projectDir, ["ls-files", "-z", "--cached", "--others", "--", ...pathspecs, ...EXCLUDE_OWN], { maxBytes: 4 * 1024 * 1024 });
  if (!listed?.ok) return null;
  if (listed.truncated) return "too many";
  const files = [...new Set(listed.stdout.split("\0").filter(Boolean))].sort();
  return files.length > maxFiles ? "too many" : files;
}
