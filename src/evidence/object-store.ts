// loopkit's content-addressed store for one project: file contents (blobs) and trees, appended to one
// pack file and found through a sorted index, both in loopkit's data folder. Binary rather than JSON
// because a project's tree holds 100,000 objects and more: the index is read whole and searched in
// place (no parse), and a snapshot appends only what is new. Every object read back is checked
// against its hash, so a damaged pack can only fail (closed), never show other content.
import { createHash } from "node:crypto";
import { closeSync, constants, fdatasyncSync, fstatSync, mkdirSync, openSync, readSync, writeSync } from "node:fs";
import path from "node:path";
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { LoopkitError } from "../shared/errors.js";
import { DeflateThread, type Deflated } from "./deflate-thread.js";
import { readOwnFileSync, writeOwnFileSync } from "./read-file.js";

export const HASH_BYTES = 32;
export type ObjectKind = "blob" | "tree";
const KIND_CODE: Record<ObjectKind, number> = { blob: 1, tree: 2 };
/**
 * Set on an object's kind byte (in the pack and the index) when its bytes are deflated. Sources and
 * installed dependencies are mostly text that deflate's fastest level cuts to a fifth to a third, at
 * about 100 MB/s of one core: the record of a real node_modules fell from 52% of the project's size to
 * under a fifth (docs/evidence.md). Packs written before this hold no flag and read as they are.
 */
const DEFLATED = 0x80;
/** Smaller objects are stored as they are: deflate's saving there is a few bytes. */
const DEFLATE_FROM = 128;
/** Deflate's fastest level, here and in the thread. */
const DEFLATE_OPTIONS = { level: 1 };

/** When the thread that deflates beside the walk starts, and how much may wait for it (deflate-thread.ts). */
export interface DeflateThreadOptions {
  /** After this many objects were deflated here (a first snapshot's; a later one's few never start it). */
  from: number;
  /** At most this many bytes wait for the thread; past it the walk waits for its answers. */
  queueBytes: number;
  /** A thread that answers nothing this long is given up: the store deflates what it holds itself. */
  silentMs: number;
}

export const DEFLATE_THREAD: DeflateThreadOptions = { from: 512, queueBytes: 8 * 1024 * 1024, silentMs: 10_000 };

const PACK_MAGIC = Buffer.from("LKPACK\u0000\u0001", "latin1");
const INDEX_MAGIC = Buffer.from("LKIDX\u0000\u0000\u0001", "latin1");
/** kind u8, length u32, hash: in front of every object in the pack. */
const RECORD_HEADER = 1 + 4 + HASH_BYTES;
/** hash, offset f64, length u32, kind u8, 3 bytes padding. */
const INDEX_RECORD = HASH_BYTES + 8 + 4 + 4;
const INDEX_HEADER = INDEX_MAGIC.length + 4 + 8;
/** Objects are gathered here and written in one call; a bigger one is written on its own. */
const WRITE_BUFFER = 16 * 1024 * 1024;
const TREE_PREFIX = Buffer.from("loopkit tree 1\u0000", "latin1");

/** The hash an object is stored under: sha256 of a file's bytes (as --protect records it), of a tree's bytes with a prefix. */
export function objectHash(kind: ObjectKind, content: Buffer): Buffer {
  const hash = createHash("sha256");
  if (kind === "tree") hash.update(TREE_PREFIX);
  return hash.update(content).digest();
}

const corrupt = (file: string, why: string) => new LoopkitError("STATE_CORRUPT", `${file} is damaged: ${why}`, { value: file });

interface Located {
  offset: number;
  length: number;
  kind: number;
}

/** One project's store, opened for reading and (under the store lock) appending. Synchronous: the snapshot walk is. */
export class ObjectStore {
  private readonly pending = new Map<string, Located>();
  /** Objects the deflate thread holds: their kind code and bytes, until its answer is appended. */
  private readonly deflating = new Map<string, { code: number; content: Buffer }>();
  private deflatingBytes = 0;
  private deflatedHere = 0;
  /** Objects the thread deflated (the tests read it). */
  deflatedByThread = 0;
  /** The deflate thread: null before it is wanted, false once it failed or the store closed. */
  private thread: DeflateThread | null | false = null;
  /** Appended objects not yet written: header and content, back to back. */
  private readonly buffer = Buffer.allocUnsafe(WRITE_BUFFER);
  private buffered = 0;
  private packEnd: number;

  private constructor(
    private readonly packFile: string,
    private readonly indexFile: string,
    private readonly fd: number,
    private index: Buffer,
    private count: number,
    private readonly threadOptions: DeflateThreadOptions,
  ) {
    this.packEnd = fstatSync(fd).size;
  }

  /** Opens (creating when absent) the store; a damaged index or pack is STATE_CORRUPT. */
  static open(packFile: string, indexFile: string, threadOptions: DeflateThreadOptions = DEFLATE_THREAD): ObjectStore {
    mkdirSync(path.dirname(packFile), { recursive: true });
    const index = readIndex(indexFile);
    const fd = openSync(packFile, constants.O_RDWR | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0), 0o600);
    try {
      const stat = fstatSync(fd);
      if (!stat.isFile()) throw corrupt(packFile, "not a regular file");
      if (stat.size === 0) writeSync(fd, PACK_MAGIC, 0, PACK_MAGIC.length, 0);
      else {
        const magic = Buffer.alloc(PACK_MAGIC.length);
        readSync(fd, magic, 0, magic.length, 0);
        if (!magic.equals(PACK_MAGIC)) throw corrupt(packFile, "not a loopkit pack");
      }
      if (fstatSync(fd).size < index.packBytes)
        throw corrupt(packFile, `shorter (${stat.size} bytes) than its index says (${index.packBytes})`);
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    return new ObjectStore(packFile, indexFile, fd, index.records, index.count, threadOptions);
  }

  /** True when the store holds `hash` (committed or appended in this session). */
  has(hash: Buffer): boolean {
    if (this.pending.size > 0 || this.deflating.size > 0) {
      const hex = hash.toString("hex");
      if (this.pending.has(hex) || this.deflating.has(hex)) return true;
    }
    return this.search(hash) >= 0;
  }

  /** Appends an object unless the store has it already; nothing is durable before commit(). */
  put(kind: ObjectKind, content: Buffer, hash: Buffer = objectHash(kind, content)): Buffer {
    if (this.has(hash)) return hash;
    if (RECORD_HEADER + content.length > WRITE_BUFFER) {
      const packed = worthKeeping(content.length, deflateRawSync(content, DEFLATE_OPTIONS));
      const stored = packed ?? content;
      this.flush();
      this.append(KIND_CODE[kind] | (packed ? DEFLATED : 0), stored.length, hash, 0);
      this.buffered = RECORD_HEADER;
      this.flush();
      this.write(stored);
      return hash;
    }
    content.copy(this.scratch(content.length));
    return this.putScratch(kind, content.length, hash);
  }

  /** Room for up to `max` bytes of a new object's content in the write buffer, to read a file straight into (then putScratch). */
  scratch(max: number): Buffer {
    if (this.buffered + RECORD_HEADER + max > WRITE_BUFFER) this.flush();
    const at = this.buffered + RECORD_HEADER;
    return this.buffer.subarray(at, at + max);
  }

  /** Appends the first `length` bytes of the scratch room as an object, unless the store has it already. */
  putScratch(kind: ObjectKind, length: number, hash: Buffer): Buffer {
    if (this.has(hash)) return hash;
    const at = this.buffered + RECORD_HEADER;
    const content = this.buffer.subarray(at, at + length);
    const deflatable = length >= DEFLATE_FROM;
    const thread = deflatable ? this.deflateThread() : null;
    if (thread) {
      // A copy goes to the thread; the answers that came meanwhile are appended (over the scratch room).
      const hex = hash.toString("hex");
      this.deflating.set(hex, { code: KIND_CODE[kind], content: thread.add(hex, content) });
      this.deflatingBytes += length;
      this.takeDeflated(this.threadOptions.queueBytes);
      return hash;
    }
    // Deflated in place: what deflate returns is shorter than the bytes it replaces, or it is not used.
    const packed = deflatable ? worthKeeping(length, deflateRawSync(content, DEFLATE_OPTIONS)) : null;
    if (deflatable) this.deflatedHere++;
    if (packed) packed.copy(this.buffer, at);
    const stored = packed?.length ?? length;
    this.append(KIND_CODE[kind] | (packed ? DEFLATED : 0), stored, hash, this.buffered);
    this.buffered += RECORD_HEADER + stored;
    return hash;
  }

  /** The deflate thread, once this store has deflated enough here to want it (a first snapshot); null when not. */
  private deflateThread(): DeflateThread | null {
    if (this.thread === null && this.deflatedHere >= this.threadOptions.from) this.thread = DeflateThread.start(DEFLATE_OPTIONS) ?? false;
    return this.thread || null;
  }

  /** Appends the thread's answers: all there are, then waits for more while over `keepBytes` wait. */
  private takeDeflated(keepBytes: number): void {
    while (this.deflating.size > 0) {
      const thread = this.thread || null;
      const wait = this.deflatingBytes > keepBytes ? this.threadOptions.silentMs : 0;
      const answers = thread?.receive(wait);
      if (answers) {
        for (const answer of answers) this.deflatedByThread += this.appendDeflated(answer) ? 1 : 0;
        continue;
      }
      if (wait === 0) return;
      // Silent too long (or gone): what it holds is deflated here.
      this.stopThread();
      for (const [id, object] of this.deflating) this.appendDeflated({ id, packed: deflateRawSync(object.content, DEFLATE_OPTIONS) });
    }
  }

  /** Appends an object the thread held, with deflate's answer for it; false when it holds no such object. */
  private appendDeflated(answer: Deflated): boolean {
    const object = this.deflating.get(answer.id);
    if (!object) return false;
    this.deflating.delete(answer.id);
    this.deflatingBytes -= object.content.length;
    const packed = worthKeeping(object.content.length, answer.packed);
    const stored = packed ?? object.content;
    stored.copy(this.scratch(stored.length));
    this.append(object.code | (packed ? DEFLATED : 0), stored.length, Buffer.from(answer.id, "hex"), this.buffered);
    this.buffered += RECORD_HEADER + stored.length;
    return true;
  }

  private stopThread(): void {
    if (this.thread) this.thread.stop();
    this.thread = false;
  }

  private append(code: number, length: number, hash: Buffer, at: number): void {
    this.buffer.writeUInt8(code, at);
    this.buffer.writeUInt32LE(length, at + 1);
    hash.copy(this.buffer, at + 5);
    this.pending.set(hash.toString("hex"), { offset: this.packEnd + at, length, kind: code });
  }

  /** The object's content, checked against its hash; EVIDENCE_FAILED when missing or damaged. */
  get(hash: Buffer, kind: ObjectKind): Buffer {
    if (this.deflating.has(hash.toString("hex"))) this.takeDeflated(-1);
    const at = this.locate(hash);
    if (!at)
      throw new LoopkitError(
        "EVIDENCE_FAILED",
        `loopkit's record lacks object ${hash.toString("hex")} (was it pruned, or kept aside as damaged?)`,
        { value: hash.toString("hex") },
      );
    if ((at.kind & ~DEFLATED) !== KIND_CODE[kind]) throw corrupt(this.packFile, `object ${hash.toString("hex")} is not a ${kind}`);
    this.flush();
    const record = Buffer.alloc(RECORD_HEADER + at.length);
    const read = readSync(this.fd, record, 0, record.length, at.offset);
    const mismatch = () => corrupt(this.packFile, `object ${hash.toString("hex")} does not match its hash`);
    if (read !== record.length || record.readUInt8(0) !== at.kind || !record.subarray(5, RECORD_HEADER).equals(hash)) throw mismatch();
    const stored = record.subarray(RECORD_HEADER, read);
    let content: Buffer;
    try {
      content = at.kind & DEFLATED ? inflateRawSync(stored) : stored;
    } catch {
      throw mismatch();
    }
    if (!objectHash(kind, content).equals(hash)) throw mismatch();
    return content;
  }

  /** Makes everything appended durable: the pack synced first, then the new index renamed into place. */
  commit(): void {
    this.takeDeflated(-1);
    if (this.pending.size === 0) return;
    this.flush();
    fdatasyncSync(this.fd);
    // Hex keys sort as their bytes do; the old index is copied in runs between the added objects.
    const added = [...this.pending.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const records = Buffer.alloc((this.count + added.length) * INDEX_RECORD);
    const hash = Buffer.allocUnsafe(HASH_BYTES);
    let i = 0;
    let out = 0;
    for (const [hex, object] of added) {
      hash.write(hex, 0, "hex");
      const j = this.lowerBound(hash, i);
      this.index.copy(records, out * INDEX_RECORD, i * INDEX_RECORD, j * INDEX_RECORD);
      out += j - i;
      i = j;
      const at = out * INDEX_RECORD;
      hash.copy(records, at);
      records.writeDoubleLE(object.offset, at + HASH_BYTES);
      records.writeUInt32LE(object.length, at + HASH_BYTES + 8);
      records.writeUInt8(object.kind, at + HASH_BYTES + 12);
      out++;
    }
    this.index.copy(records, out * INDEX_RECORD, i * INDEX_RECORD, this.count * INDEX_RECORD);
    writeIndex(this.indexFile, records, this.count + added.length, this.packEnd);
    this.index = records;
    this.count += added.length;
    this.pending.clear();
  }

  close(): void {
    this.stopThread();
    closeSync(this.fd);
  }

  /** Every object's hash and kind, for pruning. */
  *objects(): Generator<{ hash: Buffer; kind: ObjectKind }> {
    for (let i = 0; i < this.count; i++) {
      const at = i * INDEX_RECORD;
      yield {
        hash: this.index.subarray(at, at + HASH_BYTES),
        kind: (this.index.readUInt8(at + HASH_BYTES + 12) & ~DEFLATED) === KIND_CODE.tree ? "tree" : "blob",
      };
    }
  }

  private flush(): void {
    if (this.buffered === 0) return;
    const used = this.buffered;
    this.buffered = 0;
    this.write(this.buffer.subarray(0, used));
  }

  private write(data: Buffer): void {
    let written = 0;
    while (written < data.length) written += writeSync(this.fd, data, written, data.length - written, this.packEnd + written);
    this.packEnd += data.length;
  }

  private locate(hash: Buffer): Located | undefined {
    const pending = this.pending.get(hash.toString("hex"));
    if (pending) return pending;
    const i = this.search(hash);
    if (i < 0) return undefined;
    const at = i * INDEX_RECORD;
    return {
      offset: this.index.readDoubleLE(at + HASH_BYTES),
      length: this.index.readUInt32LE(at + HASH_BYTES + 8),
      kind: this.index.readUInt8(at + HASH_BYTES + 12),
    };
  }

  /** The first record of the sorted index from `low` on whose hash is not below `hash` (the count when none is). */
  private lowerBound(hash: Buffer, low: number): number {
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.index.compare(hash, 0, HASH_BYTES, mid * INDEX_RECORD, mid * INDEX_RECORD + HASH_BYTES) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Binary search of the sorted index, in place. */
  private search(hash: Buffer): number {
    let low = 0;
    let high = this.count - 1;
    const head = hash.readUInt32BE(0);
    while (low <= high) {
      const mid = (low + high) >>> 1;
      // The record at mid against the hash: by the first 4 bytes when they differ (most steps), else
      // whole (Buffer#compare orders the source against the target).
      const midHead = this.index.readUInt32BE(mid * INDEX_RECORD);
      const order =
        midHead !== head
          ? midHead < head
            ? -1
            : 1
          : this.index.compare(hash, 0, HASH_BYTES, mid * INDEX_RECORD, mid * INDEX_RECORD + HASH_BYTES);
      if (order === 0) return mid;
      if (order < 0) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }
}

/** Deflate's answer for `length` bytes, or null where it saves less than an eighth (or deflate failed): those are stored as they are. */
function worthKeeping(length: number, packed: Buffer | null): Buffer | null {
  return packed && packed.length <= length - (length >>> 3) ? packed : null;
}

function readIndex(file: string): { records: Buffer; count: number; packBytes: number } {
  const bytes = readOwnFileSync(file);
  if (!bytes) return { records: Buffer.alloc(0), count: 0, packBytes: 0 };
  if (bytes.length < INDEX_HEADER + HASH_BYTES || !bytes.subarray(0, INDEX_MAGIC.length).equals(INDEX_MAGIC))
    throw corrupt(file, "not a loopkit index");
  const count = bytes.readUInt32LE(INDEX_MAGIC.length);
  const packBytes = bytes.readDoubleLE(INDEX_MAGIC.length + 4);
  const end = INDEX_HEADER + count * INDEX_RECORD;
  if (bytes.length !== end + HASH_BYTES) throw corrupt(file, `${bytes.length} bytes where ${count} objects take ${end + HASH_BYTES}`);
  if (!createHash("sha256").update(bytes.subarray(0, end)).digest().equals(bytes.subarray(end)))
    throw corrupt(file, "its checksum does not match");
  return { records: bytes.subarray(INDEX_HEADER, end), count, packBytes };
}

function writeIndex(file: string, records: Buffer, count: number, packBytes: number): void {
  const header = Buffer.alloc(INDEX_HEADER);
  INDEX_MAGIC.copy(header);
  header.writeUInt32LE(count, INDEX_MAGIC.length);
  header.writeDoubleLE(packBytes, INDEX_MAGIC.length + 4);
  const checksum = createHash("sha256").update(header).update(records).digest();
  writeOwnFileSync(file, [header, records, checksum]);
}
