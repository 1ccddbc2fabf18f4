// A second thread that deflates the objects a snapshot stores, beside the walk that reads and hashes
// the files. A project's first snapshot reads and stores every file, and deflate took a quarter of
// it (0.9 s of 3.5 s at 100,000 files); on two cores the thread takes most of that off the walk's
// path. The store hands it copies and takes the answers back synchronously (the walk is synchronous):
// answers come through a message port read with receiveMessageOnPort, and a counter in shared memory
// wakes the store when it has to wait. A thread that fails or falls silent is abandoned: the store
// deflates what it still holds itself, so nothing depends on the thread.
import { receiveMessageOnPort, MessageChannel, Worker, type MessagePort } from "node:worker_threads";

/** What the thread answers for an object: its id and the deflated bytes (null when deflate threw). */
export interface Deflated {
  id: string;
  packed: Buffer | null;
}

/** Objects go to the thread in batches of about this many bytes (a message per object costs about what deflating a small one does). */
const BATCH_BYTES = 256 * 1024;
const BATCH_OBJECTS = 256;

/** A batch as it crosses: the objects' ids, where each ends in `bytes` (-1: deflate threw), and their bytes back to back. */
interface Batch {
  ids: string[];
  ends: number[];
  bytes: Uint8Array;
}

/**
 * The thread's whole program, run from its source text: it uses nothing but its arguments. Each
 * batch it is handed is deflated object by object with `options` and answered on `port` as a batch,
 * then `answered` counts it.
 */
function deflateForever(
  zlib: typeof import("node:zlib"),
  parentPort: MessagePort,
  input: { port: MessagePort; answered: SharedArrayBuffer; options: import("node:zlib").ZlibOptions },
): void {
  const answered = new Int32Array(input.answered);
  parentPort.on("message", (batch: Batch) => {
    const packed: Uint8Array[] = [];
    const ends: number[] = [];
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

const THREAD_SOURCE = `const { parentPort, workerData } = require("node:worker_threads");
(${deflateForever.toString()})(require("node:zlib"), parentPort, workerData);`;

export class DeflateThread {
  private readonly answered: Int32Array;
  private stopped = false;
  /** The batch being filled: its ids, ends and bytes (`filled` of them used). */
  private batch: { ids: string[]; ends: number[]; bytes: Buffer; filled: number } | null = null;

  private constructor(
    private readonly worker: Worker,
    private readonly port: MessagePort,
    shared: SharedArrayBuffer,
  ) {
    this.answered = new Int32Array(shared);
  }

  /** A thread deflating with `options`, or null when none can start. */
  static start(options: import("node:zlib").ZlibOptions): DeflateThread | null {
    const shared = new SharedArrayBuffer(4);
    const { port1, port2 } = new MessageChannel();
    let worker: Worker;
    try {
      worker = new Worker(THREAD_SOURCE, {
        eval: true,
        workerData: { port: port2, answered: shared, options },
        transferList: [port2],
        resourceLimits: { maxOldGenerationSizeMb: 64 },
      });
    } catch {
      port1.close();
      return null;
    }
    const thread = new DeflateThread(worker, port1, shared);
    // Never keeps the process alive; an error only ends the thread (the store then deflates itself).
    worker.on("error", () => thread.stop());
    worker.unref();
    port1.unref();
    return thread;
  }

  /**
   * Adds an object to the batch (sent when full). Returns where its bytes are kept until its answer
   * comes: the caller's copy, for deflating it itself should the thread fail.
   */
  add(id: string, content: Buffer): Buffer {
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
  send(): void {
    const batch = this.batch;
    if (!batch) return;
    this.batch = null;
    if (this.stopped) return;
    // A copy crosses (structured clone): the caller keeps its bytes until the answers come.
    const message: Batch = { ids: batch.ids, ends: batch.ends, bytes: batch.bytes.subarray(0, batch.filled) };
    this.worker.postMessage(message);
  }

  /**
   * The next batch of answers; when there is none yet and `waitMs` > 0, sends the batch being filled
   * and waits that long for one. Undefined when none came (the caller gives up on a thread silent that long).
   */
  receive(waitMs: number): Deflated[] | undefined {
    if (waitMs > 0) this.send();
    for (;;) {
      const seen = Atomics.load(this.answered, 0);
      const message = receiveMessageOnPort(this.port)?.message as Batch | undefined;
      if (message) return answersOf(message);
      if (waitMs <= 0 || this.stopped) return undefined;
      if (Atomics.wait(this.answered, 0, seen, waitMs) === "timed-out") return undefined;
    }
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.batch = null;
    this.port.close();
    void this.worker.terminate();
  }
}

function answersOf(batch: Batch): Deflated[] {
  const bytes = Buffer.from(batch.bytes.buffer, batch.bytes.byteOffset, batch.bytes.byteLength);
  let start = 0;
  return batch.ids.map((id, i) => {
    const end = batch.ends[i]!;
    if (end < 0) return { id, packed: null };
    const packed = bytes.subarray(start, end);
    start = end;
    return { id, packed };
  });
}
