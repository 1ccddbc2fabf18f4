import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  loadLoopKind
} from "./chunk-67AC7KIT.js";
import {
  lastCheckpoint,
  recordFile
} from "./chunk-BUUOZ462.js";
import {
  LOOP_KINDS
} from "./chunk-WZLN5BNR.js";
import {
  ObjectStore,
  decodeTree,
  evidenceFiles
} from "./chunk-5F52TF2U.js";
import {
  formatError,
  readJson,
  withLock
} from "./chunk-W3MJS3SN.js";

// src/checkpoint/prune.ts
import { promises as fs } from "node:fs";

// src/evidence/prune.ts
import { renameSync, rmSync, statSync } from "node:fs";
async function pruneRecord(dataDir, projectDir, keep) {
  const files = evidenceFiles(dataDir, projectDir);
  const size = (file) => statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  const before = size(files.pack) + size(files.index) + size(files.statCache);
  if (before === 0) return 0;
  return withLock(files.lock, async () => {
    rmSync(files.statCache, { force: true });
    if (keep.length === 0) {
      rmSync(files.pack, { force: true });
      rmSync(files.index, { force: true });
      return before;
    }
    const old = ObjectStore.open(files.pack, files.index);
    const fresh = ObjectStore.open(`${files.pack}.new`, `${files.index}.new`);
    try {
      const copy = (tree) => {
        if (fresh.has(tree)) return;
        const bytes = old.get(tree, "tree");
        for (const entry of decodeTree(bytes)) {
          if (entry.kind === "dir") copy(entry.hash);
          else if (entry.kind === "file" && entry.kept && !fresh.has(entry.hash))
            fresh.put("blob", old.get(entry.hash, "blob"), entry.hash);
        }
        fresh.put("tree", bytes, tree);
      };
      for (const snapshot of keep) for (const root of [snapshot.root, ...snapshot.git.map((g) => g.tree)]) copy(Buffer.from(root, "hex"));
      fresh.commit();
    } finally {
      old.close();
      fresh.close();
    }
    renameSync(`${files.pack}.new`, files.pack);
    renameSync(`${files.index}.new`, files.index);
    return before - size(files.pack) - size(files.index);
  });
}

// src/checkpoint/prune.ts
function planPrune(candidates, keep) {
  const newest = (r) => lastCheckpoint(r)?.at ?? "";
  const ended = candidates.filter((c) => !c.running).sort((a, b) => newest(b.record).localeCompare(newest(a.record)));
  const remove = ended.slice(keep).map((c) => c.record);
  return { remove, keep: candidates.filter((c) => !remove.includes(c.record)) };
}
var recordSnapshots = (record) => [
  ...record.base ? [record.base] : [],
  ...record.checkpoints.map((c) => c.snapshot)
];
async function applyPrune(data, projectDir, remove, kept) {
  const lines = [];
  for (const record of remove) {
    try {
      await fs.rm(recordFile(data, record.project_dir, record.loop_id), { force: true });
      lines.push(`removed the ${record.checkpoints.length} checkpoint(s) of ${record.loop_kind} ${record.loop_id}`);
    } catch (error) {
      lines.push(`could not remove the checkpoints of ${record.loop_id}: ${formatError(error)}`);
    }
  }
  try {
    const freed = await pruneRecord(data, projectDir, kept);
    lines.push(
      `loopkit's record of the project: ${(freed / 1024 / 1024).toFixed(1)} MB freed${kept.length ? "" : " (nothing left to keep)"}`
    );
  } catch (error) {
    lines.push(`could not prune loopkit's record of the project: ${formatError(error)}`);
  }
  return lines;
}

// src/loops/registry.ts
var PARTS = new Map(await Promise.all(LOOP_KINDS.map(async (kind) => [kind, await loadLoopKind(kind)])));
function loopKind(kind) {
  return PARTS.get(kind);
}
var ALL_LOOP_KINDS = LOOP_KINDS.map(loopKind);

// src/loops/running.ts
async function loopRunning(record) {
  const kind = loopKind(record.loop_kind);
  const read = await readJson(record.state_file, kind.stateSchema).catch(() => ({ exists: false }));
  return read.exists && read.value.loop_id === record.loop_id && kind.running(read.value);
}
async function runningLoopFor(data, record) {
  if (await loopRunning(record))
    return { kind: record.loop_kind, loopId: record.loop_id, cancel: loopKind(record.loop_kind).cancelCommand };
  for (const kind of ALL_LOOP_KINDS) {
    const loopId = await kind.runningIn(data, record.project_dir);
    if (loopId) return { kind: kind.entry.kind, loopId, cancel: kind.cancelCommand };
  }
  return null;
}
async function runningLoopStart(data, projectDir) {
  return (await Promise.all(ALL_LOOP_KINDS.map((kind) => kind.keptSnapshots(data, projectDir)))).flat();
}

export {
  planPrune,
  recordSnapshots,
  applyPrune,
  loopKind,
  ALL_LOOP_KINDS,
  loopRunning,
  runningLoopFor,
  runningLoopStart
};
