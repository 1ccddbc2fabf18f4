// The object store across commits: the index stays sorted (the new objects merged in between the old
// ones), every object is found and read back as written, and nothing is found that was not put.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { objectHash, ObjectStore } from "../../src/evidence/object-store.js";

describe("the object store", () => {
  it("keeps its index sorted across commits and finds every object it was given, and only those", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "loopkit store "));
    const pack = path.join(dir, "objects.pack");
    const index = path.join(dir, "objects.idx");
    const written = new Map<string, Buffer>();
    // Batches of every size, the last one and some repeats included: before, between and after the old hashes.
    for (const batch of [200, 50, 1, 0, 3000, 7]) {
      const store = ObjectStore.open(pack, index);
      for (let i = 0; i < batch; i++) {
        // Never a one-byte "x", the hash of which the store must not have below.
        const content = Buffer.concat([Buffer.from("random "), randomBytes(i % 300)]);
        written.set(store.put("blob", content).toString("hex"), content);
      }
      for (const [hex, content] of [...written].slice(0, 5)) expect(store.put("blob", content).toString("hex")).toBe(hex);
      store.commit();
      store.close();
    }
    const store = ObjectStore.open(pack, index);
    try {
      const listed = [...store.objects()].map((o) => o.hash.toString("hex"));
      expect(listed).toHaveLength(written.size);
      expect(listed).toEqual([...written.keys()].sort());
      for (const [hex, content] of written) expect(store.get(Buffer.from(hex, "hex"), "blob").equals(content)).toBe(true);
      expect(store.has(objectHash("blob", Buffer.from("never put")))).toBe(false);
      expect(store.has(createHash("sha256").update("x").digest())).toBe(false);
    } finally {
      store.close();
    }
  });

  const text = (n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `export const value${i} = ${i * 7} // line ${i}\n`).join(""));
  const storeIn = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "loopkit store "));
    return { pack: path.join(dir, "objects.pack"), index: path.join(dir, "objects.idx") };
  };

  it("stores text deflated, through the write buffer and past it, and reads it back as it was", () => {
    const { pack, index } = storeIn();
    const small = text(200);
    const big = Buffer.alloc(17 * 1024 * 1024, "export const value = 1; // a line of text\n"); // over the 16 MiB write buffer
    const incompressible = randomBytes(4096);
    const store = ObjectStore.open(pack, index);
    const head = store.scratch(small.length);
    small.copy(head);
    const hashes = [
      store.putScratch("blob", small.length, objectHash("blob", small)),
      store.put("blob", big),
      store.put("blob", incompressible),
    ];
    store.commit();
    store.close();
    // Written whole, the three would take more than the big one's size; deflated, a fraction of it.
    expect(statSync(pack).size).toBeLessThan(big.length / 3);
    const again = ObjectStore.open(pack, index);
    try {
      // Buffer#equals: a deep toEqual of a 24 MB buffer walks it byte by byte.
      expect(hashes.map((h, i) => again.get(h, "blob").equals([small, big, incompressible][i]!))).toEqual([true, true, true]);
    } finally {
      again.close();
    }
  });

  it("fails closed on a deflated object whose stored bytes were damaged", () => {
    const { pack, index } = storeIn();
    const content = text(2000);
    const store = ObjectStore.open(pack, index);
    const hash = store.put("blob", content);
    store.commit();
    store.close();
    const bytes = readFileSync(pack);
    bytes[bytes.length - 20]! ^= 0xff;
    writeFileSync(pack, bytes);
    const again = ObjectStore.open(pack, index);
    try {
      expect(() => again.get(hash, "blob")).toThrow(/does not match its hash/);
    } finally {
      again.close();
    }
  });

  describe("with the thread that deflates beside the walk", () => {
    // Texts of many sizes and a few incompressible objects: what a first snapshot stores.
    const objects = Array.from({ length: 1500 }, (_, i) =>
      i % 97 === 0 ? randomBytes(300 + i) : Buffer.concat([text(1 + (i % 120)), Buffer.from(`// object ${i}\n`)]),
    );
    const fill = (store: ObjectStore) => objects.map((content) => store.put("blob", content));
    const readBack = (pack: string, index: string, hashes: Buffer[]) => {
      const again = ObjectStore.open(pack, index);
      try {
        return hashes.every((hash, i) => again.get(hash, "blob").equals(objects[i]!));
      } finally {
        again.close();
      }
    };

    it("stores what it would store alone: every object found before the commit and after, read back as written, deflated", () => {
      const alone = storeIn();
      const withThread = storeIn();
      const storeAlone = ObjectStore.open(alone.pack, alone.index, { from: Infinity, queueBytes: 0, silentMs: 10_000 });
      const storeWithThread = ObjectStore.open(withThread.pack, withThread.index, { from: 10, queueBytes: 64 * 1024, silentMs: 10_000 });
      const hashes = fill(storeAlone);
      expect(fill(storeWithThread)).toEqual(hashes);
      expect(storeAlone.deflatedByThread).toBe(0);
      // Before the commit: had, and read back (the thread's answers taken first).
      expect(hashes.every((hash) => storeWithThread.has(hash))).toBe(true);
      expect(storeWithThread.get(hashes[1400]!, "blob").equals(objects[1400]!)).toBe(true);
      for (const store of [storeAlone, storeWithThread]) store.commit();
      // All but the ten the store deflated before it started the thread, and the few below 128 bytes (stored as they are).
      expect(storeWithThread.deflatedByThread).toBeGreaterThan(1400);
      for (const store of [storeAlone, storeWithThread]) store.close();
      expect(readBack(withThread.pack, withThread.index, hashes)).toBe(true);
      expect(readBack(alone.pack, alone.index, hashes)).toBe(true);
      // The same objects, deflated alike (in another order): packs of the same size.
      expect(statSync(withThread.pack).size).toBe(statSync(alone.pack).size);
      expect(statSync(withThread.pack).size).toBeLessThan(objects.reduce((sum, o) => sum + o.length, 0) / 2);
    });

    it("deflates what a thread that ended still held itself, and loses nothing", () => {
      const { pack, index } = storeIn();
      const store = ObjectStore.open(pack, index, { from: 10, queueBytes: 16 * 1024 * 1024, silentMs: 10_000 });
      const hashes = objects.slice(0, 20).map((content) => store.put("blob", content));
      // As when the thread fails: its error ends it (reached here through the store's private field).
      (store as unknown as { thread: { stop(): void } }).thread.stop();
      hashes.push(...objects.slice(20).map((content) => store.put("blob", content)));
      store.commit();
      expect(store.deflatedByThread).toBeLessThanOrEqual(10);
      store.close();
      expect(readBack(pack, index, hashes)).toBe(true);
    });
  });
});
