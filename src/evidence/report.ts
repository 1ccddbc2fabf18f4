// What the audit is shown of the changes since the loop started, from loopkit's own record: every
// changed file listed (names escaped: showPath), and every changed line of every file, whole (no cut,
// no window; render-diff.ts). The prompt holds a bounded excerpt in which the list has a bounded share
// and each changed file a fair share of the rest (goalposts and sources first, taking turns, so no
// flood of one kind crowds out the other); whatever of a diff is not in the prompt is in the parts
// (changes-N.txt), each carrying read checks: random words drawn at audit time that only that part
// holds. The audit's vote must carry the words of every required part (audit-vote.ts); the parts one
// audit can read are bounded (`requiredParts`): past that, only installed dependencies, data files
// and deleted content may go unread (said by name), and changed code that does not fit leaves the
// turn unjudged (`unseen`).
import type { Change, Leaf } from "./compare.js";
import { rankChanges, type Ranked } from "./goalposts.js";
import { nameOf } from "./names.js";
import type { ObjectStore } from "./object-store.js";
import { diffText, pushWrapped, RECORD_GRAMMAR } from "./render-diff.js";
import { showPath } from "./show-text.js";
import { KEEP_BYTES } from "./walk.js";

export interface ReportLimits {
  /** The prompt's excerpt, list and diffs. */
  excerptChars: number;
  /** The list's share of the excerpt; past it, files are counted per folder (all are in changes.txt). */
  listChars: number;
  /** A name in the prompt's list is cut here (whole in changes.txt). */
  nameChars: number;
  /** The least share of the excerpt a file's diff gets; with more files than the excerpt holds at this share, the rest are in the parts only. */
  minShare: number;
  /** A part holds at most this many characters and lines: one Read of Claude Code takes it whole. */
  partChars: number;
  partLines: number;
  /** Parts one audit is made to read (their read checks required): about 320 KB with the defaults. */
  requiredParts: number;
  /** Read checks per part, spread through it (the last on its last line). */
  checksPerPart: number;
}

export const REPORT_LIMITS: ReportLimits = {
  excerptChars: 48 * 1024,
  listChars: 8 * 1024,
  nameChars: 200,
  minShare: 800,
  partChars: 32 * 1024,
  partLines: 1_500,
  requiredParts: 10,
  checksPerPart: 3,
};

export interface ReadCheck {
  /** The part's number (1-based) and file. */
  part: number;
  file: string;
  word: string;
}

export interface ChangeReport {
  /** One line: how many files were added, changed and deleted. */
  summary: string;
  /** The list and the diff excerpt, for the prompt. */
  excerpt: string;
  /** changes.txt: the summary, how to read the record, the complete list and what each part holds. */
  index: string;
  /** changes-N.txt: every line of every diff that is not in the excerpt, with its read checks. */
  parts: string[];
  /** The read checks of the parts the audit must read whole; the vote must carry every word. */
  required: ReadCheck[];
  /** Parts past what one audit can read, each with the files it holds (dependencies, data, deleted content only). */
  optional: { file: string; holds: string[] }[];
  /** Why the turn cannot be judged achieved: changed content that cannot be shown, or more changed code than one audit can read. Empty: it can. */
  unseen: string[];
  count: number;
}

export interface ReportInput {
  store: ObjectStore;
  changes: readonly Change[];
  context: { verifyCommand: string; protect: readonly string[] };
  /** Where changes.txt and its parts are, as the audit is told. */
  files: { index: string; part: (n: number) => string };
  /** A fresh random word for a read check (drawn by loopkit at audit time; never from the project). */
  checkWord: () => string;
  /**
   * The content of a file over KEEP_BYTES as recorded, read again from the project (its hash checked
   * against the record by the caller), or null when it cannot be had.
   */
  readLarge?: (change: Change) => Buffer | null;
  limits?: ReportLimits;
}

/** One changed file, rendered: its header and every line of its diff. */
interface Rendered {
  ranked: Ranked;
  name: string;
  header: string;
  lines: string[];
  /** May go unread past the required parts: installed dependencies, data files, deleted content. */
  skimmable: boolean;
  /** Why its changed content cannot be shown, or null. */
  missing: string | null;
}

export function changeReport(input: ReportInput): ChangeReport {
  const limits = input.limits ?? REPORT_LIMITS;
  const ranked = rankChanges(input.changes, input.context);
  const summary = summaryLine(input.changes);
  if (ranked.length === 0)
    return { summary, excerpt: summary, index: `${summary}\n`, parts: [], required: [], optional: [], unseen: [], count: 0 };
  const files = renderAll(input, ranked);

  // The excerpt's diffs: a fair share each for as many files as fit at minShare, chosen in turns.
  const head = [
    summary,
    "",
    RECORD_GRAMMAR,
    "",
    `Changed files (${ranked.length}), goalposts and other files taking turns, bulk such as dependencies last:`,
  ];
  const list = listSection(inTurns(files), limits);
  const diffBudget = Math.max(0, limits.excerptChars - [...head, ...list].join("\n").length - 400);
  const chosen = new Set(inTurns(files).slice(0, Math.floor(diffBudget / limits.minShare)));
  const shares = fairShares(
    [...chosen].map((f) => chars([f.header, ...f.lines])),
    diffBudget,
  );
  const shownLines = new Map<Rendered, number>();
  // A file that does not fit whole keeps room in its share for the note that says where the rest is.
  [...chosen].forEach((f, i) =>
    shownLines.set(
      f,
      chars([f.header, ...f.lines]) <= shares[i]! ? f.lines.length : fitting(f.lines, shares[i]! - f.header.length - 1 - CUT_NOTE),
    ),
  );

  // The rest of every diff, into parts: what must be read first, what may go unread after.
  const rest = files.filter((f) => (shownLines.get(f) ?? -1) < f.lines.length);
  const packed = packParts(
    [...rest.filter((f) => !f.skimmable), ...rest.filter((f) => f.skimmable)],
    (f) => shownLines.get(f) ?? -1,
    limits,
  );
  const partFile = input.files.part;
  const checks: ReadCheck[] = [];
  const parts = packed.parts.map((lines, i) => {
    const words = Array.from({ length: limits.checksPerPart }, () => input.checkWord());
    words.forEach((word) => checks.push({ part: i + 1, file: partFile(i + 1), word }));
    return withChecks(lines, words, i + 1, packed.parts.length);
  });
  const required = checks.filter((c) => c.part <= limits.requiredParts);
  const unseen = files.filter((f) => f.missing && !f.skimmable).map((f) => `${f.name}: ${f.missing}`);
  const unread = rest.filter((f) => !f.skimmable && packed.where.get(f)!.some((n) => n > limits.requiredParts));
  if (unread.length)
    unseen.push(
      `more changed code than one audit can read: past this prompt, ${packed.parts.length} parts of up to ${kb(limits.partChars)} each, of which an audit is made to read ${limits.requiredParts}; the code past them is in ${unread.length} file(s): ${unread
        .slice(0, 10)
        .map((f) => f.name)
        .join(", ")}${unread.length > 10 ? ", ..." : ""}`,
    );
  const optional = packed.parts
    .map((_, i) => i + 1)
    .filter((n) => n > limits.requiredParts)
    .map((n) => ({ file: partFile(n), holds: rest.filter((f) => packed.where.get(f)!.includes(n)).map((f) => f.name) }));

  const where = (f: Rendered) => partNames(packed.where.get(f) ?? [], partFile);
  const diffs: string[] = ["", "Diffs, each file's share of this prompt; where one is cut, the note says where the rest is:"];
  for (const f of files) {
    const shown = shownLines.get(f);
    if (shown === undefined) continue;
    diffs.push(f.header, ...f.lines.slice(0, shown));
    if (shown < f.lines.length)
      diffs.push(
        `\\ cut here: the other ${(f.lines.length - shown).toLocaleString("en-US")} line(s) of this diff (${chars(f.lines.slice(shown)).toLocaleString("en-US")} characters) are in ${where(f)}`,
      );
  }
  const left = files.filter((f) => !chosen.has(f));
  if (left.length)
    diffs.push(
      `\\ the diffs of ${left.length} more file(s) are not in this prompt (too many files for a fair share each); each is whole in the parts: ${partNames(
        [...new Set(left.flatMap((f) => packed.where.get(f) ?? []))].sort((a, b) => a - b),
        partFile,
      )}`,
    );
  const excerpt = [...head, ...list, ...diffs].join("\n");

  const index = [
    summary,
    "",
    RECORD_GRAMMAR,
    "",
    packed.parts.length
      ? "The audit's prompt holds the start of each diff; every line of them that is not there is in these parts, in this order:"
      : "The audit's prompt holds every line of every diff.",
    ...packed.parts.map(
      (_, i) =>
        `  ${partFile(i + 1)}${i < limits.requiredParts ? " (required reading)" : " (not required: dependencies, data and deleted content only)"}: ${rest
          .filter((f) => packed.where.get(f)!.includes(i + 1))
          .map((f) => f.name)
          .join(", ")}`,
    ),
    "",
    "Changed files:",
    ...files.map((f) => listLine(f, Infinity)),
    "",
  ];
  const indexLines: string[] = [];
  for (const line of index) pushWrapped(indexLines, line);
  return { summary, excerpt, index: `${indexLines.join("\n")}\n`, parts, required, optional, unseen, count: ranked.length };
}

function summaryLine(changes: readonly Change[]): string {
  const count = (how: Change["how"]) => changes.filter((c) => c.how === how).length;
  if (changes.length === 0) return "No file changed.";
  return `${changes.length} file(s) changed: ${count("added")} added, ${count("changed")} changed, ${count("deleted")} deleted.`;
}

const bytes = (n: number) => `${n.toLocaleString("en-US")} bytes`;
const kb = (n: number) => `${Math.round(n / 1024)} KB`;
const chars = (lines: readonly string[]) => lines.reduce((sum, line) => sum + line.length + 1, 0);

function describe(leaf: Leaf | null): string {
  if (!leaf) return "none";
  if (leaf.kind === "file") return bytes(leaf.size);
  if (leaf.kind === "link") return `link to ${showPath([leaf.target!])}`;
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

/** A change's path as printed: its git folder's path first for git metadata, every name escaped. */
function nameOfChange(change: Change): string {
  if (change.root === "") return showPath(change.parts);
  const prefix = change.path.slice(0, change.path.length - change.parts.map((p) => nameOf(p).text).join("/").length);
  return showPath(change.parts, prefix);
}

/** Folders whose content a package manager installs: past the required parts, they may go unread. */
const INSTALLED = new Set(["node_modules", "bower_components", "jspm_packages", ".venv", "venv", "site-packages"]);
/** Data, not code: it changes nothing unless code reads it, and that code is required reading. */
const DATA =
  /\.(json|jsonl|ndjson|csv|tsv|txt|dat|xml|ya?ml|lock|lockb|snap|svg|map|log|md|sum|sql|ics|geojson|po|pot|ipynb)$|(^|\/)(yarn\.lock|Cargo\.lock|Gemfile\.lock|poetry\.lock|go\.sum)$/i;

function isSkimmable(change: Change): boolean {
  if (change.how === "deleted") return true;
  if (change.root !== "") return false;
  const parts = change.path.split("/");
  return parts.slice(0, -1).some((part) => INSTALLED.has(part)) || DATA.test(change.path);
}

function render(input: ReportInput, r: Ranked, withContent: boolean): Rendered {
  const { change } = r;
  const name = nameOfChange(change);
  const header = `#### ${change.how}: ${name} (${sizes(change)})${r.why ? ` [${r.why}]` : ""}`;
  const lines: string[] = [];
  let missing: string | null = null;
  const { before, after } = change;
  if (!withContent) return { ranked: r, name, header, lines, skimmable: isSkimmable(change), missing };
  const kept = (leaf: Leaf | null) => (leaf?.kind === "file" && leaf.kept && leaf.hash ? input.store.get(leaf.hash, "blob") : null);
  let old = kept(before);
  let now = kept(after);
  if (before?.kind === "file" && !before.kept) {
    lines.push(`\\ its content at the loop's start was over ${bytes(KEEP_BYTES)} and was not kept: it cannot be shown as removed lines`);
    old = null;
  }
  if (after?.kind === "file" && !after.kept) {
    now = input.readLarge?.(change) ?? null;
    if (now) lines.push(`\\ over ${bytes(KEEP_BYTES)}: read again from the project for this audit, its content matches loopkit's record`);
    else {
      missing = `over ${bytes(KEEP_BYTES)}, and its content now is not the one recorded (or cannot be read), so it cannot be shown`;
      lines.push(`\\ ${missing}`);
    }
  }
  if (after?.kind === "unreadable") missing = "loopkit may not read it, so its content cannot be shown";
  if (before?.kind === "link") lines.push(`\\ link target was: ${showPath([before.target!])}`);
  if (after?.kind === "link") lines.push(`\\ link target now: ${showPath([after.target!])}`);
  if (old || now) for (const line of diffText(old, now)) lines.push(line);
  return { ranked: r, name, header, lines, skimmable: isSkimmable(change), missing };
}

/** Room for the note at a cut (its part names are paths in loopkit's data folder). */
const CUT_NOTE = 400;

/** Characters of diffs rendered at most: past them (a huge install), files are listed, not rendered. */
const RENDER_CHARS = 48 * 1024 * 1024;

function renderAll(input: ReportInput, ranked: readonly Ranked[]): Rendered[] {
  let total = 0;
  return ranked.map((r) => {
    if (total > RENDER_CHARS) {
      const f = render(input, r, false);
      f.lines.push(`\\ not rendered: loopkit's record of the changes stops at ${kb(RENDER_CHARS)} of diffs`);
      if (!f.skimmable) f.missing = `not rendered: the changes pass ${kb(RENDER_CHARS)} of diffs before it`;
      return f;
    }
    const f = render(input, r, true);
    total += chars(f.lines);
    return f;
  });
}

function listLine(f: Rendered, nameChars: number): string {
  const name =
    f.name.length > nameChars ? `${f.name.slice(0, nameChars)}...[${f.name.length - nameChars} more characters of this name]` : f.name;
  const { change, why } = f.ranked;
  return `  ${change.how.padEnd(7)}  ${name}  (${sizes(change)})${why ? `  [${why}]` : ""}`;
}

/** The prompt's list: one line per file within `listChars`, then the rest counted per folder. */
function listSection(files: readonly Rendered[], limits: ReportLimits): string[] {
  const out: string[] = [];
  let used = 0;
  let i = 0;
  for (; i < files.length; i++) {
    const line = listLine(files[i]!, limits.nameChars);
    if (used + line.length + 1 > limits.listChars - 1024) break;
    out.push(line);
    used += line.length + 1;
  }
  if (i === files.length) return out;
  const groups = new Map<string, { added: number; changed: number; deleted: number; bytes: number }>();
  for (const { ranked } of files.slice(i)) {
    const { change } = ranked;
    const parts = change.parts.slice(0, Math.min(2, change.parts.length - 1));
    const folder = parts.length ? `${showPath(parts).slice(0, limits.nameChars / 2)}/` : "(files at the top)";
    const g = groups.get(folder) ?? { added: 0, changed: 0, deleted: 0, bytes: 0 };
    g[change.how]++;
    g.bytes += (change.after ?? change.before)?.size ?? 0;
    groups.set(folder, g);
  }
  const shown = [...groups].slice(0, 10);
  return [
    ...out,
    `  ... and ${files.length - i} more (all named in changes.txt), by folder:`,
    ...shown.map(([folder, g]) => `    ${folder}: ${g.added} added, ${g.changed} changed, ${g.deleted} deleted (${bytes(g.bytes)})`),
    ...(groups.size > shown.length ? [`    ... and ${groups.size - shown.length} more folders`] : []),
  ];
}

/** Non-bulk files first, goalposts and sources taking turns (junk of one kind cannot crowd out the other), then bulk. */
function inTurns(files: readonly Rendered[]): Rendered[] {
  const goalposts = files.filter((f) => f.ranked.tier === "goalpost");
  const sources = files.filter((f) => f.ranked.tier === "source");
  const out: Rendered[] = [];
  for (let i = 0; i < Math.max(goalposts.length, sources.length); i++) {
    if (i < sources.length) out.push(sources[i]!);
    if (i < goalposts.length) out.push(goalposts[i]!);
  }
  return [...out, ...files.filter((f) => f.ranked.tier === "bulk")];
}

/** Each of `wants` gets what it wants or an equal share of what is left, whichever is less (water-filling). */
export function fairShares(wants: readonly number[], budget: number): number[] {
  const shares = new Array<number>(wants.length).fill(0);
  const order = wants.map((_, i) => i).sort((a, b) => wants[a]! - wants[b]!);
  let left = budget;
  order.forEach((i, k) => {
    shares[i] = Math.min(wants[i]!, Math.floor(left / (order.length - k)));
    left -= shares[i]!;
  });
  return shares;
}

/** How many of `lines`, from the first, fit in `room` characters. */
function fitting(lines: readonly string[], room: number): number {
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    used += lines[i]!.length + 1;
    if (used > room) return i;
  }
  return lines.length;
}

/**
 * The rest of each file's diff (from line `from(f)`, or its header too when none is in the prompt),
 * in order, into parts of at most partChars and partLines; `where` says which parts hold each file.
 */
function packParts(
  files: readonly Rendered[],
  from: (f: Rendered) => number,
  limits: ReportLimits,
): { parts: string[][]; where: Map<Rendered, number[]> } {
  // Room for the read checks and a continued header.
  const room = limits.partChars - 1_500;
  const roomLines = limits.partLines - limits.checksPerPart - 2;
  const parts: string[][] = [];
  const where = new Map<Rendered, number[]>();
  let part: string[] = [];
  let used = 0;
  const close = () => {
    if (part.length) parts.push(part);
    part = [];
    used = 0;
  };
  for (const f of files) {
    const start = Math.max(0, from(f));
    const at: number[] = [];
    where.set(f, at);
    const opener = (line: number) =>
      `${f.header}${line > 0 ? `, continued from line ${(line + 1).toLocaleString("en-US")} of its diff` : ""}`;
    const add = (line: string) => {
      part.push(line);
      used += line.length + 1;
    };
    if (used + f.header.length + 200 > room || part.length + 2 > roomLines) close();
    for (const piece of wrapped(opener(start))) add(piece);
    at.push(parts.length + 1);
    for (let i = start; i < f.lines.length; i++) {
      const line = f.lines[i]!;
      if (used + line.length + 1 > room || part.length + 1 > roomLines) {
        close();
        for (const piece of wrapped(opener(i))) add(piece);
        at.push(parts.length + 1);
      }
      add(line);
    }
  }
  close();
  return { parts, where };
}

function wrapped(line: string): string[] {
  const out: string[] = [];
  pushWrapped(out, line);
  return out;
}

/** The part's text with its read checks: spread through it, the last on its last line. */
function withChecks(lines: readonly string[], words: readonly string[], n: number, of: number): string {
  const out = [`#### part ${n} of ${of} of loopkit's record of the changes`];
  const at = words.map((_, i) => Math.floor((lines.length * (i + 1)) / words.length));
  let next = 0;
  lines.forEach((line, i) => {
    out.push(line);
    while (next < words.length && at[next]! === i + 1) {
      out.push(`::: read check ${next + 1} of ${words.length} of part ${n}: ${words[next]!}`);
      next++;
    }
  });
  while (next < words.length) (out.push(`::: read check ${next + 1} of ${words.length} of part ${n}: ${words[next]!}`), next++);
  return `${out.join("\n")}\n`;
}

function partNames(numbers: readonly number[], file: (n: number) => string): string {
  if (numbers.length === 0) return "no part";
  if (numbers.length <= 3) return numbers.map(file).join(", ");
  return `${file(numbers[0]!)} to ${file(numbers[numbers.length - 1]!)} (${numbers.length} parts)`;
}
