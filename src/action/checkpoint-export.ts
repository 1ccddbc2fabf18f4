// A loop's checkpoints out of a runner that is thrown away after the job: the record as
// `checkpoints.json`, and the checkpoints as commits on the branch loopkit/<loop id> of the runner's
// checkout, bundled as `checkpoints.bundle`, which plain git can fetch.
import { promises as fs } from "node:fs";
import path from "node:path";
import { exportToBranch } from "../checkpoint/export.js";
import { findRecord, lastCheckpoint } from "../checkpoint/record.js";
import { formatError } from "../shared/errors.js";
import { findRepo, runGit } from "../shared/git.js";

export const BUNDLE = "checkpoints.bundle";

/** Writes what there is into `dir`; returns why something is missing (nothing when all is there). */
export async function exportCheckpoints(
  dir: string,
  dataDir: string,
  projectDir: string,
  loopId: string,
  now: Date = new Date(),
): Promise<string[]> {
  const record = await findRecord(dataDir, loopId);
  if (!record) return [`no checkpoints of loop ${loopId}: checkpoints are taken at each iteration`];
  await fs.writeFile(path.join(dir, "checkpoints.json"), `${JSON.stringify(record, null, 2)}\n`);
  const last = lastCheckpoint(record);
  const repo = findRepo(projectDir);
  if (!last || !repo) return [];
  try {
    const branch = `loopkit/${loopId}`;
    await exportToBranch(dataDir, record, last, branch, now);
    const head = await runGit(repo, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
    const since = head.ok ? [`^${head.stdout.trim()}`] : [];
    const bundle = await runGit(repo, ["bundle", "create", path.join(dir, BUNDLE), `refs/heads/${branch}`, ...since]);
    return bundle.ok ? [] : [`no ${BUNDLE}: git bundle create failed: ${bundle.stderr.trim()}`];
  } catch (error) {
    return [`no ${BUNDLE}: ${formatError(error)}`];
  }
}
