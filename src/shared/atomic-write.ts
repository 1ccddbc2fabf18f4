// The one way loopkit replaces a file of its own: a private temp file beside it, written whole (every
// byte counted, synced), its size checked, then renamed over the old one. A write that fails (a full
// disk, a used-up quota, a read-only folder) leaves the last good version in place and says why.
// write-file-atomic 7.0.1 and 8.0.0 write the temp file with one fs.write whose count they never
// check, so a full disk renamed a short file into place; this module replaces them (docs/development.md).
import { closeSync, constants, fstatSync, fsyncSync, ftruncateSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { LoopkitError } from "./errors.js";

export interface AtomicWriteOptions {
  /** Sync the file and its folder before returning (default true); false for a cache whose loss costs only time. */
  sync?: boolean;
  /** Permission bits of a new file (default 0o666, less the umask). */
  mode?: number;
}

/** Replaces `file` with `data` atomically; NO_SPACE when the disk or quota is full, the file system's error otherwise. */
export function writeFileAtomicSync(file: string, data: string | Buffer | Buffer[], options: AtomicWriteOptions = {}): void {
  const parts = typeof data === "string" ? [Buffer.from(data)] : Array.isArray(data) ? data : [data];
  const expected = parts.reduce((sum, part) => sum + part.length, 0);
  const fault = nextFault(file);
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`;
  let fd: number | undefined;
  try {
    fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), options.mode ?? 0o666);
    if (fault === "temp") {
      const all = Buffer.concat(parts);
      writeSync(fd, all, 0, Math.floor(all.length / 2), 0);
      die();
    }
    let at = 0;
    for (const part of parts) {
      let written = 0;
      while (written < part.length) written += writeSync(fd, part, written, part.length - written, at + written);
      at += part.length;
    }
    if (options.sync !== false) fsyncSync(fd);
    const size = fstatSync(fd).size;
    if (size !== expected)
      throw new LoopkitError("NO_SPACE", `${spaceWords("ENOSPC")}: only ${size} of ${expected} bytes of ${file} could be written`, {
        value: file,
        hint: KEPT_HINT,
      });
    closeSync(fd);
    fd = undefined;
    if (fault === "rename") die();
    renameSync(temp, file);
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    rmSync(temp, { force: true });
    throw noSpaceOr(file, error);
  }
  if (options.sync !== false) syncFolder(path.dirname(file));
  if (fault === "after") die();
}

/** The same, for callers that await (the write itself is short and synchronous). */
export async function writeFileAtomic(file: string, data: string | Buffer | Buffer[], options: AtomicWriteOptions = {}): Promise<void> {
  writeFileAtomicSync(file, data, options);
}

/**
 * Appends `data` to `file` whole or not at all: every byte counted, and a write that fails part-way
 * (a full disk) is cut back to the file's old end, so no torn line is left for the next one to join.
 */
export function appendWholeSync(file: string, data: string | Buffer): void {
  const bytes = typeof data === "string" ? Buffer.from(data) : data;
  const fd = openSync(
    file,
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    0o644,
  );
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new Error(`${file} is not a regular file`);
    let written = 0;
    try {
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
    } catch (error) {
      if (written > 0) ftruncateSync(fd, stat.size);
      throw noSpaceOr(file, error);
    }
  } finally {
    closeSync(fd);
  }
}

const KEPT_HINT =
  "the file's last good version is kept; free some space on that disk (or raise the quota), and the loop goes on from its last saved state";

/** Plain words for a full disk or quota, naming what was not written. */
function spaceWords(code: string): string {
  return code === "EDQUOT" ? "the disk quota of the folder holding loopkit's data is used up" : "the disk holding loopkit's data is full";
}

/** NO_SPACE for a full disk or quota (ENOSPC, EDQUOT), else the error itself. */
export function noSpaceOr(file: string, cause: unknown): unknown {
  const code = (cause as NodeJS.ErrnoException | null)?.code;
  if (code !== "ENOSPC" && code !== "EDQUOT") return cause;
  return new LoopkitError("NO_SPACE", `${spaceWords(code)}: could not write ${file} (${code})`, { value: file, cause, hint: KEPT_HINT });
}

/** Makes the rename durable; a folder that cannot be opened or synced (some file systems) is left as it is. */
function syncFolder(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, constants.O_RDONLY);
    fsyncSync(fd);
  } catch {
    // Durability only: the rename itself has happened.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Fault points for loopkit's fault-injection tests (test/faults/): LOOPKIT_FAULT_WRITE="<n>:<stage>"
 * SIGKILLs this process at its n-th atomic write, halfway through the temp file ("temp"), before the
 * rename ("rename") or after it ("after"); "trace" prints each write's path to stderr. A kill -9 is
 * nothing the agent, who runs as the same user, could not do anyway, and it is the case proven safe.
 */
const FAULT = process.env.LOOPKIT_FAULT_WRITE ?? "";
let writes = 0;

function nextFault(file: string): "temp" | "rename" | "after" | null {
  if (!FAULT) return null;
  writes += 1;
  if (FAULT === "trace") {
    process.stderr.write(`loopkit-fault: write ${writes} ${path.basename(file)}\n`);
    return null;
  }
  const [n, stage] = FAULT.split(":");
  if (Number(n) !== writes) return null;
  return stage === "temp" || stage === "rename" || stage === "after" ? stage : null;
}

function die(): never {
  process.kill(process.pid, "SIGKILL");
  throw new Error("unreachable: SIGKILL did not end the process");
}
