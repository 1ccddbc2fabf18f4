// loopkit's own binary files in its data folder, read and written whole (the safe reader: shared/safe-read.ts).
import { closeSync, type Stats } from "node:fs";
import { openSafeSync, readIntoSync } from "../shared/safe-read.js";
import { writeFileAtomicSync } from "../shared/atomic-write.js";
import { LoopkitError } from "../shared/errors.js";

export { readRegularFileSync } from "../shared/safe-read.js";

/** The whole of one of loopkit's own binary files; null when absent, STATE_CORRUPT when anything but a regular file is there. */
export function readOwnFileSync(file: string): Buffer | null {
  let opened: { fd: number; stat: Stats };
  try {
    opened = openSafeSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new LoopkitError("STATE_CORRUPT", `${file} cannot be read: ${(error as Error).message}`, { value: file });
  }
  try {
    if (!opened.stat.isFile()) throw new LoopkitError("STATE_CORRUPT", `${file} is not a regular file`, { value: file });
    const bytes = Buffer.allocUnsafe(opened.stat.size);
    return bytes.subarray(0, readIntoSync(opened.fd, bytes, 0, bytes.length, 0));
  } finally {
    closeSync(opened.fd);
  }
}

/**
 * Writes one of loopkit's own binary files atomically (shared/atomic-write.ts), private to its owner;
 * synced first unless `sync` is false (a cache whose loss only costs reading the files again).
 */
export function writeOwnFileSync(file: string, parts: Buffer[], sync = true): void {
  writeFileAtomicSync(file, parts, { sync, mode: 0o600 });
}
