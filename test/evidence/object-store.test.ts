// The object store across commits: the index stays sorted (the new objects merged in between the old
// ones), every object is found and read back as written, and nothing is found that was not put.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
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
        const content = randomBytes(1 + (i % 300));
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
});
