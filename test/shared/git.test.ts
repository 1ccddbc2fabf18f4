import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { driverOverrides, findRepo, guardedGitEnv, runGit, type GitRepo } from "../../src/shared/git.js";
import { hostileGitEnv, plainGit, plantHostileGit } from "./hostile-git.js";

const markerText = (marker: string) => (existsSync(marker) ? readFileSync(marker, "utf8") : "");

describe.skipIf(process.platform === "win32")("runGit in a repository that plants commands everywhere", () => {
  let dir: string;
  let marker: string;
  let repo: GitRepo;
  let env: NodeJS.ProcessEnv;

  beforeEach(() => {
    const root = mkdtempSync(join(tmpdir(), "loopkit-git-"));
    dir = join(root, "project with space");
    marker = join(root, "marker");
    plantHostileGit(dir, marker);
    // The work tree change every command below sees: a tracked edit, a new file, a filtered binary.
    writeFileSync(join(dir, "a.txt"), "two\n");
    writeFileSync(join(dir, "b.bin"), "two\n");
    writeFileSync(join(dir, "c.txt"), "new\n");
    repo = findRepo(dir)!;
    env = hostileGitEnv(dir, marker);
  });

  it("the plants are live: plain git runs them", () => {
    // Some plants fail git after they ran; that they ran is what counts here.
    for (const args of [["status"], ["diff", "HEAD", "--", "a.txt"], ["update-ref", "refs/x", "HEAD"]]) {
      try {
        execFileSync("git", args, { cwd: dir, stdio: "ignore" });
      } catch {}
    }
    expect(markerText(marker)).toMatch(/fsmonitor/);
    expect(markerText(marker)).toMatch(/diff-command/);
    expect(markerText(marker)).toMatch(/filter-clean/);
    expect(markerText(marker)).toMatch(/reference-transaction/);
  });

  it("porcelain reads run nothing and still see the changes", async () => {
    const status = await runGit(repo, ["status", "--porcelain=v1", "--untracked-files=all"], { env });
    expect(status.ok).toBe(true);
    expect(status.stdout).toContain(" M a.txt");
    expect(status.stdout).toContain("?? c.txt");
    const diff = await runGit(repo, ["diff", "HEAD", "--stat", "--patch"], { env });
    expect(diff.ok).toBe(true);
    expect(diff.stdout).toContain("-one\n+two");
    const show = await runGit(repo, ["show", "HEAD"], { env });
    expect(show.ok).toBe(true);
    const log = await runGit(repo, ["log", "-p", "-1"], { env });
    expect(log.ok).toBe(true);
    await runGit(repo, ["blame", "a.txt"], { env });
    await runGit(repo, ["ls-files", "--others", "--ignored", "--exclude-standard"], { env });
    expect(markerText(marker)).toBe("");
  });

  it("checkpoint plumbing with a private index runs no filter, hook, signing or gc", async () => {
    const index = join(dir, "..", "private-index");
    const add = await runGit(repo, ["add", "-A"], { env, indexFile: index });
    expect(add.stderr).toBe("");
    expect(add.ok).toBe(true);
    const tree = await runGit(repo, ["write-tree"], { env, indexFile: index });
    expect(tree.stdout.trim()).toMatch(/^[0-9a-f]{40}$/);
    const ident = { GIT_AUTHOR_NAME: "loopkit", GIT_AUTHOR_EMAIL: "l@k", GIT_COMMITTER_NAME: "loopkit", GIT_COMMITTER_EMAIL: "l@k" };
    const commit = await runGit(repo, ["commit-tree", tree.stdout.trim(), "-p", "HEAD", "-m", "checkpoint"], { env, gitEnv: ident });
    expect(commit.ok).toBe(true);
    const update = await runGit(repo, ["update-ref", "refs/loopkit/test", commit.stdout.trim()], { env });
    expect(update.ok).toBe(true);
    await runGit(repo, ["hash-object", "-w", "a.txt"], { env });
    await runGit(repo, ["read-tree", commit.stdout.trim()], { env, indexFile: index });
    const out = join(dir, "..", "out") + "/";
    await runGit(repo, ["checkout-index", "-a", `--prefix=${out}`], { env, indexFile: index });
    await runGit(repo, ["gc", "--auto"], { env });
    expect(markerText(marker)).toBe("");
    // The person's own index was not touched: c.txt is still untracked there.
    expect(plainGit(dir, "-c", "core.fsmonitor=false", "ls-files")).not.toContain("c.txt");
  });

  it("core.worktree and a planted GIT_DIR redirect nothing", async () => {
    const elsewhere = join(dir, "..", "elsewhere");
    mkdirSync(elsewhere);
    plainGit(dir, "config", "core.worktree", elsewhere);
    const status = await runGit(repo, ["status", "--porcelain=v1"], { env });
    expect(status.stdout).toContain(" M a.txt");
    expect(markerText(marker)).toBe("");
  });

  it("guardedGitEnv makes another program's plain git (status, log, diff) run nothing either", async () => {
    const guarded = await guardedGitEnv(repo, env);
    expect(
      Object.keys(guarded).filter(
        (key) =>
          key.startsWith("GIT_") && !/^GIT_(CONFIG_(COUNT|KEY_\d+|VALUE_\d+)|DIR|WORK_TREE|TERMINAL_PROMPT|OPTIONAL_LOCKS)$/.test(key),
      ),
    ).toEqual([]);
    const elsewhere = join(dir, "..");
    for (const args of [["status"], ["log", "-1"], ["diff", "HEAD"], ["show", "HEAD"]]) {
      try {
        execFileSync("git", args, { cwd: elsewhere, env: guarded, stdio: "ignore" });
      } catch {
        // A diff driver fails instead of running; that is the point.
      }
    }
    expect(markerText(marker)).toBe("");
    expect(execFileSync("git", ["status", "--porcelain"], { cwd: elsewhere, env: guarded, encoding: "utf8" })).toContain("?? c.txt");
  });

  it("bounds output and reports the total", async () => {
    writeFileSync(join(dir, "big.log"), "x".repeat(300_000));
    expect((await runGit(repo, ["add", "big.log"], { env })).ok).toBe(true);
    let streamed = 0;
    const diff = await runGit(repo, ["diff", "--cached"], { env, maxBytes: 1000, onChunk: (c) => (streamed += c.length) });
    expect(diff.stdout.length).toBe(1000);
    expect(diff.truncated).toBe(true);
    expect(diff.bytes).toBeGreaterThan(300_000);
    expect(streamed).toBe(diff.bytes);
  });

  it("a failing command is a result, not a throw", async () => {
    const result = await runGit(repo, ["rev-parse", "--verify", "--quiet", "no-such-ref"], { env });
    expect(result.ok).toBe(false);
    expect(result.exitCode).toBe(1);
  });
});

describe("findRepo", () => {
  it("finds the nearest .git and pins its folder as the work tree; a .git link names none", () => {
    const root = mkdtempSync(join(tmpdir(), "loopkit-find-"));
    mkdirSync(join(root, "top", ".git"), { recursive: true });
    mkdirSync(join(root, "top", "sub", "deep"), { recursive: true });
    expect(findRepo(join(root, "top", "sub", "deep"))).toEqual({ gitDir: join(root, "top", ".git"), workTree: join(root, "top") });
    execFileSync("ln", ["-s", join(root, "top", ".git"), join(root, "top", "sub", ".git")]);
    expect(findRepo(join(root, "top", "sub", "deep"))).toBeNull();
  });
});

describe("driverOverrides", () => {
  it.each([
    ["filter.lfs.clean\ngit-lfs clean\0filter.lfs.process\nx\0", ["lfs"], []],
    ["filter.a.b=c.process\nx\0core.bare\nfalse\0", ["a.b=c"], []],
    ["filter.x.y.z.required\ntrue\0filter.x.y.z.smudge\ns\0", ["x.y.z"], []],
    ["core.filter\nx\0diff.evil.textconv\nx\0diff.a.b.command\ny\0diff.c.binary\ntrue\0", [], ["evil", "a.b"]],
  ])("%j empties the filters %j and diff drivers %j", (listing, filters, drivers) => {
    const overrides = driverOverrides(listing);
    expect(overrides.map(([key]) => key)).toEqual([
      ...filters.flatMap((n) => ["clean", "smudge", "process", "required"].map((v) => `filter.${n}.${v}`)),
      ...drivers.flatMap((n) => ["textconv", "command"].map((v) => `diff.${n}.${v}`)),
    ]);
    expect(overrides.every(([key, value]) => value === (key.endsWith(".required") ? "false" : ""))).toBe(true);
  });
});
