import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  LOOP_KINDS
} from "./chunk-6GCJTWWC.js";
import {
  SnapshotSchema,
  decodeTree,
  metaName,
  nameOf,
  objectHash
} from "./chunk-V6TZZYS2.js";
import {
  projectKey
} from "./chunk-PVEHQ6JT.js";
import {
  LoopkitError,
  iso_exports,
  readJson,
  readOrKeepAside,
  writeJson
} from "./chunk-IEMDV4IA.js";
import {
  _enum,
  array,
  int,
  literal,
  object,
  string
} from "./chunk-QVVTBSN3.js";

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
  const finish = (end) => {
    if (current) {
      const raw = text.slice(current.start, end);
      words.push({ value: current.value, raw, option: raw.startsWith("--") });
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
function quoteForShell(value) {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

// src/evidence/compare.ts
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
    out.push(change(child, old, now));
  }
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

// src/checkpoint/record.ts
import { promises as fs } from "node:fs";
import path from "node:path";
var ChangesSchema = object({
  added: int().nonnegative(),
  modified: int().nonnegative(),
  deleted: int().nonnegative(),
  /** The first paths, each with a status letter as git's (A added, M modified, D deleted, T kind changed); `more` counts the rest. */
  paths: array(object({ status: _enum(["A", "M", "D", "T"]), path: string() })),
  more: int().nonnegative()
});
var CheckpointSchema = object({
  /** "3" for the tree after iteration 3; "r1" for the tree just before the first restore. */
  id: string().regex(/^(\d+|r\d+)$/),
  kind: _enum(["iteration", "before-restore"]),
  /** The iteration this tree follows (for a before-restore checkpoint: the loop's last iteration). */
  iteration: int().nonnegative(),
  /** The tree, in loopkit's record of the project. */
  snapshot: SnapshotSchema,
  at: iso_exports.datetime(),
  /** What the loop made of the iteration: "pass", "fail", "flaky, audit unmet", "budget-limited", ... */
  verdict: string(),
  /** The loop's tokens so far; null for repeat, which does not count tokens. */
  tokens: int().nonnegative().nullable(),
  changed: ChangesSchema,
  /** For a before-restore checkpoint: the checkpoint that was restored. */
  restored: string().nullable()
});
var CheckpointRecordSchema = object({
  version: literal(2),
  loop_id: string().min(1),
  loop_kind: _enum(LOOP_KINDS),
  project_dir: string().min(1),
  /** The loop's state file, so restore and prune can tell whether the loop still runs. */
  state_file: string().min(1),
  /** What the first checkpoint is compared with: the project when the loop started (null: none kept, as for repeat). */
  base: SnapshotSchema.nullable(),
  checkpoints: array(CheckpointSchema),
  /** The latest failure to take a checkpoint, until one succeeds again. */
  failure: object({ at: iso_exports.datetime(), iteration: int().nonnegative(), message: string() }).nullable(),
  failures: int().nonnegative()
});
function checkpointsDir(data, projectDir) {
  return path.join(data, "checkpoints", projectKey(projectDir));
}
function recordFile(data, projectDir, loopId) {
  return path.join(checkpointsDir(data, projectDir), `${loopId}.json`);
}
function loadRecord(file, now) {
  return readOrKeepAside(
    file,
    CheckpointRecordSchema,
    now,
    "its snapshots stay in loopkit's record of the project until pruned; new checkpoints start a new record"
  );
}
var saveRecord = (file, record) => writeJson(file, CheckpointRecordSchema, record);
function lastCheckpoint(record) {
  return record?.checkpoints[record.checkpoints.length - 1] ?? null;
}
function nextRestoreId(record) {
  return `r${record.checkpoints.filter((c) => c.kind === "before-restore").length + 1}`;
}
async function projectRecords(data, projectDir) {
  return readRecordsIn(checkpointsDir(data, projectDir));
}
async function allRecords(data) {
  const root = path.join(data, "checkpoints");
  const projects = await fs.readdir(root).catch(() => []);
  return (await Promise.all(projects.map((project) => readRecordsIn(path.join(root, project))))).flat();
}
async function findRecord(data, loopId) {
  const root = path.join(data, "checkpoints");
  for (const project of await fs.readdir(root).catch(() => [])) {
    const read = await readJson(path.join(root, project, `${loopId}.json`), CheckpointRecordSchema).catch(() => ({
      exists: false
    }));
    if (read.exists && read.value.loop_id === loopId) return read.value;
  }
  return void 0;
}
async function readRecordsIn(dir) {
  const names = (await fs.readdir(dir).catch(() => [])).filter((n) => n.endsWith(".json"));
  const records = [];
  for (const name of names) {
    const read = await readJson(path.join(dir, name), CheckpointRecordSchema).catch(() => ({ exists: false }));
    if (read.exists) records.push(read.value);
  }
  const newest = (r) => lastCheckpoint(r)?.at ?? r.failure?.at ?? "";
  return records.sort((a, b) => newest(b).localeCompare(newest(a)));
}

export {
  splitArguments,
  argvWords,
  splitWords,
  CheckpointRecordSchema,
  recordFile,
  loadRecord,
  saveRecord,
  lastCheckpoint,
  nextRestoreId,
  projectRecords,
  allRecords,
  findRecord,
  compareSnapshots
};
