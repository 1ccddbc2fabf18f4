// A loop's checkpoints out of a runner that is thrown away after the job: the record as
// `checkpoints.json`, and the checkpoint commits as `checkpoints.bundle`, which plain git can fetch.
import { promises as fs } from "node:fs";
import path from "node:path";
import { findRecord, lastCheckpoint } from "../checkpoint/record.js";
import { checkGitDir, setRef } from "../checkpoint/tree.js";
import { formatError } from "../shared/errors.js";
import { findRepo, runGit } from "../shared/git.js";

export const BUNDLE = "checkpoints.bundle";

/** Writes what there is into `dir`; returns why something is missing (nothing when all is there). */
export async function exportCheckpoints(dir: string, dataDir: string, projectDir: string, loopId: string): Promise<string[]> {
  const record = await findRecord(dataDir, loopId);
  if (!record) return [`no checkpoints of loop ${loopId}: checkpoints are taken in a git repository, one per iteration`];
  await fs.writeFile(path.join(dir, "checkpoints.json"), `${JSON.stringify(record, null, 2)}\n`);
  const last = lastCheckpoint(record);
  const repo = findRepo(projectDir);
  if (!last || !repo) return [];
  try {
    await checkGitDir(repo, record.git_dir);
    // The ref is the agent's to move; the record is the truth, so the ref is set back to it first.
    await setRef(repo, record.ref, last.commit);
    const since = record.base_commit ? [`^${record.base_commit}`] : [];
    const bundle = await runGit(repo, ["bundle", "create", path.join(dir, BUNDLE), record.ref, ...since]);
    return bundle.ok ? [] : [`no ${BUNDLE}: git bundle create failed: ${bundle.stderr.trim()}`];
  } catch (error) {
    return [`no ${BUNDLE}: ${formatError(error)}`];
  }
}
