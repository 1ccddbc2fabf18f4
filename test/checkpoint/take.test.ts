import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRecord, recordFile } from "../../src/checkpoint/record.js";
import {
  checkpointIteration,
  iterationChangesText,
  pendingCheckpoint,
  recordIteration,
  recordLoopBase,
  snapshotLoopStart,
} from "../../src/checkpoint/take.js";
import { evidenceFiles } from "../../src/evidence/paths.js";
import { takeSnapshot } from "../../src/evidence/snapshot.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { git, gitFolder, makeProject, personView, write } from "./repo-fixture.js";

const now = () => new Date("2026-12-01T10:00:00.000Z");
const facts = (iteration: number, verdict = "fail") => ({ iteration, verdict, tokens: 100 * iteration });
const checkpoint = (loop: Parameters<typeof checkpointIteration>[0], f: ReturnType<typeof facts>) =>
  checkpointIteration(loop, f, now(), deadlineIn(60_000));
const recordOf = async (data: string, project: string, id = "loop-1") => (await loadRecord(recordFile(data, project, id), now()))!;

describe("a checkpoint per iteration", () => {
  it("keeps each iteration's tree in loopkit's record (ignored files included), and writes nothing into the project's .git", async () => {
    const { project, data, loop } = makeProject();
    write(project, "wip.txt", "stash me\n");
    git(project, "stash", "push", "-q", "--include-untracked", "-m", "person's stash");
    write(project, "staged.txt", "staged\n");
    git(project, "add", "staged.txt");
    write(project, "src/a.ts", "one\n");
    write(project, "ignored/big.bin", "ignored\n");
    write(project, ".auto-loop/goal-state.json", "{}\n");
    const before = { person: personView(project), git: gitFolder(project) };
    expect(await checkpoint(loop(), facts(1))).toEqual([]);
    expect({ person: personView(project), git: gitFolder(project) }).toEqual(before);

    write(project, "src/a.ts", "two\n");
    write(project, "ignored/big.bin", "changed, and ignored\n");
    rmSync(path.join(project, "README.md"));
    expect(await checkpoint(loop(), facts(2, "pass, audit unmet"))).toEqual([]);
    expect(gitFolder(project)).toEqual(before.git);
    const record = await recordOf(data, project);
    expect(record.checkpoints.map((c) => [c.id, c.verdict, c.tokens])).toEqual([
      ["1", "fail", 100],
      ["2", "pass, audit unmet", 200],
    ]);
    const [one, two] = record.checkpoints;
    // Without a start snapshot (repeat) the first checkpoint counts its whole tree.
    expect(one!.changed.paths.map((p) => `${p.status} ${p.path}`)).toEqual([
      "A .gitignore",
      "A README.md",
      "A ignored/big.bin",
      "A src/a.ts",
      "A staged.txt",
    ]);
    expect(two!.changed).toEqual({
      added: 0,
      modified: 2,
      deleted: 1,
      paths: [
        { status: "D", path: "README.md" },
        { status: "M", path: "ignored/big.bin" },
        { status: "M", path: "src/a.ts" },
      ],
      more: 0,
    });
    expect(two!.snapshot.root).not.toBe(one!.snapshot.root);
  });

  it("works with no commit and with no repository at all", async () => {
    for (const options of [{ commit: false }, { init: false }]) {
      const { project, data, loop } = makeProject(options);
      write(project, "new.txt", "x\n");
      expect(await checkpoint(loop(), facts(1))).toEqual([]);
      write(project, "new.txt", "y\n");
      expect(await checkpoint(loop(), facts(2))).toEqual([]);
      expect((await recordOf(data, project)).checkpoints.map((c) => c.changed.modified)).toEqual([0, 1]);
    }
  });

  it("runs nothing the project configures: no git runs at all", async () => {
    const { project, loop } = makeProject();
    const ran = path.join(project, "..", "ran");
    for (const hook of ["reference-transaction", "post-index-change", "pre-commit", "post-commit"]) {
      write(project, `.git/hooks/${hook}`, `#!/bin/sh\necho ${hook} >> "${ran}"\n`);
      chmodSync(path.join(project, ".git/hooks", hook), 0o755);
    }
    write(project, ".gitattributes", "*.txt filter=evil\n");
    git(project, "config", "filter.evil.clean", `echo clean >> "${ran}"; cat`);
    git(project, "config", "core.fsmonitor", `echo fsmonitor >> "${ran}"`);
    write(project, "a.txt", "content\n");
    expect(await checkpoint(loop(), facts(1))).toEqual([]);
    expect(existsSync(ran) ? readFileSync(ran, "utf8") : "").toBe("");
  });

  it("reports a failed checkpoint, records it, and recovers at the next iteration", async () => {
    const { project, data, loop } = makeProject();
    // loopkit's own store unusable (here: a folder where its pack goes).
    mkdirSync(evidenceFiles(data, project).pack, { recursive: true });
    write(project, "a.txt", "x\n");
    const notes = await checkpoint(loop(), facts(1));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/could not record a checkpoint of iteration 1 \(loopkit could not record the project: .*\); the loop goes on/);
    let record = await recordOf(data, project);
    expect(record).toMatchObject({ failure: { iteration: 1 }, failures: 1, checkpoints: [] });
    rmSync(evidenceFiles(data, project).pack, { recursive: true });
    expect(await checkpoint(loop(), facts(2))).toEqual([]);
    record = await recordOf(data, project);
    expect(record.failure).toBeNull();
    expect(record.checkpoints.map((c) => c.id)).toEqual(["2"]);
  });

  it("checkpoints an iteration once, and names what changed in it since the loop's start", async () => {
    const { project, data, loop } = makeProject();
    const start = (await takeSnapshot({ dataDir: data, projectDir: project, deadline: deadlineIn(60_000) })).snapshot;
    write(project, "a.txt", "x\n");
    const taken = await takeSnapshot({ dataDir: data, projectDir: project, deadline: deadlineIn(60_000) });
    const pending = await pendingCheckpoint(loop(), taken.snapshot, start);
    expect(iterationChangesText(pending)).toBe("Changed in this iteration (from loopkit's checkpoints): 1 file (1 added)\n  A a.txt");
    await recordIteration(loop(), pending, facts(1), now(), start);
    await recordIteration(loop(), pending, facts(1), now(), start);
    await checkpoint(loop(), facts(1));
    const record = await recordOf(data, project);
    expect(record.checkpoints).toHaveLength(1);
    expect(record.base).toEqual(start);
  });

  it("a loop whose start is recorded as its base (repeat) counts its first checkpoint from it; the base is written once", async () => {
    const { project, data, loop } = makeProject();
    const started = await snapshotLoopStart(data, project, deadlineIn(60_000));
    const start = started.snapshot;
    expect(await recordLoopBase(loop(), started, now())).toEqual([]);
    write(project, "a.txt", "x\n");
    await checkpoint(loop(), facts(1));
    const record = await recordOf(data, project);
    expect(record.base).toEqual(start);
    expect(record.checkpoints[0]!.changed.paths).toEqual([{ status: "A", path: "a.txt" }]);
    // A record that has checkpoints keeps its base: a late start never rewrites the loop's history.
    const later = await snapshotLoopStart(data, project, deadlineIn(60_000));
    expect(await recordLoopBase(loop(), later, now())).toEqual([]);
    expect((await recordOf(data, project)).base).toEqual(start);
  });

  it("a start that could not be recorded is a note; the loop's first checkpoint then counts every file", async () => {
    const { project, data, loop } = makeProject();
    // The project's folder gone at the start: the snapshot fails, and there is nothing to keep.
    const notes = await recordLoopBase(loop(), await snapshotLoopStart(data, `${project} gone`, deadlineIn(60_000)), now());
    expect(notes).toEqual([expect.stringMatching(/could not record the project at the loop's start \(.*ENOENT.*\); the loop goes on/)]);
    await checkpoint(loop(), facts(1));
    expect((await recordOf(data, project)).checkpoints[0]!.changed.added).toBe(2);
  });

  it("keeps a corrupt record aside and starts a new one", async () => {
    const { project, data, loop } = makeProject();
    const file = recordFile(data, project, "loop-1");
    await checkpoint(loop(), facts(1));
    write(path.dirname(file), path.basename(file), "{ not json");
    const notes = await checkpoint(loop(), facts(2));
    expect(notes.join("\n")).toMatch(/not valid JSON; kept it as .*corrupt-/);
    expect((await recordOf(data, project)).checkpoints.map((c) => c.id)).toEqual(["2"]);
  });
});

describe("where checkpoints are written", () => {
  it("never into a repository that a planted gitfile, commondir or linked ref points at", async () => {
    const { project, data, loop } = makeProject();
    const other = makeProject();
    const theirs = gitFolder(other.project);
    write(project, "a.txt", "x\n");
    write(project, ".git/commondir", `${path.join(other.project, ".git")}\n`);
    expect(await checkpoint(loop(), facts(1))).toEqual([]);
    rmSync(path.join(project, ".git"), { recursive: true });
    write(project, ".git", `gitdir: ${path.join(other.project, ".git")}\n`);
    write(project, "a.txt", "y\n");
    expect(await checkpoint(loop(), facts(2))).toEqual([]);
    expect(gitFolder(other.project)).toEqual(theirs);
    expect((await recordOf(data, project)).checkpoints.map((c) => c.changed.paths.map((p) => p.path))).toEqual([
      [".gitignore", "README.md", "a.txt"],
      [".git", "a.txt"],
    ]);
  });
});

describe("a project in a subfolder of its repository", () => {
  it("keeps the project's folder, its own .auto-loop/ left out", async () => {
    const { project: repo, data } = makeProject();
    const project = path.join(repo, "app");
    write(project, "src/main.ts", "main\n");
    write(project, ".auto-loop/goal-state.json", "{}\n");
    write(repo, "top.txt", "beside the project\n");
    const loop = {
      dataDir: data,
      projectDir: project,
      loopId: "loop-sub",
      loopKind: "auto-loop" as const,
      stateFile: path.join(data, "s.json"),
    };
    expect(await checkpoint(loop, facts(1))).toEqual([]);
    expect((await recordOf(data, project, "loop-sub")).checkpoints[0]!.changed.paths.map((p) => p.path)).toEqual(["src/main.ts"]);
  });
});

describe("a hostile .git", () => {
  it("a FIFO planted as the index or the config neither hangs nor fails a checkpoint", async () => {
    const { project, loop } = makeProject();
    for (const name of ["index", "config"]) {
      rmSync(path.join(project, ".git", name));
      execFileSync("mkfifo", [path.join(project, ".git", name)]);
    }
    write(project, "a.txt", "x\n");
    expect(await checkpoint(loop(), facts(1))).toEqual([]);
  }, 20_000);
});
