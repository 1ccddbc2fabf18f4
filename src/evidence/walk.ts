// The walk behind a snapshot: every entry under a folder, read from nothing but the entries themselves.
// Links are recorded as links and never followed; FIFOs, sockets and devices by kind and never opened;
// files are opened O_NOFOLLOW | O_NONBLOCK and checked with fstat before a byte is read. Each regular
// file is recorded by the hash of its content, read again unless the stat cache may stand for it.
// Synchronous calls in batches (several times faster than promises for 100,000 small files), with a
// yield to the event loop between batches so timers (the store lock's refresh) still run.
import { createHash, type Hash } from "node:crypto";
import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readlinkSync, readSync, type Dirent } from "node:fs";
import path from "node:path";
import { checkDeadline, type Deadline } from "../shared/deadline.js";
import { holdsGitIndex } from "./git-dirs.js";
import { lstatVia, type EntryStat, type LstatAhead } from "./lstat-ahead.js";
import { objectHash, type ObjectStore } from "./object-store.js";
import { isRacy, type StatRecord, type StatTable, type StatTableBuilder } from "./stat-cache.js";
import { nameOf } from "./names.js";
import { encodeTree, type EntryKind, type TreeEntry } from "./tree.js";
import { isDenied, isGoneOrNotAFile, SAFE_READ_FLAGS } from "../shared/safe-read.js";

/** Files up to this size are kept whole in the store (diffs for the audit, restore); bigger ones are hashed only. */
export const KEEP_BYTES = 1024 * 1024;

const BATCH = 512;
const EMPTY_TREE = objectHash("tree", Buffer.alloc(0));
const SEP = Buffer.from(path.sep);

export interface WalkCounts {
  files: number;
  dirs: number;
  links: number;
  special: number;
  unreadable: number;
  /** Bytes of all regular files. */
  bytes: number;
  /** Files over KEEP_BYTES: hashed, their content not kept. */
  unkept: number;
  /** Files read in this snapshot (the rest the stat cache stood for). */
  read: number;
  readBytes: number;
}

export const emptyCounts = (): WalkCounts => ({
  files: 0,
  dirs: 0,
  links: 0,
  special: 0,
  unreadable: 0,
  bytes: 0,
  unkept: 0,
  read: 0,
  readBytes: 0,
});

export interface Walker {
  store: ObjectStore;
  /** The last snapshot's records, or null (everything is read). */
  cache: StatTable | null;
  out: StatTableBuilder;
  startMs: number;
  /** False where ctime can be set by the owner (Windows, FAT): no record is trusted, every file is read. */
  trustCache: boolean;
  deadline: Deadline;
  counts: WalkCounts;
  /** Records written anew (not copied): the stat cache is saved only when there are some. */
  fresh: number;
  visited: number;
  /** Keys left out (scope.ts: loopkit's rewritten mirror files, its data folder inside the project, git's index). */
  skip: (key: string) => boolean;
  /** Skipped keys still recorded when the file is not git's index (see scope.ts). */
  signed: (key: string) => boolean;
  /** Whether `skip` may leave out the key or anything below it. */
  skipsWithin: (key: string) => boolean;
  /** A folder left out when nothing in it is recorded (.auto-loop/ with loopkit's own files only). */
  hideEmpty: string | null;
  /** A second thread lstatting the cache's records from the end, or null. */
  ahead: LstatAhead | null;
  /** Set by the walk: the hash the project's tree would have without `hideEmpty` (what the agent changed, less loopkit's folder). */
  workRoot?: Buffer;
}

type FsPath = string | Buffer;

interface Visited {
  entry: TreeEntry;
  /** Identical to its record in the cache (a folder: and everything below it). */
  clean: boolean;
}

/**
 * Walks the folder at `abs` (recorded under `key`) and returns its tree's hash, the trees below it
 * stored. `only` picks which of its own entries count (the project leaves out .git and .auto-loop).
 */
export async function walkFolder(
  w: Walker,
  abs: FsPath,
  key: string,
  stat: EntryStat,
  only: ((name: string) => boolean) | null = null,
): Promise<Buffer> {
  const visited = await visitFolder(w, abs, key, stat, only);
  if (!visited?.entry.hash) throw new Error(`${abs.toString()} changed while loopkit recorded it`);
  return visited.entry.hash;
}

async function visitFolder(
  w: Walker,
  abs: FsPath,
  key: string,
  stat: EntryStat,
  only: ((name: string) => boolean) | null,
  hint = -1,
): Promise<Visited | null> {
  w.counts.dirs++;
  // The folder's record comes before what is below it, in the cache as in the new table.
  const at = cachedAt(w, key, "dir", stat, hint);
  const cachedHash = at >= 0 ? w.cache!.hashAt(at) : null;
  const children = listChildren(w, abs, key, at, cachedHash, only);
  if (children === "denied") return unreadable(w, key, stat);
  if (children === "gone") return null;
  const slot = w.out.reserve(key);
  const entries: TreeEntry[] = [];
  const names: Child[] = [];
  let clean = true;
  for (const child of children) {
    const { name } = child;
    if (only && !only(name.text)) continue;
    if (++w.visited % BATCH === 0) {
      checkDeadline(w.deadline, "loopkit's snapshot of the project");
      await new Promise((resolve) => setImmediate(resolve));
    }
    const childKey = child.key ?? (key === "" ? name.key : `${key}/${name.key}`);
    if (w.skip(childKey) && !(w.signed(childKey) && !holdsGitIndex(childAbsOf(abs, child)))) continue;
    const childAbs = childAbsOf(abs, child);
    let visited: Visited | null;
    try {
      if (child.file && child.at < 0 && cachedAt(w, childKey, null, null) < 0) {
        // A file the cache cannot stand for is read anyway: its fstat after the open is its stat (no lstat first).
        visited = readFile(w, childAbs, childKey, null);
      } else {
        // A folder the helper thread found as recorded, with all below it, is taken as it is.
        visited = child.at >= 0 && childKey !== w.hideEmpty ? takeWhole(w, childKey, child.at) : null;
        if (!visited) {
          const childStat = lstatVia(w.ahead, childAbs, child.at);
          // Gone between the listing and now (null): the folder changed under the walk.
          visited = !childStat
            ? null
            : childStat.isDirectory()
              ? await visitFolder(w, childAbs, childKey, childStat, null, child.at)
              : visitLeaf(w, childAbs, childKey, childStat, child.at);
        }
      }
    } catch (error) {
      // A folder that can be listed but not searched: its entries cannot be looked at (nor kept, recorded below it).
      if (isDenied(error)) {
        w.out.dropFrom(slot);
        return unreadable(w, key, stat);
      }
      if (!isGoneOrNotAFile(error)) throw error;
      visited = null;
    }
    if (!visited) {
      clean = false;
      continue;
    }
    if (childKey === w.hideEmpty && visited.entry.kind === "dir" && visited.entry.hash!.equals(EMPTY_TREE)) continue;
    entries.push(visited.entry);
    names.push(child);
    clean &&= visited.clean;
  }
  const same = clean && cachedHash !== null;
  if (!same || key === "") for (let i = 0; i < entries.length; i++) entries[i]!.name = rawName(names[i]!);
  const hash = same ? cachedHash : w.store.put("tree", encodeTree(entries));
  if (key === "") w.workRoot = objectHash("tree", encodeTree(entries.filter((_, i) => names[i]!.name.key !== w.hideEmpty)));
  if (same) w.out.fillCopy(slot, w.cache!, at);
  else {
    w.out.fill(slot, { ...fields(stat), kind: "dir", kept: false, racy: isRacy(stat, w.startMs), hash });
    w.fresh++;
  }
  return { entry: leaf("dir", stat, hash, false, null), clean: same };
}

/** An entry of a folder being walked. */
interface Child {
  name: { text: string; key: string; valid: boolean };
  /** The name's bytes; null until wanted when the name came from a record key (its own UTF-8). */
  raw: Buffer | null;
  file: boolean;
  /** Its record in the cache and its key, when the listing came from there; else -1 and null. */
  at: number;
  key: string | null;
}

const rawName = (child: Child): Buffer => (child.raw ??= Buffer.from(child.name.text));

const childAbsOf = (abs: FsPath, child: Child): FsPath =>
  child.name.valid && typeof abs === "string"
    ? `${abs}${path.sep}${child.name.text}`
    : Buffer.concat([Buffer.from(abs), SEP, rawName(child)]);

/**
 * A folder's entries, sorted by name, each with whether it is a regular file. A folder the cache may
 * stand for (same identity, size and times, not racy, its tree in the store) holds the same names of
 * the same kinds as when recorded (an entry is added, removed, renamed or replaced only with a new
 * mtime and ctime), so the records that follow its own in the cache list them, and no readdir is
 * needed. Not for the top folder or one whose entries are picked (`only`), nor the folder hidden when
 * empty: their trees leave entries out.
 */
function listChildren(
  w: Walker,
  abs: FsPath,
  key: string,
  at: number,
  cachedHash: Buffer | null,
  only: unknown,
): Child[] | "denied" | "gone" {
  if (cachedHash && key !== "" && !only && key !== w.hideEmpty && w.store.has(cachedHash)) {
    const cache = w.cache!;
    const children: Child[] = [];
    const prefix = key.length + 1;
    for (let c = cache.nextAt(at), end = cache.endAt(at); c < end; c = cache.endAt(c)) {
      const childKey = cache.keyAt(c);
      const nameKey = childKey.slice(prefix);
      const raw = nameKey.startsWith("\u0000") ? Buffer.from(nameKey.slice(1), "hex") : null;
      const name = raw ? nameOf(raw) : { text: nameKey, key: nameKey, valid: true };
      children.push({ name, raw, file: cache.kindAt(c) === "file", at: c, key: childKey });
    }
    return children;
  }
  let listed: Dirent<Buffer>[];
  try {
    listed = readdirSync(abs, { encoding: "buffer", withFileTypes: true });
  } catch (error) {
    if (isDenied(error)) return "denied";
    if (isGoneOrNotAFile(error)) return "gone";
    throw error;
  }
  return listed
    .sort((a, b) => Buffer.compare(a.name, b.name))
    .map((d) => ({ name: nameOf(d.name), raw: d.name, file: d.isFile(), at: -1, key: null }));
}

/**
 * A folder whose record and every record below it the helper thread found standing (see
 * lstat-ahead.ts), taken from the cache as they are, when every tree below it is in the store and no
 * key is one the walk leaves out; null when any of that fails (the walk visits it as usual).
 */
function takeWhole(w: Walker, key: string, at: number): Visited | null {
  const stat = w.ahead?.standsWhole(at);
  const cache = w.cache!;
  const hash = stat ? cache.hashAt(at) : null;
  if (!stat || !hash || w.skipsWithin(key)) return null;
  const end = cache.endAt(at);
  // Checked and counted whole before anything is taken: every tree below it must be in the store.
  const found = emptyCounts();
  let last = at;
  let records = 0;
  for (let r = at; r < end; r = cache.nextAt(r)) {
    last = r;
    records++;
    const kind = cache.kindAt(r);
    if (kind === "dir") {
      const tree = cache.hashAt(r);
      if (!tree || !w.store.has(tree)) return null;
      found.dirs++;
    } else if (kind === "link") found.links++;
    else if (kind !== "file") found.special++;
    else {
      found.files++;
      found.bytes += cache.sizeAt(r);
      if (!cache.keptAt(r)) found.unkept++;
    }
  }
  w.out.copySpan(cache, at, end);
  for (const field of Object.keys(found) as (keyof WalkCounts)[]) w.counts[field] += found[field];
  w.visited += records;
  // Lookups go on after what was taken.
  cache.passed(cache.keyAt(last), last);
  checkDeadline(w.deadline, "loopkit's snapshot of the project");
  return { entry: leaf("dir", stat, hash, false, null), clean: true };
}

/**
 * Where the cache holds a record that may stand for this entry now (`stat` null: any record of it), or -1.
 * `hint`: where its record is, when the listing came from the cache.
 */
function cachedAt(w: Walker, key: string, kind: EntryKind | null, stat: EntryStat | null, hint = -1): number {
  if (!w.cache || !w.trustCache) return -1;
  const at = hint >= 0 ? w.cache.passed(key, hint) : w.cache.find(key);
  if (at < 0 || kind === null || stat === null) return at;
  return w.cache.trustedAt(at, kind, stat) ? at : -1;
}

function visitLeaf(w: Walker, abs: FsPath, key: string, stat: EntryStat, hint: number): Visited | null {
  const kind = kindOf(stat);
  const at = cachedAt(w, key, kind, stat, hint);
  if (kind === "file") {
    const hash = at >= 0 ? w.cache!.hashAt(at) : null;
    if (!hash) return readFile(w, abs, key, stat);
    w.counts.files++;
    w.counts.bytes += stat.size;
    const kept = w.cache!.keptAt(at);
    if (!kept) w.counts.unkept++;
    record(w, key, at, null);
    return { entry: leaf("file", stat, hash, kept, null), clean: true };
  }
  if (kind === "link") {
    w.counts.links++;
    const target = readlinkSync(abs, { encoding: "buffer" });
    const hash = createHash("sha256").update(target).digest();
    // A link's target cannot change without a new link: same identity and times, same target.
    record(w, key, at, { ...fields(stat), kind, kept: false, racy: isRacy(stat, w.startMs), hash });
    const entry = leaf("link", stat, hash, false, target);
    entry.size = target.length;
    return { entry, clean: at >= 0 };
  }
  w.counts.special++;
  record(w, key, at, { ...fields(stat), kind, kept: false, racy: isRacy(stat, w.startMs), hash: null });
  return { entry: leaf(kind, stat, null, false, null), clean: at >= 0 };
}

/**
 * Reads and hashes a regular file (its content kept when small enough). `stat` is its lstat, or null
 * when the listing said "file" and none was taken; null back when something else is there now.
 */
function readFile(w: Walker, abs: FsPath, key: string, stat: EntryStat | null): Visited | null {
  let fd: number;
  try {
    fd = openSync(abs, SAFE_READ_FLAGS);
  } catch (error) {
    if (isDenied(error)) {
      const found = stat ?? lstatSync(abs, { throwIfNoEntry: false });
      return found ? unreadable(w, key, found) : null;
    }
    // Replaced by a link or something else, or gone, since the listing: the folder is not clean.
    if (isGoneOrNotAFile(error)) return null;
    throw error;
  }
  try {
    const now = fstatSync(fd);
    if (!now.isFile() || (stat && (now.ino !== stat.ino || now.dev !== stat.dev))) return null;
    w.counts.files++;
    w.counts.bytes += now.size;
    const want = Math.min(now.size, KEEP_BYTES) + 1;
    // Read straight into the store's write buffer: no copy, no allocation per file.
    const head = w.store.scratch(want);
    let got = 0;
    // Up to its size (a file that grew since is racy: read again next time), or past the limit.
    while (got < want) {
      const n = readSync(fd, head, got, want - got, got);
      if (n === 0) break;
      got += n;
      if (got === now.size && now.size <= KEEP_BYTES) break;
    }
    let hash: Buffer;
    let size = got;
    const kept = got <= KEEP_BYTES;
    if (kept) {
      hash = w.store.putScratch("blob", got, objectHash("blob", head.subarray(0, got)));
    } else {
      const digest = createHash("sha256").update(head.subarray(0, got));
      size = digestFrom(fd, digest, got, w.deadline, `loopkit's snapshot of the project (hashing ${key})`);
      hash = digest.digest();
      w.counts.unkept++;
    }
    w.counts.read++;
    w.counts.readBytes += size;
    record(w, key, -1, { ...fields(now), kind: "file", kept, racy: isRacy(now, w.startMs), hash });
    const entry = leaf("file", now, hash, kept, null);
    entry.size = size;
    return { entry, clean: false };
  } finally {
    closeSync(fd);
  }
}

/** Feeds the file's bytes from `offset` to its end into `digest`, within the deadline; returns where it ended (the file's size). */
export function digestFrom(fd: number, digest: Hash, offset: number, deadline: Deadline, what: string): number {
  const chunk = Buffer.allocUnsafe(KEEP_BYTES);
  let size = offset;
  for (;;) {
    checkDeadline(deadline, what);
    const n = readSync(fd, chunk, 0, chunk.length, size);
    if (n === 0) return size;
    digest.update(chunk.subarray(0, n));
    size += n;
  }
}

/** The hash an entry loopkit may not read is recorded by: its identity, times and mode, so any change to it shows. */
export function unreadableHash(stat: EntryStat): Buffer {
  const f = fields(stat);
  return createHash("sha256").update(`unreadable ${f.dev} ${f.ino} ${f.size} ${f.mtimeMs} ${f.ctimeMs} ${stat.mode}`).digest();
}

/** An entry loopkit may not read (mode 000, say): recorded by a hash of its identity and times, so any change to it shows. */
function unreadable(w: Walker, key: string, stat: EntryStat): Visited {
  w.counts.unreadable++;
  const f = fields(stat);
  const hash = unreadableHash(stat);
  const at = w.cache ? w.cache.find(key) : -1;
  const same = at >= 0 && w.cache!.hashAt(at)?.equals(hash) === true;
  record(w, key, same ? at : -1, { ...f, kind: "unreadable", kept: false, racy: isRacy(stat, w.startMs), hash });
  return { entry: leaf("unreadable", stat, hash, false, null), clean: same };
}

/** Keeps the entry's record: copied as it is from the cache (`at`), or the new one. */
function record(w: Walker, key: string, at: number, fresh: StatRecord | null): void {
  if (at >= 0) w.out.copy(w.cache!, at);
  else {
    w.out.add(key, fresh!);
    w.fresh++;
  }
}

export const fields = (stat: EntryStat) => ({
  dev: stat.dev,
  ino: stat.ino,
  size: stat.size,
  mtimeMs: stat.mtimeMs,
  ctimeMs: stat.ctimeMs,
});

function leaf(kind: EntryKind, stat: EntryStat, hash: Buffer | null, kept: boolean, target: Buffer | null): TreeEntry {
  return { name: Buffer.alloc(0), kind, mode: stat.mode & 0o7777, size: kind === "file" ? stat.size : 0, hash, kept, target };
}

export function kindOf(stat: EntryStat): EntryKind {
  if (stat.isFile()) return "file";
  if (stat.isDirectory()) return "dir";
  if (stat.isSymbolicLink()) return "link";
  if (stat.isFIFO()) return "fifo";
  if (stat.isSocket()) return "socket";
  return "device";
}
