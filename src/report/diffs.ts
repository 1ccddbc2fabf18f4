// The files each iteration changed, with their diffs, from loopkit's own record: each iteration's
// checkpoint compared with the one before it (the first with the loop's start). Read-only; a record
// that cannot be read costs the diffs, said in words, never the report.
import { isAgentChange } from "../checkpoint/changes.js";
import type { CheckpointRecord } from "../checkpoint/record.js";
import { compareSnapshots, type Change, type Leaf } from "../evidence/compare.js";
import { diffLines, hunks } from "../evidence/line-diff.js";
import type { ObjectStore } from "../evidence/object-store.js";
import { showText } from "../evidence/show-text.js";
import { formatError } from "../shared/errors.js";
import { isLoopkitOwnPath } from "../shared/mirror-layout.js";
import type { IterationChanges } from "./auto-loop-story.js";
import type { FileChange } from "./story.js";

/** What one page holds at most: files listed per iteration, diff lines per file, diff characters in all. */
export const DIFF_LIMITS = { files: 200, linesPerFile: 2_000, lineChars: 2_000, totalChars: 8 * 1024 * 1024 };

/** The changes of every iteration the record has a checkpoint of, by iteration; `gaps` gets what could not be shown. */
export function iterationChanges(
  record: CheckpointRecord,
  openStore: () => ObjectStore,
  gaps: string[],
  limits = DIFF_LIMITS,
): Map<number, IterationChanges> {
  const out = new Map<number, IterationChanges>();
  const iterations = record.checkpoints.filter((c) => c.kind === "iteration");
  let store: ObjectStore | null = null;
  try {
    store = openStore();
  } catch (error) {
    gaps.push(`loopkit's record of the project could not be read, so the diffs are missing (${formatError(error)}).`);
  }
  const budget = { chars: limits.totalChars };
  try {
    let previous = record.base;
    for (const checkpoint of iterations) {
      out.set(checkpoint.iteration, changesOf(store, record, previous, checkpoint, budget, limits, gaps));
      previous = checkpoint.snapshot;
    }
  } finally {
    store?.close();
  }
  if (budget.chars <= 0)
    gaps.push(`The diffs are cut at ${Math.round(limits.totalChars / 1024 / 1024)} MB for the page; the rest are listed without them.`);
  return out;
}

function changesOf(
  store: ObjectStore | null,
  record: CheckpointRecord,
  previous: CheckpointRecord["base"],
  checkpoint: CheckpointRecord["checkpoints"][number],
  budget: { chars: number },
  limits: typeof DIFF_LIMITS,
  gaps: string[],
): IterationChanges {
  // Without the store, the names the checkpoint keeps.
  const listed = (): IterationChanges => ({
    changes: checkpoint.changed.paths.filter((p) => !isLoopkitOwnPath(p.path)).map((p) => ({ ...p, diff: null, note: null })),
    more: checkpoint.changed.more,
  });
  if (!store) return listed();
  let found: Change[];
  try {
    found = compareSnapshots(store, record.project_dir, previous, checkpoint.snapshot).filter(isAgentChange);
  } catch (error) {
    gaps.push(
      `Iteration ${checkpoint.iteration}'s changes could not be compared (${formatError(error)}); its files are listed without diffs.`,
    );
    return listed();
  }
  found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const changes = found.slice(0, limits.files).map((change) => fileChange(store, change, budget, limits));
  return { changes, more: found.length - changes.length };
}

function fileChange(store: ObjectStore, change: Change, budget: { chars: number }, limits: typeof DIFF_LIMITS): FileChange {
  const status = change.how === "added" ? "A" : change.how === "deleted" ? "D" : change.before!.kind !== change.after!.kind ? "T" : "M";
  const base = { status, path: change.path } as const;
  if (budget.chars <= 0) return { ...base, diff: null, note: "not shown: the page's room for diffs is used up" };
  const sides = [change.before, change.after];
  const unkept = sides.find((leaf) => leaf?.kind === "file" && !leaf.kept);
  if (unkept) return { ...base, diff: null, note: "over 1 MB: loopkit keeps its hash, not its content" };
  const notFile = sides.find((leaf) => leaf !== null && leaf.kind !== "file");
  if (notFile) return { ...base, diff: null, note: describe(notFile) };
  let a: string[];
  let b: string[];
  try {
    a = linesOf(store, change.before);
    b = linesOf(store, change.after);
  } catch (error) {
    return { ...base, diff: null, note: `its content could not be read from loopkit's record (${formatError(error)})` };
  }
  let diff = hunks(a, b, diffLines(a, b)).map((line) => shown(line, limits.lineChars));
  let note: string | null = null;
  if (diff.length > limits.linesPerFile) {
    note = `cut at ${limits.linesPerFile} of ${diff.length} lines`;
    diff = diff.slice(0, limits.linesPerFile);
  }
  budget.chars -= diff.reduce((sum, line) => sum + line.length + 1, 0);
  return { ...base, diff, note };
}

function describe(leaf: Leaf): string {
  if (leaf.kind === "link") return `a symbolic link to ${showText(leaf.target ?? Buffer.alloc(0))}`;
  if (leaf.kind === "dir") return "an empty folder";
  return leaf.kind === "unreadable" ? "unreadable by loopkit" : `a ${leaf.kind}`;
}

/** A file's lines (newline kept, as latin1 so any bytes compare exactly); none for no file. */
function linesOf(store: ObjectStore, leaf: Leaf | null): string[] {
  if (!leaf?.hash) return [];
  const lines = store
    .get(leaf.hash, "blob")
    .toString("latin1")
    .split(/(?<=\n)/);
  return lines.at(-1) === "" ? lines.slice(0, -1) : lines;
}

/** A diff line as visible text (hidden characters escaped, as the audit sees them), cut at `max`. */
function shown(line: string, max: number): string {
  if (line.startsWith("@@")) return line;
  const body = line.slice(1);
  const text = showText(Buffer.from(body.endsWith("\n") ? body.slice(0, -1) : body, "latin1"));
  const cut = text.length > max ? `${text.slice(0, max)}[... ${(text.length - max).toLocaleString("en-US")} more characters]` : text;
  return `${line[0]}${cut}`;
}
