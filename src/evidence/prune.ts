// Pruning loopkit's record of a project: only the snapshots still referenced are kept, copied into a
// new pack (everything else, and the stat cache, goes); with none left the record is removed.
import { renameSync, rmSync, statSync } from "node:fs";
import { withLock } from "../state/json-store.js";
import { ObjectStore } from "./object-store.js";
import { evidenceFiles } from "./paths.js";
import type { Snapshot } from "./snapshot.js";
import { decodeTree } from "./tree.js";

/** Keeps the objects of `keep` only; returns the bytes freed. */
export async function pruneRecord(dataDir: string, projectDir: string, keep: readonly Snapshot[]): Promise<number> {
  const files = evidenceFiles(dataDir, projectDir);
  const size = (file: string) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  const before = size(files.pack) + size(files.index) + size(files.statCache);
  if (before === 0) return 0;
  return withLock(files.lock, async () => {
    // The stat cache says which contents the store holds: it goes with whatever it points at.
    rmSync(files.statCache, { force: true });
    if (keep.length === 0) {
      rmSync(files.pack, { force: true });
      rmSync(files.index, { force: true });
      return before;
    }
    const old = ObjectStore.open(files.pack, files.index);
    const fresh = ObjectStore.open(`${files.pack}.new`, `${files.index}.new`);
    try {
      const copy = (tree: Buffer) => {
        if (fresh.has(tree)) return;
        const bytes = old.get(tree, "tree");
        for (const entry of decodeTree(bytes)) {
          if (entry.kind === "dir") copy(entry.hash!);
          else if (entry.kind === "file" && entry.kept && !fresh.has(entry.hash!))
            fresh.put("blob", old.get(entry.hash!, "blob"), entry.hash!);
        }
        fresh.put("tree", bytes, tree);
      };
      for (const snapshot of keep) for (const root of [snapshot.root, ...snapshot.git.map((g) => g.tree)]) copy(Buffer.from(root, "hex"));
      fresh.commit();
    } finally {
      old.close();
      fresh.close();
    }
    // Each rename is atomic; a reader between the two fails closed (an object not matching its hash).
    renameSync(`${files.pack}.new`, files.pack);
    renameSync(`${files.index}.new`, files.index);
    return before - size(files.pack) - size(files.index);
  });
}
