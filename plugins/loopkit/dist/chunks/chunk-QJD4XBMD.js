import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  LoopkitError
} from "./chunk-W3MJS3SN.js";

// src/shared/guarded-files.ts
import { randomBytes } from "node:crypto";
import { constants, promises as fs } from "node:fs";
import path from "node:path";
var NOFOLLOW = constants.O_NOFOLLOW ?? 0;
var NONBLOCK = constants.O_NONBLOCK ?? 0;
function describeEntry(stat) {
  if (stat.isSymbolicLink()) return "a symbolic link";
  if (stat.isDirectory()) return "a folder";
  if (stat.isFile()) return "a file";
  if (stat.isFIFO()) return "a named pipe (FIFO)";
  if (stat.isSocket()) return "a socket";
  return "a device";
}
var lstatOrNull = (file) => fs.lstat(file).catch((error) => error.code === "ENOENT" ? null : Promise.reject(error));
var GuardedFolder = class {
  constructor(root, now = () => /* @__PURE__ */ new Date()) {
    this.root = root;
    this.now = now;
  }
  root;
  now;
  /** Everything moved aside so far, for the caller to report. */
  planted = [];
  /** Makes `rel` (and every folder above it, below the root) a real folder. Returns its absolute path. */
  async dir(rel) {
    await fs.mkdir(this.root, { recursive: true });
    let current = this.root;
    for (const part of splitRel(rel)) {
      current = path.join(current, part);
      const stat = await lstatOrNull(current);
      if (stat?.isDirectory()) continue;
      if (stat) await this.moveAside(current, stat);
      await fs.mkdir(current).catch((error) => error.code === "EEXIST" ? void 0 : Promise.reject(error));
      if (!(await fs.lstat(current)).isDirectory()) throw new Error(`${current} is not a folder loopkit can write in`);
    }
    return current;
  }
  /**
   * Writes `rel` atomically (a private temp file renamed over it); never writes through a link. A write
   * the disk refuses removes the temp file and is NO_SPACE or READ_ONLY (refusedOr).
   */
  async writeFile(rel, content) {
    const target = path.join(this.root, rel);
    try {
      const dir = await this.dir(path.dirname(rel));
      await this.clearForFile(target);
      const temp = path.join(dir, `.${path.basename(rel)}.${randomBytes(6).toString("hex")}.tmp`);
      const handle = await fs.open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 420);
      try {
        try {
          await handle.writeFile(content);
        } finally {
          await handle.close();
        }
        await fs.rename(temp, target);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    } catch (error) {
      throw refusedOr(this.root, target, error);
    }
  }
  /** Appends to `rel`, creating it; a link or anything but a regular file there is moved aside first. An append the disk refuses is cut back to the file's old end. */
  async append(rel, content) {
    const target = path.join(this.root, rel);
    try {
      const dir = await this.dir(path.dirname(rel));
      await this.clearForFile(target);
      const handle = await fs.open(
        path.join(dir, path.basename(rel)),
        constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NOFOLLOW | NONBLOCK,
        420
      );
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw new Error(`${target} is not a regular file`);
        const bytes = Buffer.from(content);
        const failed = await handle.write(bytes).then(
          (done) => done.bytesWritten === bytes.length ? null : Object.assign(new Error("short write"), { code: "ENOSPC" }),
          (error) => error
        );
        if (failed) {
          await handle.truncate(stat.size).catch(() => void 0);
          throw failed;
        }
      } finally {
        await handle.close();
      }
    } catch (error) {
      throw refusedOr(this.root, target, error);
    }
  }
  /** Opens `rel` for appending, as `append` checks it; the caller closes the handle (a child's log). */
  async openForAppend(rel) {
    const dir = await this.dir(path.dirname(rel));
    const target = path.join(dir, path.basename(rel));
    await this.clearForFile(target);
    const handle = await fs.open(target, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NOFOLLOW | NONBLOCK, 420);
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new Error(`${target} is not a regular file`);
    }
    return handle;
  }
  /**
   * Reads `rel` when it is a regular file below real folders: at most `maxBytes` (the rest is
   * reported, not read). A missing file, or anything else in its place, is null; nothing is moved.
   */
  async read(rel, maxBytes) {
    let current = this.root;
    for (const part of splitRel(path.dirname(rel))) {
      current = path.join(current, part);
      if (!(await lstatOrNull(current))?.isDirectory()) return null;
    }
    return readRegularFile(path.join(current, path.basename(rel)), maxBytes);
  }
  /** Moves aside a regular file at `rel` (an edited copy) into `keepDir`; returns the kept path relative to the root. */
  async keepAside(rel, keepDir, name) {
    const file = path.join(this.root, rel);
    const stat = await lstatOrNull(file);
    if (!stat) return null;
    const dir = await this.dir(keepDir);
    const kept = path.join(dir, name);
    await fs.rename(file, kept);
    return path.relative(this.root, kept);
  }
  /** Moves whatever is at `rel` aside (without following it) and records it; null when nothing is there. */
  async moveAsideIfPresent(rel) {
    const file = path.join(this.root, rel);
    const stat = await lstatOrNull(file);
    return stat ? this.moveAside(file, stat) : null;
  }
  /** Checks that `rel` is a regular file (or absent); anything else is moved aside and returned. */
  async checkFile(rel) {
    let current = this.root;
    for (const part of splitRel(path.dirname(rel))) {
      current = path.join(current, part);
      const stat2 = await lstatOrNull(current);
      if (!stat2) return null;
      if (!stat2.isDirectory()) return this.moveAside(current, stat2);
    }
    const file = path.join(current, path.basename(rel));
    const stat = await lstatOrNull(file);
    return stat && !stat.isFile() ? this.moveAside(file, stat) : null;
  }
  /** Checks that `rel` is a real folder (or absent), parents included. */
  async checkDir(rel) {
    let current = this.root;
    for (const part of splitRel(rel)) {
      current = path.join(current, part);
      const stat = await lstatOrNull(current);
      if (!stat) return null;
      if (!stat.isDirectory()) return this.moveAside(current, stat);
    }
    return null;
  }
  async clearForFile(target) {
    const stat = await lstatOrNull(target);
    if (stat && !stat.isFile()) await this.moveAside(target, stat);
  }
  async moveAside(file, stat) {
    const stamp = this.now().toISOString().replace(/[:.]/g, "-");
    const kept = `${file}-foreign-${stamp}-${randomBytes(3).toString("hex")}`;
    await fs.rename(file, kept);
    const planted = { path: path.relative(this.root, file), found: describeEntry(stat), keptAs: path.relative(this.root, kept) };
    this.planted.push(planted);
    return planted;
  }
};
function refusedOr(root, file, cause) {
  const code = cause?.code;
  if (code === "ENOSPC" || code === "EDQUOT")
    return new LoopkitError("NO_SPACE", `the disk holding the project ${root} is full: could not write ${file} (${code})`, {
      value: file,
      cause,
      hint: "free some space on that disk"
    });
  if (code === "EROFS" || code === "EACCES" || code === "EPERM")
    return new LoopkitError("READ_ONLY", `the project ${root} cannot be written: could not write ${file} (${code})`, {
      value: file,
      cause,
      hint: code === "EROFS" ? "its file system is read-only: remount it read-write" : "make it writable for this user"
    });
  return cause;
}
function splitRel(rel) {
  const parts = path.normalize(rel).split(path.sep).filter((part) => part !== "" && part !== ".");
  if (parts.includes("..") || path.isAbsolute(rel)) throw new Error(`${rel} is not a path below the guarded folder`);
  return parts;
}
async function readRegularFile(file, maxBytes, position = 0) {
  const handle = await openRegular(file);
  if (!handle) return null;
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.alloc(Math.max(0, Math.min(maxBytes, size - position)));
    const { bytesRead } = bytes.length ? await handle.read(bytes, 0, bytes.length, position) : { bytesRead: 0 };
    return { bytes: bytes.subarray(0, bytesRead), size, truncated: size - position > bytesRead };
  } finally {
    await handle.close();
  }
}
async function openRegular(file, follow = false) {
  let handle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | NONBLOCK | (follow ? 0 : NOFOLLOW));
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT" || code === "ELOOP" || code === "ENXIO" || code === "ENOTDIR" || code === "EISDIR") return null;
    throw error;
  }
  if ((await handle.stat()).isFile()) return handle;
  await handle.close();
  return null;
}

export {
  GuardedFolder,
  readRegularFile,
  openRegular
};
