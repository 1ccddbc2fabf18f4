// Reading and writing inside a folder the agent can write (the project's .auto-loop/). Nothing here
// follows a link or blocks: every component below the root is checked with lstat; whatever is not what
// loopkit puts there (a symlink, FIFO, device, a folder at a file's place, a file at a folder's) is
// moved aside by rename, which moves the entry itself and never what it points to, and is reported;
// files are opened with O_NOFOLLOW | O_NONBLOCK and checked with fstat before a byte is read.
import { randomBytes } from "node:crypto";
import { constants, promises as fs, type Stats } from "node:fs";
import path from "node:path";
import { LoopkitError } from "./errors.js";

/** Something planted where loopkit keeps a file or folder, and where it was moved. Paths relative to the root. */
export interface Planted {
  path: string;
  found: string;
  keptAs: string;
}

// Windows has neither flag; there, lstat checks alone guard against links.
const NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const NONBLOCK = constants.O_NONBLOCK ?? 0;

/** What an lstat found, in words for a report. */
export function describeEntry(stat: Stats): string {
  if (stat.isSymbolicLink()) return "a symbolic link";
  if (stat.isDirectory()) return "a folder";
  if (stat.isFile()) return "a file";
  if (stat.isFIFO()) return "a named pipe (FIFO)";
  if (stat.isSocket()) return "a socket";
  return "a device";
}

const lstatOrNull = (file: string) =>
  fs.lstat(file).catch((error: NodeJS.ErrnoException) => (error.code === "ENOENT" ? null : Promise.reject(error)));

/** A guarded root: files below it are written and read only through real folders and regular files. */
export class GuardedFolder {
  /** Everything moved aside so far, for the caller to report. */
  readonly planted: Planted[] = [];

  constructor(
    readonly root: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Makes `rel` (and every folder above it, below the root) a real folder. Returns its absolute path. */
  async dir(rel: string): Promise<string> {
    // The root is trusted as given (the project folder itself); only what is below it is checked.
    await fs.mkdir(this.root, { recursive: true });
    let current = this.root;
    for (const part of splitRel(rel)) {
      current = path.join(current, part);
      const stat = await lstatOrNull(current);
      if (stat?.isDirectory()) continue;
      if (stat) await this.moveAside(current, stat);
      await fs.mkdir(current).catch((error: NodeJS.ErrnoException) => (error.code === "EEXIST" ? undefined : Promise.reject(error)));
      // Something raced in between: a folder is fine, anything else is refused rather than followed.
      if (!(await fs.lstat(current)).isDirectory()) throw new Error(`${current} is not a folder loopkit can write in`);
    }
    return current;
  }

  /**
   * Writes `rel` atomically (a private temp file renamed over it); never writes through a link. A write
   * the disk refuses removes the temp file and is NO_SPACE or READ_ONLY (refusedOr).
   */
  async writeFile(rel: string, content: string | Buffer): Promise<void> {
    const target = path.join(this.root, rel);
    try {
      const dir = await this.dir(path.dirname(rel));
      await this.clearForFile(target);
      const temp = path.join(dir, `.${path.basename(rel)}.${randomBytes(6).toString("hex")}.tmp`);
      const handle = await fs.open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 0o644);
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
  async append(rel: string, content: string): Promise<void> {
    const target = path.join(this.root, rel);
    try {
      const dir = await this.dir(path.dirname(rel));
      await this.clearForFile(target);
      const handle = await fs.open(
        path.join(dir, path.basename(rel)),
        constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NOFOLLOW | NONBLOCK,
        0o644,
      );
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) throw new Error(`${target} is not a regular file`);
        const bytes = Buffer.from(content);
        const failed = await handle.write(bytes).then(
          (done) => (done.bytesWritten === bytes.length ? null : Object.assign(new Error("short write"), { code: "ENOSPC" })),
          (error: unknown) => error,
        );
        if (failed) {
          await handle.truncate(stat.size).catch(() => undefined);
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
  async openForAppend(rel: string): Promise<fs.FileHandle> {
    const dir = await this.dir(path.dirname(rel));
    const target = path.join(dir, path.basename(rel));
    await this.clearForFile(target);
    const handle = await fs.open(target, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NOFOLLOW | NONBLOCK, 0o644);
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
  async read(rel: string, maxBytes: number): Promise<ReadOutcome | null> {
    let current = this.root;
    for (const part of splitRel(path.dirname(rel))) {
      current = path.join(current, part);
      if (!(await lstatOrNull(current))?.isDirectory()) return null;
    }
    return readRegularFile(path.join(current, path.basename(rel)), maxBytes);
  }

  /** Moves aside a regular file at `rel` (an edited copy) into `keepDir`; returns the kept path relative to the root. */
  async keepAside(rel: string, keepDir: string, name: string): Promise<string | null> {
    const file = path.join(this.root, rel);
    const stat = await lstatOrNull(file);
    if (!stat) return null;
    const dir = await this.dir(keepDir);
    const kept = path.join(dir, name);
    await fs.rename(file, kept);
    return path.relative(this.root, kept);
  }

  /** Moves whatever is at `rel` aside (without following it) and records it; null when nothing is there. */
  async moveAsideIfPresent(rel: string): Promise<Planted | null> {
    const file = path.join(this.root, rel);
    const stat = await lstatOrNull(file);
    return stat ? this.moveAside(file, stat) : null;
  }

  /** Checks that `rel` is a regular file (or absent); anything else is moved aside and returned. */
  async checkFile(rel: string): Promise<Planted | null> {
    let current = this.root;
    for (const part of splitRel(path.dirname(rel))) {
      current = path.join(current, part);
      const stat = await lstatOrNull(current);
      if (!stat) return null;
      if (!stat.isDirectory()) return this.moveAside(current, stat);
    }
    const file = path.join(current, path.basename(rel));
    const stat = await lstatOrNull(file);
    return stat && !stat.isFile() ? this.moveAside(file, stat) : null;
  }

  /** Checks that `rel` is a real folder (or absent), parents included. */
  async checkDir(rel: string): Promise<Planted | null> {
    let current = this.root;
    for (const part of splitRel(rel)) {
      current = path.join(current, part);
      const stat = await lstatOrNull(current);
      if (!stat) return null;
      if (!stat.isDirectory()) return this.moveAside(current, stat);
    }
    return null;
  }

  private async clearForFile(target: string): Promise<void> {
    const stat = await lstatOrNull(target);
    if (stat && !stat.isFile()) await this.moveAside(target, stat);
  }

  private async moveAside(file: string, stat: Stats): Promise<Planted> {
    const stamp = this.now().toISOString().replace(/[:.]/g, "-");
    const kept = `${file}-foreign-${stamp}-${randomBytes(3).toString("hex")}`;
    await fs.rename(file, kept);
    const planted = { path: path.relative(this.root, file), found: describeEntry(stat), keptAs: path.relative(this.root, kept) };
    this.planted.push(planted);
    return planted;
  }
}

/**
 * NO_SPACE (a full disk or quota) or READ_ONLY (a read-only file system, permissions) for a write below
 * `root` that the file system refused, naming the disk's folder and the file; else the error itself.
 */
export function refusedOr(root: string, file: string, cause: unknown): unknown {
  const code = (cause as NodeJS.ErrnoException | null)?.code;
  if (code === "ENOSPC" || code === "EDQUOT")
    return new LoopkitError("NO_SPACE", `the disk holding the project ${root} is full: could not write ${file} (${code})`, {
      value: file,
      cause,
      hint: "free some space on that disk",
    });
  if (code === "EROFS" || code === "EACCES" || code === "EPERM")
    return new LoopkitError("READ_ONLY", `the project ${root} cannot be written: could not write ${file} (${code})`, {
      value: file,
      cause,
      hint: code === "EROFS" ? "its file system is read-only: remount it read-write" : "make it writable for this user",
    });
  return cause;
}

function splitRel(rel: string): string[] {
  const parts = path
    .normalize(rel)
    .split(path.sep)
    .filter((part) => part !== "" && part !== ".");
  if (parts.includes("..") || path.isAbsolute(rel)) throw new Error(`${rel} is not a path below the guarded folder`);
  return parts;
}

export type ReadOutcome = { bytes: Buffer; size: number; truncated: boolean };

/**
 * Reads at most `maxBytes` of `file` if it is a regular file; null when it is missing or anything
 * else (a link at its last component, a FIFO, a device, a folder). Never blocks on a FIFO.
 */
export async function readRegularFile(file: string, maxBytes: number, position = 0): Promise<ReadOutcome | null> {
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

/** Opens `file` read-only without following a final link or blocking; null unless it is a regular file. */
export async function openRegular(file: string, follow = false): Promise<fs.FileHandle | null> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | NONBLOCK | (follow ? 0 : NOFOLLOW));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // ELOOP: a link where NOFOLLOW refuses; ENXIO: a socket or a FIFO with no writer on some systems.
    if (code === "ENOENT" || code === "ELOOP" || code === "ENXIO" || code === "ENOTDIR" || code === "EISDIR") return null;
    throw error;
  }
  if ((await handle.stat()).isFile()) return handle;
  await handle.close();
  return null;
}
