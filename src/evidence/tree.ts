// A folder of a snapshot as one object in the store: its entries sorted by name, each with its kind,
// permission bits, size, and the hash of its content (a file), of its own tree (a folder) or of what
// it is (a link's target). Binary and validated on decode: names are raw bytes, never a path.
import { LoopkitError } from "../shared/errors.js";
import { HASH_BYTES } from "./object-store.js";

export const ENTRY_KINDS = ["file", "dir", "link", "fifo", "socket", "device", "unreadable"] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export interface TreeEntry {
  /** The name's bytes as the filesystem has them (not necessarily UTF-8). */
  name: Buffer;
  kind: EntryKind;
  /** Permission bits (0o7777). */
  mode: number;
  size: number;
  /**
   * file: sha256 of its content; dir: its tree's hash; link: sha256 of its target; unreadable: a hash
   * of its identity and times (so any change to it shows); fifo, socket, device: null.
   */
  hash: Buffer | null;
  /** file: its content is in the store (see KEEP_BYTES). */
  kept: boolean;
  /** link: its target's bytes. */
  target: Buffer | null;
}

const hasHash = (kind: EntryKind) => kind === "file" || kind === "dir" || kind === "link" || kind === "unreadable";
const damaged = (why: string) => new LoopkitError("STATE_CORRUPT", `a tree in loopkit's record is damaged: ${why}`);

export function encodeTree(entries: readonly TreeEntry[]): Buffer {
  let length = 0;
  for (const e of entries)
    length +=
      1 + 2 + 1 + 8 + 2 + e.name.length + (hasHash(e.kind) ? HASH_BYTES : 0) + (e.kind === "link" ? 2 + (e.target?.length ?? 0) : 0);
  const out = Buffer.allocUnsafe(length);
  let at = 0;
  for (const e of entries) {
    at = out.writeUInt8(ENTRY_KINDS.indexOf(e.kind), at);
    at = out.writeUInt16LE(e.mode & 0o7777, at);
    at = out.writeUInt8(e.kept ? 1 : 0, at);
    at = out.writeDoubleLE(e.size, at);
    at = out.writeUInt16LE(e.name.length, at);
    at += e.name.copy(out, at);
    if (hasHash(e.kind)) at += e.hash!.copy(out, at);
    if (e.kind === "link") {
      at = out.writeUInt16LE(e.target!.length, at);
      at += e.target!.copy(out, at);
    }
  }
  return out;
}

/** The entries of an encoded tree; STATE_CORRUPT unless every field is in bounds and the names are valid and sorted. */
export function decodeTree(bytes: Buffer): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  const need = (n: number) => {
    if (at + n > bytes.length) throw damaged("it ends inside an entry");
  };
  while (at < bytes.length) {
    need(14);
    const kind = ENTRY_KINDS[bytes.readUInt8(at)];
    if (!kind) throw damaged(`unknown entry kind ${bytes.readUInt8(at)}`);
    const mode = bytes.readUInt16LE(at + 1);
    const kept = bytes.readUInt8(at + 3) === 1;
    const size = bytes.readDoubleLE(at + 4);
    const nameLength = bytes.readUInt16LE(at + 12);
    at += 14;
    need(nameLength);
    const name = bytes.subarray(at, at + nameLength);
    at += nameLength;
    if (!validName(name)) throw damaged(`invalid name ${JSON.stringify(name.toString("latin1"))}`);
    const previous = entries[entries.length - 1];
    if (previous && Buffer.compare(previous.name, name) >= 0) throw damaged("names out of order");
    if (!Number.isSafeInteger(size) || size < 0) throw damaged(`invalid size ${size}`);
    let hash: Buffer | null = null;
    if (hasHash(kind)) {
      need(HASH_BYTES);
      hash = bytes.subarray(at, at + HASH_BYTES);
      at += HASH_BYTES;
    }
    let target: Buffer | null = null;
    if (kind === "link") {
      need(2);
      const targetLength = bytes.readUInt16LE(at);
      at += 2;
      need(targetLength);
      target = bytes.subarray(at, at + targetLength);
      at += targetLength;
    }
    entries.push({ name, kind, mode, size, hash, kept, target });
  }
  return entries;
}

/** A name a folder can hold: not empty, no slash or NUL, not `.` or `..`. */
function validName(name: Buffer): boolean {
  if (name.length === 0 || name.includes(0x2f) || name.includes(0)) return false;
  return !(name.length <= 2 && name.every((byte) => byte === 0x2e));
}
