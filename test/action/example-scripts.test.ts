// The shell steps of examples/github-actions/loopkit-matrix.yml, run as the runner runs them (bash -e
// -o pipefail) on local repositories: the loop job's change set, and the job that opens one pull
// request per achieved goal (a fake `gh` first on PATH; "origin" is a bare repository here).
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = path.resolve(import.meta.dirname, "../..");
const workflow = parse(readFileSync(path.join(ROOT, "examples/github-actions/loopkit-matrix.yml"), "utf8"));
const script = (job: string, name: string): string => workflow.jobs[job].steps.find((step: { name?: string }) => step.name === name).run;

let root: string;
let env: NodeJS.ProcessEnv;
const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, env, encoding: "utf8" }).trim();
const runStep = (body: string, cwd: string, extra: Record<string, string>) =>
  spawnSync("bash", ["--noprofile", "--norc", "-e", "-o", "pipefail", "-c", body], { cwd, env: { ...env, ...extra }, encoding: "utf8" });

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "loopkit example "));
  const bin = path.join(root, "bin");
  mkdirSync(bin);
  // gh stands in for the GitHub CLI: it records its arguments and the body it was given.
  writeFileSync(
    path.join(bin, "gh"),
    `#!/bin/sh\nprintf '%s\\n' "$*" >> "${root}/gh.log"\nwhile [ $# -gt 0 ]; do [ "$1" = --body-file ] && cat "$2" >> "${root}/gh.log"; shift; done\n`,
  );
  chmodSync(path.join(bin, "gh"), 0o755);
  env = { PATH: `${bin}${path.delimiter}${process.env.PATH}`, HOME: path.join(root, "home"), GIT_CONFIG_NOSYSTEM: "1", LANG: "C.UTF-8" };
  mkdirSync(env.HOME!);
  git(root, "init", "-q", "--bare", "-b", "main", "origin.git");
  git(root, "clone", "-q", "origin.git", "loop");
  const loop = path.join(root, "loop");
  git(loop, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", "base");
  writeFileSync(path.join(loop, "README.md"), "# app\n");
  git(loop, "add", "README.md");
  git(loop, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "readme");
  git(loop, "push", "-q", "origin", "main");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("examples/github-actions/loopkit-matrix.yml", () => {
  // What a loop leaves: an edit, a new file, a binary, an agent commit on top, and loopkit's own folder;
  // then the loop job's "Keep the change set" step, whose output the pull-request job reads.
  let loop: string;
  let sha: string;
  let changes: string;
  let keep: ReturnType<typeof runStep>;
  beforeEach(() => {
    loop = path.join(root, "loop");
    sha = git(loop, "rev-parse", "HEAD");
    writeFileSync(path.join(loop, "README.md"), "# app\ntrailing commas work\n");
    mkdirSync(path.join(loop, "src"));
    writeFileSync(path.join(loop, "src", "parser.js"), "export const parse = () => [];\n");
    writeFileSync(path.join(loop, "logo.bin"), Buffer.from([0, 1, 2, 255]));
    git(loop, "add", "src");
    git(loop, "-c", "user.name=agent", "-c", "user.email=a@a", "commit", "-q", "-m", "agent's own commit");
    mkdirSync(path.join(loop, ".auto-loop"));
    writeFileSync(path.join(loop, ".auto-loop", ".gitignore"), "*\n");
    writeFileSync(path.join(loop, ".auto-loop", "goal-state.json"), "{}");
    const record = path.join(root, "record");
    mkdirSync(record);
    writeFileSync(path.join(record, "summary.md"), "## ✅ loopkit run: achieved\n");
    writeFileSync(path.join(record, "status.json"), JSON.stringify({ status: "achieved", loop_id: "loop-7" }));
    changes = path.join(root, "changes");
    keep = runStep(script("loop", "Keep the change set"), loop, {
      RECORD: record,
      OUT: path.join(changes, "loopkit-change-commas"),
      GITHUB_SHA: sha,
    });
  });

  it("keeps an achieved loop's change set as a patch: edits, new files, binaries, the agent's commits, not loopkit's folder", () => {
    expect(keep.status, keep.stderr).toBe(0);
    const patch = readFileSync(path.join(changes, "loopkit-change-commas", "changes.patch"), "utf8");
    for (const part of ["a/README.md", "b/src/parser.js", "b/logo.bin", "GIT binary patch"]) expect(patch).toContain(part);
    expect(patch).not.toContain(".auto-loop");
  });

  it("turns an achieved loop's change set into a branch and a pull request with the job summary as its body; other goals are left alone", () => {
    // A budget-limited goal gets no pull request; a patch that does not apply fails alone.
    mkdirSync(path.join(changes, "loopkit-change-slow"));
    writeFileSync(
      path.join(changes, "loopkit-change-slow", "status.json"),
      JSON.stringify({ status: "budget-limited", loop_id: "loop-8" }),
    );
    mkdirSync(path.join(changes, "loopkit-change-broken"));
    writeFileSync(path.join(changes, "loopkit-change-broken", "status.json"), JSON.stringify({ status: "achieved", loop_id: "loop-9" }));
    writeFileSync(path.join(changes, "loopkit-change-broken", "summary.md"), "x\n");
    writeFileSync(
      path.join(changes, "loopkit-change-broken", "changes.patch"),
      "diff --git a/nope b/nope\n--- a/nope\n+++ b/nope\n@@ -1 +1 @@\n-a\n+b\n",
    );

    git(root, "clone", "-q", "origin.git", "pr");
    const pr = path.join(root, "pr");
    git(pr, "switch", "-q", "--detach", sha);
    const opened = runStep(script("pull-requests", "One pull request per achieved goal"), pr, {
      GH_TOKEN: "t",
      CHANGES: changes,
      BASE: "main",
      GITHUB_RUN_ID: "77",
      GITHUB_SHA: sha,
    });
    expect(opened.status, opened.stderr).toBe(1);
    expect(opened.stdout).toContain("::error::no pull request for broken");

    const branches = git(root, "--git-dir", "origin.git", "branch", "--format=%(refname:short)").split("\n").sort();
    expect(branches).toEqual(["loopkit/commas-77", "main"]);
    const files = git(root, "--git-dir", "origin.git", "ls-tree", "-r", "--name-only", "loopkit/commas-77").split("\n").sort();
    expect(files).toEqual(["README.md", "logo.bin", "src/parser.js"]);
    expect(git(root, "--git-dir", "origin.git", "show", "loopkit/commas-77:README.md")).toBe("# app\ntrailing commas work");
    expect(git(root, "--git-dir", "origin.git", "log", "-1", "--format=%s%n%b", "loopkit/commas-77")).toMatch(
      /^loopkit: commas\n+Loop loop-7, run 77\./,
    );
    expect(readFileSync(path.join(root, "gh.log"), "utf8")).toMatch(
      /^pr create --base main --head loopkit\/commas-77 --title loopkit: commas --body-file .*summary\.md\n## ✅ loopkit run: achieved\n/,
    );
    expect(existsSync(path.join(pr, "src"))).toBe(false);
  });
});
