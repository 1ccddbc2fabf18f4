// Reads a goal file (default goal.md): Markdown, optionally headed by a front matter block that may
// carry the verifier and caps. Format: skills/auto-loop/references/goal-spec-format.md.
import { promises as fs } from "node:fs";
import path from "node:path";
import { LoopkitError } from "../../shared/errors.js";
import { readRegularFile } from "../../shared/guarded-files.js";
import { checkProtectGlob, checkTestReport, checkVerifyCommand, MAX_GOAL_BYTES, parseCaps, parseNoProgressLimit } from "../args.js";
import type { Caps } from "../core/state.js";

export interface GoalSpec {
  goal: string;
  verify: string | null;
  caps: Partial<Caps>;
  /** protect: lines, one glob each (the only key that may repeat). */
  protect: string[];
  /** test-report: a JUnit XML or TAP file the verifier writes. */
  testReport: string | null;
  /** allow-removed-tests: why the goal needs tests removed, or null. */
  allowRemovedTests: string | null;
  /** allow-test-edits: why the goal must change its tests (the start's tests are then not run unchanged), or null. */
  allowTestEdits: string | null;
  /** no-progress-limit: turns without fewer failing tests before the loop ends no-progress. */
  noProgressLimit: number | null;
}

export const DEFAULT_GOAL_FILE = "goal.md";
const KEYS = [
  "verify",
  "max-iterations",
  "max-tokens",
  "max-wallclock",
  "restart-pct",
  "protect",
  "test-report",
  "allow-removed-tests",
  "allow-test-edits",
  "no-progress-limit",
] as const;
type Key = (typeof KEYS)[number];

/** Parses the text of a goal file; `name` only labels errors. */
export function parseGoalFile(text: string, name: string): GoalSpec {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const fields = new Map<Key, string>();
  const protect: string[] = [];
  let bodyStart = 0;
  if (lines[0]?.trim() === "---") {
    const end = lines.findIndex((line, index) => index > 0 && line.trim() === "---");
    if (end === -1) throw invalid(name, "its front matter starts with --- but never ends with a --- line");
    for (const [offset, line] of lines.slice(1, end).entries()) {
      if (line.trim() === "" || line.trim().startsWith("#")) continue;
      const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line.trim());
      const key = match?.[1]?.toLowerCase() as Key | undefined;
      if (!match || !key || !KEYS.includes(key)) {
        throw invalid(name, `line ${offset + 2} is not one of ${KEYS.map((k) => `${k}:`).join(", ")}`);
      }
      if (fields.has(key)) throw invalid(name, `${key} is given twice`);
      const value = unquote(match[2]!.trim());
      if (value === "") throw invalid(name, `${key} is empty`);
      if (key === "protect") protect.push(checkProtectGlob(value, `goal file ${name}: protect:`));
      else fields.set(key, value);
    }
    bodyStart = end + 1;
  }
  const goal = lines.slice(bodyStart).join("\n").trim();
  if (goal === "") throw invalid(name, "it holds no goal text");
  const caps = parseCaps((flag) => fields.get(flag.slice(2) as Key));
  const verify = fields.get("verify");
  const allow = fields.get("allow-removed-tests");
  const allowEdits = fields.get("allow-test-edits");
  return {
    goal,
    verify: verify === undefined ? null : checkVerifyCommand(verify, `goal file ${name}: verify:`),
    caps,
    protect,
    testReport: checkTestReport(fields.get("test-report"), `goal file ${name}: test-report:`),
    allowRemovedTests: allow === undefined || /^(no|false)$/i.test(allow) ? null : allow,
    allowTestEdits: allowEdits === undefined || /^(no|false)$/i.test(allowEdits) ? null : allowEdits,
    noProgressLimit: parseNoProgressLimit(fields.get("no-progress-limit"), `goal file ${name}: no-progress-limit:`),
  };
}

/**
 * Reads and parses the goal file at `file` (relative paths are taken from the project root). `named`:
 * the person named it with --goal-file, so its absence is a missing file, not a missing goal. A goal
 * file inside the project that resolves outside it (a link, or a linked folder above it) is refused;
 * a FIFO or device is never waited on, and the size is capped.
 */
export async function readGoalFile(projectDir: string, file: string, named = false): Promise<GoalSpec & { path: string }> {
  const full = path.resolve(projectDir, file);
  let real: string;
  try {
    real = await fs.realpath(full);
  } catch {
    if (named)
      throw new LoopkitError("FILE_NOT_FOUND", `goal file ${full} does not exist`, {
        value: full,
        hint: "check the path: a relative --goal-file starts at the project root",
      });
    throw new LoopkitError("USAGE", `no goal given and no goal file at ${full}`, {
      value: full,
      hint: "type the goal inline (/loopkit:auto-loop <goal> --verify <cmd>) or write it to goal.md",
    });
  }
  if (inside(projectDir, full) && !inside(await fs.realpath(projectDir), real))
    throw invalid(full, `it resolves to ${real}, outside the project`);
  const read = await readRegularFile(real, MAX_GOAL_BYTES + 1);
  if (!read) throw invalid(full, "it is not a regular file");
  if (read.size > MAX_GOAL_BYTES) throw invalid(full, `it is larger than ${MAX_GOAL_BYTES / 1024} KB`);
  return { ...parseGoalFile(read.bytes.toString("utf8"), full), path: full };
}

const inside = (dir: string, file: string) => {
  const relative = path.relative(dir, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
};

function unquote(value: string): string {
  const quote = value[0];
  return value.length >= 2 && (quote === '"' || quote === "'") && value.endsWith(quote) ? value.slice(1, -1) : value;
}

function invalid(name: string, why: string): LoopkitError {
  return new LoopkitError("USAGE", `goal file ${name} is not valid: ${why}`, {
    value: name,
    hint: "see skills/auto-loop/references/goal-spec-format.md",
  });
}
