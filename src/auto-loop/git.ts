// The few git facts the loop needs, read with bounded memory. Nothing here changes the repository.
import { createHash } from "node:crypto";
import { execa } from "execa";
import { BoundedOutput } from "../shared/bounded-output.js";

/** Loopkit's own folder never counts as the agent's work. */
const EXCLUDE_OWN = [":(exclude).auto-loop", ":(exclude).auto-loop-foreign-*"];

interface Bounded {
  ok: boolean;
  text: string;
  bytes: number;
}

async function gitBounded(cwd: string, args: string[], keepBytes: number, onChunk?: (chunk: Buffer) => void): Promise<Bounded> {
  const output = new BoundedOutput(keepBytes, keepBytes);
  const child = execa("git", args, { cwd, buffer: false, stdin: "ignore", stderr: "ignore", reject: false, timeout: 60_000 });
  child.stdout?.on("data", (chunk: Buffer) => {
    output.push(chunk);
    onChunk?.(chunk);
  });
  const result = await child;
  return { ok: result.exitCode === 0, text: output.text(), bytes: output.total };
}

/** The commit HEAD points at, or null outside a repository or before the first commit. */
export async function headCommit(cwd: string): Promise<string | null> {
  const result = await gitBounded(cwd, ["rev-parse", "--verify", "--quiet", "HEAD"], 1024);
  return result.ok && /^[0-9a-f]{40,64}\s*$/.test(result.text) ? result.text.trim() : null;
}

/** A fingerprint of the working tree (status and diff against HEAD), or "" outside a repository. */
export async function treeFingerprint(cwd: string): Promise<string> {
  const hash = createHash("sha256");
  const status = await gitBounded(cwd, ["status", "--porcelain=v1", "--untracked-files=all", "--", ".", ...EXCLUDE_OWN], 1024, (c) => hash.update(c));
  if (!status.ok) return "";
  await gitBounded(cwd, ["diff", "HEAD", "--binary", "--", ".", ...EXCLUDE_OWN], 1024, (c) => hash.update(c));
  return hash.digest("hex");
}

/** What changed since `base` (tracked diff plus untracked file names), bounded to about `maxBytes`. */
export async function changesSince(cwd: string, base: string | null, maxBytes: number): Promise<string> {
  if (base === null) return "(no git history to compare with: the project had no commit when the loop started)";
  const diff = await gitBounded(cwd, ["diff", base, "--stat", "--patch", "--", ".", ...EXCLUDE_OWN], maxBytes / 2);
  if (!diff.ok) return `(git diff ${base} failed)`;
  const untracked = await gitBounded(cwd, ["ls-files", "--others", "--exclude-standard", "--", ".", ...EXCLUDE_OWN], 4096);
  const files = untracked.text.trim();
  return `${diff.text.trim() || "(no changes to tracked files)"}${files ? `\n\nNew untracked files:\n${files}` : ""}`;
}
