import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  LoopkitError,
  iso_exports,
  projectKey,
  readJson,
  readOrKeepAside,
  writeJson
} from "./chunk-ZWUMA3U4.js";
import {
  _enum,
  array,
  int,
  literal,
  object,
  string
} from "./chunk-PGQLL66H.js";

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

// src/shared/guarded-files.ts
import { randomBytes } from "node:crypto";
import { constants, promises as fs } from "node:fs";
import path from "node:path";
var NOFOLLOW = constants.O_NOFOLLOW ?? 0;
var NONBLOCK = constants.O_NONBLOCK ?? 0;
function describeEntry(stat) {
  if (stat.isSymbolicLink()) return "a symbolic link";
  if (stat.isDirectory()) return "a folder";
  if (stat.isFile()) return "a file";
  if (stat.isFIFO()) return "a named pipe (FIFO)";
  if (stat.isSocket()) return "a socket";
  return "a device";
}
var lstatOrNull = (file) => fs.lstat(file).catch((error) => error.code === "ENOENT" ? null : Promise.reject(error));
var GuardedFolder = class {
  constructor(root, now = () => /* @__PURE__ */ new Date()) {
    this.root = root;
    this.now = now;
  }
  root;
  now;
  /** Everything moved aside so far, for the caller to report. */
  planted = [];
  /** Makes `rel` (and every folder above it, below the root) a real folder. Returns its absolute path. */
  async dir(rel) {
    await fs.mkdir(this.root, { recursive: true });
    let current = this.root;
    for (const part of splitRel(rel)) {
      current = path.join(current, part);
      const stat = await lstatOrNull(current);
      if (stat?.isDirectory()) continue;
      if (stat) await this.moveAside(current, stat);
      await fs.mkdir(current).catch((error) => error.code === "EEXIST" ? void 0 : Promise.reject(error));
      if (!(await fs.lstat(current)).isDirectory()) throw new Error(`${current} is not a folder loopkit can write in`);
    }
    return current;
  }
  /** Writes `rel` atomically (a private temp file renamed over it); never writes through a link. */
  async writeFile(rel, content) {
    const dir = await this.dir(path.dirname(rel));
    const target = path.join(dir, path.basename(rel));
    await this.clearForFile(target);
    const temp = path.join(dir, `.${path.basename(rel)}.${randomBytes(6).toString("hex")}.tmp`);
    const handle = await fs.open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NOFOLLOW, 420);
    try {
      await handle.writeFile(content);
    } finally {
      await handle.close();
    }
    try {
      await fs.rename(temp, target);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }
  /** Appends to `rel`, creating it; a link or anything but a regular file there is moved aside first. */
  async append(rel, content) {
    const dir = await this.dir(path.dirname(rel));
    const target = path.join(dir, path.basename(rel));
    await this.clearForFile(target);
    const handle = await fs.open(target, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NOFOLLOW | NONBLOCK, 420);
    try {
      if (!(await handle.stat()).isFile()) throw new Error(`${target} is not a regular file`);
      await handle.write(content);
    } finally {
      await handle.close();
    }
  }
  /** Opens `rel` for appending, as `append` checks it; the caller closes the handle (a child's log). */
  async openForAppend(rel) {
    const dir = await this.dir(path.dirname(rel));
    const target = path.join(dir, path.basename(rel));
    await this.clearForFile(target);
    const handle = await fs.open(target, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | NOFOLLOW | NONBLOCK, 420);
    if (!(await handle.stat()).isFile()) {
      await handle.close();
      throw new Error(`${target} is not a regular file`);
    }
    return handle;
  }
  /**
   * Reads `rel` when it is a regular file below real folders: at most `maxBytes` (the rest is
   * reported, not read). A missing file, or anything else in its place, is null; nothing is moved.
   */
  async read(rel, maxBytes) {
    let current = this.root;
    for (const part of splitRel(path.dirname(rel))) {
      current = path.join(current, part);
      if (!(await lstatOrNull(current))?.isDirectory()) return null;
    }
    return readRegularFile(path.join(current, path.basename(rel)), maxBytes);
  }
  /** Moves aside a regular file at `rel` (an edited copy) into `keepDir`; returns the kept path relative to the root. */
  async keepAside(rel, keepDir, name) {
    const file = path.join(this.root, rel);
    const stat = await lstatOrNull(file);
    if (!stat) return null;
    const dir = await this.dir(keepDir);
    const kept = path.join(dir, name);
    await fs.rename(file, kept);
    return path.relative(this.root, kept);
  }
  /** Moves whatever is at `rel` aside (without following it) and records it; null when nothing is there. */
  async moveAsideIfPresent(rel) {
    const file = path.join(this.root, rel);
    const stat = await lstatOrNull(file);
    return stat ? this.moveAside(file, stat) : null;
  }
  /** Checks that `rel` is a regular file (or absent); anything else is moved aside and returned. */
  async checkFile(rel) {
    let current = this.root;
    for (const part of splitRel(path.dirname(rel))) {
      current = path.join(current, part);
      const stat2 = await lstatOrNull(current);
      if (!stat2) return null;
      if (!stat2.isDirectory()) return this.moveAside(current, stat2);
    }
    const file = path.join(current, path.basename(rel));
    const stat = await lstatOrNull(file);
    return stat && !stat.isFile() ? this.moveAside(file, stat) : null;
  }
  /** Checks that `rel` is a real folder (or absent), parents included. */
  async checkDir(rel) {
    let current = this.root;
    for (const part of splitRel(rel)) {
      current = path.join(current, part);
      const stat = await lstatOrNull(current);
      if (!stat) return null;
      if (!stat.isDirectory()) return this.moveAside(current, stat);
    }
    return null;
  }
  async clearForFile(target) {
    const stat = await lstatOrNull(target);
    if (stat && !stat.isFile()) await this.moveAside(target, stat);
  }
  async moveAside(file, stat) {
    const stamp = this.now().toISOString().replace(/[:.]/g, "-");
    const kept = `${file}-foreign-${stamp}-${randomBytes(3).toString("hex")}`;
    await fs.rename(file, kept);
    const planted = { path: path.relative(this.root, file), found: describeEntry(stat), keptAs: path.relative(this.root, kept) };
    this.planted.push(planted);
    return planted;
  }
};
function splitRel(rel) {
  const parts = path.normalize(rel).split(path.sep).filter((part) => part !== "" && part !== ".");
  if (parts.includes("..") || path.isAbsolute(rel)) throw new Error(`${rel} is not a path below the guarded folder`);
  return parts;
}
async function readRegularFile(file, maxBytes, position = 0) {
  const handle = await openRegular(file);
  if (!handle) return null;
  try {
    const { size } = await handle.stat();
    const bytes = Buffer.alloc(Math.max(0, Math.min(maxBytes, size - position)));
    const { bytesRead } = bytes.length ? await handle.read(bytes, 0, bytes.length, position) : { bytesRead: 0 };
    return { bytes: bytes.subarray(0, bytesRead), size, truncated: size - position > bytesRead };
  } finally {
    await handle.close();
  }
}
async function openRegular(file, follow = false) {
  let handle;
  try {
    handle = await fs.open(file, constants.O_RDONLY | NONBLOCK | (follow ? 0 : NOFOLLOW));
  } catch (error) {
    const code = error.code;
    if (code === "ENOENT" || code === "ELOOP" || code === "ENXIO" || code === "ENOTDIR" || code === "EISDIR") return null;
    throw error;
  }
  if ((await handle.stat()).isFile()) return handle;
  await handle.close();
  return null;
}

// src/shared/git.ts
import { devNull } from "node:os";
import { existsSync, lstatSync } from "node:fs";
import { dirname, join } from "node:path";
var DEFAULT_MAX_BYTES = 1024 * 1024;
var DEFAULT_TIMEOUT_MS = 6e4;
var STDERR_BYTES = 4096;
var FIXED_CONFIG = [
  ["core.fsmonitor", "false"],
  ["core.hooksPath", devNull],
  ["core.pager", "cat"],
  ["core.useReplaceRefs", "false"],
  ["core.untrackedCache", "false"],
  ["diff.external", ""],
  ["diff.ignoreSubmodules", "all"],
  ["status.submoduleSummary", "false"],
  ["submodule.recurse", "false"],
  ["commit.gpgSign", "false"],
  ["tag.gpgSign", "false"],
  ["log.showSignature", "false"],
  ["gc.auto", "0"],
  ["maintenance.auto", "false"],
  ["protocol.allow", "never"]
];
var NO_DRIVERS = {
  diff: ["--no-ext-diff", "--no-textconv"],
  show: ["--no-ext-diff", "--no-textconv"],
  log: ["--no-ext-diff", "--no-textconv"],
  blame: ["--no-textconv"]
};
async function runGit(repo, args, options = {}) {
  const base = { gitDir: repo.gitDir, workTree: repo.workTree, cwd: options.cwd ?? repo.workTree, env: options.env, timeoutMs: options.timeoutMs };
  const config = await guardConfig(base);
  const [command, ...rest] = args;
  const full = command === void 0 ? [] : [command, ...NO_DRIVERS[command] ?? [], ...rest];
  return spawnGit(base, config, full, options);
}
async function guardedGitEnv(repo, env) {
  const config = await guardConfig({ gitDir: repo.gitDir, workTree: repo.workTree, cwd: repo.workTree, env, timeoutMs: void 0 });
  return { ...gitEnvironment(env, config, {}), GIT_DIR: repo.gitDir, GIT_WORK_TREE: repo.workTree };
}
async function guardConfig(base) {
  const listed = await spawnGit(base, [], ["config", "--list", "--null"], { maxBytes: DEFAULT_MAX_BYTES });
  return [...FIXED_CONFIG, ...driverOverrides(listed.stdout)];
}
function findRepo(dir) {
  for (let current = dir; ; current = dirname(current)) {
    const dotGit = join(current, ".git");
    if (existsSync(dotGit)) {
      const stat = lstatSync(dotGit);
      return stat.isDirectory() || stat.isFile() ? { gitDir: dotGit, workTree: current } : null;
    }
    if (dirname(current) === current) return null;
  }
}
function driverOverrides(listing) {
  const filters = /* @__PURE__ */ new Set();
  const drivers = /* @__PURE__ */ new Set();
  for (const entry of listing.split("\0")) {
    const key = entry.split("\n", 1)[0];
    const filter = /^filter\.(.+)\.[^.]+$/s.exec(key);
    if (filter) filters.add(filter[1]);
    const driver = /^diff\.(.+)\.(textconv|command)$/s.exec(key);
    if (driver) drivers.add(driver[1]);
  }
  return [
    ...[...filters].flatMap((name) => [
      [`filter.${name}.clean`, ""],
      [`filter.${name}.smudge`, ""],
      [`filter.${name}.process`, ""],
      [`filter.${name}.required`, "false"]
    ]),
    ...[...drivers].flatMap((name) => [
      [`diff.${name}.textconv`, ""],
      [`diff.${name}.command`, ""]
    ])
  ];
}
async function spawnGit(base, config, args, options) {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const stdout = new HeadBuffer(maxBytes);
  const stderr = new HeadBuffer(STDERR_BYTES);
  const { execa } = await import("./execa-6UQVBNIA.js");
  const child = execa(
    "git",
    ["--no-pager", "--no-optional-locks", "--no-replace-objects", `--git-dir=${base.gitDir}`, `--work-tree=${base.workTree}`, ...args],
    {
      cwd: base.cwd,
      env: gitEnvironment(base.env ?? process.env, config, options),
      extendEnv: false,
      buffer: false,
      reject: false,
      stdin: options.input === void 0 ? "ignore" : "pipe",
      ...options.input === void 0 ? {} : { input: options.input },
      timeout: base.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      forceKillAfterDelay: 1e3
    }
  );
  child.stdout?.on("data", (chunk) => {
    stdout.push(chunk);
    options.onChunk?.(chunk);
  });
  child.stderr?.on("data", (chunk) => stderr.push(chunk));
  const result = await child;
  const exitCode = typeof result.exitCode === "number" ? result.exitCode : null;
  return {
    ok: exitCode === 0 && !result.timedOut,
    exitCode,
    timedOut: result.timedOut === true,
    stdout: stdout.text(),
    bytes: stdout.total,
    truncated: stdout.total > maxBytes,
    stderr: stderr.text()
  };
}
function gitEnvironment(from, config, options) {
  const env = {};
  for (const [key, value] of Object.entries(from)) if (!/^GIT_/i.test(key)) env[key] = value;
  for (const [key, value] of Object.entries(options.gitEnv ?? {})) if (SAFE_GIT_ENV.test(key)) env[key] = value;
  env.GIT_TERMINAL_PROMPT = "0";
  env.GIT_OPTIONAL_LOCKS = "0";
  if (options.indexFile !== void 0) env.GIT_INDEX_FILE = options.indexFile;
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}
var SAFE_GIT_ENV = /^GIT_(AUTHOR|COMMITTER)_(NAME|EMAIL|DATE)$/;
var HeadBuffer = class {
  constructor(limit) {
    this.limit = limit;
  }
  limit;
  chunks = [];
  kept = 0;
  total = 0;
  push(chunk) {
    this.total += chunk.length;
    if (this.kept >= this.limit) return;
    const take = chunk.subarray(0, this.limit - this.kept);
    this.chunks.push(take);
    this.kept += take.length;
  }
  text() {
    return Buffer.concat(this.chunks).toString("utf8");
  }
};

// src/checkpoint/record.ts
import { promises as fs2 } from "node:fs";
import path2 from "node:path";
var Sha = string().regex(/^[0-9a-f]{40}([0-9a-f]{24})?$/);
var ChangesSchema = object({
  added: int().nonnegative(),
  modified: int().nonnegative(),
  deleted: int().nonnegative(),
  /** The first paths, each with git's status letter (A, M, D, T); `more` counts the rest. */
  paths: array(object({ status: _enum(["A", "M", "D", "T"]), path: string() })),
  more: int().nonnegative()
});
var CheckpointSchema = object({
  /** "3" for the tree after iteration 3; "r1" for the tree just before the first restore. */
  id: string().regex(/^(\d+|r\d+)$/),
  kind: _enum(["iteration", "before-restore"]),
  /** The iteration this tree follows (for a before-restore checkpoint: the loop's last iteration). */
  iteration: int().nonnegative(),
  commit: Sha,
  tree: Sha,
  parent: Sha.nullable(),
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
  version: literal(1),
  loop_id: string().min(1),
  loop_kind: _enum(["auto-loop", "repeat"]),
  project_dir: string().min(1),
  /** The loop's state file, so restore and prune can tell whether the loop still runs. */
  state_file: string().min(1),
  ref: string().min(1),
  /**
   * The repository's git folder (its common dir, absolute) when the first snapshot was taken. The agent
   * owns .git and could swap it for a gitfile that points elsewhere: a later checkpoint, restore or
   * prune that finds another folder refuses instead of writing there.
   */
  git_dir: string().min(1).nullable(),
  /** HEAD when the first checkpoint was taken: its parent (null in a repository with no commit). */
  base_commit: Sha.nullable(),
  checkpoints: array(CheckpointSchema),
  /** The latest failure to take a checkpoint, until one succeeds again. */
  failure: object({ at: iso_exports.datetime(), iteration: int().nonnegative(), message: string() }).nullable(),
  failures: int().nonnegative()
});
function checkpointsDir(data, projectDir) {
  return path2.join(data, "checkpoints", projectKey(projectDir));
}
function recordFiles(data, projectDir, loopId) {
  const dir = checkpointsDir(data, projectDir);
  return { record: path2.join(dir, `${loopId}.json`), index: path2.join(dir, `${loopId}.index`) };
}
function loadRecord(file, now) {
  return readOrKeepAside(file, CheckpointRecordSchema, now, "the checkpoint commits stay in git under refs/loopkit/; new checkpoints start a new record");
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
  const root = path2.join(data, "checkpoints");
  const projects = await fs2.readdir(root).catch(() => []);
  return (await Promise.all(projects.map((project) => readRecordsIn(path2.join(root, project))))).flat();
}
async function findRecord(data, loopId) {
  const root = path2.join(data, "checkpoints");
  for (const project of await fs2.readdir(root).catch(() => [])) {
    const read = await readJson(path2.join(root, project, `${loopId}.json`), CheckpointRecordSchema).catch(() => ({ exists: false }));
    if (read.exists && read.value.loop_id === loopId) return read.value;
  }
  return void 0;
}
async function readRecordsIn(dir) {
  const names = (await fs2.readdir(dir).catch(() => [])).filter((n) => n.endsWith(".json"));
  const records = [];
  for (const name of names) {
    const read = await readJson(path2.join(dir, name), CheckpointRecordSchema).catch(() => ({ exists: false }));
    if (read.exists) records.push(read.value);
  }
  const newest = (r) => lastCheckpoint(r)?.at ?? r.failure?.at ?? "";
  return records.sort((a, b) => newest(b).localeCompare(newest(a)));
}

// src/checkpoint/changes.ts
var KEEP_PATHS = 50;
var STATUSES = /* @__PURE__ */ new Set(["A", "M", "D", "T"]);
function parseNameStatus(output, keep = KEEP_PATHS) {
  const fields = output.split("\0");
  const changes = { added: 0, modified: 0, deleted: 0, paths: [], more: 0 };
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const status = fields[i].trim();
    const file = fields[i + 1];
    if (!STATUSES.has(status) || file === "") continue;
    if (status === "A") changes.added += 1;
    else if (status === "D") changes.deleted += 1;
    else changes.modified += 1;
    if (changes.paths.length < keep) changes.paths.push({ status, path: file });
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
  const lines = changes.paths.slice(0, limit).map((p) => `${p.status} ${p.path}`);
  const more = changeCount(changes) - lines.length;
  return more > 0 ? [...lines, `... and ${more} more`] : lines;
}

// src/checkpoint/tree.ts
import { existsSync as existsSync2, promises as fs3 } from "node:fs";
import path3 from "node:path";
async function git(repo, args, options = {}) {
  const result = await runGit(repo, args, options);
  if (!result.ok) {
    const why = result.timedOut ? "timed out" : result.stderr.trim().split("\n").slice(-3).join(" ") || `exit code ${result.exitCode}`;
    throw new LoopkitError("CHECKPOINT_FAILED", `git ${args[0]} failed: ${why}`, { value: args });
  }
  return result.stdout;
}
function ownPaths(repo, projectDir) {
  const rel = path3.relative(repo.workTree, projectDir).split(path3.sep).join("/");
  const prefix = rel ? `${rel}/` : "";
  return [`${prefix}.auto-loop`, `${prefix}.auto-loop-foreign-*`];
}
var MAX_SEED_BYTES = 512 * 1024 * 1024;
async function seedIndex(repo, projectDir, indexFile) {
  if (existsSync2(indexFile)) return;
  await fs3.mkdir(path3.dirname(indexFile), { recursive: true });
  const own = path3.resolve(repo.workTree, (await git(repo, ["rev-parse", "--git-path", "index"])).trim());
  const stat = await fs3.lstat(own).catch(() => null);
  if (stat?.isFile() && stat.size <= MAX_SEED_BYTES) await fs3.copyFile(own, indexFile).catch(() => void 0);
  await git(repo, ["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", ...ownPaths(repo, projectDir)], { indexFile });
}
async function gitDirOf(repo) {
  if ((await fs3.lstat(repo.gitDir)).isDirectory()) return fs3.realpath(repo.gitDir);
  const dir = (await git(repo, ["rev-parse", "--path-format=absolute", "--git-common-dir"])).trim();
  return fs3.realpath(dir).catch(() => dir);
}
async function checkGitDir(repo, expected) {
  const gitDir = await gitDirOf(repo);
  if (expected !== null && gitDir !== expected) {
    throw new LoopkitError("CHECKPOINT_FAILED", `the project's git folder is now ${gitDir}, not ${expected} where the loop's checkpoints are; loopkit writes nothing there`, {
      value: gitDir,
      hint: "was .git replaced, for example by a gitfile pointing elsewhere? Look at the project's .git"
    });
  }
  return gitDir;
}
async function snapshotTree(repo, projectDir, indexFile, expectGitDir, first) {
  const gitDir = await checkGitDir(repo, expectGitDir);
  await seedIndex(repo, projectDir, indexFile);
  try {
    await git(repo, ["add", "-A", "--", ".", ...ownPaths(repo, projectDir).map((p) => `:(exclude)${p}`)], { indexFile });
  } catch (error) {
    if (!/index/i.test(error.message)) throw error;
    await fs3.rm(indexFile, { force: true });
    await seedIndex(repo, projectDir, indexFile);
    await git(repo, ["add", "-A", "--", ".", ...ownPaths(repo, projectDir).map((p) => `:(exclude)${p}`)], { indexFile });
  }
  const tree = (await git(repo, ["write-tree"], { indexFile })).trim();
  const head = first ? await runGit(repo, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]) : null;
  return { gitDir, tree, head: head?.ok ? head.stdout.trim() : null };
}
async function treeOf(repo, commit) {
  const result = await runGit(repo, ["rev-parse", "--verify", "--quiet", `${commit}^{tree}`]);
  return result.ok ? result.stdout.trim() : null;
}
async function commitTree(repo, tree, parent, message, now) {
  const date = `${Math.floor(now.getTime() / 1e3)} +0000`;
  const gitEnv = { GIT_AUTHOR_NAME: "loopkit", GIT_AUTHOR_EMAIL: "loopkit@localhost", GIT_AUTHOR_DATE: date, GIT_COMMITTER_NAME: "loopkit", GIT_COMMITTER_EMAIL: "loopkit@localhost", GIT_COMMITTER_DATE: date };
  const args = ["commit-tree", "--no-gpg-sign", tree, ...parent ? ["-p", parent] : [], "-F", "-"];
  return (await git(repo, args, { gitEnv, input: message })).trim();
}
async function setRef(repo, ref, commit) {
  await git(repo, ["update-ref", "--no-deref", "-m", "loopkit checkpoint", ref, commit]);
}
async function deleteRef(repo, ref) {
  await git(repo, ["update-ref", "--no-deref", "-d", ref]);
}
async function changesBetween(repo, indexFile, from, to, keep) {
  const base = from ?? (await git(repo, ["mktree"], { input: "" })).trim();
  const listing = await git(repo, ["diff-tree", "-r", "-z", "--no-renames", "--name-status", base, to], { indexFile, maxBytes: 64 * 1024 * 1024 });
  return parseNameStatus(listing, keep);
}
async function switchTree(repo, indexFile, from, to) {
  await git(repo, ["read-tree", "-m", "-u", from, to], { indexFile });
}

export {
  splitArguments,
  argvWords,
  splitWords,
  GuardedFolder,
  readRegularFile,
  openRegular,
  runGit,
  guardedGitEnv,
  findRepo,
  CheckpointRecordSchema,
  recordFiles,
  loadRecord,
  saveRecord,
  lastCheckpoint,
  nextRestoreId,
  projectRecords,
  allRecords,
  findRecord,
  countLine,
  pathLines,
  checkGitDir,
  snapshotTree,
  treeOf,
  commitTree,
  setRef,
  deleteRef,
  changesBetween,
  switchTree
};
