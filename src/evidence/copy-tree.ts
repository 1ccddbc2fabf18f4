// A throw-away copy of a snapshot's tree in a new folder, written from loopkit's record (never from the
// project, which the agent can write): files from the store (one over KEEP_BYTES from the project,
// only when its content is still the recorded one), links as links. Dependency folders are not copied:
// the copy gets a folder of links to what they hold (their caches left out, so a runner's cache is
// written in the copy); caches and git metadata are left out. The project is only ever read.
import { createHash } from "node:crypto";
import { closeSync, constants, lstatSync, mkdirSync, openSync, readdirSync, rmSync, symlinkSync, writeSync } from "node:fs";
import path from "node:path";
import { checkDeadline, type Deadline } from "../shared/deadline.js";
import { LoopkitError } from "../shared/errors.js";
import type { ObjectStore } from "./object-store.js";
import { readRegularFileSync } from "./read-file.js";
import { decodeTree, type TreeEntry } from "./tree.js";
import { DEPENDENCY_FOLDERS } from "./tool-folders.js";

/** Installed dependencies: linked entry by entry into the copy, never copied. */
export const LINKED_FOLDERS: ReadonlySet<string> = new Set([...DEPENDENCY_FOLDERS, ".gradle"]);
/** Caches a runner rebuilds, loopkit's own folder and git metadata: left out of the copy. */
export const LEFT_OUT: ReadonlySet<string> = new Set([
  ".git",
  ".auto-loop",
  ".cache",
  ".vite",
  ".vitest",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
  "coverage",
  ".nyc_output",
  ".turbo",
  ".parcel-cache",
]);
/** The biggest file over KEEP_BYTES copied from the project. */
const MAX_UNKEPT_BYTES = 512 * 1024 * 1024;

/** A regular file of a snapshot: its path key (`/`-separated) and its record. */
export interface TreeFile {
  path: string;
  entry: TreeEntry;
}

const decode = (store: ObjectStore, hash: Buffer) => decodeTree(store.get(hash, "tree"));
const leftOut = (name: string) => LEFT_OUT.has(name) || LINKED_FOLDERS.has(name);

/** Every regular file of the tree `root` outside dependency folders and caches. */
export function listFiles(store: ObjectStore, root: Buffer): TreeFile[] {
  const files: TreeFile[] = [];
  const walk = (hash: Buffer, prefix: string) => {
    for (const entry of decode(store, hash)) {
      const name = entry.name.toString("utf8");
      if (entry.kind === "dir" && !leftOut(name)) walk(entry.hash!, `${prefix}${name}/`);
      else if (entry.kind === "file") files.push({ path: `${prefix}${name}`, entry });
    }
  };
  walk(root, "");
  return files;
}

/** What building a copy did, for its cost line. */
export interface CopyCounts {
  files: number;
  bytes: number;
  links: number;
}

/** Writes the tree `root` of `projectDir`'s record into `dest` (an empty folder loopkit made), within `deadline`. */
export function copyTree(store: ObjectStore, projectDir: string, root: Buffer, dest: string, deadline: Deadline): CopyCounts {
  const counts: CopyCounts = { files: 0, bytes: 0, links: 0 };
  writeFolder(store, root, Buffer.from(projectDir), Buffer.from(dest), counts, deadline, true);
  return counts;
}

/** The entry at `key` (`a/b/c`) of the tree `root`, through folders only; null when there is none. */
export function entryAt(store: ObjectStore, root: Buffer, key: string): TreeEntry | null {
  let hash = root;
  const parts = key.split("/");
  for (const [index, part] of parts.entries()) {
    const entry = decode(store, hash).find((e) => e.name.toString("utf8") === part);
    if (!entry) return null;
    if (index === parts.length - 1) return entry;
    if (entry.kind !== "dir") return null;
    hash = entry.hash!;
  }
  return null;
}

/** Puts the folder `entry` (of the record) at `key` in the copy whole, in place of what the copy has there (a link is unlinked, never followed). */
export function replaceWithRecorded(
  store: ObjectStore,
  projectDir: string,
  entry: TreeEntry,
  key: string,
  dest: string,
  counts: CopyCounts,
  deadline: Deadline,
): void {
  const parts = key.split("/");
  // Only through real folders of the copy: a link there (a linked node_modules) leads out of it.
  for (let depth = 1; depth < parts.length; depth++)
    if (!lstatSync(path.join(dest, ...parts.slice(0, depth)), { throwIfNoEntry: false })?.isDirectory())
      throw new LoopkitError(
        "EVIDENCE_FAILED",
        `${parts.slice(0, depth).join("/")} is not a folder in the copy, so ${key} cannot be put back`,
        {
          value: key,
        },
      );
  const target = path.join(dest, ...parts);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { mode: (entry.mode & 0o777) | 0o700 });
  writeFolder(store, entry.hash!, Buffer.from(path.join(projectDir, ...key.split("/"))), Buffer.from(target), counts, deadline, false);
}

/** Writes a recorded folder's entries from `from`'s record into `to`; `linking`: dependency folders become folders of links. */
function writeFolder(
  store: ObjectStore,
  hash: Buffer,
  from: Buffer,
  to: Buffer,
  counts: CopyCounts,
  deadline: Deadline,
  linking: boolean,
): void {
  for (const entry of decode(store, hash)) {
    const name = entry.name.toString("utf8");
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.kind === "dir") {
      if (linking && LEFT_OUT.has(name)) continue;
      mkdirSync(target, { mode: (entry.mode & 0o777) | 0o700 });
      if (linking && LINKED_FOLDERS.has(name)) counts.links += linkEntries(source, target);
      else writeFolder(store, entry.hash!, source, target, counts, deadline, linking);
    } else if (entry.kind === "link") symlinkSync(entry.target!, target);
    else if (entry.kind === "file") {
      const content = entry.kept ? store.get(entry.hash!, "blob") : unkept(source, entry);
      writeNewFile(target, content, entry.mode);
      if (++counts.files % 512 === 0) checkDeadline(deadline, "the copy for the run on the start's tests");
      counts.bytes += content.length;
    }
  }
}

/** Writes `content` to a file that must not exist yet (never through a link). */
export function writeNewFile(file: string | Buffer, content: Buffer, mode: number): void {
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), mode & 0o777);
  try {
    let written = 0;
    while (written < content.length) written += writeSync(fd, content, written, content.length - written);
  } finally {
    closeSync(fd);
  }
}

const join = (dir: Buffer, name: Buffer) => Buffer.concat([dir, Buffer.from(path.sep), name]);

/** A link in `to` for each entry of the project's dependency folder `from`, its caches left out; the count. */
function linkEntries(from: Buffer, to: Buffer): number {
  let count = 0;
  for (const name of readdirSync(from, { encoding: "buffer" })) {
    if (LEFT_OUT.has(name.toString("utf8"))) continue;
    symlinkSync(join(from, name), join(to, name));
    count++;
  }
  return count;
}

/** A file the record hashed but did not keep, read from the project: only while it is still what was recorded. */
function unkept(source: Buffer, entry: TreeEntry): Buffer {
  const content = readRegularFileSync(source, MAX_UNKEPT_BYTES);
  if (!content || !createHash("sha256").update(content).digest().equals(entry.hash!))
    throw new LoopkitError("EVIDENCE_FAILED", `${source.toString()} is no longer what loopkit recorded, so it cannot be copied`, {
      value: source.toString(),
    });
  return content;
}
