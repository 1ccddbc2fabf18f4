// The one safe way to read a file the agent can write (the project, .auto-loop/, a planted state
// file): opened with O_NOFOLLOW | O_NONBLOCK, so a final link is never followed and a FIFO never waited
// on, and checked with fstat before a byte is read. Every bounded no-follow read in loopkit goes
// through these few functions, so the flags and the meaning of each error are written once.
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from "node:fs";

/** Windows has neither flag; there, lstat checks alone guard against links (docs/architecture.md). */
export const SAFE_READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

const code = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code ?? "";

/** An open error that means loopkit may not read what is there (it is recorded as unreadable, never skipped). */
export const isDenied = (error: unknown): boolean => code(error) === "EACCES" || code(error) === "EPERM";

/**
 * An open error that means what was seen is gone or is no regular file now: removed (ENOENT,
 * ENOTDIR), replaced by a link (ELOOP), a FIFO or socket with no writer (ENXIO), a folder (EISDIR), or
 * a name the filesystem refuses now (EINVAL).
 */
export const isGoneOrNotAFile = (error: unknown): boolean =>
  ["ENOENT", "ENOTDIR", "ELOOP", "ENXIO", "EISDIR", "EINVAL"].includes(code(error));

/** Opens `file` for a safe read; the caller closes the fd. Errors are thrown as they are (see isDenied, isGoneOrNotAFile). */
export function openSafeSync(file: string | Buffer): { fd: number; stat: Stats } {
  const fd = openSync(file, SAFE_READ_FLAGS);
  try {
    return { fd, stat: fstatSync(fd) };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

/** Reads from `position` into `buffer[start, end)` until it is full or the file ends; the number of bytes read. */
export function readIntoSync(fd: number, buffer: Buffer, start: number, end: number, position: number): number {
  let got = start;
  while (got < end) {
    const n = readSync(fd, buffer, got, end - got, position + (got - start));
    if (n === 0) break;
    got += n;
  }
  return got - start;
}

/**
 * At most `maxBytes` of `file` when a regular file is there; null when it is gone or is something else
 * (a link, FIFO, device, folder). `onError` decides about any other open error (default: null).
 */
export function readRegularFileSync(
  file: string | Buffer,
  maxBytes: number,
  onError: (error: unknown) => Buffer | null = () => null,
): Buffer | null {
  let opened: { fd: number; stat: Stats };
  try {
    opened = openSafeSync(file);
  } catch (error) {
    return isGoneOrNotAFile(error) ? null : onError(error);
  }
  try {
    if (!opened.stat.isFile()) return null;
    const bytes = Buffer.allocUnsafe(Math.min(maxBytes, opened.stat.size));
    return bytes.subarray(0, readIntoSync(opened.fd, bytes, 0, bytes.length, 0));
  } finally {
    closeSync(opened.fd);
  }
}
