import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  pluginOption
} from "./chunk-DO5LNKWI.js";
import {
  lastCheckpoint
} from "./chunk-BUUOZ462.js";

// src/checkpoint/auto-prune.ts
import { promises as fs } from "node:fs";
import path from "node:path";
var DEFAULT_PRUNE_POLICY = { keepDays: 30, maxBytes: 2 * 1024 ** 3 };
var DAY_MS = 24 * 60 * 60 * 1e3;
var endedAt = (record) => Date.parse(lastCheckpoint(record)?.at ?? "") || 0;
function planAutoPrune(candidates, dataBytes, now, policy) {
  const newestOfProject = /* @__PURE__ */ new Map();
  for (const { record, running } of candidates) {
    if (running) continue;
    const newest = newestOfProject.get(record.project_dir);
    if (!newest || endedAt(record) > endedAt(newest)) newestOfProject.set(record.project_dir, record);
  }
  const removable = candidates.filter((c) => !c.running && newestOfProject.get(c.record.project_dir) !== c.record).map((c) => c.record);
  const overSize = dataBytes > policy.maxBytes;
  return removable.map((record) => ({ record, why: now.getTime() - endedAt(record) > policy.keepDays * DAY_MS ? "age" : "size" })).filter((r) => r.why === "age" || overSize).sort((a, b) => endedAt(a.record) - endedAt(b.record));
}
function prunePolicy(home) {
  const days = pluginOption(home, "keep_days");
  const mb = pluginOption(home, "max_data_mb");
  const positive = (v) => (typeof v === "number" || typeof v === "string") && Number(v) > 0 && Number.isFinite(Number(v));
  return {
    keepDays: positive(days) ? Number(days) : DEFAULT_PRUNE_POLICY.keepDays,
    maxBytes: positive(mb) ? Number(mb) * 1024 * 1024 : DEFAULT_PRUNE_POLICY.maxBytes
  };
}
async function dataFolderBytes(data) {
  let total = 0;
  const entries = await fs.readdir(data, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const stat = await fs.lstat(path.join(entry.parentPath, entry.name)).catch(() => null);
    total += stat?.size ?? 0;
  }
  return total;
}
var megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;
async function dataFolderLine(data, policy = DEFAULT_PRUNE_POLICY) {
  return `
loopkit's data folder holds ${megabytes(await dataFolderBytes(data))} (${data}); ${pruneRule(policy)}.
`;
}
var pruneRule = (policy) => `at a loop's end, the records of ended loops older than ${policy.keepDays} days go, and all but each project's newest once it holds over ${megabytes(policy.maxBytes)} (plugin options keep_days, max_data_mb)`;

export {
  DEFAULT_PRUNE_POLICY,
  planAutoPrune,
  prunePolicy,
  dataFolderBytes,
  megabytes,
  dataFolderLine,
  pruneRule
};
