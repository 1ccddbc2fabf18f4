// Whether loopkit's data folder can take a write now: --status asks, so a person whose loop stopped
// saving (a full disk, a read-only mount) reads why there, without loopkit having to write anything.
import { constants, promises as fs } from "node:fs";

/** Below this much free space a state file (a few KB) and the store's writes are about to fail. */
const LOW_BYTES = 256 * 1024;

/** One plain line when `dir` is on a full disk or cannot be written; null when it looks fine or is not there yet. */
export async function dataFolderProblem(dir: string): Promise<string | null> {
  try {
    await fs.access(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    return `loopkit's data folder ${dir} cannot be written (${code ?? "refused"}): the loop cannot save its turns; it keeps its last saved state and goes on from there once the folder can be written`;
  }
  const free = await fs.statfs(dir).then(
    (stat) => stat.bavail * stat.bsize,
    () => null,
  );
  if (free === null || free >= LOW_BYTES) return null;
  return `the disk holding loopkit's data (${dir}) is full (${free} bytes free): the loop cannot save its turns; it keeps its last saved state and goes on from there once space is freed`;
}
