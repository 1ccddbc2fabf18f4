// `loopkit checkpoints export`: a loop's checkpoints onto a new branch of the person's repository, on
// request: one commit per checkpoint, chained on HEAD, built by git fast-import through the hardened
// runner (no hook, filter or signing the project configures runs; HEAD, the index and the working tree
// stay as they are). Files git ignores are left out, as a commit would leave them; files whose content
// loopkit does not keep (over 1 MB) cannot be exported and are named.
import path from "node:path";
import type { ObjectStore } from "../evidence/object-store.js";
import { openStore } from "../evidence/snapshot.js";
import { decodeTree } from "../evidence/tree.js";
import { LoopkitError } from "../shared/errors.js";
import { findRepo, runGit, type GitRepo } from "../shared/git.js";
import { checkpointMessage } from "./message.js";
import type { Checkpoint, CheckpointRecord } from "./record.js";

interface ExportFile {
  /** Path in the repository, as bytes ("/"-separated). */
  path: Buffer;
  mode: "100644" | "100755" | "120000";
  hash: string;
  content: () => Buffer;
}

/** Writes `record`'s checkpoints up to `upTo` as commits on the new branch `branch`; returns its commit and what to tell the person. */
export async function exportToBranch(
  data: string,
  record: CheckpointRecord,
  upTo: Checkpoint,
  branch: string,
  now: Date,
): Promise<{ commit: string; lines: string[] }> {
  const repo = findRepo(record.project_dir);
  if (!repo)
    throw new LoopkitError("USAGE", `${record.project_dir} is not in a git repository`, {
      value: record.project_dir,
      hint: "run git init there first, or restore the checkpoint with loopkit restore",
    });
  const git = (args: string[], input?: Buffer) => runGit(repo, args, { input, maxBytes: 16 * 1024 * 1024, timeoutMs: 300_000 });
  if (!(await git(["check-ref-format", "--branch", branch])).ok)
    throw new LoopkitError("USAGE", `"${branch}" is not a branch name git takes`, { value: branch });
  if ((await git(["rev-parse", "--verify", "--quiet", `refs/heads/${branch}`])).ok) {
    throw new LoopkitError("USAGE", `the branch ${branch} exists already`, {
      value: branch,
      hint: "name a new branch; loopkit never moves one of yours",
    });
  }
  const head = await git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  const base = head.ok ? head.stdout.trim() : null;
  const prefix = path.relative(repo.workTree, record.project_dir).split(path.sep).join("/");
  const chain = record.checkpoints.slice(0, record.checkpoints.indexOf(upTo) + 1);
  const store = openStore(data, record.project_dir);
  try {
    const unkept = new Set<string>();
    const trees = chain.map((c) =>
      listFiles(store, Buffer.from(c.snapshot.root, "hex"), prefix ? Buffer.from(`${prefix}/`) : Buffer.alloc(0), unkept),
    );
    const ignored = await ignoredPaths(repo, [...new Set(trees.flat().map((f) => f.path.toString("latin1")))]);
    const stream: Buffer[] = [Buffer.from("feature done\n")];
    const marks = new Map<string, number>();
    let mark = 0;
    const date = `${Math.floor(now.getTime() / 1000)} +0000`;
    chain.forEach((checkpoint, i) => {
      const files = trees[i]!.filter((f) => !ignored.has(f.path.toString("latin1")));
      for (const file of files) {
        if (marks.has(file.hash)) continue;
        marks.set(file.hash, ++mark);
        const content = file.content();
        stream.push(Buffer.from(`blob\nmark :${mark}\ndata ${content.length}\n`), content, Buffer.from("\n"));
      }
      const message = Buffer.from(checkpointMessage(record, checkpoint));
      stream.push(
        Buffer.from(`commit refs/heads/${branch}\nmark :c${i}\ncommitter loopkit <loopkit@localhost> ${date}\ndata ${message.length}\n`),
        message,
        Buffer.from("\n"),
      );
      if (i === 0 && base) stream.push(Buffer.from(`from ${base}\n`));
      stream.push(Buffer.from(prefix ? `D ${quote(Buffer.from(prefix))}\n` : "deleteall\n"));
      for (const file of files) stream.push(Buffer.from(`M ${file.mode} :${marks.get(file.hash)} `), quote(file.path), Buffer.from("\n"));
      stream.push(Buffer.from("\n"));
    });
    stream.push(Buffer.from("done\n"));
    const imported = await git(["fast-import", "--quiet", "--done"], Buffer.concat(stream));
    if (!imported.ok)
      throw new LoopkitError("CHECKPOINT_FAILED", `git fast-import failed: ${imported.stderr.trim().split("\n").slice(-3).join(" ")}`, {
        value: branch,
      });
    const commit = (await git(["rev-parse", `refs/heads/${branch}`])).stdout.trim();
    const lines = [
      `Exported checkpoint${chain.length > 1 ? `s ${chain[0]!.id} to ${upTo.id}` : ` ${upTo.id}`} of ${record.loop_kind} ${record.loop_id} to the branch ${branch} (commit ${commit.slice(0, 12)}${base ? `, on ${base.slice(0, 12)}` : ""}).`,
      ...(ignored.size ? [`${ignored.size} file(s) git ignores were left out, as a commit would leave them.`] : []),
      ...(unkept.size
        ? [
            `${unkept.size} file(s) over 1 MB could not be exported (loopkit keeps their hash only): ${[...unkept].slice(0, 5).join(", ")}${unkept.size > 5 ? ", ..." : ""}`,
          ]
        : []),
      `See it with: git log --stat ${branch}`,
    ];
    return { commit, lines };
  } finally {
    store.close();
  }
}

/** The files and links of a snapshot's tree, repository paths under `prefix`. */
function listFiles(store: ObjectStore, tree: Buffer, prefix: Buffer, unkept: Set<string>): ExportFile[] {
  const files: ExportFile[] = [];
  for (const entry of decodeTree(store.get(tree, "tree"))) {
    const at = Buffer.concat([prefix, entry.name]);
    if (entry.kind === "dir") files.push(...listFiles(store, entry.hash!, Buffer.concat([at, Buffer.from("/")]), unkept));
    else if (entry.kind === "link")
      files.push({ path: at, mode: "120000", hash: `link ${entry.hash!.toString("hex")}`, content: () => entry.target! });
    else if (entry.kind === "file" && !entry.kept) unkept.add(at.toString("utf8"));
    else if (entry.kind === "file")
      files.push({
        path: at,
        mode: entry.mode & 0o111 ? "100755" : "100644",
        hash: entry.hash!.toString("hex"),
        content: () => store.get(entry.hash!, "blob"),
      });
  }
  return files;
}

/** Which of `paths` (latin1-decoded bytes) git ignores, by the repository's ignore rules (a tracked file never is). */
async function ignoredPaths(repo: GitRepo, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const input = Buffer.concat(paths.map((p) => Buffer.concat([Buffer.from(p, "latin1"), Buffer.from([0])])));
  const result = await runGit(repo, ["check-ignore", "--stdin", "-z"], { input, maxBytes: 64 * 1024 * 1024, timeoutMs: 300_000 });
  // Exit code 1: none is ignored.
  if (!result.ok && result.exitCode !== 1) throw new LoopkitError("CHECKPOINT_FAILED", `git check-ignore failed: ${result.stderr.trim()}`);
  return new Set(Buffer.from(result.stdout, "utf8").toString("latin1").split("\0").filter(Boolean));
}

/** A path as fast-import takes it: as it is, or C-quoted when it starts with a quote or holds a newline. */
function quote(p: Buffer): Buffer {
  if (!p.includes(0x0a) && p[0] !== 0x22) return p;
  const out: string[] = ['"'];
  for (const byte of p) {
    if (byte === 0x22 || byte === 0x5c) out.push(`\\${String.fromCharCode(byte)}`);
    else if (byte === 0x0a) out.push("\\n");
    else if (byte < 0x20 || byte >= 0x7f) out.push(`\\${byte.toString(8).padStart(3, "0")}`);
    else out.push(String.fromCharCode(byte));
  }
  out.push('"');
  return Buffer.from(out.join(""), "latin1");
}
