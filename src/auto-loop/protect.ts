// The protect globs' files, hashed: at start for the snapshot, at every Stop to compare with it
// (decide.ts judges the difference). Links are hashed as links, never followed; nothing blocks.
import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { LoopkitError } from "../shared/errors.js";
import { openRegular } from "../shared/guarded-files.js";
import { PROTECT_LIMITS } from "./args.js";
import { listProtected } from "./git.js";

/** path -> content hash of every file the globs name now; an error when they cannot be listed. */
export async function hashProtected(projectDir: string, globs: string[]): Promise<Record<string, string>> {
  const files = await listProtected(projectDir, globs, PROTECT_LIMITS.files);
  if (files === null) {
    throw new LoopkitError("USAGE", "--protect needs the project to be a git repository (loopkit lists the protected files with git)", {
      value: projectDir,
      hint: "run git init (and commit) in the project, or start without --protect / protect:",
    });
  }
  if (files === "too many") {
    throw new LoopkitError("USAGE", `the protect globs name more than ${PROTECT_LIMITS.files} files`, { value: globs, hint: "protect narrower globs" });
  }
  const hashes: Record<string, string> = {};
  for (const file of files) hashes[file] = await hashEntry(path.join(projectDir, file));
  return hashes;
}

/** "sha256:<hex>" of a regular file, "link:<target>" of a link, "missing", or the kind of anything else. */
async function hashEntry(file: string): Promise<string> {
  let stat;
  try {
    stat = await fs.lstat(file);
  } catch {
    return "missing";
  }
  if (stat.isSymbolicLink()) return `link:${await fs.readlink(file)}`;
  if (!stat.isFile()) return stat.isDirectory() ? "folder" : "special";
  const handle = await openRegular(file);
  if (!handle) return "special";
  try {
    const hash = createHash("sha256");
    for await (const chunk of handle.createReadStream({ autoClose: false })) hash.update(chunk as Buffer);
    return `sha256:${hash.digest("hex")}`;
  } finally {
    await handle.close();
  }
}
