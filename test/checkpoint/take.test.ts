import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRecord, recordFiles } from "../../src/checkpoint/record.js";
import { checkpointIteration, iterationChangesText, recordIteration, snapshotIteration } from "../../src/checkpoint/take.js";
import { git, makeProject, personView, write } from "./repo-fixture.js";

const now = () => new Date("2026-12-01T10:00:00.000Z");
const facts = (iteration: number, verdict = "fail") => ({ iteration, verdict, tokens: 100 * iteration });

describe("a checkpoint per iteration", () => {
  it("keeps each iteration's tree on refs/loopkit/<id>, chained on HEAD, and leaves everything of the person's alone", async () => {
    const { project, data, loop } = makeProject();
    write(project, "wip.txt", "stash me\n");
    git(project, "stash", "push", "-q", "--include-untracked", "-m", "person's stash");
    write(project, "staged.txt", "staged\n");
    git(project, "add", "staged.txt");
    write(project, "src/a.ts", "one\n");
    write(project, "ignored/big.bin", "ignored\n");
    write(project, ".auto-loop/goal-state.json", "{}\n");
    const before = personView(project);
    expect(await checkpointIteration(loop(), facts(1), now())).toEqual([]);
    expect(personView(project)).toEqual(before);

    write(project, "src/a.ts", "two\n");
    rmSync(path.join(project, "README.md"));
    const beforeSecond = personView(project);
    expect(await checkpointIteration(loop(), facts(2, "pass, audit unmet"), now())).toEqual([]);
    expect(personView(project)).toEqual(beforeSecond);
    const record = (await loadRecord(recordFiles(data, project, "loop-1").record, now()))!;
    expect(record.checkpoints.map((c) => [c.id, c.verdict, c.tokens])).toEqual([["1", "fail", 100], ["2", "pass, audit unmet", 200]]);
    const [one, two] = record.checkpoints;
    expect(git(project, "rev-parse", "refs/loopkit/loop-1").trim()).toBe(two!.commit);
    expect(git(project, "rev-parse", `${two!.commit}^`).trim()).toBe(one!.commit);
    expect(git(project, "rev-parse", `${one!.commit}^`).trim()).toBe(before.head!.trim());
    expect(git(project, "ls-tree", "-r", "--name-only", one!.commit).trim().split("\n")).toEqual([".gitignore", "README.md", "src/a.ts", "staged.txt"]);
    expect(git(project, "show", `${two!.commit}:src/a.ts`)).toBe("two\n");
    expect(two!.changed).toEqual({ added: 0, modified: 1, deleted: 1, paths: [{ status: "D", path: "README.md" }, { status: "M", path: "src/a.ts" }], more: 0 });
    expect(git(project, "log", "-1", "--format=%s%n%b", two!.commit)).toContain("iteration 2 of repeat loop-1: pass, audit unmet, 200 tokens");
    expect(git(project, "diff", "--stat", one!.commit, two!.commit)).toContain("src/a.ts");
  });

  it("works in a repository with no commit: the first checkpoint has no parent", async () => {
    const { project, data, loop } = makeProject({ commit: false });
    write(project, "new.txt", "x\n");
    expect(await checkpointIteration(loop(), facts(1), now())).toEqual([]);
    const record = (await loadRecord(recordFiles(data, project, "loop-1").record, now()))!;
    expect(record.base_commit).toBeNull();
    expect(record.checkpoints[0]!.parent).toBeNull();
    expect(record.checkpoints[0]!.changed.added).toBe(1);
    expect(git(project, "rev-list", "--count", "refs/loopkit/loop-1").trim()).toBe("1");
    expect(() => git(project, "rev-parse", "--verify", "HEAD")).toThrow();
    expect(git(project, "ls-files")).toBe("");
  });

  it("does nothing, and fails nothing, outside a git repository", async () => {
    const { project, data, loop } = makeProject({ init: false });
    write(project, "a.txt", "x\n");
    expect(await snapshotIteration(loop(), now())).toEqual({ kind: "none" });
    expect(await checkpointIteration(loop(), facts(1), now())).toEqual([]);
    expect(existsSync(path.join(data, "checkpoints"))).toBe(false);
  });

  it("runs no hook, filter or fsmonitor the project configures", async () => {
    const { project, loop } = makeProject();
    const ran = path.join(project, "..", "ran");
    for (const hook of ["reference-transaction", "post-index-change", "pre-commit", "post-commit"]) {
      write(project, `.git/hooks/${hook}`, `#!/bin/sh\necho ${hook} >> "${ran}"\n`);
      chmodSync(path.join(project, ".git/hooks", hook), 0o755);
    }
    write(project, ".gitattributes", "*.txt filter=evil\n");
    git(project, "config", "filter.evil.clean", `echo clean >> "${ran}"; cat`);
    git(project, "config", "filter.evil.required", "true");
    git(project, "config", "core.fsmonitor", `echo fsmonitor >> "${ran}"`);
    git(project, "config", "commit.gpgSign", "true");
    git(project, "config", "gc.auto", "1");
    write(project, "a.txt", "content\n");
    expect(await checkpointIteration(loop(), facts(1), now())).toEqual([]);
    expect(existsSync(ran) ? readFileSync(ran, "utf8") : "").toBe("");
    expect(git(project, "show", "refs/loopkit/loop-1:a.txt")).toBe("content\n");
  });

  it("reports a failed checkpoint, records it, and recovers at the next iteration", async () => {
    const { project, data, loop } = makeProject();
    // The agent owns .git/: a file where loopkit's ref folder goes makes update-ref fail.
    write(project, ".git/refs/loopkit", "planted\n");
    write(project, "a.txt", "x\n");
    const notes = await checkpointIteration(loop(), facts(1), now());
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/could not record a checkpoint of iteration 1 \(git update-ref failed: .*refs\/loopkit/);
    let record = (await loadRecord(recordFiles(data, project, "loop-1").record, now()))!;
    expect(record.failure).toMatchObject({ iteration: 1 });
    expect(record.failures).toBe(1);
    expect(record.checkpoints).toEqual([]);
    rmSync(path.join(project, ".git/refs/loopkit"));
    expect(await checkpointIteration(loop(), facts(2), now())).toEqual([]);
    record = (await loadRecord(recordFiles(data, project, "loop-1").record, now()))!;
    expect(record.failure).toBeNull();
    expect(record.checkpoints.map((c) => c.id)).toEqual(["2"]);
  });

  it("checkpoints an iteration once, and names what changed in it", async () => {
    const { project, data, loop } = makeProject();
    write(project, "a.txt", "x\n");
    const pending = await snapshotIteration(loop(), now());
    expect(iterationChangesText(pending)).toBe("Changed in this iteration (from loopkit's checkpoints): 1 file (1 added)\n  A a.txt");
    await recordIteration(loop(), pending, facts(1), now());
    await recordIteration(loop(), pending, facts(1), now());
    await checkpointIteration(loop(), facts(1), now());
    const record = (await loadRecord(recordFiles(data, project, "loop-1").record, now()))!;
    expect(record.checkpoints).toHaveLength(1);
  });

  it("keeps a corrupt record aside and starts a new one", async () => {
    const { project, data, loop } = makeProject();
    const file = recordFiles(data, project, "loop-1").record;
    await checkpointIteration(loop(), facts(1), now());
    write(path.dirname(file), path.basename(file), "{ not json");
    const notes = await checkpointIteration(loop(), facts(2), now());
    expect(notes.join("\n")).toMatch(/not valid JSON; kept it as .*corrupt-/);
    const record = (await loadRecord(file, now()))!;
    expect(record.checkpoints.map((c) => c.id)).toEqual(["2"]);
  });
});

describe("where checkpoints are written", () => {
  it("refuses a .git swapped for a gitfile that points at another repository, and writes nothing there", async () => {
    const { project, data, loop } = makeProject();
    write(project, "a.txt", "x\n");
    expect(await checkpointIteration(loop(), facts(1), now())).toEqual([]);
    const other = makeProject();
    rmSync(path.join(project, ".git"), { recursive: true });
    write(project, ".git", `gitdir: ${path.join(other.project, ".git")}\n`);
    const notes = await checkpointIteration(loop(), facts(2), now());
    expect(notes.join("\n")).toMatch(/git folder is now .*, not .* where the loop's checkpoints are; loopkit writes nothing there/);
    expect(git(other.project, "for-each-ref", "refs/loopkit")).toBe("");
    const record = (await loadRecord(recordFiles(data, project, "loop-1").record, now()))!;
    expect(record.checkpoints.map((c) => c.id)).toEqual(["1"]);
    expect(record.failure).toMatchObject({ iteration: 2 });
  });
});

describe("a project in a subfolder of its repository", () => {
  it("keeps the whole work tree and leaves out the project's own .auto-loop/", async () => {
    const { project: repo, data } = makeProject();
    const project = path.join(repo, "app");
    write(project, "src/main.ts", "main\n");
    write(project, ".auto-loop/goal-state.json", "{}\n");
    write(project, ".auto-loop-foreign-2026/old.json", "{}\n");
    write(repo, "top.txt", "beside the project\n");
    const loop = { dataDir: data, projectDir: project, loopId: "loop-sub", loopKind: "auto-loop" as const, stateFile: path.join(data, "s.json") };
    expect(await checkpointIteration(loop, facts(1), now())).toEqual([]);
    expect(git(repo, "ls-tree", "-r", "--name-only", "refs/loopkit/loop-sub").trim().split("\n")).toEqual([".gitignore", "README.md", "app/src/main.ts", "top.txt"]);
  });
});

describe("a hostile .git/index", () => {
  it("does not copy a FIFO planted as the person's index, and still checkpoints", async () => {
    const { project, loop } = makeProject();
    rmSync(path.join(project, ".git", "index"));
    execFileSync("mkfifo", [path.join(project, ".git", "index")]);
    write(project, "a.txt", "x\n");
    expect(await checkpointIteration(loop(), facts(1), now())).toEqual([]);
    expect(git(project, "show", "refs/loopkit/loop-1:a.txt")).toBe("x\n");
  }, 20_000);
});
