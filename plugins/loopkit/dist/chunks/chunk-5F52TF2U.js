import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  MIRROR_DIR,
  UNRECORDED_MIRROR_FILES
} from "./chunk-T4GQSL4B.js";
import {
  projectKey
} from "./chunk-PVEHQ6JT.js";
import {
  LoopkitError,
  formatError,
  isLoopkitError,
  iso_exports,
  keepAside,
  withLock,
  writeFileAtomicSync
} from "./chunk-W3MJS3SN.js";
import {
  array,
  int,
  literal,
  number,
  object,
  string
} from "./chunk-CW3O4QTE.js";

// src/shared/deadline.ts
var deadlineIn = (ms, now = Date.now()) => ({ at: now + Math.max(0, ms) });
var remainingMs = (deadline, now = Date.now()) => Math.max(0, deadline.at - now);
var within = (deadline, timeoutMs, now = Date.now()) => Math.min(timeoutMs, remainingMs(deadline, now));
function checkDeadline(deadline, what, now = Date.now()) {
  if (now >= deadline.at)
    throw new LoopkitError("DEADLINE", `${what} ran out of time (the deadline of this hook event passed)`, { value: deadline.at });
}

// src/evidence/snapshot-format.ts
var Hash = string().regex(/^[0-9a-f]{64}$/);
var SnapshotSchema = object({
  version: literal(1),
  /** The project's tree. */
  root: Hash,
  /** The hash of the project's tree without `.auto-loop/` (not stored): what the agent changed, for thrash detection. */
  work_root: Hash.optional(),
  /** The git metadata recorded: the git folder ("\0git") and its common folder ("\0common"), each a tree of config, info/, hooks/... */
  git: array(object({ key: string(), dir: string(), tree: Hash })),
  taken_at: iso_exports.datetime(),
  counts: object({
    files: int().nonnegative(),
    dirs: int().nonnegative(),
    links: int().nonnegative(),
    special: int().nonnegative(),
    unreadable: int().nonnegative(),
    bytes: number().nonnegative(),
    unkept: int().nonnegative()
  })
});

// src/evidence/snapshot.ts
import { createHash as createHash5 } from "node:crypto";
import { lstatSync as lstatSync5, mkdirSync as mkdirSync2, statfsSync, statSync } from "node:fs";

// src/evidence/object-store.ts
import { createHash } from "node:crypto";
import { closeSync as closeSync3, constants as constants2, fdatasyncSync, fstatSync as fstatSync2, mkdirSync, openSync as openSync2, readSync as readSync2, writeSync } from "node:fs";
import path from "node:path";
import { deflateRawSync, inflateRawSync } from "node:zlib";

// src/evidence/deflate-thread.ts
import { receiveMessageOnPort, MessageChannel, Worker } from "node:worker_threads";
var BATCH_BYTES = 256 * 1024;
var BATCH_OBJECTS = 256;
function deflateForever(zlib, parentPort, input) {
  const answered = new Int32Array(input.answered);
  parentPort.on("message", (batch) => {
    const packed = [];
    const ends = [];
    let start = 0;
    let total = 0;
    for (const end of batch.ends) {
      try {
        const one = zlib.deflateRawSync(batch.bytes.subarray(start, end), input.options);
        packed.push(one);
        total += one.length;
        ends.push(total);
      } catch {
        ends.push(-1);
      }
      start = end;
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const one of packed) {
      bytes.set(one, at);
      at += one.length;
    }
    input.port.postMessage({ ids: batch.ids, ends, bytes }, [bytes.buffer]);
    Atomics.add(answered, 0, 1);
    Atomics.notify(answered, 0);
  });
}
var THREAD_SOURCE = `const { parentPort, workerData } = require("node:worker_threads");
(${deflateForever.toString()})(require("node:zlib"), parentPort, workerData);`;
var DeflateThread = class _DeflateThread {
  constructor(worker, port, shared) {
    this.worker = worker;
    this.port = port;
    this.answered = new Int32Array(shared);
  }
  worker;
  port;
  answered;
  stopped = false;
  /** The batch being filled: its ids, ends and bytes (`filled` of them used). */
  batch = null;
  /** A thread deflating with `options`, or null when none can start. */
  static start(options) {
    const shared = new SharedArrayBuffer(4);
    const { port1, port2 } = new MessageChannel();
    let worker;
    try {
      worker = new Worker(THREAD_SOURCE, {
        eval: true,
        workerData: { port: port2, answered: shared, options },
        transferList: [port2],
        resourceLimits: { maxOldGenerationSizeMb: 64 }
      });
    } catch {
      port1.close();
      return null;
    }
    const thread2 = new _DeflateThread(worker, port1, shared);
    worker.on("error", () => thread2.stop());
    worker.unref();
    port1.unref();
    return thread2;
  }
  /**
   * Adds an object to the batch (sent when full). Returns where its bytes are kept until its answer
   * comes: the caller's copy, for deflating it itself should the thread fail.
   */
  add(id, content) {
    if (this.batch && this.batch.filled + content.length > this.batch.bytes.length) this.send();
    this.batch ??= { ids: [], ends: [], bytes: Buffer.allocUnsafeSlow(Math.max(BATCH_BYTES, content.length)), filled: 0 };
    const batch = this.batch;
    const start = batch.filled;
    content.copy(batch.bytes, start);
    batch.filled += content.length;
    batch.ids.push(id);
    batch.ends.push(batch.filled);
    if (batch.ids.length >= BATCH_OBJECTS) this.send();
    return batch.bytes.subarray(start, start + content.length);
  }
  /** Sends the batch being filled, if any (before waiting for its answers). */
  send() {
    const batch = this.batch;
    if (!batch) return;
    this.batch = null;
    if (this.stopped) return;
    const message = { ids: batch.ids, ends: batch.ends, bytes: batch.bytes.subarray(0, batch.filled) };
    this.worker.postMessage(message);
  }
  /**
   * The next batch of answers; when there is none yet and `waitMs` > 0, sends the batch being filled
   * and waits that long for one. Undefined when none came (the caller gives up on a thread silent that long).
   */
  receive(waitMs) {
    if (waitMs > 0) this.send();
    for (; ; ) {
      const seen = Atomics.load(this.answered, 0);
      const message = receiveMessageOnPort(this.port)?.message;
      if (message) return answersOf(message);
      if (waitMs <= 0 || this.stopped) return void 0;
      if (Atomics.wait(this.answered, 0, seen, waitMs) === "timed-out") return void 0;
    }
  }
  stop() {
    if (this.stopped) return;
    this.stopped = true;
    this.batch = null;
    this.port.close();
    void this.worker.terminate();
  }
};
function answersOf(batch) {
  const bytes = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength);
  let start = 0;
  return batch.ids.map((id, i) => {
    const end = batch.ends[i];
    if (end < 0) return { id, packed: null };
    const packed = bytes.subarray(start, end);
    start = end;
    return { id, packed };
  });
}

// src/evidence/read-file.ts
import { closeSync as closeSync2 } from "node:fs";

// src/shared/safe-read.ts
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
var SAFE_READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);
var code = (error) => error?.code ?? "";
var isDenied = (error) => code(error) === "EACCES" || code(error) === "EPERM";
var isGoneOrNotAFile = (error) => ["ENOENT", "ENOTDIR", "ELOOP", "ENXIO", "EISDIR", "EINVAL"].includes(code(error));
function openSafeSync(file) {
  const fd = openSync(file, SAFE_READ_FLAGS);
  try {
    return { fd, stat: fstatSync(fd) };
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
function readIntoSync(fd, buffer, start, end, position) {
  let got = start;
  while (got < end) {
    const n = readSync(fd, buffer, got, end - got, position + (got - start));
    if (n === 0) break;
    got += n;
  }
  return got - start;
}
function readRegularFileSync(file, maxBytes, onError = () => null) {
  let opened;
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

// src/evidence/read-file.ts
function readOwnFileSync(file) {
  let opened;
  try {
    opened = openSafeSync(file);
  } catch (error) {
    if (error.code === "ENOENT") return null;
    throw new LoopkitError("STATE_CORRUPT", `${file} cannot be read: ${error.message}`, { value: file });
  }
  try {
    if (!opened.stat.isFile()) throw new LoopkitError("STATE_CORRUPT", `${file} is not a regular file`, { value: file });
    const bytes = Buffer.allocUnsafe(opened.stat.size);
    return bytes.subarray(0, readIntoSync(opened.fd, bytes, 0, bytes.length, 0));
  } finally {
    closeSync2(opened.fd);
  }
}
function writeOwnFileSync(file, parts, sync = true) {
  writeFileAtomicSync(file, parts, { sync, mode: 384 });
}

// src/evidence/object-store.ts
var HASH_BYTES = 32;
var KIND_CODE = { blob: 1, tree: 2 };
var DEFLATED = 128;
var DEFLATE_FROM = 128;
var DEFLATE_OPTIONS = { level: 1 };
var DEFLATE_THREAD = { from: 512, queueBytes: 8 * 1024 * 1024, silentMs: 1e4 };
var PACK_MAGIC = Buffer.from("LKPACK\0", "latin1");
var INDEX_MAGIC = Buffer.from("LKIDX\0\0", "latin1");
var RECORD_HEADER = 1 + 4 + HASH_BYTES;
var INDEX_RECORD = HASH_BYTES + 8 + 4 + 4;
var INDEX_HEADER = INDEX_MAGIC.length + 4 + 8;
var WRITE_BUFFER = 16 * 1024 * 1024;
var TREE_PREFIX = Buffer.from("loopkit tree 1\0", "latin1");
function objectHash(kind, content) {
  const hash = createHash("sha256");
  if (kind === "tree") hash.update(TREE_PREFIX);
  return hash.update(content).digest();
}
var corrupt = (file, why) => new LoopkitError("STATE_CORRUPT", `${file} is damaged: ${why}`, { value: file });
var ObjectStore = class _ObjectStore {
  constructor(packFile, indexFile, fd, index, count, threadOptions) {
    this.packFile = packFile;
    this.indexFile = indexFile;
    this.fd = fd;
    this.index = index;
    this.count = count;
    this.threadOptions = threadOptions;
    this.packEnd = fstatSync2(fd).size;
  }
  packFile;
  indexFile;
  fd;
  index;
  count;
  threadOptions;
  pending = /* @__PURE__ */ new Map();
  /** Objects the deflate thread holds: their kind code and bytes, until its answer is appended. */
  deflating = /* @__PURE__ */ new Map();
  deflatingBytes = 0;
  deflatedHere = 0;
  /** Objects the thread deflated (the tests read it). */
  deflatedByThread = 0;
  /** The deflate thread: null before it is wanted, false once it failed or the store closed. */
  thread = null;
  /** Appended objects not yet written: header and content, back to back. */
  buffer = Buffer.allocUnsafe(WRITE_BUFFER);
  buffered = 0;
  packEnd;
  /** Opens (creating when absent) the store; a damaged index or pack is STATE_CORRUPT. */
  static open(packFile, indexFile, threadOptions = DEFLATE_THREAD) {
    mkdirSync(path.dirname(packFile), { recursive: true });
    const index = readIndex(indexFile);
    const fd = openSync2(packFile, constants2.O_RDWR | constants2.O_CREAT | (constants2.O_NOFOLLOW ?? 0), 384);
    try {
      const stat = fstatSync2(fd);
      if (!stat.isFile()) throw corrupt(packFile, "not a regular file");
      if (stat.size === 0) writeSync(fd, PACK_MAGIC, 0, PACK_MAGIC.length, 0);
      else {
        const magic = Buffer.alloc(PACK_MAGIC.length);
        readSync2(fd, magic, 0, magic.length, 0);
        if (!magic.equals(PACK_MAGIC)) throw corrupt(packFile, "not a loopkit pack");
      }
      if (fstatSync2(fd).size < index.packBytes)
        throw corrupt(packFile, `shorter (${stat.size} bytes) than its index says (${index.packBytes})`);
    } catch (error) {
      closeSync3(fd);
      throw error;
    }
    return new _ObjectStore(packFile, indexFile, fd, index.records, index.count, threadOptions);
  }
  /** True when the store holds `hash` (committed or appended in this session). */
  has(hash) {
    if (this.pending.size > 0 || this.deflating.size > 0) {
      const hex = hash.toString("hex");
      if (this.pending.has(hex) || this.deflating.has(hex)) return true;
    }
    return this.search(hash) >= 0;
  }
  /** Appends an object unless the store has it already; nothing is durable before commit(). */
  put(kind, content, hash = objectHash(kind, content)) {
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
  scratch(max) {
    if (this.buffered + RECORD_HEADER + max > WRITE_BUFFER) this.flush();
    const at = this.buffered + RECORD_HEADER;
    return this.buffer.subarray(at, at + max);
  }
  /** Appends the first `length` bytes of the scratch room as an object, unless the store has it already. */
  putScratch(kind, length, hash) {
    if (this.has(hash)) return hash;
    const at = this.buffered + RECORD_HEADER;
    const content = this.buffer.subarray(at, at + length);
    const deflatable = length >= DEFLATE_FROM;
    const thread2 = deflatable ? this.deflateThread() : null;
    if (thread2) {
      const hex = hash.toString("hex");
      this.deflating.set(hex, { code: KIND_CODE[kind], content: thread2.add(hex, content) });
      this.deflatingBytes += length;
      this.takeDeflated(this.threadOptions.queueBytes);
      return hash;
    }
    const packed = deflatable ? worthKeeping(length, deflateRawSync(content, DEFLATE_OPTIONS)) : null;
    if (deflatable) this.deflatedHere++;
    if (packed) packed.copy(this.buffer, at);
    const stored = packed?.length ?? length;
    this.append(KIND_CODE[kind] | (packed ? DEFLATED : 0), stored, hash, this.buffered);
    this.buffered += RECORD_HEADER + stored;
    return hash;
  }
  /** The deflate thread, once this store has deflated enough here to want it (a first snapshot); null when not. */
  deflateThread() {
    if (this.thread === null && this.deflatedHere >= this.threadOptions.from) this.thread = DeflateThread.start(DEFLATE_OPTIONS) ?? false;
    return this.thread || null;
  }
  /** Appends the thread's answers: all there are, then waits for more while over `keepBytes` wait. */
  takeDeflated(keepBytes) {
    while (this.deflating.size > 0) {
      const thread2 = this.thread || null;
      const wait = this.deflatingBytes > keepBytes ? this.threadOptions.silentMs : 0;
      const answers = thread2?.receive(wait);
      if (answers) {
        for (const answer of answers) this.deflatedByThread += this.appendDeflated(answer) ? 1 : 0;
        continue;
      }
      if (wait === 0) return;
      this.stopThread();
      for (const [id, object2] of this.deflating) this.appendDeflated({ id, packed: deflateRawSync(object2.content, DEFLATE_OPTIONS) });
    }
  }
  /** Appends an object the thread held, with deflate's answer for it; false when it holds no such object. */
  appendDeflated(answer) {
    const object2 = this.deflating.get(answer.id);
    if (!object2) return false;
    this.deflating.delete(answer.id);
    this.deflatingBytes -= object2.content.length;
    const packed = worthKeeping(object2.content.length, answer.packed);
    const stored = packed ?? object2.content;
    stored.copy(this.scratch(stored.length));
    this.append(object2.code | (packed ? DEFLATED : 0), stored.length, Buffer.from(answer.id, "hex"), this.buffered);
    this.buffered += RECORD_HEADER + stored.length;
    return true;
  }
  stopThread() {
    if (this.thread) this.thread.stop();
    this.thread = false;
  }
  append(code2, length, hash, at) {
    this.buffer.writeUInt8(code2, at);
    this.buffer.writeUInt32LE(length, at + 1);
    hash.copy(this.buffer, at + 5);
    this.pending.set(hash.toString("hex"), { offset: this.packEnd + at, length, kind: code2 });
  }
  /** The object's content, checked against its hash; EVIDENCE_FAILED when missing or damaged. */
  get(hash, kind) {
    if (this.deflating.has(hash.toString("hex"))) this.takeDeflated(-1);
    const at = this.locate(hash);
    if (!at)
      throw new LoopkitError(
        "EVIDENCE_FAILED",
        `loopkit's record lacks object ${hash.toString("hex")} (was it pruned, or kept aside as damaged?)`,
        { value: hash.toString("hex") }
      );
    if ((at.kind & ~DEFLATED) !== KIND_CODE[kind]) throw corrupt(this.packFile, `object ${hash.toString("hex")} is not a ${kind}`);
    this.flush();
    const record2 = Buffer.alloc(RECORD_HEADER + at.length);
    const read = readSync2(this.fd, record2, 0, record2.length, at.offset);
    const mismatch = () => corrupt(this.packFile, `object ${hash.toString("hex")} does not match its hash`);
    if (read !== record2.length || record2.readUInt8(0) !== at.kind || !record2.subarray(5, RECORD_HEADER).equals(hash)) throw mismatch();
    const stored = record2.subarray(RECORD_HEADER, read);
    let content;
    try {
      content = at.kind & DEFLATED ? inflateRawSync(stored) : stored;
    } catch {
      throw mismatch();
    }
    if (!objectHash(kind, content).equals(hash)) throw mismatch();
    return content;
  }
  /** Makes everything appended durable: the pack synced first, then the new index renamed into place. */
  commit() {
    this.takeDeflated(-1);
    if (this.pending.size === 0) return;
    this.flush();
    fdatasyncSync(this.fd);
    const added = [...this.pending.entries()].sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0);
    const records = Buffer.alloc((this.count + added.length) * INDEX_RECORD);
    const hash = Buffer.allocUnsafe(HASH_BYTES);
    let i = 0;
    let out = 0;
    for (const [hex, object2] of added) {
      hash.write(hex, 0, "hex");
      const j = this.lowerBound(hash, i);
      this.index.copy(records, out * INDEX_RECORD, i * INDEX_RECORD, j * INDEX_RECORD);
      out += j - i;
      i = j;
      const at = out * INDEX_RECORD;
      hash.copy(records, at);
      records.writeDoubleLE(object2.offset, at + HASH_BYTES);
      records.writeUInt32LE(object2.length, at + HASH_BYTES + 8);
      records.writeUInt8(object2.kind, at + HASH_BYTES + 12);
      out++;
    }
    this.index.copy(records, out * INDEX_RECORD, i * INDEX_RECORD, this.count * INDEX_RECORD);
    writeIndex(this.indexFile, records, this.count + added.length, this.packEnd);
    this.index = records;
    this.count += added.length;
    this.pending.clear();
  }
  close() {
    this.stopThread();
    closeSync3(this.fd);
  }
  /** Every object's hash and kind, for pruning. */
  *objects() {
    for (let i = 0; i < this.count; i++) {
      const at = i * INDEX_RECORD;
      yield {
        hash: this.index.subarray(at, at + HASH_BYTES),
        kind: (this.index.readUInt8(at + HASH_BYTES + 12) & ~DEFLATED) === KIND_CODE.tree ? "tree" : "blob"
      };
    }
  }
  flush() {
    if (this.buffered === 0) return;
    const used = this.buffered;
    this.buffered = 0;
    this.write(this.buffer.subarray(0, used));
  }
  write(data) {
    let written = 0;
    while (written < data.length) written += writeSync(this.fd, data, written, data.length - written, this.packEnd + written);
    this.packEnd += data.length;
  }
  locate(hash) {
    const pending = this.pending.get(hash.toString("hex"));
    if (pending) return pending;
    const i = this.search(hash);
    if (i < 0) return void 0;
    const at = i * INDEX_RECORD;
    return {
      offset: this.index.readDoubleLE(at + HASH_BYTES),
      length: this.index.readUInt32LE(at + HASH_BYTES + 8),
      kind: this.index.readUInt8(at + HASH_BYTES + 12)
    };
  }
  /** The first record of the sorted index from `low` on whose hash is not below `hash` (the count when none is). */
  lowerBound(hash, low) {
    let high = this.count;
    while (low < high) {
      const mid = low + high >>> 1;
      if (this.index.compare(hash, 0, HASH_BYTES, mid * INDEX_RECORD, mid * INDEX_RECORD + HASH_BYTES) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
  /** Binary search of the sorted index, in place. */
  search(hash) {
    let low = 0;
    let high = this.count - 1;
    const head = hash.readUInt32BE(0);
    while (low <= high) {
      const mid = low + high >>> 1;
      const midHead = this.index.readUInt32BE(mid * INDEX_RECORD);
      const order = midHead !== head ? midHead < head ? -1 : 1 : this.index.compare(hash, 0, HASH_BYTES, mid * INDEX_RECORD, mid * INDEX_RECORD + HASH_BYTES);
      if (order === 0) return mid;
      if (order < 0) low = mid + 1;
      else high = mid - 1;
    }
    return -1;
  }
};
function worthKeeping(length, packed) {
  return packed && packed.length <= length - (length >>> 3) ? packed : null;
}
function readIndex(file) {
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
function writeIndex(file, records, count, packBytes) {
  const header = Buffer.alloc(INDEX_HEADER);
  INDEX_MAGIC.copy(header);
  header.writeUInt32LE(count, INDEX_MAGIC.length);
  header.writeDoubleLE(packBytes, INDEX_MAGIC.length + 4);
  const checksum = createHash("sha256").update(header).update(records).digest();
  writeOwnFileSync(file, [header, records, checksum]);
}

// src/evidence/paths.ts
import path2 from "node:path";
function evidenceFiles(data, projectDir) {
  const dir = path2.join(data, "evidence", projectKey(projectDir));
  return {
    dir,
    pack: path2.join(dir, "objects.pack"),
    index: path2.join(dir, "objects.idx"),
    statCache: path2.join(dir, "stat-cache.bin"),
    lock: path2.join(dir, "store")
  };
}

// src/evidence/scope.ts
import { lstatSync as lstatSync2 } from "node:fs";
import path4 from "node:path";

// src/evidence/git-dirs.ts
import { createHash as createHash2 } from "node:crypto";
import { lstatSync } from "node:fs";
import { inflateSync } from "node:zlib";
import path3 from "node:path";
var GIT_META_NAMES = /* @__PURE__ */ new Set(["config", "config.worktree", "commondir", "info", "hooks"]);
var GIT_INDEX = "index";
var INDEX_SIGNATURE = /^DIRC\x00\x00\x00[\x02-\x04]/;
function holdsGitIndex(file) {
  try {
    const head = readRegularFileSync(file, 8);
    return head !== null && head.length === 8 && INDEX_SIGNATURE.test(head.toString("latin1"));
  } catch {
    return false;
  }
}
var LOOSE_OBJECT = /(^|\/)objects\/([0-9a-f]{2})\/([0-9a-f]{38}|[0-9a-f]{62})$/;
function isLooseGitObject(filePath, content) {
  const name = LOOSE_OBJECT.exec(filePath);
  if (!name) return false;
  let inflated;
  try {
    inflated = inflateSync(content(), { maxOutputLength: 256 * 1024 * 1024 });
  } catch {
    return false;
  }
  const nul = inflated.indexOf(0);
  const header = /^(blob|tree|commit|tag) (\d+)$/.exec(inflated.subarray(0, Math.max(0, nul)).toString("latin1"));
  if (!header || Number(header[2]) !== inflated.length - nul - 1) return false;
  const hash = `${name[2]}${name[3]}`;
  return createHash2(hash.length === 40 ? "sha1" : "sha256").update(inflated).digest("hex") === hash;
}
var isDir = (p) => lstatSync(p, { throwIfNoEntry: false })?.isDirectory() === true;
function gitMetaRoots(projectDir) {
  const gitDir = findGitDir(projectDir);
  if (!gitDir) return [];
  const roots = [{ key: "\0git", dir: gitDir }];
  const common = firstLine(path3.join(gitDir, "commondir"));
  if (common) {
    const dir = path3.resolve(gitDir, common);
    if (dir !== gitDir && isDir(dir)) roots.push({ key: "\0common", dir });
  }
  return roots;
}
function findGitDir(projectDir) {
  for (let current = path3.resolve(projectDir); ; current = path3.dirname(current)) {
    const dotGit = path3.join(current, ".git");
    const stat = lstatSync(dotGit, { throwIfNoEntry: false });
    if (stat?.isDirectory()) return dotGit;
    if (stat?.isFile()) {
      const line = firstLine(dotGit);
      const target = line?.startsWith("gitdir:") ? path3.resolve(current, line.slice("gitdir:".length).trim()) : null;
      return target && isDir(target) ? target : null;
    }
    if (stat || path3.dirname(current) === current) return null;
  }
}
function firstLine(file) {
  const read = readRegularFileSync(file, 4096);
  return read ? (read.toString("utf8").split(/\r?\n/, 1)[0]?.trim() ?? null) || null : null;
}

// src/evidence/scope.ts
function recordScope(projectDir, dataDir) {
  const gitFolder = lstatSync2(`${projectDir}/.git`, { throwIfNoEntry: false })?.isDirectory() === true;
  const roots = [{ key: "", dir: projectDir, only: (name) => !(gitFolder && name === ".git") }];
  const indexKeys = /* @__PURE__ */ new Set();
  for (const meta of gitMetaRoots(projectDir)) {
    if (!lstatSync2(meta.dir, { throwIfNoEntry: false })?.isDirectory()) continue;
    const whole = insideOf(projectDir, meta.dir) !== null;
    roots.push({ key: meta.key, dir: meta.dir, only: whole ? () => true : (name) => GIT_META_NAMES.has(name) });
    indexKeys.add(`${meta.key}/${GIT_INDEX}`);
  }
  const data = insideOf(projectDir, dataDir);
  const own = new Set(UNRECORDED_MIRROR_FILES.map((name) => `${MIRROR_DIR}/${name}`));
  return {
    roots,
    skip: (key) => key === data || own.has(key) || indexKeys.has(key),
    skipsWithin: (key) => key === "" || key === MIRROR_DIR || data !== null && (data === key || data.startsWith(`${key}/`)),
    signed: (key) => indexKeys.has(key),
    hideEmpty: MIRROR_DIR
  };
}
function insideOf(projectDir, dir) {
  const rel = path4.relative(path4.resolve(projectDir), path4.resolve(dir));
  return rel && !rel.startsWith("..") && !path4.isAbsolute(rel) ? rel.split(path4.sep).join("/") : null;
}

// src/evidence/lstat-ahead.ts
import { constants as constants3, lstatSync as lstatSync3 } from "node:fs";
import path5 from "node:path";
import { Worker as Worker2 } from "node:worker_threads";

// src/evidence/stat-cache.ts
import { createHash as createHash3 } from "node:crypto";

// src/evidence/tree.ts
var ENTRY_KINDS = ["file", "dir", "link", "fifo", "socket", "device", "unreadable"];
var hasHash = (kind) => kind === "file" || kind === "dir" || kind === "link" || kind === "unreadable";
var damaged = (why) => new LoopkitError("STATE_CORRUPT", `a tree in loopkit's record is damaged: ${why}`);
function encodeTree(entries) {
  let length = 0;
  for (const e of entries)
    length += 1 + 2 + 1 + 8 + 2 + e.name.length + (hasHash(e.kind) ? HASH_BYTES : 0) + (e.kind === "link" ? 2 + (e.target?.length ?? 0) : 0);
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const e of entries) {
    at = out.writeUInt8(ENTRY_KINDS.indexOf(e.kind), at);
    at = out.writeUInt16LE(e.mode & 4095, at);
    at = out.writeUInt8(e.kept ? 1 : 0, at);
    at = out.writeDoubleLE(e.size, at);
    at = out.writeUInt16LE(e.name.length, at);
    at += e.name.copy(out, at);
    if (hasHash(e.kind)) at += e.hash.copy(out, at);
    if (e.kind === "link") {
      at = out.writeUInt16LE(e.target.length, at);
      at += e.target.copy(out, at);
    }
  }
  return out;
}
function decodeTree(bytes) {
  const entries = [];
  let at = 0;
  const need = (n) => {
    if (at + n > bytes.length) throw damaged("it ends inside an entry");
  };
  while (at < bytes.length) {
    need(14);
    const kind = ENTRY_KINDS[bytes.readUInt8(at)];
    if (!kind) throw damaged(`unknown entry kind ${bytes.readUInt8(at)}`);
    const mode = bytes.readUInt16LE(at + 1);
    const kept = bytes.readUInt8(at + 3) === 1;
    const size = bytes.readDoubleLE(at + 4);
    const nameLength = bytes.readUInt16LE(at + 12);
    at += 14;
    need(nameLength);
    const name = bytes.subarray(at, at + nameLength);
    at += nameLength;
    if (!validName(name)) throw damaged(`invalid name ${JSON.stringify(name.toString("latin1"))}`);
    const previous = entries[entries.length - 1];
    if (previous && Buffer.compare(previous.name, name) >= 0) throw damaged("names out of order");
    if (!Number.isSafeInteger(size) || size < 0) throw damaged(`invalid size ${size}`);
    let hash = null;
    if (hasHash(kind)) {
      need(HASH_BYTES);
      hash = bytes.subarray(at, at + HASH_BYTES);
      at += HASH_BYTES;
    }
    let target = null;
    if (kind === "link") {
      need(2);
      const targetLength = bytes.readUInt16LE(at);
      at += 2;
      need(targetLength);
      target = bytes.subarray(at, at + targetLength);
      at += targetLength;
    }
    entries.push({ name, kind, mode, size, hash, kept, target });
  }
  return entries;
}
function validName(name) {
  if (name.length === 0 || name.includes(47) || name.includes(0)) return false;
  return !(name.length <= 2 && name.every((byte) => byte === 46));
}

// src/evidence/tool-folders.ts
var DEPENDENCY_FOLDERS = [
  "node_modules",
  "bower_components",
  "vendor",
  ".venv",
  "venv",
  "site-packages",
  ".tox",
  ".nox"
];
var TOOL_FOLDERS = [
  ...DEPENDENCY_FOLDERS,
  "dist",
  "build",
  "out",
  "target",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".turbo",
  ".parcel-cache",
  ".gradle",
  "coverage",
  ".nyc_output",
  ".cache",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache"
];
var VOUCHED_FOLDERS = /* @__PURE__ */ new Set([...TOOL_FOLDERS, ".git"]);
var VOUCHED_FOLDER_NAMES = [...VOUCHED_FOLDERS];
function vouchedByMetadata(key) {
  const slash = key.lastIndexOf("/");
  if (slash < 0) return false;
  if (slash === lastFolder.length && key.startsWith(lastFolder)) return lastFolderVouched;
  lastFolder = key.slice(0, slash);
  lastFolderVouched = lastFolder.split("/").some((part) => VOUCHED_FOLDERS.has(part));
  return lastFolderVouched;
}
var lastFolder = "\0";
var lastFolderVouched = false;

// src/evidence/record-stands.ts
function recordStands(bytes, fields2, layout, kindNow, stat, fileKind, fileVouched) {
  if (bytes.readUInt8(fields2 + layout.racy) !== 0 || bytes.readUInt8(fields2 + layout.kind) !== kindNow || bytes.readDoubleLE(fields2 + layout.size) !== stat.size || bytes.readDoubleLE(fields2 + layout.ctime) !== stat.ctimeMs || bytes.readDoubleLE(fields2 + layout.mtime) !== stat.mtimeMs || bytes.readDoubleLE(fields2 + layout.ino) !== stat.ino || bytes.readDoubleLE(fields2 + layout.dev) !== stat.dev)
    return false;
  if (kindNow !== fileKind) return true;
  for (let i = fields2 + layout.hash; i < fields2 + layout.span; i++) if (bytes[i] !== 0) return fileVouched();
  return false;
}
function sameIdentityAndTimes(a, b) {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs;
}

// src/evidence/stat-cache.ts
var RACY_MARGIN_MS = 2e3;
var FORMAT = Buffer.from("LKSTAT\0", "latin1");
var MAGIC = Buffer.concat([FORMAT, Buffer.from([2])]);
var HEADER = MAGIC.length + 4 + 8;
var RECORD_FIELDS = {
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
  length: 48 + HASH_BYTES
};
var R = RECORD_FIELDS;
var FIXED = R.length;
var SPAN = R.span;
var NO_HASH = Buffer.alloc(HASH_BYTES);
var FILE_KIND = ENTRY_KINDS.indexOf("file");
function isRacy(stat, snapshotStartMs) {
  return Math.max(stat.mtimeMs, stat.ctimeMs) >= snapshotStartMs - RACY_MARGIN_MS;
}
var isBelow = (key, folder) => key.length > folder.length && key.charCodeAt(folder.length) === 47 && key.startsWith(folder);
var MISSES_BEFORE_INDEX = 64;
var StatTable = class _StatTable {
  constructor(bytes, first, size, built, startMs) {
    this.bytes = bytes;
    this.first = first;
    this.size = size;
    this.built = built;
    this.startMs = startMs;
    this.cursor = first;
  }
  bytes;
  first;
  size;
  built;
  startMs;
  index = null;
  cursor;
  /** The last lookup (a walk asks for an entry's record more than once). */
  memoKey = null;
  memoAt = -1;
  /** Lookups the cursor did not answer: past MISSES_BEFORE_INDEX the key index is built. */
  misses = 0;
  /** A table read from its file: records from `first`, `count` of them. */
  static loaded(bytes, first, count, startMs) {
    return new _StatTable(bytes, first, count, null, startMs);
  }
  /** A table a snapshot just built, with its record starts at hand. */
  static fromBuilt(bytes, starts, startMs) {
    return new _StatTable(bytes, starts[0] ?? bytes.length, starts.length, starts, startMs);
  }
  /** The records' bytes as they are (a walk's helper thread reads them), and the first record's start. */
  records() {
    return { bytes: this.bytes, first: this.first };
  }
  keys() {
    return this.map().keys();
  }
  /** Every record's start, in the order they were written: a folder before what is below it, each folder's entries together. */
  starts() {
    if (this.built) return this.built;
    const starts = [];
    for (let at = this.first; at < this.bytes.length; at = this.fieldsAt(at) + FIXED) starts.push(at);
    return starts;
  }
  /** The record's start in the bytes, or -1. */
  find(key) {
    if (this.memoKey === key) return this.memoAt;
    let at = -1;
    if (this.cursor < this.bytes.length) {
      const length = this.bytes.readUInt16LE(this.cursor);
      if (this.bytes.toString("utf8", this.cursor + 2, this.cursor + 2 + length) === key) at = this.cursor;
    }
    if (at < 0) at = this.index || ++this.misses > MISSES_BEFORE_INDEX ? this.map().get(key) ?? -1 : this.findBySpans(key);
    if (at >= 0) this.cursor = this.fieldsAt(at) + FIXED;
    this.memoKey = key;
    this.memoAt = at;
    return at;
  }
  get(key) {
    const at = this.find(key);
    return at < 0 ? void 0 : this.recordAt(at);
  }
  /** True when the record at `at` may stand for the entry now: the one trust rule (record-stands.ts). */
  trustedAt(at, kind, stat) {
    return recordStands(
      this.bytes,
      this.fieldsAt(at),
      R,
      ENTRY_KINDS.indexOf(kind),
      stat,
      FILE_KIND,
      () => vouchedByMetadata(this.keyAt(at))
    );
  }
  hashAt(at) {
    const f = this.fieldsAt(at) + R.hash;
    const hash = this.bytes.subarray(f, f + HASH_BYTES);
    return hash.equals(NO_HASH) ? null : hash;
  }
  keyAt(at) {
    return this.bytes.toString("utf8", at + 2, this.fieldsAt(at));
  }
  /** Where the record after the one at `at` starts (the first entry below a folder's). */
  nextAt(at) {
    return this.fieldsAt(at) + FIXED;
  }
  /** Where what is below the record at `at` ends: the start of its next sibling, or of whatever follows its parent. */
  endAt(at) {
    return at + this.bytes.readUInt32LE(this.fieldsAt(at) + SPAN);
  }
  /** The walk found `key`'s record at `at` (listing a folder from the records): lookups go on from there. Returns `at`. */
  passed(key, at) {
    this.cursor = this.nextAt(at);
    this.memoKey = key;
    this.memoAt = at;
    return at;
  }
  kindAt(at) {
    return ENTRY_KINDS[this.bytes.readUInt8(this.fieldsAt(at) + R.kind)] ?? "unreadable";
  }
  sizeAt(at) {
    return this.bytes.readDoubleLE(this.fieldsAt(at) + R.size);
  }
  racyAt(at) {
    return this.bytes.readUInt8(this.fieldsAt(at) + R.racy) === 1;
  }
  keptAt(at) {
    return this.bytes.readUInt8(this.fieldsAt(at) + R.kept) === 1;
  }
  recordAt(at) {
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
      hash: this.hashAt(at)
    };
  }
  /** Copies the record at `at` as it is into `target` at `targetStart` (an unchanged record); returns its length. */
  copyRecord(at, target, targetStart) {
    return this.bytes.copy(target, targetStart, at, this.fieldsAt(at) + FIXED);
  }
  /** Copies the records from `at` to `end` as they are (a folder and what is below it) into `target` at `targetStart`. */
  copyRange(at, end, target, targetStart) {
    return this.bytes.copy(target, targetStart, at, end);
  }
  /** The length of the record at `at`. */
  lengthAt(at) {
    return this.fieldsAt(at) + FIXED - at;
  }
  fieldsAt(at) {
    return at + 2 + this.bytes.readUInt16LE(at);
  }
  /**
   * The record of `key` found down the folders' spans: each level's entries are scanned (a folder's
   * next sibling is where its span ends) and only the folder on the way to the key is entered. A few
   * lookups cost the entries of the folders on the way, where the key index costs every record.
   */
  findBySpans(key) {
    for (let top = this.first; top < this.bytes.length; top = this.endAt(top)) {
      let at = top;
      let name = this.keyAt(at);
      if (name === key) return at;
      if (name !== "" && !isBelow(key, name)) continue;
      for (let child = this.nextAt(at), end = this.endAt(at); child < end; ) {
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
  map() {
    if (this.index) return this.index;
    const index = /* @__PURE__ */ new Map();
    if (this.built) {
      for (const at of this.built) index.set(this.keyAt(at), at);
    } else {
      for (let at = HEADER; at < this.bytes.length; at = this.fieldsAt(at) + FIXED)
        index.set(this.bytes.toString("utf8", at + 2, at + 2 + this.bytes.readUInt16LE(at)), at);
    }
    this.index = index;
    return index;
  }
};
var StatTableBuilder = class {
  /** `like`: the last snapshot's table, whose size this one will likely have. */
  constructor(startMs, like = null) {
    this.startMs = startMs;
    this.bytes = Buffer.allocUnsafe(Math.max(4 * 1024 * 1024, (like?.records().bytes.length ?? 0) + 64 * 1024));
  }
  startMs;
  bytes;
  used = HEADER;
  starts = [];
  get size() {
    return this.starts.length;
  }
  add(key, record2) {
    this.fill(this.reserve(key), record2);
  }
  /** Makes room for the record of `key` here (a folder's, which comes before what is below it); `fill` or `fillCopy` it once known. */
  reserve(key) {
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
  fill(start, record2) {
    const b = this.bytes;
    let at = start + 2 + b.readUInt16LE(start);
    at = b.writeDoubleLE(record2.dev, at);
    at = b.writeDoubleLE(record2.ino, at);
    at = b.writeDoubleLE(record2.size, at);
    at = b.writeDoubleLE(record2.mtimeMs, at);
    at = b.writeDoubleLE(record2.ctimeMs, at);
    at = b.writeUInt8(ENTRY_KINDS.indexOf(record2.kind), at);
    at = b.writeUInt8(record2.kept ? 1 : 0, at);
    at = b.writeUInt8(record2.racy ? 1 : 0, at);
    at = b.writeUInt8(0, at);
    (record2.hash ?? NO_HASH).copy(b, at);
    this.span(start);
  }
  /** Fills a reserved record with `table`'s record of the same key at `at`. */
  fillCopy(start, table, at) {
    table.copyRecord(at, this.bytes, start);
    this.span(start);
  }
  /** Adds `table`'s record at `at`, as it is. */
  copy(table, at) {
    this.room(table.lengthAt(at));
    const start = this.used;
    this.starts.push(start);
    this.used += table.copyRecord(at, this.bytes, start);
    this.span(start);
  }
  /** Adds `table`'s records from `at` to `end` as they are: a folder and everything below it (their spans hold, being relative). */
  copySpan(table, at, end) {
    this.room(end - at);
    const shift = this.used - at;
    for (let r = at; r < end; r = table.nextAt(r)) this.starts.push(r + shift);
    this.used += table.copyRange(at, end, this.bytes, this.used);
  }
  /** Drops the record reserved at `start` and everything after it (a folder found unreadable halfway through its entries). */
  dropFrom(start) {
    const i = this.starts.lastIndexOf(start);
    if (i < 0) throw new Error(`no record starts at ${start}`);
    this.starts.length = i;
    this.used = start;
  }
  /** A record's span: up to what is written now (a folder is filled after what is below it). */
  span(start) {
    this.bytes.writeUInt32LE(this.used - start, start + 2 + this.bytes.readUInt16LE(start) + SPAN);
  }
  table() {
    return StatTable.fromBuilt(this.bytes.subarray(0, this.used), this.starts, this.startMs);
  }
  /** Writes the table atomically: header, records, checksum (not synced: after a crash a damaged table is kept aside and the files read again). */
  save(file) {
    const b = this.bytes;
    MAGIC.copy(b, 0);
    b.writeUInt32LE(this.starts.length, MAGIC.length);
    b.writeDoubleLE(this.startMs, MAGIC.length + 4);
    const body = b.subarray(0, this.used);
    const checksum = createHash3("sha256").update(body).digest();
    writeOwnFileSync(file, [body, checksum], false);
  }
  room(n) {
    if (this.used + n <= this.bytes.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + n));
    this.bytes.copy(grown, 0, 0, this.used);
    this.bytes = grown;
  }
};
function loadStatTable(file) {
  const bytes = readOwnFileSync(file);
  if (!bytes) return null;
  const bad = (why) => new LoopkitError("STATE_CORRUPT", `${file} is damaged: ${why}`, { value: file });
  if (bytes.length >= MAGIC.length && bytes.subarray(0, FORMAT.length).equals(FORMAT) && bytes[FORMAT.length] < MAGIC[FORMAT.length])
    return null;
  if (bytes.length < HEADER + HASH_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw bad("not a loopkit stat cache");
  const body = bytes.subarray(0, bytes.length - HASH_BYTES);
  if (!createHash3("sha256").update(body).digest().equals(bytes.subarray(body.length))) throw bad("its checksum does not match");
  const count = body.readUInt32LE(MAGIC.length);
  const startMs = body.readDoubleLE(MAGIC.length + 4);
  let records = 0;
  let at = HEADER;
  const ends = [body.length];
  while (at < body.length) {
    if (at + 2 > body.length) throw bad("it ends inside a record");
    const next = at + 2 + body.readUInt16LE(at) + FIXED;
    if (next > body.length) throw bad("it ends inside a record");
    const end = at + body.readUInt32LE(next - 4);
    while (at >= ends[ends.length - 1]) ends.pop();
    if (end < next || end > ends[ends.length - 1]) throw bad("a record's span is out of bounds");
    if (end > next) ends.push(end);
    at = next;
    records++;
  }
  if (records !== count) throw bad(`${records} records where its header says ${count}`);
  return StatTable.loaded(body, HEADER, count, startMs);
}

// src/evidence/lstat-ahead.ts
var AHEAD_FROM_RECORDS = 16384;
var VALUES = 6;
var NOT_YET = 0;
var FOUND = 1;
var ABSENT = 2;
var STANDS_WHOLE = 3;
function lstatFromTheEnd(fs, input, stands) {
  const table = Buffer.from(input.table);
  const values = new Float64Array(input.values);
  const status = new Int32Array(input.status);
  const control = new Int32Array(input.control);
  const f = input.fields;
  const shortest = 2 + f.length;
  const kindOf2 = new Map(input.kinds.map((k) => [k.type, k.kind]));
  const vouched = new Set(input.vouched);
  const starts = [];
  for (let at = input.first; at + 2 <= table.length; at += 2 + table.readUInt16LE(at) + f.length) starts.push(at);
  let nextBad = Infinity;
  for (let i = starts.length - 1; i >= 0; i--) {
    const at = starts[i];
    if (at <= Atomics.load(control, 0) || Atomics.load(control, 1) !== 0) return;
    const keyEnd = at + 2 + table.readUInt16LE(at);
    const key = table.toString("utf8", at + 2, keyEnd);
    if (key.includes("\0")) {
      nextBad = at;
      continue;
    }
    const abs = key === "" ? input.root : input.root + input.sep + (input.sep === "/" ? key : key.split("/").join(input.sep));
    let stat;
    try {
      stat = fs.lstatSync(abs, { throwIfNoEntry: false });
    } catch {
      nextBad = at;
      continue;
    }
    const slot = Math.floor((at - input.first) / shortest);
    if (!stat) {
      nextBad = at;
      Atomics.store(status, slot, input.codes.absent);
      continue;
    }
    const v = slot * input.codes.values;
    values[v] = stat.dev;
    values[v + 1] = stat.ino;
    values[v + 2] = stat.size;
    values[v + 3] = stat.mtimeMs;
    values[v + 4] = stat.ctimeMs;
    values[v + 5] = stat.mode;
    const kind = kindOf2.get(stat.mode & fs.constants.S_IFMT) ?? input.device;
    const standsNow = stands(
      table,
      keyEnd,
      f,
      kind,
      stat,
      input.file,
      () => key.split("/").slice(0, -1).some((part) => vouched.has(part))
    );
    const whole = standsNow && kind === input.dir && nextBad >= at + table.readUInt32LE(keyEnd + f.span);
    if (!standsNow) nextBad = at;
    Atomics.store(status, slot, whole ? input.codes.standsWhole : input.codes.found);
  }
}
var SeenStat = class {
  constructor(dev, ino, size, mtimeMs, ctimeMs, mode) {
    this.dev = dev;
    this.ino = ino;
    this.size = size;
    this.mtimeMs = mtimeMs;
    this.ctimeMs = ctimeMs;
    this.mode = mode;
  }
  dev;
  ino;
  size;
  mtimeMs;
  ctimeMs;
  mode;
  isFile() {
    return (this.mode & constants3.S_IFMT) === constants3.S_IFREG;
  }
  isDirectory() {
    return (this.mode & constants3.S_IFMT) === constants3.S_IFDIR;
  }
  isSymbolicLink() {
    return (this.mode & constants3.S_IFMT) === constants3.S_IFLNK;
  }
  isFIFO() {
    return (this.mode & constants3.S_IFMT) === constants3.S_IFIFO;
  }
  isSocket() {
    return (this.mode & constants3.S_IFMT) === constants3.S_IFSOCK;
  }
};
var THREAD_SOURCE2 = `const { parentPort } = require("node:worker_threads");
const fs = require("node:fs");
const recordStands = ${recordStands.toString()};
const lstatFromTheEnd = ${lstatFromTheEnd.toString()};
parentPort.on("message", (input) => {
  try {
    lstatFromTheEnd(fs, input, recordStands);
  } finally {
    parentPort.postMessage(null);
  }
});`;
var thread = null;
function helperThread() {
  if (thread) return thread;
  let worker;
  try {
    worker = new Worker2(THREAD_SOURCE2, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 64 } });
  } catch {
    return null;
  }
  const gone = () => {
    if (thread === worker) thread = null;
  };
  worker.on("error", gone);
  worker.on("exit", gone);
  worker.unref();
  thread = worker;
  return worker;
}
function warmAhead(bytes) {
  if (bytes >= AHEAD_FROM_RECORDS * (2 + RECORD_FIELDS.length)) helperThread();
}
var LstatAhead = class _LstatAhead {
  constructor(finished, first, input) {
    this.finished = finished;
    this.first = first;
    this.values = new Float64Array(input.values);
    this.status = new Int32Array(input.status);
    this.control = new Int32Array(input.control);
    this.shortest = 2 + input.fields.length;
  }
  finished;
  first;
  /** Answers the walk took from the thread (the tests read it). */
  taken = 0;
  values;
  status;
  control;
  shortest;
  /** A helper for a walk of `table` under `root`, or null when the table is small (or no thread can start): the walk lstats alone. */
  static async open(table, root, options = {}) {
    const ahead = _LstatAhead.start(table, root, options.from ?? AHEAD_FROM_RECORDS);
    if (ahead && options.first) await ahead.finished;
    return ahead;
  }
  static start(table, root, from) {
    if (!table || table.size < Math.max(from, 1)) return null;
    const { bytes, first } = table.records();
    if (bytes.length > 2147483647) return null;
    const worker = helperThread();
    if (!worker) return null;
    const shared = new SharedArrayBuffer(bytes.length);
    bytes.copy(Buffer.from(shared));
    const slots = Math.ceil((bytes.length - first) / (2 + RECORD_FIELDS.length)) + 1;
    const type = (name) => constants3[name] ?? -1;
    const input = {
      table: shared,
      first,
      fields: RECORD_FIELDS,
      kinds: [
        { type: type("S_IFREG"), kind: ENTRY_KINDS.indexOf("file") },
        { type: type("S_IFDIR"), kind: ENTRY_KINDS.indexOf("dir") },
        { type: type("S_IFLNK"), kind: ENTRY_KINDS.indexOf("link") },
        { type: type("S_IFIFO"), kind: ENTRY_KINDS.indexOf("fifo") },
        { type: type("S_IFSOCK"), kind: ENTRY_KINDS.indexOf("socket") }
      ],
      device: ENTRY_KINDS.indexOf("device"),
      dir: ENTRY_KINDS.indexOf("dir"),
      file: ENTRY_KINDS.indexOf("file"),
      root,
      sep: path5.sep,
      values: new SharedArrayBuffer(slots * VALUES * 8),
      status: new SharedArrayBuffer(slots * 4),
      control: new SharedArrayBuffer(8),
      codes: { found: FOUND, absent: ABSENT, standsWhole: STANDS_WHOLE, values: VALUES },
      vouched: VOUCHED_FOLDER_NAMES
    };
    const finished = new Promise((resolve) => {
      const done = () => {
        worker.off("message", done);
        worker.off("exit", done);
        resolve();
      };
      worker.on("message", done);
      worker.on("exit", done);
    });
    worker.postMessage(input);
    return new _LstatAhead(finished, first, input);
  }
  /** The entry at `abs`, whose record in the table starts at `at` (-1: none): as lstat would answer, undefined when it is not there. */
  lstat(abs, at) {
    const slot = this.slotOf(at);
    const seen = slot < 0 ? NOT_YET : Atomics.load(this.status, slot);
    if (seen === NOT_YET) return lstatSync3(abs, { throwIfNoEntry: false });
    this.taken++;
    return seen === ABSENT ? void 0 : this.seenAt(slot);
  }
  /**
   * The folder's lstat when the thread found that its record and every record below it stand (the
   * walk may take them as they are), else null. `at`: the folder's record.
   */
  standsWhole(at) {
    const slot = this.slotOf(at);
    if (slot < 0 || Atomics.load(this.status, slot) !== STANDS_WHOLE) return null;
    this.taken++;
    return this.seenAt(slot);
  }
  /** The walk is done (or failed): the thread stops answering it. */
  stop() {
    Atomics.store(this.control, 1, 1);
  }
  seenAt(slot) {
    const v = slot * VALUES;
    const x = this.values;
    return new SeenStat(x[v], x[v + 1], x[v + 2], x[v + 3], x[v + 4], x[v + 5]);
  }
  /** The record's slot in shared memory (-1: none), telling the thread the walk has got this far. */
  slotOf(at) {
    if (at < this.first) return -1;
    Atomics.store(this.control, 0, at);
    return Math.floor((at - this.first) / this.shortest);
  }
};
var lstatVia = (ahead, abs, at) => ahead ? ahead.lstat(abs, at) : lstatSync3(abs, { throwIfNoEntry: false });

// src/evidence/walk.ts
import { createHash as createHash4 } from "node:crypto";
import { closeSync as closeSync4, fstatSync as fstatSync3, lstatSync as lstatSync4, openSync as openSync3, readdirSync, readlinkSync, readSync as readSync3 } from "node:fs";
import path7 from "node:path";

// src/evidence/names.ts
import path6 from "node:path";
function nameOf(raw) {
  const text = raw.toString("utf8");
  if (!text.includes("\uFFFD") || Buffer.from(text).equals(raw)) return { text, key: text, valid: true };
  return { text: escapeBytes(raw), key: `\0${raw.toString("hex")}`, valid: false };
}
var escapeBytes = (raw) => [...raw].map((byte) => byte < 128 ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, "0")}`).join("");
function metaName(projectDir, dir) {
  const rel = path6.relative(projectDir, dir);
  return (rel && !rel.startsWith("..") && !path6.isAbsolute(rel) ? rel : dir).split(path6.sep).join("/");
}
function keyPath(key, projectDir, git) {
  const parts = key.split("/");
  let root = "";
  const shown = [];
  if (parts[0]?.startsWith("\0") && !/^\u0000[0-9a-f]+$/.test(parts[0])) {
    root = parts.shift();
    const dir = git.find((g) => g.key === root)?.dir;
    shown.push(dir ? metaName(projectDir, dir) : root.slice(1));
  }
  for (const part of parts) shown.push(part.startsWith("\0") ? escapeBytes(Buffer.from(part.slice(1), "hex")) : part);
  return { path: shown.join("/"), root };
}

// src/evidence/walk.ts
var KEEP_BYTES = 1024 * 1024;
var BATCH = 512;
var EMPTY_TREE = objectHash("tree", Buffer.alloc(0));
var SEP = Buffer.from(path7.sep);
var emptyCounts = () => ({
  files: 0,
  dirs: 0,
  links: 0,
  special: 0,
  unreadable: 0,
  bytes: 0,
  unkept: 0,
  read: 0,
  readBytes: 0
});
async function walkFolder(w, abs, key, stat, only = null) {
  const visited = await visitFolder(w, abs, key, stat, only);
  if (!visited?.entry.hash) throw new Error(`${abs.toString()} changed while loopkit recorded it`);
  return visited.entry.hash;
}
async function visitFolder(w, abs, key, stat, only, hint = -1) {
  w.counts.dirs++;
  const at = cachedAt(w, key, "dir", stat, hint);
  const cachedHash = at >= 0 ? w.cache.hashAt(at) : null;
  const children = listChildren(w, abs, key, at, cachedHash, only);
  if (children === "denied") return unreadable(w, key, stat);
  if (children === "gone") return null;
  const slot = w.out.reserve(key);
  const entries = [];
  const names = [];
  let clean = true;
  for (const child of children) {
    const { name } = child;
    if (only && !only(name.text)) continue;
    if (++w.visited % BATCH === 0) {
      checkDeadline(w.deadline, "loopkit's snapshot of the project");
      await new Promise((resolve) => setImmediate(resolve));
    }
    const childKey = child.key ?? (key === "" ? name.key : `${key}/${name.key}`);
    if (w.skip(childKey) && !(w.signed(childKey) && !holdsGitIndex(childAbsOf(abs, child)))) continue;
    const childAbs = childAbsOf(abs, child);
    let visited;
    try {
      if (child.file && child.at < 0 && cachedAt(w, childKey, null, null) < 0) {
        visited = readFile(w, childAbs, childKey, null);
      } else {
        visited = child.at >= 0 && childKey !== w.hideEmpty ? takeWhole(w, childKey, child.at) : null;
        if (!visited) {
          const childStat = lstatVia(w.ahead, childAbs, child.at);
          visited = !childStat ? null : childStat.isDirectory() ? await visitFolder(w, childAbs, childKey, childStat, null, child.at) : visitLeaf(w, childAbs, childKey, childStat, child.at);
        }
      }
    } catch (error) {
      if (isDenied(error)) {
        w.out.dropFrom(slot);
        return unreadable(w, key, stat);
      }
      if (!isGoneOrNotAFile(error)) throw error;
      visited = null;
    }
    if (!visited) {
      clean = false;
      continue;
    }
    if (childKey === w.hideEmpty && visited.entry.kind === "dir" && visited.entry.hash.equals(EMPTY_TREE)) continue;
    entries.push(visited.entry);
    names.push(child);
    clean &&= visited.clean;
  }
  const same = clean && cachedHash !== null;
  if (!same || key === "") for (let i = 0; i < entries.length; i++) entries[i].name = rawName(names[i]);
  const hash = same ? cachedHash : w.store.put("tree", encodeTree(entries));
  if (key === "") w.workRoot = objectHash("tree", encodeTree(entries.filter((_, i) => names[i].name.key !== w.hideEmpty)));
  if (same) w.out.fillCopy(slot, w.cache, at);
  else {
    w.out.fill(slot, { ...fields(stat), kind: "dir", kept: false, racy: isRacy(stat, w.startMs), hash });
    w.fresh++;
  }
  return { entry: leaf("dir", stat, hash, false, null), clean: same };
}
var rawName = (child) => child.raw ??= Buffer.from(child.name.text);
var childAbsOf = (abs, child) => child.name.valid && typeof abs === "string" ? `${abs}${path7.sep}${child.name.text}` : Buffer.concat([Buffer.from(abs), SEP, rawName(child)]);
function listChildren(w, abs, key, at, cachedHash, only) {
  if (cachedHash && key !== "" && !only && key !== w.hideEmpty && w.store.has(cachedHash)) {
    const cache = w.cache;
    const children = [];
    const prefix = key.length + 1;
    for (let c = cache.nextAt(at), end = cache.endAt(at); c < end; c = cache.endAt(c)) {
      const childKey = cache.keyAt(c);
      const nameKey = childKey.slice(prefix);
      const raw = nameKey.startsWith("\0") ? Buffer.from(nameKey.slice(1), "hex") : null;
      const name = raw ? nameOf(raw) : { text: nameKey, key: nameKey, valid: true };
      children.push({ name, raw, file: cache.kindAt(c) === "file", at: c, key: childKey });
    }
    return children;
  }
  let listed;
  try {
    listed = readdirSync(abs, { encoding: "buffer", withFileTypes: true });
  } catch (error) {
    if (isDenied(error)) return "denied";
    if (isGoneOrNotAFile(error)) return "gone";
    throw error;
  }
  return listed.sort((a, b) => Buffer.compare(a.name, b.name)).map((d) => ({ name: nameOf(d.name), raw: d.name, file: d.isFile(), at: -1, key: null }));
}
function takeWhole(w, key, at) {
  const stat = w.ahead?.standsWhole(at);
  const cache = w.cache;
  const hash = stat ? cache.hashAt(at) : null;
  if (!stat || !hash || w.skipsWithin(key)) return null;
  const end = cache.endAt(at);
  const found = emptyCounts();
  let last = at;
  let records = 0;
  for (let r = at; r < end; r = cache.nextAt(r)) {
    last = r;
    records++;
    const kind = cache.kindAt(r);
    if (kind === "dir") {
      const tree = cache.hashAt(r);
      if (!tree || !w.store.has(tree)) return null;
      found.dirs++;
    } else if (kind === "link") found.links++;
    else if (kind !== "file") found.special++;
    else {
      found.files++;
      found.bytes += cache.sizeAt(r);
      if (!cache.keptAt(r)) found.unkept++;
    }
  }
  w.out.copySpan(cache, at, end);
  for (const field of Object.keys(found)) w.counts[field] += found[field];
  w.visited += records;
  cache.passed(cache.keyAt(last), last);
  checkDeadline(w.deadline, "loopkit's snapshot of the project");
  return { entry: leaf("dir", stat, hash, false, null), clean: true };
}
function cachedAt(w, key, kind, stat, hint = -1) {
  if (!w.cache || !w.trustCache) return -1;
  const at = hint >= 0 ? w.cache.passed(key, hint) : w.cache.find(key);
  if (at < 0 || kind === null || stat === null) return at;
  return w.cache.trustedAt(at, kind, stat) ? at : -1;
}
function visitLeaf(w, abs, key, stat, hint) {
  const kind = kindOf(stat);
  const at = cachedAt(w, key, kind, stat, hint);
  if (kind === "file") {
    const hash = at >= 0 ? w.cache.hashAt(at) : null;
    if (!hash) return readFile(w, abs, key, stat);
    w.counts.files++;
    w.counts.bytes += stat.size;
    const kept = w.cache.keptAt(at);
    if (!kept) w.counts.unkept++;
    record(w, key, at, null);
    return { entry: leaf("file", stat, hash, kept, null), clean: true };
  }
  if (kind === "link") {
    w.counts.links++;
    const target = readlinkSync(abs, { encoding: "buffer" });
    const hash = createHash4("sha256").update(target).digest();
    record(w, key, at, { ...fields(stat), kind, kept: false, racy: isRacy(stat, w.startMs), hash });
    const entry = leaf("link", stat, hash, false, target);
    entry.size = target.length;
    return { entry, clean: at >= 0 };
  }
  w.counts.special++;
  record(w, key, at, { ...fields(stat), kind, kept: false, racy: isRacy(stat, w.startMs), hash: null });
  return { entry: leaf(kind, stat, null, false, null), clean: at >= 0 };
}
function readFile(w, abs, key, stat) {
  let fd;
  try {
    fd = openSync3(abs, SAFE_READ_FLAGS);
  } catch (error) {
    if (isDenied(error)) {
      const found = stat ?? lstatSync4(abs, { throwIfNoEntry: false });
      return found ? unreadable(w, key, found) : null;
    }
    if (isGoneOrNotAFile(error)) return null;
    throw error;
  }
  try {
    const now = fstatSync3(fd);
    if (!now.isFile() || stat && (now.ino !== stat.ino || now.dev !== stat.dev)) return null;
    w.counts.files++;
    w.counts.bytes += now.size;
    const want = Math.min(now.size, KEEP_BYTES) + 1;
    const head = w.store.scratch(want);
    let got = 0;
    while (got < want) {
      const n = readSync3(fd, head, got, want - got, got);
      if (n === 0) break;
      got += n;
      if (got === now.size && now.size <= KEEP_BYTES) break;
    }
    let hash;
    let size = got;
    const kept = got <= KEEP_BYTES;
    if (kept) {
      hash = w.store.putScratch("blob", got, objectHash("blob", head.subarray(0, got)));
    } else {
      const digest = createHash4("sha256").update(head.subarray(0, got));
      size = digestFrom(fd, digest, got, w.deadline, `loopkit's snapshot of the project (hashing ${key})`);
      hash = digest.digest();
      w.counts.unkept++;
    }
    w.counts.read++;
    w.counts.readBytes += size;
    record(w, key, -1, { ...fields(now), kind: "file", kept, racy: isRacy(now, w.startMs), hash });
    const entry = leaf("file", now, hash, kept, null);
    entry.size = size;
    return { entry, clean: false };
  } finally {
    closeSync4(fd);
  }
}
function digestFrom(fd, digest, offset, deadline, what) {
  const chunk = Buffer.allocUnsafe(KEEP_BYTES);
  let size = offset;
  for (; ; ) {
    checkDeadline(deadline, what);
    const n = readSync3(fd, chunk, 0, chunk.length, size);
    if (n === 0) return size;
    digest.update(chunk.subarray(0, n));
    size += n;
  }
}
function unreadableHash(stat) {
  const f = fields(stat);
  return createHash4("sha256").update(`unreadable ${f.dev} ${f.ino} ${f.size} ${f.mtimeMs} ${f.ctimeMs} ${stat.mode}`).digest();
}
function unreadable(w, key, stat) {
  w.counts.unreadable++;
  const f = fields(stat);
  const hash = unreadableHash(stat);
  const at = w.cache ? w.cache.find(key) : -1;
  const same = at >= 0 && w.cache.hashAt(at)?.equals(hash) === true;
  record(w, key, same ? at : -1, { ...f, kind: "unreadable", kept: false, racy: isRacy(stat, w.startMs), hash });
  return { entry: leaf("unreadable", stat, hash, false, null), clean: same };
}
function record(w, key, at, fresh) {
  if (at >= 0) w.out.copy(w.cache, at);
  else {
    w.out.add(key, fresh);
    w.fresh++;
  }
}
var fields = (stat) => ({
  dev: stat.dev,
  ino: stat.ino,
  size: stat.size,
  mtimeMs: stat.mtimeMs,
  ctimeMs: stat.ctimeMs
});
function leaf(kind, stat, hash, kept, target) {
  return { name: Buffer.alloc(0), kind, mode: stat.mode & 4095, size: kind === "file" ? stat.size : 0, hash, kept, target };
}
function kindOf(stat) {
  if (stat.isFile()) return "file";
  if (stat.isDirectory()) return "dir";
  if (stat.isSymbolicLink()) return "link";
  if (stat.isFIFO()) return "fifo";
  if (stat.isSocket()) return "socket";
  return "device";
}

// src/evidence/snapshot.ts
function snapshotFingerprint(snapshot) {
  return createHash5("sha256").update([snapshot.work_root ?? snapshot.root, ...snapshot.git.map((g) => `${g.key}=${g.tree}`)].join("\n")).digest("hex");
}
async function takeSnapshot(input) {
  const now = input.now ?? (() => /* @__PURE__ */ new Date());
  const files = evidenceFiles(input.dataDir, input.projectDir);
  mkdirSync2(files.dir, { recursive: true });
  warmAhead(lstatSync5(files.statCache, { throwIfNoEntry: false })?.size ?? 0);
  try {
    return await withLock(files.lock, () => snapshotLocked(files, input.projectDir, input.dataDir, input.deadline, now, input.ahead));
  } catch (error) {
    if (isLoopkitError(error, "DEADLINE") || isLoopkitError(error, "EVIDENCE_FAILED")) throw error;
    throw new LoopkitError("EVIDENCE_FAILED", `loopkit could not record the project: ${formatError(error)}`, {
      cause: error,
      value: input.projectDir
    });
  }
}
async function snapshotLocked(files, projectDir, dataDir, deadline, now, aheadOptions) {
  const notes = [];
  const store = await openOrKeepAside(files, now(), notes);
  let ahead = null;
  try {
    const cache = await loadCacheOrKeepAside(files, now(), notes);
    const startMs = Date.now();
    const rootStat = statSync(projectDir);
    if (!rootStat.isDirectory()) throw new LoopkitError("EVIDENCE_FAILED", `${projectDir} is not a folder`, { value: projectDir });
    const scope = recordScope(projectDir, dataDir);
    const trustCache = ctimeTrusted(projectDir);
    ahead = trustCache ? await LstatAhead.open(cache, projectDir, aheadOptions) : null;
    const w = {
      store,
      cache,
      out: new StatTableBuilder(startMs, cache),
      startMs,
      trustCache,
      deadline,
      counts: emptyCounts(),
      fresh: 0,
      visited: 0,
      skip: scope.skip,
      signed: scope.signed,
      skipsWithin: scope.skipsWithin,
      hideEmpty: scope.hideEmpty,
      ahead
    };
    const [project, ...metas] = scope.roots;
    const root = await walkFolder(w, projectDir, "", rootStat, project.only);
    const git = [];
    for (const meta of metas) {
      const stat = lstatSync5(meta.dir, { throwIfNoEntry: false });
      if (!stat?.isDirectory()) continue;
      git.push({ key: meta.key, dir: meta.dir, tree: (await walkFolder(w, meta.dir, meta.key, stat, meta.only)).toString("hex") });
    }
    store.commit();
    if (w.fresh > 0 || cache?.size !== w.out.size) w.out.save(files.statCache);
    const { files: count, dirs, links, special, unreadable: unreadable2, bytes, unkept } = w.counts;
    return {
      snapshot: {
        version: 1,
        root: root.toString("hex"),
        ...w.workRoot ? { work_root: w.workRoot.toString("hex") } : {},
        git,
        taken_at: now().toISOString(),
        counts: { files: count, dirs, links, special, unreadable: unreadable2, bytes, unkept }
      },
      stats: w.out.table(),
      notes,
      read: { files: w.counts.read, bytes: w.counts.readBytes }
    };
  } finally {
    ahead?.stop();
    store.close();
  }
}
function openStore(dataDir, projectDir) {
  const files = evidenceFiles(dataDir, projectDir);
  return ObjectStore.open(files.pack, files.index);
}
async function openOrKeepAside(files, now, notes) {
  try {
    return ObjectStore.open(files.pack, files.index);
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    const kept = [];
    for (const file of [files.pack, files.index, files.statCache])
      kept.push(await keepAside(file, now).catch(() => `${file} (could not be moved)`));
    notes.push(
      `loopkit's record of this project was damaged (${error.message}); kept aside as ${kept.join(", ")}. The record starts again: comparisons with earlier snapshots fail, so no turn is judged achieved until a new loop starts.`
    );
    return ObjectStore.open(files.pack, files.index);
  }
}
async function loadCacheOrKeepAside(files, now, notes) {
  try {
    return loadStatTable(files.statCache);
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    const kept = await keepAside(files.statCache, now).catch(() => "nowhere (it could not be moved)");
    notes.push(`loopkit's stat cache was damaged (${error.message}); kept aside as ${kept}, and every file is read again.`);
    return null;
  }
}
var NO_CHANGE_TIME = /* @__PURE__ */ new Set([19780, 538032816]);
function ctimeTrusted(projectDir) {
  if (process.platform === "win32") return false;
  if (process.platform !== "linux") return true;
  try {
    return !NO_CHANGE_TIME.has(statfsSync(projectDir).type);
  } catch {
    return false;
  }
}

export {
  SAFE_READ_FLAGS,
  isDenied,
  isGoneOrNotAFile,
  readRegularFileSync,
  writeOwnFileSync,
  objectHash,
  ObjectStore,
  evidenceFiles,
  GIT_META_NAMES,
  isLooseGitObject,
  recordScope,
  decodeTree,
  DEPENDENCY_FOLDERS,
  TOOL_FOLDERS,
  sameIdentityAndTimes,
  LstatAhead,
  lstatVia,
  deadlineIn,
  remainingMs,
  within,
  checkDeadline,
  nameOf,
  metaName,
  keyPath,
  KEEP_BYTES,
  digestFrom,
  unreadableHash,
  fields,
  kindOf,
  SnapshotSchema,
  snapshotFingerprint,
  takeSnapshot,
  openStore,
  ctimeTrusted
};
