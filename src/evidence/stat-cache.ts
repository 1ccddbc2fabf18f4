// What every path was at the last snapshot (identity, size, times, and the hash loopkit computed), so a
// snapshot reads again only what may have changed. A record is trusted only when (dev, ino, size, mtime,
// ctime) all match: an unprivileged process can restore a file's size and mtime but never its ctime;
// and a file's only inside dependency, build and cache folders (tool-folders.ts): a write through a
// shared memory mapping changes content with no new times, so every other file is read each time.
// git's racy-clean rule applies: an entry whose mtime or ctime is not safely older than the start of
// the snapshot that recorded it could still change within the filesystem's timestamp granularity
// unseen, so it is read again next time. Binary, with a checksum: it holds a record per path, in walk
// order, each with its span (a folder's covers what is below it), so a walk can take a folder's
// entries from the records that follow it.
import { createHash } from "node:crypto";
import { LoopkitError } from "../shared/errors.js";
import { ENTRY_KINDS, type EntryKind } from "./tree.js";
import { HASH_BYTES } from "./object-store.js";
import { vouchedByMetadata } from "./tool-folders.js";
import { recordStands } from "./record-stands.js";
import { readOwnFileSync, writeOwnFileSync } from "./read-file.js";

/** How much older than a snapshot's start an entry's times must be for its record to be trusted later. */
export const RACY_MARGIN_MS = 2_000;

const FORMAT = Buffer.from("LKSTAT\u0000", "latin1");
const MAGIC = Buffer.concat([FORMAT, Buffer.from([2])]);
const HEADER = MAGIC.length + 4 + 8;
/**
 * Where a record's fields lie after its key: dev, ino, size, mtime, ctime (f64 each), kind, kept, racy
 * (u8 each), padding, hash, span (u32: bytes from the record's start to the end of what is below it).
 * The thread that lstats ahead of a walk reads them too.
 */
export const RECORD_FIELDS = {
  dev: 0,
  ino: 8,
  size: 16,
  mtime: 24,
  ctime: 32,
  kind: 40,
  kept: 41,
  racy: 42,
  hash: 44,
  span: 44 + HASH_BYTES,
  length: 48 + HASH_BYTES,
} as const;
const R = RECORD_FIELDS;
const FIXED = R.length;
const SPAN = R.span;
const NO_HASH = Buffer.alloc(HASH_BYTES);
const FILE_KIND = ENTRY_KINDS.indexOf("file");

export interface StatFields {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
}

export interface StatRecord extends StatFields {
  kind: EntryKind;
  kept: boolean;
  racy: boolean;
  hash: Buffer | null;
}

/** True while an entry's times are too recent for its record to be trusted: it is read again next time. */
export function isRacy(stat: Pick<StatFields, "mtimeMs" | "ctimeMs">, snapshotStartMs: number): boolean {
  return Math.max(stat.mtimeMs, stat.ctimeMs) >= snapshotStartMs - RACY_MARGIN_MS;
}

/** Whether `key` is below the folder whose key is `folder` (not "": everything in the project is below that). */
const isBelow = (key: string, folder: string) =>
  key.length > folder.length && key.charCodeAt(folder.length) === 0x2f && key.startsWith(folder);

/** Lookups found down the spans before the key index pays for itself. */
const MISSES_BEFORE_INDEX = 64;

/**
 * A snapshot's records by path key, read in place from their bytes. A walk asks for them in the order
 * the last one wrote them, so a cursor answers most lookups; the key index is built only when the
 * order differs (an entry added or removed) or all keys are wanted.
 */
export class StatTable {
  private index: Map<string, number> | null = null;
  private cursor: number;
  /** The last lookup (a walk asks for an entry's record more than once). */
  private memoKey: string | null = null;
  private memoAt = -1;
  /** Lookups the cursor did not answer: past MISSES_BEFORE_INDEX the key index is built. */
  private misses = 0;

  private constructor(
    private readonly bytes: Buffer,
    /** Offset of the first record. */
    private readonly first: number,
    readonly size: number,
    /** The record starts of a table just built (a loaded one finds them when wanted). */
    private readonly built: readonly number[] | null,
    /** When the snapshot that wrote this table started (epoch ms). */
    readonly startMs: number,
  ) {
    this.cursor = first;
  }

  /** A table read from its file: records from `first`, `count` of them. */
  static loaded(bytes: Buffer, first: number, count: number, startMs: number): StatTable {
    return new StatTable(bytes, first, count, null, startMs);
  }

  /** A table a snapshot just built, with its record starts at hand. */
  static fromBuilt(bytes: Buffer, starts: readonly number[], startMs: number): StatTable {
    return new StatTable(bytes, starts[0] ?? bytes.length, starts.length, starts, startMs);
  }

  /** The records' bytes as they are (a walk's helper thread reads them), and the first record's start. */
  records(): { bytes: Buffer; first: number } {
    return { bytes: this.bytes, first: this.first };
  }

  keys(): IterableIterator<string> {
    return this.map().keys();
  }

  /** Every record's start, in the order they were written: a folder before what is below it, each folder's entries together. */
  starts(): readonly number[] {
    if (this.built) return this.built;
    const starts: number[] = [];
    for (let at = this.first; at < this.bytes.length; at = this.fieldsAt(at) + FIXED) starts.push(at);
    return starts;
  }

  /** The record's start in the bytes, or -1. */
  find(key: string): number {
    if (this.memoKey === key) return this.memoAt;
    let at = -1;
    if (this.cursor < this.bytes.length) {
      const length = this.bytes.readUInt16LE(this.cursor);
      if (this.bytes.toString("utf8", this.cursor + 2, this.cursor + 2 + length) === key) at = this.cursor;
    }
    if (at < 0) at = this.index || ++this.misses > MISSES_BEFORE_INDEX ? (this.map().get(key) ?? -1) : this.findBySpans(key);
    if (at >= 0) this.cursor = this.fieldsAt(at) + FIXED;
    this.memoKey = key;
    this.memoAt = at;
    return at;
  }

  get(key: string): StatRecord | undefined {
    const at = this.find(key);
    return at < 0 ? undefined : this.recordAt(at);
  }

  /** True when the record at `at` may stand for the entry now: the one trust rule (record-stands.ts). */
  trustedAt(at: number, kind: EntryKind, stat: StatFields): boolean {
    return recordStands(this.bytes, this.fieldsAt(at), R, ENTRY_KINDS.indexOf(kind), stat, FILE_KIND, () =>
      vouchedByMetadata(this.keyAt(at)),
    );
  }

  hashAt(at: number): Buffer | null {
    const f = this.fieldsAt(at) + R.hash;
    const hash = this.bytes.subarray(f, f + HASH_BYTES);
    return hash.equals(NO_HASH) ? null : hash;
  }

  keyAt(at: number): string {
    return this.bytes.toString("utf8", at + 2, this.fieldsAt(at));
  }

  /** Where the record after the one at `at` starts (the first entry below a folder's). */
  nextAt(at: number): number {
    return this.fieldsAt(at) + FIXED;
  }

  /** Where what is below the record at `at` ends: the start of its next sibling, or of whatever follows its parent. */
  endAt(at: number): number {
    return at + this.bytes.readUInt32LE(this.fieldsAt(at) + SPAN);
  }

  /** The walk found `key`'s record at `at` (listing a folder from the records): lookups go on from there. Returns `at`. */
  passed(key: string, at: number): number {
    this.cursor = this.nextAt(at);
    this.memoKey = key;
    this.memoAt = at;
    return at;
  }

  kindAt(at: number): EntryKind {
    return ENTRY_KINDS[this.bytes.readUInt8(this.fieldsAt(at) + R.kind)] ?? "unreadable";
  }

  sizeAt(at: number): number {
    return this.bytes.readDoubleLE(this.fieldsAt(at) + R.size);
  }

  racyAt(at: number): boolean {
    return this.bytes.readUInt8(this.fieldsAt(at) + R.racy) === 1;
  }

  keptAt(at: number): boolean {
    return this.bytes.readUInt8(this.fieldsAt(at) + R.kept) === 1;
  }

  recordAt(at: number): StatRecord {
    const b = this.bytes;
    const f = this.fieldsAt(at);
    return {
      dev: b.readDoubleLE(f + R.dev),
      ino: b.readDoubleLE(f + R.ino),
      size: b.readDoubleLE(f + R.size),
      mtimeMs: b.readDoubleLE(f + R.mtime),
      ctimeMs: b.readDoubleLE(f + R.ctime),
      kind: this.kindAt(at),
      kept: b.readUInt8(f + R.kept) === 1,
      racy: b.readUInt8(f + R.racy) === 1,
      hash: this.hashAt(at),
    };
  }

  /** Copies the record at `at` as it is into `target` at `targetStart` (an unchanged record); returns its length. */
  copyRecord(at: number, target: Buffer, targetStart: number): number {
    return this.bytes.copy(target, targetStart, at, this.fieldsAt(at) + FIXED);
  }

  /** Copies the records from `at` to `end` as they are (a folder and what is below it) into `target` at `targetStart`. */
  copyRange(at: number, end: number, target: Buffer, targetStart: number): number {
    return this.bytes.copy(target, targetStart, at, end);
  }

  /** The length of the record at `at`. */
  lengthAt(at: number): number {
    return this.fieldsAt(at) + FIXED - at;
  }

  private fieldsAt(at: number): number {
    return at + 2 + this.bytes.readUInt16LE(at);
  }

  /**
   * The record of `key` found down the folders' spans: each level's entries are scanned (a folder's
   * next sibling is where its span ends) and only the folder on the way to the key is entered. A few
   * lookups cost the entries of the folders on the way, where the key index costs every record.
   */
  private findBySpans(key: string): number {
    // The top level: the project's folder (""), then the git folders' records ("\0git", ...).
    for (let top = this.first; top < this.bytes.length; top = this.endAt(top)) {
      let at = top;
      let name = this.keyAt(at);
      if (name === key) return at;
      if (name !== "" && !isBelow(key, name)) continue;
      for (let child = this.nextAt(at), end = this.endAt(at); child < end;) {
        name = this.keyAt(child);
        if (name === key) return child;
        if (isBelow(key, name)) {
          at = child;
          end = this.endAt(at);
          child = this.nextAt(at);
        } else child = this.endAt(child);
      }
    }
    return -1;
  }

  private map(): Map<string, number> {
    if (this.index) return this.index;
    const index = new Map<string, number>();
    if (this.built) {
      for (const at of this.built) index.set(this.keyAt(at), at);
    } else {
      for (let at = HEADER; at < this.bytes.length; at = this.fieldsAt(at) + FIXED)
        index.set(this.bytes.toString("utf8", at + 2, at + 2 + this.bytes.readUInt16LE(at)), at);
    }
    this.index = index;
    return index;
  }
}

/** Collects a snapshot's records in walk order (a folder before what is below it); unchanged ones are copied as bytes. */
export class StatTableBuilder {
  private bytes: Buffer;
  private used = HEADER;
  private readonly starts: number[] = [];

  /** `like`: the last snapshot's table, whose size this one will likely have. */
  constructor(
    private readonly startMs: number,
    like: StatTable | null = null,
  ) {
    this.bytes = Buffer.allocUnsafe(Math.max(4 * 1024 * 1024, (like?.records().bytes.length ?? 0) + 64 * 1024));
  }

  get size(): number {
    return this.starts.length;
  }

  add(key: string, record: StatRecord): void {
    this.fill(this.reserve(key), record);
  }

  /** Makes room for the record of `key` here (a folder's, which comes before what is below it); `fill` or `fillCopy` it once known. */
  reserve(key: string): number {
    const keyBytes = Buffer.byteLength(key);
    this.room(2 + keyBytes + FIXED);
    const start = this.used;
    this.starts.push(start);
    const at = this.bytes.writeUInt16LE(keyBytes, start);
    this.bytes.write(key, at);
    this.bytes.fill(0, at + keyBytes, at + keyBytes + FIXED);
    this.used = at + keyBytes + FIXED;
    return start;
  }

  fill(start: number, record: StatRecord): void {
    const b = this.bytes;
    let at = start + 2 + b.readUInt16LE(start);
    at = b.writeDoubleLE(record.dev, at);
    at = b.writeDoubleLE(record.ino, at);
    at = b.writeDoubleLE(record.size, at);
    at = b.writeDoubleLE(record.mtimeMs, at);
    at = b.writeDoubleLE(record.ctimeMs, at);
    at = b.writeUInt8(ENTRY_KINDS.indexOf(record.kind), at);
    at = b.writeUInt8(record.kept ? 1 : 0, at);
    at = b.writeUInt8(record.racy ? 1 : 0, at);
    at = b.writeUInt8(0, at);
    (record.hash ?? NO_HASH).copy(b, at);
    this.span(start);
  }

  /** Fills a reserved record with `table`'s record of the same key at `at`. */
  fillCopy(start: number, table: StatTable, at: number): void {
    table.copyRecord(at, this.bytes, start);
    this.span(start);
  }

  /** Adds `table`'s record at `at`, as it is. */
  copy(table: StatTable, at: number): void {
    this.room(table.lengthAt(at));
    const start = this.used;
    this.starts.push(start);
    this.used += table.copyRecord(at, this.bytes, start);
    this.span(start);
  }

  /** Adds `table`'s records from `at` to `end` as they are: a folder and everything below it (their spans hold, being relative). */
  copySpan(table: StatTable, at: number, end: number): void {
    this.room(end - at);
    const shift = this.used - at;
    for (let r = at; r < end; r = table.nextAt(r)) this.starts.push(r + shift);
    this.used += table.copyRange(at, end, this.bytes, this.used);
  }

  /** Drops the record reserved at `start` and everything after it (a folder found unreadable halfway through its entries). */
  dropFrom(start: number): void {
    const i = this.starts.lastIndexOf(start);
    if (i < 0) throw new Error(`no record starts at ${start}`);
    this.starts.length = i;
    this.used = start;
  }

  /** A record's span: up to what is written now (a folder is filled after what is below it). */
  private span(start: number): void {
    this.bytes.writeUInt32LE(this.used - start, start + 2 + this.bytes.readUInt16LE(start) + SPAN);
  }

  table(): StatTable {
    return StatTable.fromBuilt(this.bytes.subarray(0, this.used), this.starts, this.startMs);
  }

  /** Writes the table atomically: header, records, checksum (not synced: after a crash a damaged table is kept aside and the files read again). */
  save(file: string): void {
    const b = this.bytes;
    MAGIC.copy(b, 0);
    b.writeUInt32LE(this.starts.length, MAGIC.length);
    b.writeDoubleLE(this.startMs, MAGIC.length + 4);
    const body = b.subarray(0, this.used);
    const checksum = createHash("sha256").update(body).digest();
    writeOwnFileSync(file, [body, checksum], false);
  }

  private room(n: number): void {
    if (this.used + n <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + n));
    this.bytes.copy(grown, 0, 0, this.used);
    this.bytes = grown;
  }
}

/** The table in `file`, or null when there is none (or one of an earlier format); STATE_CORRUPT when it does not check out. */
export function loadStatTable(file: string): StatTable | null {
  const bytes = readOwnFileSync(file);
  if (!bytes) return null;
  const bad = (why: string) => new LoopkitError("STATE_CORRUPT", `${file} is damaged: ${why}`, { value: file });
  if (bytes.length >= MAGIC.length && bytes.subarray(0, FORMAT.length).equals(FORMAT) && bytes[FORMAT.length]! < MAGIC[FORMAT.length]!)
    return null;
  if (bytes.length < HEADER + HASH_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw bad("not a loopkit stat cache");
  const body = bytes.subarray(0, bytes.length - HASH_BYTES);
  if (!createHash("sha256").update(body).digest().equals(bytes.subarray(body.length))) throw bad("its checksum does not match");
  const count = body.readUInt32LE(MAGIC.length);
  const startMs = body.readDoubleLE(MAGIC.length + 4);
  // Every record in bounds, each span within its parent's, and as many as the header says (the keys are read only when wanted).
  let records = 0;
  let at = HEADER;
  const ends = [body.length];
  while (at < body.length) {
    if (at + 2 > body.length) throw bad("it ends inside a record");
    const next = at + 2 + body.readUInt16LE(at) + FIXED;
    if (next > body.length) throw bad("it ends inside a record");
    const end = at + body.readUInt32LE(next - 4);
    while (at >= ends[ends.length - 1]!) ends.pop();
    if (end < next || end > ends[ends.length - 1]!) throw bad("a record's span is out of bounds");
    if (end > next) ends.push(end);
    at = next;
    records++;
  }
  if (records !== count) throw bad(`${records} records where its header says ${count}`);
  return StatTable.loaded(body, HEADER, count, startMs);
}
