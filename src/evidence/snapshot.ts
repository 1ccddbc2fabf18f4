// A snapshot of the project kept by loopkit in its data folder: every entry under the project but the
// few scope.ts names (ignored files, node_modules, nested repositories and all but three of loopkit's
// files in .auto-loop/ included), plus the repository's git folders as roots of their own (whole when
// inside the project). Nothing the agent can write is read but the entries
// themselves: no git, no index, no attributes. A snapshot is a few hashes (snapshot.json formats);
// the trees and contents are in the project's object store.
import { createHash } from "node:crypto";
import { lstatSync, mkdirSync, statfsSync, statSync } from "node:fs";
import type { Deadline } from "../shared/deadline.js";
import { formatError, isLoopkitError, LoopkitError } from "../shared/errors.js";
import { keepAside, withLock } from "../state/json-store.js";
import { ObjectStore } from "./object-store.js";
import { evidenceFiles, type EvidenceFiles } from "./paths.js";
import { recordScope } from "./scope.js";
import { LstatAhead, warmAhead, type AheadOptions } from "./lstat-ahead.js";
import { loadStatTable, StatTableBuilder, type StatTable } from "./stat-cache.js";
import { emptyCounts, walkFolder, type Walker } from "./walk.js";

export { SnapshotSchema, type Snapshot } from "./snapshot-format.js";
import type { Snapshot } from "./snapshot-format.js";

export interface TakenSnapshot {
  snapshot: Snapshot;
  /** Every entry's record (identity, times, hash) by path key: what the gate compares across the verifier runs. */
  stats: StatTable;
  /** What the person should hear (a damaged record kept aside). */
  notes: string[];
  /** Files read this time (the stat cache stood for the rest), and their bytes. */
  read: { files: number; bytes: number };
}

/**
 * The identity of a snapshot's content, loopkit's own `.auto-loop/` aside (its verifier logs and
 * history change at every Stop): equal for equal trees, whatever time it was taken.
 */
export function snapshotFingerprint(snapshot: Snapshot): string {
  return createHash("sha256")
    .update([snapshot.work_root ?? snapshot.root, ...snapshot.git.map((g) => `${g.key}=${g.tree}`)].join("\n"))
    .digest("hex");
}

/** Takes a snapshot of the project now, within `deadline`; EVIDENCE_FAILED or DEADLINE when it cannot. */
export async function takeSnapshot(input: {
  dataDir: string;
  projectDir: string;
  deadline: Deadline;
  now?: () => Date;
  /** The thread that lstats ahead of the walk (see lstat-ahead.ts). */
  ahead?: AheadOptions;
}): Promise<TakenSnapshot> {
  const now = input.now ?? (() => new Date());
  const files = evidenceFiles(input.dataDir, input.projectDir);
  mkdirSync(files.dir, { recursive: true });
  // A big project's helper thread starts up while the lock is taken and the store and cache are read.
  warmAhead(lstatSync(files.statCache, { throwIfNoEntry: false })?.size ?? 0);
  try {
    return await withLock(files.lock, () => snapshotLocked(files, input.projectDir, input.dataDir, input.deadline, now, input.ahead));
  } catch (error) {
    if (isLoopkitError(error, "DEADLINE") || isLoopkitError(error, "EVIDENCE_FAILED")) throw error;
    throw new LoopkitError("EVIDENCE_FAILED", `loopkit could not record the project: ${formatError(error)}`, {
      cause: error,
      value: input.projectDir,
    });
  }
}

async function snapshotLocked(
  files: EvidenceFiles,
  projectDir: string,
  dataDir: string,
  deadline: Deadline,
  now: () => Date,
  aheadOptions: AheadOptions | undefined,
): Promise<TakenSnapshot> {
  const notes: string[] = [];
  const store = await openOrKeepAside(files, now(), notes);
  let ahead: LstatAhead | null = null;
  try {
    const cache = await loadCacheOrKeepAside(files, now(), notes);
    const startMs = Date.now();
    const rootStat = statSync(projectDir);
    if (!rootStat.isDirectory()) throw new LoopkitError("EVIDENCE_FAILED", `${projectDir} is not a folder`, { value: projectDir });
    const scope = recordScope(projectDir, dataDir);
    const trustCache = ctimeTrusted(projectDir);
    // After startMs: everything the thread finds is seen after the snapshot started.
    ahead = trustCache ? await LstatAhead.open(cache, projectDir, aheadOptions) : null;
    const w: Walker = {
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
      ahead,
    };
    const [project, ...metas] = scope.roots;
    const root = await walkFolder(w, projectDir, "", rootStat, project!.only);
    const git: Snapshot["git"] = [];
    for (const meta of metas) {
      const stat = lstatSync(meta.dir, { throwIfNoEntry: false });
      if (!stat?.isDirectory()) continue;
      git.push({ key: meta.key, dir: meta.dir, tree: (await walkFolder(w, meta.dir, meta.key, stat, meta.only)).toString("hex") });
    }
    store.commit();
    if (w.fresh > 0 || cache?.size !== w.out.size) w.out.save(files.statCache);
    const { files: count, dirs, links, special, unreadable, bytes, unkept } = w.counts;
    return {
      snapshot: {
        version: 1,
        root: root.toString("hex"),
        ...(w.workRoot ? { work_root: w.workRoot.toString("hex") } : {}),
        git,
        taken_at: now().toISOString(),
        counts: { files: count, dirs, links, special, unreadable, bytes, unkept },
      },
      stats: w.out.table(),
      notes,
      read: { files: w.counts.read, bytes: w.counts.readBytes },
    };
  } finally {
    ahead?.stop();
    store.close();
  }
}

/** The project's store for reading (a snapshot's trees and contents). The caller closes it. */
export function openStore(dataDir: string, projectDir: string): ObjectStore {
  const files = evidenceFiles(dataDir, projectDir);
  return ObjectStore.open(files.pack, files.index);
}

async function openOrKeepAside(files: EvidenceFiles, now: Date, notes: string[]): Promise<ObjectStore> {
  try {
    return ObjectStore.open(files.pack, files.index);
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    const kept: string[] = [];
    for (const file of [files.pack, files.index, files.statCache])
      kept.push(await keepAside(file, now).catch(() => `${file} (could not be moved)`));
    notes.push(
      `loopkit's record of this project was damaged (${error.message}); kept aside as ${kept.join(", ")}. The record starts again: comparisons with earlier snapshots fail, so no turn is judged achieved until a new loop starts.`,
    );
    return ObjectStore.open(files.pack, files.index);
  }
}

async function loadCacheOrKeepAside(files: EvidenceFiles, now: Date, notes: string[]): Promise<StatTable | null> {
  try {
    return loadStatTable(files.statCache);
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    const kept = await keepAside(files.statCache, now).catch(() => "nowhere (it could not be moved)");
    notes.push(`loopkit's stat cache was damaged (${error.message}); kept aside as ${kept}, and every file is read again.`);
    return null;
  }
}

/** Filesystem types (statfs f_type) whose "ctime" is a creation time that never changes: FAT and exFAT. */
const NO_CHANGE_TIME = new Set([0x4d44, 0x2011bab0]);

/**
 * Whether an unprivileged process cannot set a file's change time here: true on Unix filesystems.
 * Not on Windows (SetFileInformationByHandle sets ChangeTime) nor FAT/exFAT: there every file is read.
 */
export function ctimeTrusted(projectDir: string): boolean {
  if (process.platform === "win32") return false;
  if (process.platform !== "linux") return true;
  try {
    return !NO_CHANGE_TIME.has(statfsSync(projectDir).type);
  } catch {
    return false;
  }
}
