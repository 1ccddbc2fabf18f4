// What changed in the project since a snapshot this process took, seen with one lstat per recorded
// entry against the snapshot's own records instead of a second snapshot: nothing is stored, no tree
// built, no stat cache written. A record stands for its entry only when (dev, ino, size, mtime, ctime)
// all match and it is not racy, and a file's only in a folder vouched for by metadata, as in a
// snapshot; otherwise the entry is read again (a file hashed, a link's target read). A folder whose
// times changed is reported even when it lists the same entries (something came and went in it). A folder is listed only when its record cannot stand for its listing, and what
// is new in it is described with what is below it. Links are never followed, nor anything looked up
// through a folder that is not the one recorded. The check after the verifier judges what it finds.
import { createHash } from "node:crypto";
import { closeSync, fstatSync, lstatSync, openSync, readdirSync, readlinkSync } from "node:fs";
import path from "node:path";
import { checkDeadline, type Deadline } from "../shared/deadline.js";
import { LstatAhead, lstatVia, type AheadOptions, type EntryStat } from "./lstat-ahead.js";
import { nameOf } from "./names.js";
import { recordScope } from "./scope.js";
import { ctimeTrusted, type TakenSnapshot } from "./snapshot.js";
import type { StatRecord } from "./stat-cache.js";
import type { EntryKind } from "./tree.js";
import { digestFrom, fields, kindOf, unreadableHash } from "./walk.js";
import { isDenied as denied, isGoneOrNotAFile as raced, SAFE_READ_FLAGS } from "../shared/safe-read.js";
import { sameIdentityAndTimes } from "./record-stands.js";

export interface EntryChange {
  key: string;
  /** The snapshot's record; null: the entry is new. */
  before: StatRecord | null;
  /** The entry now; null: gone. A new entry is described, not read (its hash is null). */
  after: StatRecord | null;
}

export interface ChangesSince {
  /** Entries whose record could not stand for them (the same entry read again may turn out unchanged), in record order. */
  changes: EntryChange[];
  /** Whether the project holds `key` now. */
  exists(key: string): boolean;
}

type FsPath = string | Buffer;

interface Folder {
  key: string;
  /** What the keys of its entries start with. */
  prefix: string;
  abs: FsPath;
  /** Its names now, by key, when its record cannot stand for its listing: each recorded entry is struck off as it comes; what is left is new. */
  listed: Map<string, Buffer> | null;
  /** No longer the folder recorded (gone, or something else): what was recorded below it is gone, and nothing is looked up through it. */
  gone: boolean;
  /** Which of its own entries count (a root's). */
  only: ((name: string) => boolean) | null;
}

const BATCH = 512;
const SEP = Buffer.from(path.sep);
const WHAT = "loopkit's check of the project after the verifier";

/** The entries of the project that differ, or may, from `taken`'s records, within `deadline`. */
export async function changesSince(
  taken: TakenSnapshot,
  input: { projectDir: string; dataDir: string; deadline: Deadline; ahead?: AheadOptions },
): Promise<ChangesSince> {
  const trust = ctimeTrusted(input.projectDir);
  const ahead = trust ? await LstatAhead.open(taken.stats, input.projectDir, input.ahead) : null;
  try {
    return await changesFrom(taken, input, trust, ahead);
  } finally {
    ahead?.stop();
  }
}

async function changesFrom(
  taken: TakenSnapshot,
  input: { projectDir: string; dataDir: string; deadline: Deadline },
  trust: boolean,
  ahead: LstatAhead | null,
): Promise<ChangesSince> {
  const { deadline } = input;
  checkDeadline(deadline, WHAT);
  const table = taken.stats;
  const scope = recordScope(input.projectDir, input.dataDir);
  const rootsNow = new Map(scope.roots.map((root) => [root.key, root]));
  const rootsThen = new Map<string, string>([["", input.projectDir], ...taken.snapshot.git.map((g) => [g.key, g.dir] as const)]);
  const changes: EntryChange[] = [];
  const stack: Folder[] = [];

  const record = (stat: EntryStat, kind: EntryKind, hash: Buffer | null): StatRecord => ({
    ...fields(stat),
    kind,
    kept: false,
    racy: false,
    hash,
  });
  const unreadable = (stat: EntryStat | null): StatRecord =>
    stat
      ? record(stat, "unreadable", unreadableHash(stat))
      : { dev: 0, ino: 0, size: 0, mtimeMs: 0, ctimeMs: 0, kind: "unreadable", kept: false, racy: false, hash: null };

  /** The entry at `abs` as a snapshot would record it now (a file read and hashed), or null when it is gone. */
  const current = (abs: FsPath, stat: EntryStat, kind: EntryKind): StatRecord | null => {
    if (kind === "link")
      return record(
        stat,
        kind,
        createHash("sha256")
          .update(readlinkSync(abs, { encoding: "buffer" }))
          .digest(),
      );
    if (kind === "dir") {
      // A folder that can be listed but not searched is unreadable to a snapshot too.
      const names = list(abs);
      if (names === "denied") return unreadable(stat);
      const first = names === "gone" ? undefined : names.keys().next().value;
      if (first) {
        try {
          lstatSync(join(abs, first), { throwIfNoEntry: false });
        } catch (error) {
          if (denied(error)) return unreadable(stat);
        }
      }
      return record(stat, kind, null);
    }
    if (kind !== "file") return record(stat, kind, null);
    let fd: number;
    try {
      fd = openSync(abs, SAFE_READ_FLAGS);
    } catch (error) {
      if (denied(error)) return unreadable(stat);
      if (raced(error)) return null;
      throw error;
    }
    try {
      const now = fstatSync(fd);
      if (!now.isFile()) return record(now, kindOf(now), null);
      const digest = createHash("sha256");
      digestFrom(fd, digest, 0, deadline, `${WHAT} (hashing ${abs.toString()})`);
      return record(now, "file", digest.digest());
    } finally {
      closeSync(fd);
    }
  };

  /** A new entry and everything below it, described (never read); `only`: which of a new root's own entries count. */
  const describeNew = (abs: FsPath, key: string, only: Folder["only"] = null): void => {
    checkDeadline(deadline, WHAT);
    let stat: EntryStat | undefined;
    try {
      stat = lstatSync(abs, { throwIfNoEntry: false });
    } catch (error) {
      if (denied(error)) return void changes.push({ key, before: null, after: unreadable(null) });
      if (raced(error)) return;
      throw error;
    }
    if (!stat) return;
    const kind = kindOf(stat);
    if (kind !== "dir") return void changes.push({ key, before: null, after: record(stat, kind, null) });
    const names = list(abs);
    changes.push({ key, before: null, after: names === "denied" ? unreadable(stat) : record(stat, kind, null) });
    if (typeof names !== "string") describeNames(abs, `${key}/`, names, only);
  };

  const describeNames = (abs: FsPath, prefix: string, names: Map<string, Buffer>, only: Folder["only"]): void => {
    for (const [nameKey, raw] of [...names].sort(([, a], [, b]) => Buffer.compare(a, b))) {
      const key = `${prefix}${nameKey}`;
      if (scope.skip(key) || (only && !only(nameOf(raw).text))) continue;
      describeNew(join(abs, nameKey), key);
    }
  };

  /** Done with a folder: what is left of its listing is new. */
  const close = (folder: Folder): void => {
    if (folder.listed?.size) describeNames(folder.abs, folder.prefix, folder.listed, folder.only);
  };

  const starts = table.starts();
  for (let i = 0, looked = 0; i < starts.length; i++) {
    if (++looked % BATCH === 0) {
      checkDeadline(deadline, WHAT);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const at = starts[i]!;
    const key = table.keyAt(at);
    const was = table.kindAt(at);
    let abs: FsPath;
    let only: Folder["only"] = null;
    let gone: boolean;
    let shown = true;
    const rootThen = rootsThen.get(key);
    if (rootThen !== undefined) {
      while (stack.length) close(stack.pop()!);
      const rootNow = rootsNow.get(key);
      abs = rootThen;
      gone = rootNow?.dir !== rootThen;
      only = rootNow?.only ?? null;
    } else {
      while (stack.length && !key.startsWith(stack[stack.length - 1]!.prefix)) close(stack.pop()!);
      const parent = stack[stack.length - 1];
      // Records come a folder before what is below it: anything else is a damaged record (fail closed).
      if (!parent) throw new Error(`loopkit's record of the project is out of order at ${JSON.stringify(key)}`);
      const nameKey = key.slice(parent.prefix.length);
      parent.listed?.delete(nameKey);
      gone = parent.gone;
      abs = gone ? "" : join(parent.abs, nameKey);
      shown = !parent.only || parent.only(nameOf(nameBytes(nameKey)).text);
    }
    const prefix = key === "" ? "" : `${key}/`;
    if (!gone && was === "dir" && ahead?.standsWhole(at)) {
      // The helper thread found the folder and all below it as recorded: nothing there changed.
      const end = table.endAt(at);
      while (i + 1 < starts.length && starts[i + 1]! < end) i++;
      continue;
    }
    let stat: EntryStat | undefined;
    if (!gone) {
      try {
        stat = lstatVia(ahead, abs, at);
      } catch (error) {
        if (denied(error)) {
          changes.push({ key, before: table.recordAt(at), after: unreadable(null) });
          if (was === "dir") stack.push({ key, prefix, abs, listed: null, gone: true, only });
          continue;
        }
        if (!raced(error)) throw error;
      }
    }
    if (!stat) {
      changes.push({ key, before: table.recordAt(at), after: null });
      if (was === "dir") stack.push({ key, prefix, abs, listed: null, gone: true, only });
      continue;
    }
    const kind = kindOf(stat);
    const trusted = trust && table.trustedAt(at, kind, stat);
    if (was === "dir" && kind === "dir") {
      const names = trusted ? null : list(abs);
      if (typeof names === "string") changes.push({ key, before: table.recordAt(at), after: names === "denied" ? unreadable(stat) : null });
      // Its times or identity changed: what came and went in it shows there (verification.ts), if nowhere else.
      else if (!trusted && !sameIdentityAndTimes(table.recordAt(at), stat))
        changes.push({ key, before: table.recordAt(at), after: record(stat, kind, null) });
      stack.push({ key, prefix, abs, listed: typeof names === "string" ? null : names, gone: typeof names === "string", only });
      continue;
    }
    if (trusted) continue;
    const after = current(abs, stat, kind);
    // A file read again only because its content is never vouched for by metadata, and found as recorded.
    const recorded = table.recordAt(at);
    if (
      trust &&
      after?.kind === "file" &&
      !recorded.racy &&
      sameIdentityAndTimes(recorded, after) &&
      recorded.hash !== null &&
      after.hash?.equals(recorded.hash)
    )
      continue;
    changes.push({ key, before: table.recordAt(at), after });
    if (was === "dir") stack.push({ key, prefix, abs, listed: null, gone: true, only });
    else if (after?.kind === "dir" && shown) {
      // Something else before, a folder now: what is in it is new.
      const names = list(abs);
      if (typeof names !== "string") describeNames(abs, prefix, names, null);
    }
  }
  while (stack.length) close(stack.pop()!);
  // Git metadata folders that are new, or another folder now.
  for (const root of scope.roots) {
    if (rootsThen.get(root.key) !== root.dir) describeNew(root.dir, root.key, root.only);
  }

  let now: { gone: Set<string>; added: Set<string> } | null = null;
  return {
    changes,
    exists(key) {
      now ??= {
        gone: new Set(changes.filter((c) => !c.after).map((c) => c.key)),
        added: new Set(changes.filter((c) => !c.before && c.after).map((c) => c.key)),
      };
      return now.added.has(key) || (table.find(key) >= 0 && !now.gone.has(key));
    },
  };
}

/** A name's bytes from its key (see names.ts). */
const nameBytes = (nameKey: string): Buffer => (nameKey.startsWith("\u0000") ? Buffer.from(nameKey.slice(1), "hex") : Buffer.from(nameKey));

function join(dir: FsPath, nameKey: string): FsPath {
  if (!nameKey.startsWith("\u0000") && typeof dir === "string") return `${dir}${path.sep}${nameKey}`;
  return Buffer.concat([Buffer.from(dir), SEP, nameBytes(nameKey)]);
}

/** A folder's names now, by key; "denied" when it cannot be listed, "gone" when it is no folder now. */
function list(abs: FsPath): Map<string, Buffer> | "denied" | "gone" {
  let names: Buffer[];
  try {
    names = readdirSync(abs, { encoding: "buffer" });
  } catch (error) {
    if (denied(error)) return "denied";
    if (raced(error)) return "gone";
    throw error;
  }
  return new Map(names.map((raw) => [nameOf(raw).key, raw]));
}
