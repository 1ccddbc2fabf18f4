import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  applyPrune,
  loopRunning,
  recordSnapshots,
  runningLoopStart
} from "./chunk-XK5AARLP.js";
import {
  dataFolderBytes,
  megabytes,
  planAutoPrune
} from "./chunk-U3RSU3PB.js";
import "./chunk-DO5LNKWI.js";
import "./chunk-67AC7KIT.js";
import {
  allRecords
} from "./chunk-BUUOZ462.js";
import "./chunk-WZLN5BNR.js";
import "./chunk-5F52TF2U.js";
import "./chunk-T4GQSL4B.js";
import "./chunk-PVEHQ6JT.js";
import {
  formatError
} from "./chunk-W3MJS3SN.js";
import "./chunk-CW3O4QTE.js";
import "./chunk-JXA4W5PX.js";

// src/loops/housekeeping.ts
async function autoPrune(data, now, policy) {
  try {
    const records = await allRecords(data);
    const candidates = await Promise.all(records.map(async (record) => ({ record, running: await loopRunning(record) })));
    const before = await dataFolderBytes(data);
    const plan = planAutoPrune(candidates, before, now, policy);
    if (plan.length === 0) return `loopkit's data folder holds ${megabytes(before)} (${data}).`;
    const failed = [];
    for (const project of new Set(plan.map((p) => p.record.project_dir))) {
      const remove = plan.filter((p) => p.record.project_dir === project).map((p) => p.record);
      const kept = candidates.filter((c) => c.record.project_dir === project && !remove.includes(c.record));
      const still = [...kept.flatMap((c) => recordSnapshots(c.record)), ...await runningLoopStart(data, project)];
      const lines = await applyPrune(data, project, remove, still);
      failed.push(...lines.filter((line) => line.startsWith("could not")));
    }
    const after = await dataFolderBytes(data);
    const why = plan.some((p) => p.why === "size") ? `over the ${megabytes(policy.maxBytes)} it may hold` : `their last checkpoint older than ${policy.keepDays} days`;
    return [
      `loopkit's data folder holds ${megabytes(after)} (${data}): removed the records of ${plan.length} ended loop(s), ${why}; ${megabytes(Math.max(0, before - after))} freed.`,
      ...failed.map((line) => `loopkit: ${line}`)
    ].join("\n");
  } catch (error) {
    return `loopkit: could not tidy its data folder (${formatError(error)}).`;
  }
}
export {
  autoPrune
};
