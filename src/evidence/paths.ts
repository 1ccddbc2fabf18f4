// Where loopkit keeps its own record of a project: `<data>/evidence/<project key>/`, outside the
// project and so out of the agent's reach. These helpers compute paths; they never create anything.
import path from "node:path";
import { projectKey } from "../state/paths.js";

export interface EvidenceFiles {
  dir: string;
  /** Content-addressed objects (file contents and trees), appended (object-store.ts). */
  pack: string;
  /** The sorted index of the pack. */
  index: string;
  /** What each path was at the last snapshot, so unchanged files are not read again (stat-cache.ts). */
  statCache: string;
  /** Held while a snapshot writes, so two hooks of one project never append at once. */
  lock: string;
}

export function evidenceFiles(data: string, projectDir: string): EvidenceFiles {
  const dir = path.join(data, "evidence", projectKey(projectDir));
  return {
    dir,
    pack: path.join(dir, "objects.pack"),
    index: path.join(dir, "objects.idx"),
    statCache: path.join(dir, "stat-cache.bin"),
    lock: path.join(dir, "store"),
  };
}
