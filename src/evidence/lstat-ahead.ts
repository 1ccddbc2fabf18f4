// A second thread that lstats a project's recorded entries from the last record backwards while a walk
// (a snapshot, or the check after the verifier) goes through them from the first. On a project of
// 100,000 files the lstat calls are most of a walk's time, and the kernel serves two threads at once:
// the two meet somewhere in the middle. Past the meeting point the walk takes the thread's results:
// an entry's lstat, and for a folder whether every record from its own to the end of what is below it
// still stands (same kind, identity, size and times, not racy, a file only in a folder vouched for by
// metadata: the rule of StatTable.trustedAt), in
// which case the walk takes the folder's records as they are without looking at each. The walk takes
// a result only for the very path it would lstat itself (the project folder joined with a record's
// key), and lstats itself whatever the thread has not answered (not reached, an error, a name that is
// not UTF-8, git metadata): no answer depends on the thread. Every result is taken after the walk
// started, so the racy rule, which counts from that start, holds as before.
import { constants, lstatSync, type Stats } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { RECORD_FIELDS, type StatTable } from "./stat-cache.js";
import { VOUCHED_FOLDER_NAMES } from "./tool-folders.js";
import { ENTRY_KINDS } from "./tree.js";
import { recordStands } from "./record-stands.js";

/** What a walk reads of an entry's lstat. */
export type EntryStat = Pick<
  Stats,
  "dev" | "ino" | "size" | "mtimeMs" | "ctimeMs" | "mode" | "isFile" | "isDirectory" | "isSymbolicLink" | "isFIFO" | "isSocket"
>;

type FsPath = string | Buffer;

/** Below this many records the thread's start (about 30 ms of the other core) costs more than it saves. */
export const AHEAD_FROM_RECORDS = 16_384;

export interface AheadOptions {
  /** From how many records the thread starts (AHEAD_FROM_RECORDS). */
  from?: number;
  /** The thread done before the walk starts, so the walk takes everything it found (tests). */
  first?: boolean;
}

const VALUES = 6;
const NOT_YET = 0;
const FOUND = 1;
const ABSENT = 2;
/** Found, and a folder whose records all stand, its own and everything below it. */
const STANDS_WHOLE = 3;

/** What the thread is handed: the table's bytes and where to put what it finds, all in shared memory. */
interface ThreadInput {
  table: SharedArrayBuffer;
  first: number;
  fields: typeof RECORD_FIELDS;
  /** A record's kind byte for each file type (S_IFMT bits); anything else is a device. */
  kinds: { type: number; kind: number }[];
  device: number;
  dir: number;
  file: number;
  root: string;
  sep: string;
  values: SharedArrayBuffer;
  status: SharedArrayBuffer;
  /** [where the walk is (a record's start), 1 once the walk is done]. */
  control: SharedArrayBuffer;
  codes: { found: number; absent: number; standsWhole: number; values: number };
  /** The folders whose files' records may stand by metadata (tool-folders.ts's VOUCHED_FOLDER_NAMES). */
  vouched: readonly string[];
}

/**
 * The thread's whole program, run from its source text: it uses nothing but its arguments. From the
 * last record backwards, until the walk's position: each record's path lstatted, the result and
 * whether its record stands put in shared memory. A folder's span is all after it, so it is done
 * when the folder's turn comes.
 */
function lstatFromTheEnd(fs: typeof import("node:fs"), input: ThreadInput, stands: typeof recordStands): void {
  const table = Buffer.from(input.table);
  const values = new Float64Array(input.values);
  const status = new Int32Array(input.status);
  const control = new Int32Array(input.control);
  const f = input.fields;
  const shortest = 2 + f.length;
  const kindOf = new Map(input.kinds.map((k) => [k.type, k.kind]));
  const vouched = new Set(input.vouched);
  const starts: number[] = [];
  for (let at = input.first; at + 2 <= table.length; at += 2 + table.readUInt16LE(at) + f.length) starts.push(at);
  // The start of the nearest record after this one that does not stand (Infinity: none).
  let nextBad = Infinity;
  for (let i = starts.length - 1; i >= 0; i--) {
    const at = starts[i]!;
    if (at <= Atomics.load(control, 0) || Atomics.load(control, 1) !== 0) return;
    const keyEnd = at + 2 + table.readUInt16LE(at);
    const key = table.toString("utf8", at + 2, keyEnd);
    // A name that is not UTF-8 (its key holds a NUL) or git metadata ("\0git"): the walk's path is not this one.
    if (key.includes("\u0000")) {
      nextBad = at;
      continue;
    }
    const abs = key === "" ? input.root : input.root + input.sep + (input.sep === "/" ? key : key.split("/").join(input.sep));
    let stat: import("node:fs").Stats | undefined;
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
    const kind = kindOf.get(stat.mode & fs.constants.S_IFMT) ?? input.device;
    // The one trust rule (record-stands.ts), handed to this thread as its source text (an argument: a
    // reference to the import would not survive being run from text).
    const standsNow = stands(table, keyEnd, f, kind, stat, input.file, () =>
      key
        .split("/")
        .slice(0, -1)
        .some((part) => vouched.has(part)),
    );
    const whole = standsNow && kind === input.dir && nextBad >= at + table.readUInt32LE(keyEnd + f.span);
    if (!standsNow) nextBad = at;
    // After the values: the walk reads them once it sees this.
    Atomics.store(status, slot, whole ? input.codes.standsWhole : input.codes.found);
  }
}

/** An lstat result the thread found, read back from shared memory. */
class SeenStat implements EntryStat {
  constructor(
    readonly dev: number,
    readonly ino: number,
    readonly size: number,
    readonly mtimeMs: number,
    readonly ctimeMs: number,
    readonly mode: number,
  ) {}
  isFile(): boolean {
    return (this.mode & constants.S_IFMT) === constants.S_IFREG;
  }
  isDirectory(): boolean {
    return (this.mode & constants.S_IFMT) === constants.S_IFDIR;
  }
  isSymbolicLink(): boolean {
    return (this.mode & constants.S_IFMT) === constants.S_IFLNK;
  }
  isFIFO(): boolean {
    return (this.mode & constants.S_IFMT) === constants.S_IFIFO;
  }
  isSocket(): boolean {
    return (this.mode & constants.S_IFMT) === constants.S_IFSOCK;
  }
}

/** The thread's source: it waits for walks and answers each one's records (a message back when done). */
const THREAD_SOURCE = `const { parentPort } = require("node:worker_threads");
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

/** The process's helper thread: started once, idle between walks, never keeping the process alive. */
let thread: Worker | null = null;

function helperThread(): Worker | null {
  if (thread) return thread;
  let worker: Worker;
  try {
    // A few arrays, never the table's keys all at once.
    worker = new Worker(THREAD_SOURCE, { eval: true, resourceLimits: { maxOldGenerationSizeMb: 64 } });
  } catch {
    return null;
  }
  // A thread that fails only leaves its part to the walks.
  const gone = () => {
    if (thread === worker) thread = null;
  };
  worker.on("error", gone);
  worker.on("exit", gone);
  worker.unref();
  thread = worker;
  return worker;
}

/**
 * Starts the helper thread ahead of a walk of a project whose last record may be big (`bytes`: the
 * stat cache's size), so that it is up (about 30 ms) when the walk begins.
 */
export function warmAhead(bytes: number): void {
  if (bytes >= AHEAD_FROM_RECORDS * (2 + RECORD_FIELDS.length)) helperThread();
}

/** lstat for a walk through `table`'s records under `root`, helped by the helper thread. */
export class LstatAhead {
  /** Answers the walk took from the thread (the tests read it). */
  taken = 0;
  private readonly values: Float64Array;
  private readonly status: Int32Array;
  private readonly control: Int32Array;
  private readonly shortest: number;

  private constructor(
    /** Settles when the thread is done with this walk. */
    private readonly finished: Promise<void>,
    private readonly first: number,
    input: ThreadInput,
  ) {
    this.values = new Float64Array(input.values);
    this.status = new Int32Array(input.status);
    this.control = new Int32Array(input.control);
    this.shortest = 2 + input.fields.length;
  }

  /** A helper for a walk of `table` under `root`, or null when the table is small (or no thread can start): the walk lstats alone. */
  static async open(table: StatTable | null, root: string, options: AheadOptions = {}): Promise<LstatAhead | null> {
    const ahead = LstatAhead.start(table, root, options.from ?? AHEAD_FROM_RECORDS);
    if (ahead && options.first) await ahead.finished;
    return ahead;
  }

  private static start(table: StatTable | null, root: string, from: number): LstatAhead | null {
    if (!table || table.size < Math.max(from, 1)) return null;
    const { bytes, first } = table.records();
    // Record starts are shared as 32-bit integers.
    if (bytes.length > 0x7fffffff) return null;
    const worker = helperThread();
    if (!worker) return null;
    const shared = new SharedArrayBuffer(bytes.length);
    bytes.copy(Buffer.from(shared));
    const slots = Math.ceil((bytes.length - first) / (2 + RECORD_FIELDS.length)) + 1;
    const type = (name: string) => (constants as Record<string, number | undefined>)[name] ?? -1;
    const input: ThreadInput = {
      table: shared,
      first,
      fields: RECORD_FIELDS,
      kinds: [
        { type: type("S_IFREG"), kind: ENTRY_KINDS.indexOf("file") },
        { type: type("S_IFDIR"), kind: ENTRY_KINDS.indexOf("dir") },
        { type: type("S_IFLNK"), kind: ENTRY_KINDS.indexOf("link") },
        { type: type("S_IFIFO"), kind: ENTRY_KINDS.indexOf("fifo") },
        { type: type("S_IFSOCK"), kind: ENTRY_KINDS.indexOf("socket") },
      ],
      device: ENTRY_KINDS.indexOf("device"),
      dir: ENTRY_KINDS.indexOf("dir"),
      file: ENTRY_KINDS.indexOf("file"),
      root,
      sep: path.sep,
      values: new SharedArrayBuffer(slots * VALUES * 8),
      status: new SharedArrayBuffer(slots * 4),
      control: new SharedArrayBuffer(8),
      codes: { found: FOUND, absent: ABSENT, standsWhole: STANDS_WHOLE, values: VALUES },
      vouched: VOUCHED_FOLDER_NAMES,
    };
    // Walks come one after another; a walk's answers are its own shared memory, whatever came before.
    const finished = new Promise<void>((resolve) => {
      const done = () => {
        worker.off("message", done);
        worker.off("exit", done);
        resolve();
      };
      worker.on("message", done);
      worker.on("exit", done);
    });
    worker.postMessage(input);
    return new LstatAhead(finished, first, input);
  }

  /** The entry at `abs`, whose record in the table starts at `at` (-1: none): as lstat would answer, undefined when it is not there. */
  lstat(abs: FsPath, at: number): EntryStat | undefined {
    const slot = this.slotOf(at);
    const seen = slot < 0 ? NOT_YET : Atomics.load(this.status, slot);
    if (seen === NOT_YET) return lstatSync(abs, { throwIfNoEntry: false });
    this.taken++;
    return seen === ABSENT ? undefined : this.seenAt(slot);
  }

  /**
   * The folder's lstat when the thread found that its record and every record below it stand (the
   * walk may take them as they are), else null. `at`: the folder's record.
   */
  standsWhole(at: number): EntryStat | null {
    const slot = this.slotOf(at);
    if (slot < 0 || Atomics.load(this.status, slot) !== STANDS_WHOLE) return null;
    this.taken++;
    return this.seenAt(slot);
  }

  /** The walk is done (or failed): the thread stops answering it. */
  stop(): void {
    Atomics.store(this.control, 1, 1);
  }

  private seenAt(slot: number): SeenStat {
    const v = slot * VALUES;
    const x = this.values;
    return new SeenStat(x[v]!, x[v + 1]!, x[v + 2]!, x[v + 3]!, x[v + 4]!, x[v + 5]!);
  }

  /** The record's slot in shared memory (-1: none), telling the thread the walk has got this far. */
  private slotOf(at: number): number {
    if (at < this.first) return -1;
    Atomics.store(this.control, 0, at);
    return Math.floor((at - this.first) / this.shortest);
  }
}

/** lstat through `ahead` when there is one. */
export const lstatVia = (ahead: LstatAhead | null, abs: FsPath, at: number): EntryStat | undefined =>
  ahead ? ahead.lstat(abs, at) : lstatSync(abs, { throwIfNoEntry: false });
