// A bounded, synchronous read of a regular file that never follows a final link or blocks on a FIFO.
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { writeFileAtomicSync } from "../shared/atomic-write.js";
import { LoopkitError } from "../shared/errors.js";

const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** At most `maxBytes` of `file` when it is a regular file; null when it is missing, unreadable or anything else. */
export function readRegularFileSync(file: string | Buffer, maxBytes: number): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch {
    return null;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return null;
    const bytes = Buffer.alloc(Math.min(maxBytes, stat.size));
    let got = 0;
    while (got < bytes.length) {
      const n = readSync(fd, bytes, got, bytes.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return bytes.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/** The whole of one of loopkit's own binary files; null when absent, STATE_CORRUPT when anything but a regular file is there. */
export function readOwnFileSync(file: string): Buffer | null {
  let fd: number;
  try {
    fd = openSync(file, FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new LoopkitError("STATE_CORRUPT", `${file} cannot be read: ${(error as Error).message}`, { value: file });
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) throw new LoopkitError("STATE_CORRUPT", `${file} is not a regular file`, { value: file });
    const bytes = Buffer.allocUnsafe(stat.size);
    let got = 0;
    while (got < bytes.length) {
      const n = readSync(fd, bytes, got, bytes.length - got, got);
      if (n === 0) break;
      got += n;
    }
    return bytes.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes one of loopkit's own binary files atomically (shared/atomic-write.ts), private to its owner;
 * synced first unless `sync` is false (a cache whose loss only costs reading the files again).
 */
export function writeOwnFileSync(file: string, parts: Buffer[], sync = true): void {
  writeFileAtomicSync(file, parts, { sync, mode: 0o600 });
}
