// Housekeeping at a loop's end (its I/O in loops/housekeeping.ts): the records of ended loops go by themselves once they are old, or once
// loopkit's data folder holds more than the person allows; a running loop's never, and the newest ended
// loop of each project stays, so a new loop there can still see what the last one left behind (the
// baseline it judges from) and `loopkit checkpoints` still has the last loop to restore.
import { promises as fs } from "node:fs";
import path from "node:path";
import { pluginOption } from "../state/person-settings.js";
import { lastCheckpoint, type CheckpointRecord } from "./record.js";

export interface PrunePolicy {
  /** Ended loops whose last checkpoint is older than this many days go. */
  keepDays: number;
  /** Past this many bytes in the data folder, every ended loop but the newest of each project goes. */
  maxBytes: number;
}

/** A month covers a loop people come back to after a holiday; 2 GiB is a few big projects' records. */
export const DEFAULT_PRUNE_POLICY: PrunePolicy = { keepDays: 30, maxBytes: 2 * 1024 ** 3 };

export interface AutoPruneCandidate {
  record: CheckpointRecord;
  running: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const endedAt = (record: CheckpointRecord) => Date.parse(lastCheckpoint(record)?.at ?? "") || 0;

/** Which ended loops go, with why: pure. */
export function planAutoPrune(
  candidates: AutoPruneCandidate[],
  dataBytes: number,
  now: Date,
  policy: PrunePolicy,
): { record: CheckpointRecord; why: "age" | "size" }[] {
  const newestOfProject = new Map<string, CheckpointRecord>();
  for (const { record, running } of candidates) {
    if (running) continue;
    const newest = newestOfProject.get(record.project_dir);
    if (!newest || endedAt(record) > endedAt(newest)) newestOfProject.set(record.project_dir, record);
  }
  const removable = candidates.filter((c) => !c.running && newestOfProject.get(c.record.project_dir) !== c.record).map((c) => c.record);
  const overSize = dataBytes > policy.maxBytes;
  return removable
    .map((record) => ({ record, why: now.getTime() - endedAt(record) > policy.keepDays * DAY_MS ? ("age" as const) : ("size" as const) }))
    .filter((r) => r.why === "age" || overSize)
    .sort((a, b) => endedAt(a.record) - endedAt(b.record));
}

/** The person's policy: the plugin options keep_days and max_data_mb from their own settings, else the defaults. */
export function prunePolicy(home: string): PrunePolicy {
  const days = pluginOption(home, "keep_days");
  const mb = pluginOption(home, "max_data_mb");
  const positive = (v: unknown) => (typeof v === "number" || typeof v === "string") && Number(v) > 0 && Number.isFinite(Number(v));
  return {
    keepDays: positive(days) ? Number(days) : DEFAULT_PRUNE_POLICY.keepDays,
    maxBytes: positive(mb) ? Number(mb) * 1024 * 1024 : DEFAULT_PRUNE_POLICY.maxBytes,
  };
}

/** The bytes of every file in loopkit's data folder (a few files per loop and per project: cheap to list). */
export async function dataFolderBytes(data: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(data, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stat = await fs.lstat(path.join(entry.parentPath, entry.name)).catch(() => null);
    total += stat?.size ?? 0;
  }
  return total;
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** What `history` and `doctor` say of the data folder: its size and the pruning rule. */
export async function dataFolderLine(data: string, policy: PrunePolicy = DEFAULT_PRUNE_POLICY): Promise<string> {
  return `\nloopkit's data folder holds ${megabytes(await dataFolderBytes(data))} (${data}); ${pruneRule(policy)}.\n`;
}

/** The policy in words, for the person. */
export const pruneRule = (policy: PrunePolicy) =>
  `at a loop's end, the records of ended loops older than ${policy.keepDays} days go, and all but each project's newest once it holds over ${megabytes(policy.maxBytes)} (plugin options keep_days, max_data_mb)`;
