import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUNDLE, exportCheckpoints } from "../../src/action/checkpoint-export.js";
import { recordFiles, saveRecord, type CheckpointRecord } from "../../src/checkpoint/record.js";
import { T0 } from "../auto-loop/fixtures.js";

let root: string;
let project: string;
let data: string;
let out: string;
const env = () => ({ PATH: process.env.PATH ?? "", HOME: root, GIT_CONFIG_NOSYSTEM: "1", GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@t", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@t" });
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env: env(), encoding: "utf8" }).trim();

beforeEach(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "loopkit export ")));
  project = path.join(root, "my project");
  data = path.join(root, "data");
  out = path.join(root, "artifact");
  mkdirSync(project);
  mkdirSync(out);
  git(project, "init", "-q", "-b", "main");
  writeFileSync(path.join(project, "a.txt"), "base\n");
  git(project, "add", "a.txt");
  git(project, "commit", "-q", "-m", "base");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Two checkpoint commits on refs/loopkit/loop-1, as loopkit takes them, and their record. */
async function checkpointTwice(): Promise<{ base: string; commits: string[] }> {
  const base = git(project, "rev-parse", "HEAD");
  const commits: string[] = [];
  for (const [i, text] of ["one\n", "two\n"].entries()) {
    writeFileSync(path.join(project, "a.txt"), text);
    git(project, "add", "a.txt");
    const tree = git(project, "write-tree");
    commits.push(git(project, "commit-tree", tree, "-p", commits[i - 1] ?? base, "-m", `checkpoint ${i + 1}`));
  }
  git(project, "update-ref", "refs/loopkit/loop-1", commits[1]!);
  const checkpoint = (i: number) => ({
    id: String(i + 1), kind: "iteration" as const, iteration: i + 1, commit: commits[i]!, tree: git(project, "rev-parse", `${commits[i]}^{tree}`), parent: i ? commits[i - 1]! : base,
    at: T0.toISOString(), verdict: "fail", tokens: 10, changed: { added: 0, modified: 1, deleted: 0, paths: [{ status: "M" as const, path: "a.txt" }], more: 0 }, restored: null,
  });
  const record: CheckpointRecord = {
    version: 1, loop_id: "loop-1", loop_kind: "auto-loop", project_dir: project, state_file: path.join(data, "state.json"), ref: "refs/loopkit/loop-1",
    git_dir: path.join(project, ".git"), base_commit: base, checkpoints: [checkpoint(0), checkpoint(1)], failure: null, failures: 0,
  };
  await saveRecord(recordFiles(data, project, "loop-1").record, record);
  return { base, commits };
}

describe("exportCheckpoints", () => {
  it("writes the record and a bundle of the checkpoint commits that a clone of the repository can fetch", async () => {
    const { commits } = await checkpointTwice();
    expect(await exportCheckpoints(out, data, project, "loop-1")).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(out, "checkpoints.json"), "utf8"))).toMatchObject({ loop_id: "loop-1", checkpoints: [{ commit: commits[0] }, { commit: commits[1] }] });

    const clone = path.join(root, "clone");
    git(root, "clone", "-q", project, clone);
    git(clone, "fetch", "-q", path.join(out, BUNDLE), "refs/loopkit/loop-1:refs/loopkit/loop-1");
    expect(git(clone, "rev-parse", "refs/loopkit/loop-1")).toBe(commits[1]);
    expect(git(clone, "show", "refs/loopkit/loop-1~1:a.txt")).toBe("one");
  });

  it("bundles the commits of the record even when the agent moved the ref, and sets the ref back", async () => {
    const { base, commits } = await checkpointTwice();
    git(project, "update-ref", "refs/loopkit/loop-1", base);
    expect(await exportCheckpoints(out, data, project, "loop-1")).toEqual([]);
    expect(git(project, "rev-parse", "refs/loopkit/loop-1")).toBe(commits[1]);
    expect(git(project, "bundle", "list-heads", path.join(out, BUNDLE))).toBe(`${commits[1]} refs/loopkit/loop-1`);
  });

  it("writes no bundle into a git folder that is not the one the checkpoints went to, and says why", async () => {
    await checkpointTwice();
    const elsewhere = path.join(root, "elsewhere");
    git(root, "init", "-q", elsewhere);
    rmSync(path.join(project, ".git"), { recursive: true });
    writeFileSync(path.join(project, ".git"), `gitdir: ${path.join(elsewhere, ".git")}\n`);
    const notes = await exportCheckpoints(out, data, project, "loop-1");
    expect(notes.join("\n")).toMatch(/^no checkpoints\.bundle: the project's git folder is now .*elsewhere/);
    expect(existsSync(path.join(out, BUNDLE))).toBe(false);
    expect(existsSync(path.join(out, "checkpoints.json"))).toBe(true);
  });

  it("says so when the loop has no checkpoints", async () => {
    expect(await exportCheckpoints(out, data, project, "loop-9")).toEqual(["no checkpoints of loop loop-9: checkpoints are taken in a git repository, one per iteration"]);
  });
});
