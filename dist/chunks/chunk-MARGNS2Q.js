import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  CheckpointRecordSchema,
  findRepo,
  lastCheckpoint,
  loadRecord,
  recordFiles,
  runGit,
  saveRecord
} from "./chunk-WDMDMWJ7.js";
import {
  readJson,
  withLock
} from "./chunk-O36AEB6J.js";
import {
  LoopkitError,
  formatError
} from "./chunk-X5LLZUM3.js";

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

// src/checkpoint/message.ts
function checkpointMessage(record, facts) {
  const tokens = facts.tokens === null ? "tokens not counted" : `${facts.tokens} tokens`;
  const subject = facts.kind === "iteration" ? `loopkit: iteration ${facts.iteration} of ${record.loop_kind} ${record.loop_id}: ${facts.verdict}, ${tokens}` : `loopkit: the tree before restoring checkpoint ${facts.restored} of ${record.loop_kind} ${record.loop_id}`;
  return [
    subject,
    "",
    `Loop: ${record.loop_id}`,
    `Kind: ${record.loop_kind}`,
    `Checkpoint: ${facts.id}`,
    `Iteration: ${facts.iteration}`,
    `Verdict: ${facts.verdict}`,
    `Tokens: ${facts.tokens ?? "not counted"}`,
    ...facts.restored ? [`Restored: ${facts.restored}`] : [],
    ""
  ].join("\n");
}

// src/checkpoint/ref.ts
var REF_PREFIX = "refs/loopkit/";
var LOOP_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
function checkpointRef(loopId) {
  if (!LOOP_ID_PATTERN.test(loopId)) {
    throw new LoopkitError("USAGE", `"${loopId}" is not a loop id`, { value: loopId, hint: "run loopkit checkpoints to see the loops" });
  }
  return `${REF_PREFIX}${loopId}`;
}

// src/checkpoint/tree.ts
import { existsSync, promises as fs } from "node:fs";
import path from "node:path";
async function git(repo, args, options = {}) {
  const result = await runGit(repo, args, options);
  if (!result.ok) {
    const why = result.timedOut ? "timed out" : result.stderr.trim().split("\n").slice(-3).join(" ") || `exit code ${result.exitCode}`;
    throw new LoopkitError("CHECKPOINT_FAILED", `git ${args[0]} failed: ${why}`, { value: args });
  }
  return result.stdout;
}
function ownPaths(repo, projectDir) {
  const rel = path.relative(repo.workTree, projectDir).split(path.sep).join("/");
  const prefix = rel ? `${rel}/` : "";
  return [`${prefix}.auto-loop`, `${prefix}.auto-loop-foreign-*`];
}
async function seedIndex(repo, projectDir, indexFile) {
  if (existsSync(indexFile)) return;
  await fs.mkdir(path.dirname(indexFile), { recursive: true });
  const own = path.resolve(repo.workTree, (await git(repo, ["rev-parse", "--git-path", "index"])).trim());
  await fs.copyFile(own, indexFile).catch(() => void 0);
  await git(repo, ["rm", "-r", "-q", "--cached", "--ignore-unmatch", "--", ...ownPaths(repo, projectDir)], { indexFile });
}
async function gitDirOf(repo) {
  if ((await fs.lstat(repo.gitDir)).isDirectory()) return fs.realpath(repo.gitDir);
  const dir = (await git(repo, ["rev-parse", "--path-format=absolute", "--git-common-dir"])).trim();
  return fs.realpath(dir).catch(() => dir);
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
    await fs.rm(indexFile, { force: true });
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
async function changesBetween(repo, from, to, keep) {
  const base = from ?? (await git(repo, ["mktree"], { input: "" })).trim();
  return parseNameStatus(await git(repo, ["diff-tree", "-r", "-z", "--no-renames", "--name-status", base, to], { maxBytes: 64 * 1024 * 1024 }), keep);
}
async function switchTree(repo, indexFile, from, to) {
  await git(repo, ["read-tree", "-m", "-u", from, to], { indexFile });
}

// src/checkpoint/take.ts
async function loadOrRestart(file, now, notes) {
  try {
    return await loadRecord(file, now);
  } catch (error) {
    if (error.code !== "STATE_CORRUPT") throw error;
    notes.push(`loopkit: ${formatError(error)}`);
    return void 0;
  }
}
function newRecord(loop, base) {
  return {
    version: 1,
    loop_id: loop.loopId,
    loop_kind: loop.loopKind,
    project_dir: loop.projectDir,
    state_file: loop.stateFile,
    ref: checkpointRef(loop.loopId),
    git_dir: null,
    base_commit: base,
    checkpoints: [],
    failure: null,
    failures: 0
  };
}
async function previousTree(repo, record, head) {
  const last = lastCheckpoint(record);
  if (last) return last.tree;
  return head ? treeOf(repo, head) : null;
}
async function snapshotIteration(loop, now) {
  const repo = findRepo(loop.projectDir);
  if (!repo) return { kind: "none" };
  const files = recordFiles(loop.dataDir, loop.projectDir, loop.loopId);
  try {
    return await withLock(files.record, async () => {
      const read = await readJson(files.record, CheckpointRecordSchema).catch(() => ({ exists: false }));
      const record = read.exists ? read.value : void 0;
      const snapshot = await snapshotTree(repo, loop.projectDir, files.index, record?.git_dir ?? null, !record?.checkpoints.length);
      const changes = await changesBetween(repo, await previousTree(repo, record, snapshot.head), snapshot.tree);
      return { kind: "ready", repo, snapshot, changes };
    });
  } catch (error) {
    return { kind: "failed", message: formatError(error) };
  }
}
async function recordIteration(loop, pending, facts, now) {
  if (pending.kind === "none") return [];
  const files = recordFiles(loop.dataDir, loop.projectDir, loop.loopId);
  const notes = [];
  try {
    await withLock(files.record, async () => {
      const record = await loadOrRestart(files.record, now, notes) ?? newRecord(loop, pending.kind === "ready" ? pending.snapshot.head : null);
      if (record.checkpoints.some((c) => c.kind === "iteration" && c.iteration === facts.iteration)) return;
      if (pending.kind === "failed") {
        await saveRecord(files.record, withFailure(record, facts.iteration, pending.message, now));
        notes.push(failureNote(loop, facts.iteration, pending.message));
        return;
      }
      try {
        await saveRecord(files.record, await appendCheckpoint(pending.repo, record, { kind: "iteration", id: String(facts.iteration), restored: null, ...facts }, pending, now));
      } catch (error) {
        await saveRecord(files.record, withFailure(record, facts.iteration, formatError(error), now));
        notes.push(failureNote(loop, facts.iteration, formatError(error)));
      }
    });
  } catch (error) {
    notes.push(failureNote(loop, facts.iteration, formatError(error)));
  }
  return notes;
}
async function checkpointIteration(loop, facts, now) {
  const files = recordFiles(loop.dataDir, loop.projectDir, loop.loopId);
  const known = await readJson(files.record, CheckpointRecordSchema).catch(() => ({ exists: false }));
  if (known.exists && known.value.checkpoints.some((c) => c.kind === "iteration" && c.iteration === facts.iteration)) return [];
  return recordIteration(loop, await snapshotIteration(loop, now), facts, now);
}
async function appendCheckpoint(repo, record, facts, ready, now) {
  const base = record.checkpoints.length ? record.base_commit : ready.snapshot.head;
  const parent = lastCheckpoint(record)?.commit ?? base;
  const commit = await commitTree(repo, ready.snapshot.tree, parent, checkpointMessage(record, facts), now);
  await setRef(repo, record.ref, commit);
  const checkpoint = { ...facts, commit, tree: ready.snapshot.tree, parent, at: now.toISOString(), changed: ready.changes };
  return { ...record, git_dir: ready.snapshot.gitDir, base_commit: base, checkpoints: [...record.checkpoints, checkpoint], failure: null };
}
function withFailure(record, iteration, message, now) {
  return { ...record, failure: { at: now.toISOString(), iteration, message }, failures: record.failures + 1 };
}
function failureNote(loop, iteration, message) {
  return `loopkit could not record a checkpoint of iteration ${iteration} (${message}); the loop goes on, and the next iteration tries again (see loopkit checkpoints ${loop.loopId}).`;
}
function iterationChangesText(pending, limit = 20) {
  if (pending.kind !== "ready") return null;
  const lines = pathLines(pending.changes, limit);
  return [`Changed in this iteration (from loopkit's checkpoints): ${countLine(pending.changes)}`, ...lines.map((line) => `  ${line}`)].join("\n");
}

export {
  countLine,
  pathLines,
  checkpointRef,
  checkGitDir,
  snapshotTree,
  treeOf,
  deleteRef,
  changesBetween,
  switchTree,
  snapshotIteration,
  recordIteration,
  checkpointIteration,
  appendCheckpoint,
  iterationChangesText
};
