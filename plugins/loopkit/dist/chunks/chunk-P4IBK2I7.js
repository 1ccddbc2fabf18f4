import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  decodeTree,
  isLooseGitObject,
  metaName,
  nameOf,
  objectHash,
  readRegularFileSync
} from "./chunk-5F52TF2U.js";
import {
  isLoopkitOwnPath
} from "./chunk-T4GQSL4B.js";
import {
  LoopkitError
} from "./chunk-W3MJS3SN.js";

// src/shared/split-words.ts
function splitArguments(text) {
  return splitWords(text.replace(/(^|\s)\\!/g, "$1!"));
}
function argvWords(values) {
  return values.map((value) => ({ value, raw: quoteForShell(value), option: value.startsWith("--") }));
}
var SPACE = /[ \t\r\n]/;
function splitWords(text) {
  const words = [];
  let current;
  let i = 0;
  let ended = 0;
  const finish = (end) => {
    if (current) {
      const raw = text.slice(current.start, end);
      words.push({ value: current.value, raw, option: raw.startsWith("--"), gap: text.slice(ended, current.start) });
      ended = end;
    }
    current = void 0;
  };
  const canOpenQuote = () => current === void 0 || current.value === "" || current.value.startsWith("--") && current.value.endsWith("=");
  while (i < text.length) {
    const ch = text[i];
    if (SPACE.test(ch)) {
      finish(i);
      i += 1;
      continue;
    }
    current ??= { value: "", start: i };
    if ((ch === "'" || ch === '"') && canOpenQuote()) {
      const end = ch === "'" ? readSingle(text, i) : readDouble(text, i);
      current.value += end.value;
      i = end.next;
      continue;
    }
    if (ch === "\\" && i + 1 < text.length) {
      const next = text[i + 1];
      if (next !== "\n") current.value += next;
      i += 2;
      continue;
    }
    current.value += ch;
    i += 1;
  }
  finish(text.length);
  return words;
}
function readSingle(text, start) {
  const end = text.indexOf("'", start + 1);
  if (end === -1) throw unterminated("'", start);
  return { value: text.slice(start + 1, end), next: end + 1 };
}
function readDouble(text, start) {
  let value = "";
  for (let i = start + 1; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '"') return { value, next: i + 1 };
    if (ch === "\\" && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1])) {
      if (text[i + 1] !== "\n") value += text[i + 1];
      i += 1;
      continue;
    }
    value += ch;
  }
  throw unterminated('"', start);
}
function unterminated(quote, at) {
  return new LoopkitError("USAGE", `unterminated ${quote} quote starting at character ${at + 1}`, {
    value: quote,
    hint: "close the quote, or escape it with a backslash"
  });
}
function typedText(words) {
  if (words.length === 1) return words[0].value;
  return words.map((word, i) => (i === 0 ? "" : word.gap ?? " ") + word.raw).join("");
}
function quoteForShell(value) {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

// src/evidence/compare.ts
import { createHash } from "node:crypto";
import path from "node:path";
var toLeaf = (e) => ({ kind: e.kind, size: e.size, mode: e.mode, hash: e.hash, kept: e.kept, target: e.target });
var sameLeaf = (a, b) => a.kind === b.kind && a.mode === b.mode && a.size === b.size && (a.hash === null ? b.hash === null : b.hash !== null && a.hash.equals(b.hash));
function compareSnapshots(store, projectDir, before, after) {
  const changes = [];
  compareTrees(
    store,
    before ? Buffer.from(before.root, "hex") : null,
    Buffer.from(after.root, "hex"),
    { root: "", prefix: "", parts: [] },
    changes
  );
  const roots = /* @__PURE__ */ new Map();
  for (const g of before?.git ?? []) roots.set(g.key, { dir: g.dir, before: Buffer.from(g.tree, "hex"), after: null });
  for (const g of after.git) {
    const earlier = roots.get(g.key);
    if (earlier && earlier.dir !== g.dir) roots.set(`${g.key} before`, earlier);
    roots.set(g.key, { dir: g.dir, before: earlier?.dir === g.dir ? earlier.before : null, after: Buffer.from(g.tree, "hex") });
  }
  for (const [key, r] of roots)
    compareTrees(store, r.before, r.after, { root: key.split(" ")[0], prefix: `${metaName(projectDir, r.dir)}/`, parts: [] }, changes);
  return changes;
}
var EMPTY_TREE = objectHash("tree", Buffer.alloc(0));
function compareTrees(store, before, after, where, out) {
  if (before && after && before.equals(after)) return;
  const a = before ? decodeTree(store.get(before, "tree")) : [];
  const b = after ? decodeTree(store.get(after, "tree")) : [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const order = i >= a.length ? 1 : j >= b.length ? -1 : Buffer.compare(a[i].name, b[j].name);
    const old = order <= 0 ? a[i++] : null;
    const now = order >= 0 ? b[j++] : null;
    const name = (old ?? now).name;
    const child = { root: where.root, prefix: `${where.prefix}${nameOf(name).text}`, parts: [...where.parts, name] };
    const below = { ...child, prefix: `${child.prefix}/` };
    const oldDir = old?.kind === "dir" ? old : null;
    const newDir = now?.kind === "dir" ? now : null;
    if (oldDir && newDir) {
      compareTrees(store, oldDir.hash, newDir.hash, below, out);
      continue;
    }
    if (oldDir) {
      if (oldDir.hash.equals(EMPTY_TREE)) out.push(change(child, oldDir, null));
      else compareTrees(store, oldDir.hash, null, below, out);
      if (now) out.push(change(child, null, now));
      continue;
    }
    if (newDir) {
      if (old) out.push(change(child, old, null));
      if (newDir.hash.equals(EMPTY_TREE)) out.push(change(child, null, newDir));
      else compareTrees(store, null, newDir.hash, below, out);
      continue;
    }
    if (old && now && sameLeaf(toLeaf(old), toLeaf(now))) continue;
    out.push(withGitObject(store, change(child, old, now)));
  }
}
function withGitObject(store, c) {
  const leaf = c.after ?? c.before;
  if (c.root === "" && !c.path.includes(".git/") || leaf?.kind !== "file" || !leaf.kept || !leaf.hash) return c;
  const hash = leaf.hash;
  if (isLooseGitObject(c.path, () => store.get(hash, "blob"))) c.gitObject = true;
  return c;
}
function change(where, old, now) {
  return {
    path: where.prefix,
    parts: where.parts,
    root: where.root,
    how: !old ? "added" : !now ? "deleted" : "changed",
    before: old ? toLeaf(old) : null,
    after: now ? toLeaf(now) : null
  };
}
var READ_AGAIN_BYTES = 64 * 1024 * 1024;
function readRecordedContent(projectDir, change2) {
  const leaf = change2.after;
  if (change2.root !== "" || leaf?.kind !== "file" || !leaf.hash || leaf.size > READ_AGAIN_BYTES) return null;
  const file = Buffer.concat([Buffer.from(projectDir), ...change2.parts.flatMap((part) => [Buffer.from(path.sep), part])]);
  const content = readRegularFileSync(file, READ_AGAIN_BYTES + 1);
  if (!content || !createHash("sha256").update(content).digest().equals(leaf.hash)) return null;
  return content;
}

// src/evidence/show-text.ts
import { isUtf8 } from "node:buffer";
var HIDDEN = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/g;
var escape = (char) => {
  const code = char.codePointAt(0);
  if (code >= 56448 && code <= 56575) return `\\x${(code - 56320).toString(16)}`;
  return code < 256 ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;
};
function showText(bytes) {
  if (isUtf8(bytes)) return bytes.toString("utf8").replace(HIDDEN, escape);
  return decodeLoose(bytes).replace(HIDDEN, escape).replace(/[\udc80-\udcff]/g, (c) => `\\x${(c.charCodeAt(0) - 56320).toString(16)}`);
}
function decodeLoose(bytes) {
  let out = "";
  let run = 0;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    const n = lead < 128 ? 1 : lead >= 194 && lead <= 223 ? 2 : lead >= 224 && lead <= 239 ? 3 : lead >= 240 && lead <= 244 ? 4 : 0;
    if (n === 1 || n > 1 && i + n <= bytes.length && isUtf8(bytes.subarray(i, i + n))) {
      i += n;
      continue;
    }
    if (i > run) out += bytes.toString("utf8", run, i);
    out += String.fromCharCode(56320 + lead);
    i += 1;
    run = i;
  }
  if (bytes.length > run) out += bytes.toString("utf8", run, bytes.length);
  return out;
}
function hasHidden(bytes) {
  if (!isUtf8(bytes)) return true;
  HIDDEN.lastIndex = 0;
  return HIDDEN.test(bytes.toString("utf8"));
}
var NAME_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb\udc80-\udcff"\\]/;
var NAME_UNSAFE_ALL = new RegExp(NAME_UNSAFE.source, "g");
var NAME_ESCAPES = { "\n": "\\n", "	": "\\t", "\r": "\\r", '"': '\\"', "\\": "\\\\" };
function showPath(path2, prefix = "") {
  const text = `${prefix}${typeof path2 === "string" ? path2 : path2.map(decodeLoose).join("/")}`;
  if (!NAME_UNSAFE.test(text)) return text;
  return `"${text.replace(NAME_UNSAFE_ALL, (c) => NAME_ESCAPES[c] ?? escape(c))}"`;
}

// src/checkpoint/changes.ts
var KEEP_PATHS = 50;
var isAgentChange = (change2) => change2.root === "" && !isLoopkitOwnPath(change2.path);
function countChanges(list, keep = KEEP_PATHS) {
  const changes = { added: 0, modified: 0, deleted: 0, paths: [], more: 0 };
  for (const change2 of [...list].sort((a, b) => a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) {
    if (!isAgentChange(change2)) continue;
    const status = change2.how === "added" ? "A" : change2.how === "deleted" ? "D" : change2.before.kind !== change2.after.kind ? "T" : "M";
    if (status === "A") changes.added += 1;
    else if (status === "D") changes.deleted += 1;
    else changes.modified += 1;
    if (changes.paths.length < keep) changes.paths.push({ status, path: change2.path });
    else changes.more += 1;
  }
  return changes;
}
var changeCount = (changes) => changes.added + changes.modified + changes.deleted;
function countLine(changes) {
  const total = changeCount(changes);
  if (total === 0) return "no files changed";
  const parts = [
    changes.added ? `${changes.added} added` : "",
    changes.modified ? `${changes.modified} modified` : "",
    changes.deleted ? `${changes.deleted} deleted` : ""
  ].filter(Boolean);
  return `${total} file${total === 1 ? "" : "s"} (${parts.join(", ")})`;
}
function pathLines(changes, limit = KEEP_PATHS) {
  const lines = changes.paths.slice(0, limit).map((p) => `${p.status} ${showPath(p.path)}`);
  const more = changeCount(changes) - lines.length;
  return more > 0 ? [...lines, `... and ${more} more`] : lines;
}

export {
  splitArguments,
  argvWords,
  splitWords,
  typedText,
  compareSnapshots,
  readRecordedContent,
  showText,
  hasHidden,
  showPath,
  isAgentChange,
  countChanges,
  countLine,
  pathLines
};
