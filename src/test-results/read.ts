// The I/O edge of reading test results: a report file the person named (JUnit XML or TAP), else the
// verifier's own output. A report counts only when this run wrote it: one left from before is stale.
import { promises as fs } from "node:fs";
import path from "node:path";
import { readRegularFile } from "../shared/guarded-files.js";
import type { TestResults } from "./results.js";
import { parseTap } from "./tap.js";

/** The most of a report file loopkit reads. */
const MAX_REPORT_BYTES = 16 * 1024 * 1024;

/** Where the results were read from, in words, with them (null: nothing loopkit could read). */
export interface ReadResults {
  results: TestResults | null;
  /** Why nothing was read, for the start message and the prompt; null when results were read. */
  unread: string | null;
}

/** A report file's identity before a run: a report with the same one afterwards was not written by the run. */
export type ReportStamp = string | null;

/** The report path inside the project, or null when it points outside (never read, never written). */
export function reportFile(projectDir: string, report: string): string | null {
  const full = path.resolve(projectDir, report);
  const relative = path.relative(projectDir, full);
  return relative === "" || relative.startsWith("..") || path.isAbsolute(relative) ? null : full;
}

export async function stampReport(projectDir: string, report: string | null): Promise<ReportStamp> {
  const file = report ? reportFile(projectDir, report) : null;
  if (!file) return null;
  const stat = await fs.lstat(file).catch(() => null);
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : null;
}

/** Reads the run's test results: the named report (when this run wrote it), else what was read of its output as it streamed (text-output.ts). */
export async function readTestResults(
  projectDir: string,
  report: string | null,
  before: ReportStamp,
  fromOutput: TestResults | null,
): Promise<ReadResults> {
  if (report) {
    const file = reportFile(projectDir, report);
    if (!file) return { results: null, unread: `the test report ${report} is outside the project, so loopkit does not read it` };
    const after = await stampReport(projectDir, report);
    if (after === null) return { results: null, unread: `the verifier wrote no test report at ${report}` };
    if (after === before) return { results: null, unread: `the test report ${report} was not rewritten by this run` };
    const read = await readRegularFile(file, MAX_REPORT_BYTES).catch(() => null);
    if (!read || read.truncated) return { results: null, unread: `the test report ${report} is not a regular file of at most 16 MB` };
    const text = read.bytes.toString("utf8");
    // The XML parser loads only here: most loops read their runner's output.
    const results = (/<testsuites?\b/.test(text) ? (await import("./junit.js")).parseJunit(text) : null) ?? parseTap(text);
    return results ? { results, unread: null } : { results: null, unread: `the test report ${report} is neither JUnit XML nor TAP` };
  }
  return fromOutput
    ? { results: fromOutput, unread: null }
    : {
        results: null,
        unread:
          "loopkit found no test results it can read in the verifier's output (it reads node:test, vitest, jest, mocha, pytest, go test -v, cargo test and TAP; name a JUnit XML or TAP report with --test-report <path> for any other runner)",
      };
}

/**
 * Asks a runner for the report loopkit reads where an environment variable does it without changing
 * what runs: go test names each test only with -v (GOFLAGS adds it to the person's flags).
 */
export function reportRequestEnv(command: string, env: NodeJS.ProcessEnv): Record<string, string> {
  if (!/\bgo\s+test\b/.test(command)) return {};
  const flags = env.GOFLAGS ?? "";
  return /(^|\s)-v(=true)?(\s|$)/.test(flags) ? {} : { GOFLAGS: `${flags} -v`.trim() };
}
