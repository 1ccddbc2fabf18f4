// The loop's record gathered into one folder for the job's artifact: the project's `.auto-loop/`, loopkit's
// own copy (state, gate history, phase logs), the job summary, the final status, the checkpoints and the
// loop's page (report.html, `loopkit report`).
import { promises as fs } from "node:fs";
import path from "node:path";
import { loopStatus } from "../auto-loop/core/status.js";
import { loadState, loopFiles } from "../auto-loop/data/store.js";
import { MIRROR_DIR } from "../auto-loop/project/mirror.js";
import { findStory } from "../report/find.js";
import { renderReport } from "../report/render.js";
import { writeReport } from "../report/write.js";
import { formatError } from "../shared/errors.js";
import { exportCheckpoints } from "./checkpoint-export.js";

/** The loop's page in the artifact, which the job summary links to (action.yml). */
export const REPORT_FILE = "report.html";

/** `.auto-loop/` is the agent's to write: a file past this size is left out of the artifact (and named). */
const MAX_COPY_BYTES = 10 * 1024 * 1024;

export interface RecordSources {
  projectDir: string;
  dataDir: string;
  /** The job summary file and its size before the run: what the run appended is this loop's summary. */
  summary: { file: string; from: number } | null;
  now: Date;
  staleMs: number;
}

/** Writes the record into `dir` (created); returns the names of files that were left out. */
export async function writeRecord(dir: string, from: RecordSources): Promise<string[]> {
  await fs.mkdir(dir, { recursive: true });
  const skipped: string[] = [];
  const files = loopFiles(from.dataDir, from.projectDir);
  await copyRegularFiles(path.join(from.projectDir, MIRROR_DIR), path.join(dir, "auto-loop"), skipped);
  await copyRegularFiles(files.dir, path.join(dir, "record"), skipped);
  const status = loopStatus(from.projectDir, await loadState(files.state, from.now).catch(() => undefined), from.now, from.staleMs);
  await fs.writeFile(path.join(dir, "status.json"), `${JSON.stringify(status, null, 2)}\n`);
  if (from.summary) await fs.writeFile(path.join(dir, "summary.md"), await readFrom(from.summary.file, from.summary.from));
  if (status.loop_id) await writeLoopReport(path.join(dir, REPORT_FILE), from, status.loop_id, skipped);
  const missing = status.loop_id ? await exportCheckpoints(dir, from.dataDir, from.projectDir, status.loop_id) : [];
  if (missing.length) await fs.writeFile(path.join(dir, "checkpoints.txt"), `${missing.join("\n")}\n`);
  if (skipped.length) await fs.writeFile(path.join(dir, "skipped.txt"), `${skipped.join("\n")}\n`);
  return skipped;
}

/** Copies regular files only: a symlink the agent planted would otherwise put what it points at into the artifact. */
async function copyRegularFiles(from: string, to: string, skipped: string[]): Promise<void> {
  const entries = await fs.readdir(from, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) {
      await copyRegularFiles(source, path.join(to, entry.name), skipped);
    } else if (!entry.isFile()) {
      skipped.push(`${source} (not a regular file)`);
    } else if ((await fs.lstat(source)).size > MAX_COPY_BYTES) {
      skipped.push(`${source} (over ${MAX_COPY_BYTES} bytes)`);
    } else {
      await fs.mkdir(to, { recursive: true });
      await fs.copyFile(source, path.join(to, entry.name));
    }
  }
}

/** The loop's page (`loopkit report`); one that cannot be made is named among what was left out, never fails the record. */
async function writeLoopReport(file: string, from: RecordSources, loopId: string, skipped: string[]): Promise<void> {
  try {
    const story = await findStory({ dataDir: from.dataDir, statsFile: null, projectDir: () => from.projectDir, now: from.now }, loopId);
    await writeReport(file, renderReport(story, from.now));
  } catch (error) {
    skipped.push(`${REPORT_FILE} (${formatError(error)})`);
  }
}

async function readFrom(file: string, offset: number): Promise<string> {
  const text = await fs.readFile(file).catch(() => Buffer.alloc(0));
  return text.subarray(Math.min(offset, text.length)).toString("utf8");
}
