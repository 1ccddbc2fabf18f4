// Names and paths as loopkit's record keeps them. A name is bytes; most are UTF-8 and are their own
// text and key. One that is not UTF-8 keeps its bytes: its key is a NUL (which no name holds) and the
// bytes in hex, and its text shows them escaped (\xNN). Git metadata is keyed under its root ("\0git").
import path from "node:path";
import type { Snapshot } from "./snapshot-format.js";

/** A name as text and as a record key (see the file's head). */
export function nameOf(raw: Buffer): { text: string; key: string; valid: boolean } {
  const text = raw.toString("utf8");
  if (!text.includes("\uFFFD") || Buffer.from(text).equals(raw)) return { text, key: text, valid: true };
  return { text: escapeBytes(raw), key: `\u0000${raw.toString("hex")}`, valid: false };
}

const escapeBytes = (raw: Buffer) =>
  [...raw].map((byte) => (byte < 0x80 ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, "0")}`)).join("");

/** How a git metadata folder is named for people: relative to the project when inside it (`.git`), else absolute. */
export function metaName(projectDir: string, dir: string): string {
  const rel = path.relative(projectDir, dir);
  return (rel && !rel.startsWith("..") && !path.isAbsolute(rel) ? rel : dir).split(path.sep).join("/");
}

/** A record key as a path for people, and its root ("" for the project, else the git metadata root). */
export function keyPath(key: string, projectDir: string, git: Snapshot["git"]): { path: string; root: string } {
  const parts = key.split("/");
  let root = "";
  const shown: string[] = [];
  if (parts[0]?.startsWith("\u0000") && !/^\u0000[0-9a-f]+$/.test(parts[0])) {
    root = parts.shift()!;
    const dir = git.find((g) => g.key === root)?.dir;
    shown.push(dir ? metaName(projectDir, dir) : root.slice(1));
  }
  for (const part of parts) shown.push(part.startsWith("\u0000") ? escapeBytes(Buffer.from(part.slice(1), "hex")) : part);
  return { path: shown.join("/"), root };
}
