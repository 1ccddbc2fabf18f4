// Housekeeping at a loop's end: prunes what checkpoint/auto-prune.ts's policy lets go, and says what
// loopkit's data folder holds. Here, beside the kinds, because whether a loop still runs is theirs to say.
import { dataFolderBytes, megabytes, planAutoPrune, type PrunePolicy } from "../checkpoint/auto-prune.js";
import { applyPrune, recordSnapshots } from "../checkpoint/prune.js";
import { allRecords } from "../checkpoint/record.js";
import { formatError } from "../shared/errors.js";
import { loopRunning, runningLoopStart } from "./running.js";

/**
 * Prunes what the policy says may go, project by project, and returns one line for the person: what
 * the data folder holds now and what went. Never throws (housekeeping must not break a loop's end).
 */
export async function autoPrune(data: string, now: Date, policy: PrunePolicy): Promise<string> {
  try {
    const records = await allRecords(data);
    const candidates = await Promise.all(records.map(async (record) => ({ record, running: await loopRunning(record) })));
    const before = await dataFolderBytes(data);
    const plan = planAutoPrune(candidates, before, now, policy);
    if (plan.length === 0) return `loopkit's data folder holds ${megabytes(before)} (${data}).`;
    const failed: string[] = [];
    for (const project of new Set(plan.map((p) => p.record.project_dir))) {
      const remove = plan.filter((p) => p.record.project_dir === project).map((p) => p.record);
      const kept = candidates.filter((c) => c.record.project_dir === project && !remove.includes(c.record));
      const still = [...kept.flatMap((c) => recordSnapshots(c.record)), ...(await runningLoopStart(data, project))];
      const lines = await applyPrune(data, project, remove, still);
      failed.push(...lines.filter((line) => line.startsWith("could not")));
    }
    const after = await dataFolderBytes(data);
    const why = plan.some((p) => p.why === "size")
      ? `over the ${megabytes(policy.maxBytes)} it may hold`
      : `their last checkpoint older than ${policy.keepDays} days`;
    return [
      `loopkit's data folder holds ${megabytes(after)} (${data}): removed the records of ${plan.length} ended loop(s), ${why}; ${megabytes(Math.max(0, before - after))} freed.`,
      ...failed.map((line) => `loopkit: ${line}`),
    ].join("\n");
  } catch (error) {
    return `loopkit: could not tidy its data folder (${formatError(error)}).`;
  }
}
