// The trust rule, once: whether a stat-cache record may stand for an entry as it is now, without
// reading it. It imports nothing and reads only its arguments, because the thread that lstats ahead
// of a walk (lstat-ahead.ts) runs it from its source text; the table (stat-cache.ts) calls it too, so
// the rule cannot drift between them.

/** Where a record's fields lie (stat-cache.ts's RECORD_FIELDS). */
export interface RecordLayout {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtime: number;
  readonly ctime: number;
  readonly kind: number;
  readonly racy: number;
  readonly hash: number;
  readonly span: number;
}

/** An entry's identity, size and times now (an lstat). */
export interface StatNow {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  readonly ctimeMs: number;
}

/**
 * True when the record whose fields start at `fields` in `bytes` stands for the entry now: not racy,
 * the same kind, size, times and identity; and, for a file, a record that holds its hash and a folder
 * whose files loopkit vouches for by metadata (`fileVouched`: dependency, build and cache folders;
 * every other file is read again, since a write through a shared memory mapping leaves no new times).
 */
export function recordStands(
  bytes: Buffer,
  fields: number,
  layout: RecordLayout,
  kindNow: number,
  stat: StatNow,
  fileKind: number,
  fileVouched: () => boolean,
): boolean {
  if (
    bytes.readUInt8(fields + layout.racy) !== 0 ||
    bytes.readUInt8(fields + layout.kind) !== kindNow ||
    bytes.readDoubleLE(fields + layout.size) !== stat.size ||
    bytes.readDoubleLE(fields + layout.ctime) !== stat.ctimeMs ||
    bytes.readDoubleLE(fields + layout.mtime) !== stat.mtimeMs ||
    bytes.readDoubleLE(fields + layout.ino) !== stat.ino ||
    bytes.readDoubleLE(fields + layout.dev) !== stat.dev
  )
    return false;
  if (kindNow !== fileKind) return true;
  for (let i = fields + layout.hash; i < fields + layout.span; i++) if (bytes[i] !== 0) return fileVouched();
  return false;
}

/** True when two stats agree on identity, size and times (a folder listed again, a file read again). */
export function sameIdentityAndTimes(a: StatNow, b: StatNow): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}
