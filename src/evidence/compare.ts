// What changed between two snapshots: every leaf (file, link, special entry, empty folder) added,
// deleted or changed, found by descending only into trees whose hashes differ, so the cost follows
// what changed, not the size of the tree.
import { createHash } from "node:crypto";
import path from "node:path";
import { objectHash, type ObjectStore } from "./object-store.js";
import { readRegularFileSync } from "./read-file.js";
import type { Snapshot } from "./snapshot-format.js";
import { decodeTree, type TreeEntry } from "./tree.js";
import { isLooseGitObject } from "./git-dirs.js";
import { metaName, nameOf } from "./names.js";

export type ChangeHow = "added" | "deleted" | "changed";

export interface Leaf {
  kind: TreeEntry["kind"];
  size: number;
  mode: number;
  hash: Buffer | null;
  kept: boolean;
  target: Buffer | null;
}

export interface Change {
  /** The path for people (a name that is not UTF-8 shown with \xNN escapes); git metadata under its folder's path. */
  path: string;
  /** The path's components as bytes, for writing it back. */
  parts: Buffer[];
  /** Where the path lives: the project (""), or a git metadata root ("\0git", "\0common"). */
  root: string;
  how: ChangeHow;
  before: Leaf | null;
  after: Leaf | null;
  /** A file in a git folder that is the loose git object its path names (git-dirs.ts): listed with the bulk. */
  gitObject?: boolean;
}

const toLeaf = (e: TreeEntry): Leaf => ({ kind: e.kind, size: e.size, mode: e.mode, hash: e.hash, kept: e.kept, target: e.target });

const sameLeaf = (a: Leaf, b: Leaf) =>
  a.kind === b.kind &&
  a.mode === b.mode &&
  a.size === b.size &&
  (a.hash === null ? b.hash === null : b.hash !== null && a.hash.equals(b.hash));

/** Every change from `before` to `after` (null: nothing, as for a project that did not exist). */
export function compareSnapshots(store: ObjectStore, projectDir: string, before: Snapshot | null, after: Snapshot): Change[] {
  const changes: Change[] = [];
  compareTrees(
    store,
    before ? Buffer.from(before.root, "hex") : null,
    Buffer.from(after.root, "hex"),
    { root: "", prefix: "", parts: [] },
    changes,
  );
  const roots = new Map<string, { dir: string; before: Buffer | null; after: Buffer | null }>();
  for (const g of before?.git ?? []) roots.set(g.key, { dir: g.dir, before: Buffer.from(g.tree, "hex"), after: null });
  for (const g of after.git) {
    const earlier = roots.get(g.key);
    // The git folder moved (a new gitfile): everything in the new one counts as added, the old one's as deleted.
    if (earlier && earlier.dir !== g.dir) roots.set(`${g.key} before`, earlier);
    roots.set(g.key, { dir: g.dir, before: earlier?.dir === g.dir ? earlier.before : null, after: Buffer.from(g.tree, "hex") });
  }
  for (const [key, r] of roots)
    compareTrees(store, r.before, r.after, { root: key.split(" ")[0]!, prefix: `${metaName(projectDir, r.dir)}/`, parts: [] }, changes);
  return changes;
}

interface Where {
  root: string;
  prefix: string;
  parts: Buffer[];
}

const EMPTY_TREE = objectHash("tree", Buffer.alloc(0));

function compareTrees(store: ObjectStore, before: Buffer | null, after: Buffer | null, where: Where, out: Change[]): void {
  if (before && after && before.equals(after)) return;
  const a = before ? decodeTree(store.get(before, "tree")) : [];
  const b = after ? decodeTree(store.get(after, "tree")) : [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const order = i >= a.length ? 1 : j >= b.length ? -1 : Buffer.compare(a[i]!.name, b[j]!.name);
    const old = order <= 0 ? a[i++]! : null;
    const now = order >= 0 ? b[j++]! : null;
    const name = (old ?? now)!.name;
    const child: Where = { root: where.root, prefix: `${where.prefix}${nameOf(name).text}`, parts: [...where.parts, name] };
    const below = { ...child, prefix: `${child.prefix}/` };
    const oldDir = old?.kind === "dir" ? old : null;
    const newDir = now?.kind === "dir" ? now : null;
    if (oldDir && newDir) {
      compareTrees(store, oldDir.hash, newDir.hash, below, out);
      continue;
    }
    // A folder on one side only: what was below it, each a change; an empty folder is a leaf of its own.
    if (oldDir) {
      if (oldDir.hash!.equals(EMPTY_TREE)) out.push(change(child, oldDir, null));
      else compareTrees(store, oldDir.hash, null, below, out);
      if (now) out.push(change(child, null, now));
      continue;
    }
    if (newDir) {
      if (old) out.push(change(child, old, null));
      if (newDir.hash!.equals(EMPTY_TREE)) out.push(change(child, null, newDir));
      else compareTrees(store, null, newDir.hash, below, out);
      continue;
    }
    if (old && now && sameLeaf(toLeaf(old), toLeaf(now))) continue;
    out.push(withGitObject(store, change(child, old, now)));
  }
}

/** Marks a change in a git folder (the top one's or a nested repository's) whose content is the loose git object its path names. */
function withGitObject(store: ObjectStore, c: Change): Change {
  // A deleted one by what it was: a deletion hides nothing, but a flood of them must not crowd the sources.
  const leaf = c.after ?? c.before;
  if ((c.root === "" && !c.path.includes(".git/")) || leaf?.kind !== "file" || !leaf.kept || !leaf.hash) return c;
  const hash = leaf.hash;
  if (isLooseGitObject(c.path, () => store.get(hash, "blob"))) c.gitObject = true;
  return c;
}

function change(where: Where, old: TreeEntry | null, now: TreeEntry | null): Change {
  return {
    path: where.prefix,
    parts: where.parts,
    root: where.root,
    how: !old ? "added" : !now ? "deleted" : "changed",
    before: old ? toLeaf(old) : null,
    after: now ? toLeaf(now) : null,
  };
}

/** Files over this size are not read again for the audit (their diffs would pass what an audit can read anyway). */
const READ_AGAIN_BYTES = 64 * 1024 * 1024;

/**
 * The content of a changed project file whose content the record does not keep (over KEEP_BYTES),
 * read again now, when its sha256 is still the recorded one; null otherwise (changed since, gone,
 * too big, git metadata).
 */
export function readRecordedContent(projectDir: string, change: Change): Buffer | null {
  const leaf = change.after;
  if (change.root !== "" || leaf?.kind !== "file" || !leaf.hash || leaf.size > READ_AGAIN_BYTES) return null;
  const file = Buffer.concat([Buffer.from(projectDir), ...change.parts.flatMap((part) => [Buffer.from(path.sep), part])]);
  const content = readRegularFileSync(file, READ_AGAIN_BYTES + 1);
  if (!content || !createHash("sha256").update(content).digest().equals(leaf.hash)) return null;
  return content;
}
