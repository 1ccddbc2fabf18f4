// Writing a snapshot's tree into the project (loopkit restore): only what differs from the tree as it
// is now (a snapshot taken just before), entry by entry, through folders checked with lstat to be real
// folders: a link planted where a folder was is removed, never followed. Names come from loopkit's
// record (no `/`, `.` or `..`), so nothing is written outside the project. A file is written to a temp
// file in its folder and renamed into place, so a hard link in its place is replaced, never written
// through. Content loopkit does not keep (over KEEP_BYTES) is neither written nor deleted: it is left.
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { LoopkitError } from "../shared/errors.js";
import type { ObjectStore } from "./object-store.js";
import { nameOf } from "./names.js";
import { decodeTree, type TreeEntry } from "./tree.js";

export interface WriteResult {
  written: number;
  deleted: number;
  /** The paths written or deleted, in order. */
  done: string[];
  /** Paths left as they are, each with why. */
  left: string[];
  /** The write that failed (a full disk, a read-only folder) and stopped the rest, or null: every change was made. */
  failed: { at: string; cause: unknown } | null;
}

type FsPath = Buffer;

/** Makes the project's tree hold `target` where it held `current` (both root tree hashes in `store`); what `leave` names (a `/`-separated path) stays as it is; stops at the first write that fails. */
export function writeTree(
  store: ObjectStore,
  projectDir: string,
  current: Buffer,
  target: Buffer,
  leave: (path: string) => boolean = () => false,
): WriteResult {
  const result: WriteResult = { written: 0, deleted: 0, done: [], left: [], failed: null };
  const at = { path: "the project" };
  try {
    syncFolder(store, Buffer.from(projectDir), "", entries(store, current), entries(store, target), result, at, leave);
  } catch (cause) {
    result.failed = { at: at.path, cause };
  }
  return result;
}

const entries = (store: ObjectStore, hash: Buffer | null) => (hash ? decodeTree(store.get(hash, "tree")) : []);
const join = (dir: FsPath, name: Buffer) => Buffer.concat([dir, Buffer.from(path.sep), name]);

const same = (a: TreeEntry, b: TreeEntry) =>
  a.kind === b.kind && a.mode === b.mode && (a.hash === null ? b.hash === null : b.hash !== null && a.hash.equals(b.hash));

/** The path being written now, for the report of a write that fails. */
type Cursor = { path: string };

function syncFolder(
  store: ObjectStore,
  dir: FsPath,
  rel: string,
  current: TreeEntry[],
  target: TreeEntry[],
  result: WriteResult,
  at: Cursor,
  leave: (path: string) => boolean,
): void {
  const stat = lstatSync(dir);
  if (!stat.isDirectory())
    throw new LoopkitError("CHECKPOINT_FAILED", `${rel || "the project"} is not a real folder; loopkit writes nothing through it`, {
      value: rel,
    });
  const kept = (entries: TreeEntry[]) => entries.filter((e) => !leave(`${rel}${nameOf(e.name).text}`));
  const wanted = new Map(kept(target).map((e) => [e.name.toString("hex"), e]));
  const had = new Map(kept(current).map((e) => [e.name.toString("hex"), e]));
  // Removals first (what the target lacks, and folders that become something else or the reverse), so each place is free.
  for (const [key, cur] of had) {
    const tgt = wanted.get(key);
    if (tgt && (cur.kind === "dir") === (tgt.kind === "dir")) continue;
    remove(store, join(dir, cur.name), `${rel}${nameOf(cur.name).text}`, cur, result, at, leave);
  }
  for (const [key, tgt] of wanted) {
    const cur = had.get(key);
    const abs = join(dir, tgt.name);
    const shown = `${rel}${nameOf(tgt.name).text}`;
    if (cur && same(cur, tgt)) continue;
    at.path = shown;
    if (tgt.kind === "dir") {
      const exists = lstatSync(abs, { throwIfNoEntry: false });
      if (!exists) mkdirSync(abs, { mode: tgt.mode & 0o777 });
      else if (!exists.isDirectory()) {
        result.left.push(`${shown}: something loopkit cannot remove is in the way of a folder`);
        continue;
      }
      syncFolder(store, abs, `${shown}/`, cur?.kind === "dir" ? entries(store, cur.hash) : [], entries(store, tgt.hash), result, at, leave);
      continue;
    }
    // What loopkit does not keep is not overwritten either: nothing could bring it back.
    if (cur && cur.kind !== "dir" && ((cur.kind === "file" && !cur.kept) || cur.kind === "unreadable")) {
      result.left.push(`${shown}: what is there now is not in loopkit's record (over 1 MB, or unreadable), so it is not overwritten`);
      continue;
    }
    place(store, dir, abs, shown, tgt, result);
  }
}

/** Removes what the record says is at `abs` (a folder: what it recorded below it but what `leave` names, then the folder when empty). */
function remove(
  store: ObjectStore,
  abs: FsPath,
  shown: string,
  entry: TreeEntry,
  result: WriteResult,
  at: Cursor,
  leave: (path: string) => boolean,
): void {
  at.path = shown;
  const now = lstatSync(abs, { throwIfNoEntry: false });
  if (!now) return;
  if (entry.kind === "dir") {
    if (!now.isDirectory()) return;
    let kept = false;
    for (const child of entries(store, entry.hash)) {
      const below = `${shown}/${nameOf(child.name).text}`;
      if (leave(below)) kept = true;
      else remove(store, join(abs, child.name), below, child, result, at, leave);
    }
    try {
      rmdirSync(abs);
    } catch {
      if (!kept) result.left.push(`${shown}/: not empty (files loopkit does not keep, or new ones), left as it is`);
    }
    return;
  }
  if ((entry.kind === "file" && !entry.kept) || entry.kind === "unreadable") {
    result.left.push(
      `${shown}: ${entry.kind === "file" ? "its content is not in loopkit's record (over 1 MB)" : "unreadable by loopkit"}, so it is not deleted`,
    );
    return;
  }
  if (now.isDirectory()) {
    result.left.push(`${shown}: now a folder, left as it is`);
    return;
  }
  unlinkSync(abs);
  result.deleted++;
  result.done.push(shown);
}

function place(store: ObjectStore, dir: FsPath, abs: FsPath, shown: string, entry: TreeEntry, result: WriteResult): void {
  if (entry.kind === "file" && !entry.kept)
    return void result.left.push(`${shown}: its content is not in loopkit's record (over 1 MB), left as it is`);
  if (entry.kind !== "file" && entry.kind !== "link")
    return void result.left.push(
      `${shown}: ${entry.kind === "unreadable" ? "was unreadable by loopkit" : `a ${entry.kind} cannot be restored`}, left as it is`,
    );
  const temp = join(dir, Buffer.from(`.loopkit-restore-${randomBytes(6).toString("hex")}.tmp`));
  // The temp file goes on every failed step (a full disk mid-write too), never left in the project.
  const made = { temp: false };
  try {
    if (entry.kind === "link") symlinkSync(entry.target!, temp);
    else writeNew(temp, store.get(entry.hash!, "blob"), entry.mode & 0o777, made);
    made.temp = true;
    renameSync(temp, abs);
  } catch (error) {
    if (made.temp) rmSync(temp, { force: true });
    throw error;
  }
  result.written++;
  result.done.push(shown);
}

/** Writes `content` to the new file `file` (never through a link), every byte counted; `made.temp` once it exists. */
function writeNew(file: FsPath, content: Buffer, mode: number, made: { temp: boolean }): void {
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), mode);
  made.temp = true;
  try {
    let written = 0;
    while (written < content.length) written += writeSync(fd, content, written, content.length - written);
  } finally {
    closeSync(fd);
  }
}
