// What the audit is shown of the changes since the loop started, from loopkit's own record: the
// complete list of changed files with sizes, and diffs as text (escaped where needed, never "binary"),
// goalposts first and bulk last (goalposts.ts). The prompt gets a bounded excerpt; the full text (every
// file listed, every diff up to a large bound) goes to a file the audit can Read.
import type { Change, Leaf } from "./compare.js";
import { rankChanges, type Ranked } from "./goalposts.js";
import { diffLines, hunks } from "./line-diff.js";
import type { ObjectStore } from "./object-store.js";
import { hasHidden, showText } from "./show-text.js";
import { KEEP_BYTES } from "./walk.js";

export interface ReportLimits {
  /** A diff line longer than this (minified code) is cut to a window around where it differs from its counterpart. */
  lineChars: number;
  /** Files listed one per line in the prompt; the rest are counted per folder there (all are in the full text). */
  listLines: number;
  excerptBytes: number;
  /** Each file's diff in the excerpt is cut here. */
  perFileExcerpt: number;
  fullBytes: number;
  perFileFull: number;
}

export const REPORT_LIMITS: ReportLimits = {
  lineChars: 2_000,
  listLines: 600,
  excerptBytes: 48 * 1024,
  perFileExcerpt: 6 * 1024,
  fullBytes: 48 * 1024 * 1024,
  perFileFull: 1024 * 1024,
};

export interface ChangeReport {
  /** One line: how many files were added, changed and deleted. */
  summary: string;
  /** The list and the diff excerpt, for the prompt. */
  excerpt: string;
  /** Everything, for the file the audit can Read. */
  full: string;
  count: number;
}

export interface ReportContext {
  verifyCommand: string;
  protect: readonly string[];
}

export function changeReport(
  store: ObjectStore,
  changes: readonly Change[],
  context: ReportContext,
  fullFile: string | null,
  limits: ReportLimits = REPORT_LIMITS,
): ChangeReport {
  const ranked = rankChanges(changes, context);
  const summary = summaryLine(changes);
  if (ranked.length === 0) return { summary, excerpt: summary, full: `${summary}\n`, count: 0 };
  const where = fullFile
    ? `The complete list and every diff: ${fullFile} (loopkit's file, outside the project; Read or Grep it, above all when the list or the diffs below are cut).`
    : "";
  const excerpt: string[] = [
    summary,
    where,
    "",
    "Changed files, goalposts first (tests, files the verifier names, configuration), bulk such as dependencies last:",
  ];
  const listed = ranked.slice(0, limits.listLines);
  excerpt.push(...listed.map(listLine));
  if (ranked.length > listed.length) excerpt.push(...foldedLines(ranked.slice(listed.length)));
  excerpt.push(
    "",
    `Diffs in the same order (each cut at ${Math.round(limits.perFileExcerpt / 1024)} KB here${fullFile ? "; whole in the file above" : ""}):`,
  );
  let used = excerpt.join("\n").length;
  let shown = 0;
  for (const r of ranked) {
    const text = renderChange(store, r, limits.perFileExcerpt, limits.lineChars);
    if (used + text.length > limits.excerptBytes) break;
    excerpt.push(text);
    used += text.length + 1;
    shown++;
  }
  if (shown < ranked.length)
    excerpt.push(`[the diffs of ${ranked.length - shown} more file(s) are not shown here${fullFile ? `; all are in ${fullFile}` : ""}]`);
  const full: string[] = [summary, "", "Changed files:", ...ranked.map(listLine), "", "Diffs:"];
  let fullUsed = full.join("\n").length;
  for (const r of ranked) {
    const text = fullUsed < limits.fullBytes ? renderChange(store, r, limits.perFileFull, limits.lineChars * 10) : header(r);
    full.push(text);
    fullUsed += text.length + 1;
  }
  return { summary, excerpt: excerpt.join("\n"), full: `${full.join("\n")}\n`, count: ranked.length };
}

function summaryLine(changes: readonly Change[]): string {
  const count = (how: Change["how"]) => changes.filter((c) => c.how === how).length;
  if (changes.length === 0) return "No file changed.";
  return `${changes.length} file(s) changed: ${count("added")} added, ${count("changed")} changed, ${count("deleted")} deleted.`;
}

const bytes = (n: number) => `${n.toLocaleString("en-US")} bytes`;

function describe(leaf: Leaf | null): string {
  if (!leaf) return "none";
  if (leaf.kind === "file") return bytes(leaf.size);
  if (leaf.kind === "link") return `link to ${showText(leaf.target!)}`;
  if (leaf.kind === "dir") return "empty folder";
  if (leaf.kind === "unreadable") return "unreadable by loopkit";
  return { fifo: "a named pipe (FIFO)", socket: "a socket", device: "a device" }[leaf.kind];
}

function sizes(change: Change): string {
  if (change.how === "added") return describe(change.after);
  if (change.how === "deleted") return describe(change.before);
  const a = describe(change.before);
  const b = describe(change.after);
  const modes =
    change.before!.mode !== change.after!.mode ? `, mode ${change.before!.mode.toString(8)} -> ${change.after!.mode.toString(8)}` : "";
  return `${a === b ? a : `${a} -> ${b}`}${modes}`;
}

function listLine(r: Ranked): string {
  return `  ${r.change.how.padEnd(7)}  ${r.change.path}  (${sizes(r.change)})${r.why ? `  [${r.why}]` : ""}`;
}

/** The files past the listed ones, counted per folder (at most two levels deep). */
function foldedLines(rest: readonly Ranked[]): string[] {
  const groups = new Map<string, { added: number; changed: number; deleted: number; bytes: number }>();
  for (const { change } of rest) {
    const parts = change.path.split("/");
    const folder = parts.slice(0, Math.min(2, parts.length - 1)).join("/");
    const key = folder ? `${folder}/` : "(files at the top)";
    const g = groups.get(key) ?? { added: 0, changed: 0, deleted: 0, bytes: 0 };
    g[change.how]++;
    g.bytes += (change.after ?? change.before)?.size ?? 0;
    groups.set(key, g);
  }
  return [
    `  ... and ${rest.length} more, by folder:`,
    ...[...groups].map(([folder, g]) => `    ${folder}: ${g.added} added, ${g.changed} changed, ${g.deleted} deleted (${bytes(g.bytes)})`),
  ];
}

const header = (r: Ranked) => `--- ${r.change.how}: ${r.change.path} (${sizes(r.change)})${r.why ? ` [${r.why}]` : ""}`;

/** One file's header and its diff as text, cut at `maxBytes`, each line at about `lineChars`. */
function renderChange(store: ObjectStore, r: Ranked, maxBytes: number, lineChars: number): string {
  const { before, after } = r.change;
  const lines: string[] = [header(r)];
  const content = (leaf: Leaf | null) => (leaf?.kind === "file" && leaf.kept && leaf.hash ? store.get(leaf.hash, "blob") : null);
  const old = content(before);
  const now = content(after);
  const unkept = [before, after].filter((l) => l?.kind === "file" && !l.kept);
  if (unkept.length)
    lines.push(
      `(over ${bytes(KEEP_BYTES)}: loopkit keeps its hash, not its content${before?.hash && after?.hash ? `; sha256 ${before.hash.toString("hex").slice(0, 16)}... -> ${after.hash.toString("hex").slice(0, 16)}...` : ""})`,
    );
  if (before?.kind === "link" && after?.kind === "link") lines.push(`-> ${showText(before.target!)}`, `+> ${showText(after.target!)}`);
  if ((old && hasHidden(old)) || (now && hasHidden(now)))
    lines.push(
      "(control characters, invisible or bidirectional formatting characters and bytes that are not UTF-8 are shown escaped: \\xNN, \\u{NNNN})",
    );
  const a = old ? splitLines(old) : [];
  const b = now ? splitLines(now) : [];
  if (old || now) lines.push(...clipLong(hunks(a, b, diffLines(a, b)).map(showLine), lineChars));
  let out = "";
  for (const [i, line] of lines.entries()) {
    if (out.length + line.length + 1 > maxBytes && i > 0) return `${out}[... ${lines.length - i} more line(s) of this diff ...]`;
    out += `${line}\n`;
  }
  return out.trimEnd();
}

/** Lines with their newline kept (as latin1, so any bytes compare exactly); the last may lack it. */
function splitLines(content: Buffer): string[] {
  const text = content.toString("latin1");
  const lines = text.split(/(?<=\n)/);
  return lines[lines.length - 1] === "" ? lines.slice(0, -1) : lines;
}

function showLine(line: string): string {
  if (line.startsWith("@@")) return line;
  const body = line.slice(1);
  const text = showText(Buffer.from(body.endsWith("\n") ? body.slice(0, -1) : body, "latin1"));
  return `${line[0]}${text}${body.endsWith("\n") ? "" : "\n\\ No newline at end of file"}`;
}

/**
 * Long diff lines cut to `max` characters: a removed line and the added line paired with it (the i-th
 * of a run of "-" lines with the i-th of the "+" lines after it) to a window around where they first
 * differ, so a change inside one line of minified code still shows; any other line to its head.
 */
function clipLong(lines: string[], max: number): string[] {
  const out = [...lines];
  for (let i = 0; i < out.length; i++) {
    if (!out[i]!.startsWith("-")) continue;
    let dels = i;
    while (dels < out.length && out[dels]!.startsWith("-")) dels++;
    let adds = dels;
    while (adds < out.length && out[adds]!.startsWith("+")) adds++;
    for (let k = 0; k < dels - i && dels + k < adds; k++) {
      const [a, b] = clipPair(out[i + k]!, out[dels + k]!, max);
      out[i + k] = a;
      out[dels + k] = b;
    }
    i = adds - 1;
  }
  return out.map((line) => (line.length > max ? clipAt(line, 0, max) : line));
}

function clipPair(a: string, b: string, max: number): [string, string] {
  if (a.length <= max && b.length <= max) return [a, b];
  let same = 1;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  const from = Math.max(1, same - Math.floor(max / 4));
  return [clipAt(a, from, max), clipAt(b, from, max)];
}

/** `line` (its sign kept) from character `from`, `max` characters long, saying what is left out. */
function clipAt(line: string, from: number, max: number): string {
  if (line.length <= max && from <= 1) return line;
  const head = from > 1 ? `[... ${(from - 1).toLocaleString("en-US")} characters ...]` : "";
  const end = Math.min(line.length, from + max);
  const tail = end < line.length ? `[... ${(line.length - end).toLocaleString("en-US")} more characters ...]` : "";
  return `${line[0]}${head}${line.slice(Math.max(1, from), end)}${tail}`;
}
