// What git's own diff does not show, fingerprinted when the loop starts so the audit sees every change:
// ignored files (CLAUDE.local.md hidden through .git/info/exclude, say) and git's metadata the agent can
// write (.git/config, .git/info/*, .git/hooks/*). Kept in loopkit's data folder, out of the agent's reach.
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import * as z from "zod";
import { findRepo, runGit } from "../shared/git.js";
import { readRegularFile } from "../shared/guarded-files.js";
import { readJson, writeJson } from "../state/json-store.js";

const BaselineSchema = z.object({
  version: z.literal(1),
  /** Project-relative ignored file -> fingerprint. */
  ignored: z.record(z.string(), z.string()),
  /** True when there were more ignored files than are fingerprinted. */
  ignored_truncated: z.boolean(),
  /** Git-dir-relative metadata file -> fingerprint. */
  git_meta: z.record(z.string(), z.string()),
});
export type Baseline = z.infer<typeof BaselineSchema>;

const MAX_IGNORED = 20_000;
const HASH_UP_TO = 256 * 1024;
const LISTING_BYTES = 8 * 1024 * 1024;
const SHOW_BYTES = 4 * 1024;

export const baselineFile = (loopDir: string) => path.join(loopDir, "baseline.json");

/** Fingerprints the ignored files and git metadata of the project now (empty outside a repository). */
export async function takeBaseline(projectDir: string): Promise<Baseline> {
  return { version: 1, ...(await ignoredFiles(projectDir)), git_meta: await gitMeta(projectDir) };
}

export function saveBaseline(loopDir: string, baseline: Baseline): Promise<void> {
  return writeJson(baselineFile(loopDir), BaselineSchema, baseline);
}

/** The baseline of the loop, or null when none was kept (a loop started before loopkit kept one). */
export async function loadBaseline(loopDir: string): Promise<Baseline | null> {
  const read = await readJson(baselineFile(loopDir), BaselineSchema);
  return read.exists ? read.value : null;
}

/**
 * What changed since `baseline` outside git's diff, as text for the audit: new, changed and deleted
 * ignored files and git metadata, each shown (bounded; binary content named only).
 */
export async function describeOutsideDiff(projectDir: string, baseline: Baseline | null, maxBytes: number): Promise<string> {
  if (baseline === null) return "(no record of ignored files and git metadata from the loop's start: not compared)";
  const now = await takeBaseline(projectDir);
  const budget = { left: maxBytes };
  const sections: string[] = [];
  const ignored = compare(baseline.ignored, now.ignored);
  if (ignored.length) sections.push(`Ignored files created, changed or deleted since the loop started (git's diff does not show these):\n${await show(projectDir, ignored, budget)}`);
  if (now.ignored_truncated) sections.push(`(more than ${MAX_IGNORED} ignored files: only the first ${MAX_IGNORED} were compared)`);
  const gitDir = await absoluteGitDir(projectDir);
  const meta = compare(baseline.git_meta, now.git_meta);
  if (meta.length && gitDir) sections.push(`Git metadata changed since the loop started (config, info/, hooks/ of ${gitDir}):\n${await show(gitDir, meta, budget)}`);
  return sections.join("\n\n");
}

/** Untracked files shown with their content (bounded; binary named only), for the audit. */
export async function showFiles(root: string, names: string[], maxBytes: number): Promise<string> {
  return show(root, names.map((name) => ({ name, how: "new" as const })), { left: maxBytes });
}

type Change = { name: string; how: "new" | "changed" | "deleted" };

function compare(before: Record<string, string>, after: Record<string, string>): Change[] {
  const changes: Change[] = [];
  for (const [name, print] of Object.entries(after)) {
    if (!(name in before)) changes.push({ name, how: "new" });
    else if (before[name] !== print) changes.push({ name, how: "changed" });
  }
  for (const name of Object.keys(before)) if (!(name in after)) changes.push({ name, how: "deleted" });
  return changes.sort((a, b) => a.name.localeCompare(b.name));
}

async function show(root: string, changes: Change[], budget: { left: number }): Promise<string> {
  const parts: string[] = [];
  for (const { name, how } of changes) {
    if (how === "deleted" || budget.left <= 0) {
      parts.push(`--- ${how}: ${name}${how === "deleted" ? "" : " (content not shown: size limit reached)"}`);
      continue;
    }
    const read = await readRegularFile(path.join(root, name), Math.min(SHOW_BYTES, budget.left));
    if (!read) {
      parts.push(`--- ${how}: ${name} (not a regular file)`);
      continue;
    }
    if (read.bytes.includes(0)) {
      parts.push(`--- ${how}: ${name} (binary, ${read.size} bytes)`);
      continue;
    }
    budget.left -= read.bytes.length;
    parts.push(`--- ${how}: ${name} (${read.size} bytes)\n${read.bytes.toString("utf8")}${read.truncated ? "\n[... rest omitted ...]" : ""}`);
  }
  return parts.join("\n");
}

async function ignoredFiles(projectDir: string): Promise<Pick<Baseline, "ignored" | "ignored_truncated">> {
  const repo = findRepo(projectDir);
  if (!repo) return { ignored: {}, ignored_truncated: false };
  const listed = await runGit(repo, ["ls-files", "-z", "--others", "--ignored", "--exclude-standard", "--", ".", ":(exclude).auto-loop"], { cwd: projectDir, maxBytes: LISTING_BYTES });
  if (!listed.ok) return { ignored: {}, ignored_truncated: false };
  const names = listed.stdout.split("\0").filter(Boolean);
  if (listed.truncated) names.pop();
  const kept = names.slice(0, MAX_IGNORED);
  const ignored: Record<string, string> = {};
  for (const name of kept) ignored[name] = await fingerprint(path.join(projectDir, name));
  return { ignored, ignored_truncated: listed.truncated || names.length > MAX_IGNORED };
}

/** .git/config (and config.worktree), every file in info/ and hooks/: the metadata that changes what git does. */
async function gitMeta(projectDir: string): Promise<Record<string, string>> {
  const gitDir = await absoluteGitDir(projectDir);
  if (!gitDir) return {};
  const names = ["config", "config.worktree"];
  for (const dir of ["info", "hooks"]) {
    const entries = await fs.readdir(path.join(gitDir, dir)).catch(() => [] as string[]);
    names.push(...entries.map((entry) => `${dir}/${entry}`));
  }
  const meta: Record<string, string> = {};
  for (const name of names) {
    const print = await fingerprint(path.join(gitDir, name));
    if (print !== "missing") meta[name] = print;
  }
  return meta;
}

async function absoluteGitDir(projectDir: string): Promise<string | null> {
  const repo = findRepo(projectDir);
  if (!repo) return null;
  const result = await runGit(repo, ["rev-parse", "--absolute-git-dir"], { maxBytes: 4096 });
  return result.ok ? result.stdout.trim() : null;
}

/** Content hash of a small regular file; size and mtime of a big one; the kind of anything else. */
async function fingerprint(file: string): Promise<string> {
  const stat = await fs.lstat(file).catch(() => null);
  if (!stat) return "missing";
  if (stat.isSymbolicLink()) return `link:${await fs.readlink(file).catch(() => "?")}`;
  if (!stat.isFile()) return `special:${stat.mode}`;
  if (stat.size > HASH_UP_TO) return `big:${stat.size}:${stat.mtimeMs}`;
  const read = await readRegularFile(file, HASH_UP_TO);
  return read ? `sha256:${createHash("sha256").update(read.bytes).digest("hex")}` : `special:${stat.mode}`;
}
