// `loopkit checkpoints` (and its export), `restore` and `prune` through createProgram, on real projects.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createProgram } from "../../src/cli/program.js";
import type { CliIo } from "../../src/cli/io.js";
import { writeJson } from "../../src/state/json-store.js";
import { AutoLoopStateSchema } from "../../src/auto-loop/core/state.js";
import { loopFiles } from "../../src/auto-loop/data/store.js";
import { repeatStateFile, RepeatStateSchema } from "../../src/repeat/state.js";
import { loadState } from "../../src/repeat/store.js";
import { recordIteration } from "../../src/repeat/decide.js";
import { checkpointRecorded } from "../../src/repeat/checkpoint.js";
import { checkpointIteration } from "../../src/checkpoint/take.js";
import { evidenceFiles } from "../../src/evidence/paths.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { makeState } from "../auto-loop/fixtures.js";
import { loopState } from "../repeat/fixtures.js";
import { git, makeProject, write } from "../checkpoint/repo-fixture.js";

const now = () => new Date("2026-12-01T10:00:00.000Z");

async function loopkit(project: string, data: string, args: string[]) {
  let stdout = "";
  const io: CliIo = {
    stdout: (text) => void (stdout += text),
    stderr: () => undefined,
    readStdin: async () => "",
    env: { LOOPKIT_DATA_DIR: data },
    cwd: project,
    now,
    exitCode: 0,
  };
  try {
    await createProgram(io).parseAsync(["node", "loopkit", ...args]);
    return { code: io.exitCode, stdout, error: null };
  } catch (error) {
    return { code: io.exitCode, stdout, error: error as { code?: string; message: string } };
  }
}

/** A project with an auto-loop (`auto`, state `status`) and an ended repeat loop (`rep`), each with one checkpoint. */
async function twoLoops(status: "pursuing" | "cancelled") {
  const fixture = makeProject();
  const autoState = loopFiles(fixture.data, fixture.project).state;
  const repState = path.join(fixture.data, "repeat", "s.json");
  await writeJson(autoState, AutoLoopStateSchema, makeState({ loop_id: "auto", project_dir: fixture.project, status }));
  await writeJson(
    repState,
    RepeatStateSchema,
    loopState({ loop_id: "loop-7", project_dir: fixture.project, phase: "ended", final_status: "COMPLETED" }),
  );
  write(fixture.project, "a.txt", "auto\n");
  await checkpointIteration(
    { ...fixture.loop("auto"), loopKind: "auto-loop", stateFile: autoState },
    { iteration: 1, verdict: "fail", tokens: 10 },
    now(),
    deadlineIn(60_000),
  );
  write(fixture.project, "a.txt", "changed since\n");
  await checkpointIteration(
    { ...fixture.loop("loop-7"), stateFile: repState },
    { iteration: 1, verdict: "pass", tokens: null },
    new Date("2026-12-01T11:00:00.000Z"),
    deadlineIn(60_000),
  );
  return fixture;
}

describe("loopkit restore", () => {
  it("refuses while the loop still runs and changes nothing", async () => {
    const { project, data } = await twoLoops("pursuing");
    const result = await loopkit(project, data, ["restore", "auto", "1"]);
    expect(result.error).toMatchObject({ code: "LOOP_ACTIVE", hint: expect.stringContaining("--cancel") });
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("changed since\n");
  });

  it("refuses while another loop runs in the same project", async () => {
    const { project, data } = await twoLoops("pursuing");
    const result = await loopkit(project, data, ["restore", "loop-7", "1"]);
    expect(result.error).toMatchObject({
      code: "LOOP_ACTIVE",
      message: expect.stringContaining("auto-loop auto is running in this project"),
    });
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("changed since\n");
  });

  it("restores once the loop is cancelled", async () => {
    const { project, data } = await twoLoops("cancelled");
    const result = await loopkit(project, data, ["restore", "auto", "1"]);
    expect(result.error).toBeNull();
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("auto\n");
  });

  it.each([
    [["restore", "../heads/main", "1"], "USAGE"],
    [["restore", "nope", "1"], "NO_CHECKPOINT"],
    [["checkpoints", "nope"], "NO_CHECKPOINT"],
  ])("%j is a clear error", async (args, code) => {
    const { project, data } = await twoLoops("cancelled");
    expect((await loopkit(project, data, args)).error).toMatchObject({ code });
  });
});

describe("loopkit checkpoints", () => {
  it("shows the project's newest loop and names the others", async () => {
    const { project, data } = await twoLoops("cancelled");
    const result = await loopkit(project, data, ["checkpoints"]);
    expect(result.stdout).toMatch(/^repeat loop-7: 1 checkpoint\(s\) in .*checkpoints.*loop-7\.json\n/);
    expect(result.stdout).toMatch(/ 1 +1 +[0-9a-f]{12} +pass +- +3 files \(3 added\)/);
    expect(result.stdout).toContain("Other loops here:\n  auto-loop auto: 1 checkpoint(s)");
    expect(JSON.parse((await loopkit(project, data, ["checkpoints", "auto", "--json"])).stdout)).toMatchObject({
      loop_id: "auto",
      checkpoints: [{ id: "1", tokens: 10 }],
    });
  });
});

describe("loopkit checkpoints export", () => {
  it("puts the checkpoints on a new branch, chained on HEAD, ignored files left out; HEAD, the index and the tree stay", async () => {
    const { project, data } = await twoLoops("cancelled");
    write(project, "ignored/cache.txt", "the person's\n");
    const head = git(project, "rev-parse", "HEAD");
    const status = git(project, "status", "--porcelain");
    const result = await loopkit(project, data, ["checkpoints", "export", "auto", "--branch", "loopkit/try"]);
    expect(result.error).toBeNull();
    expect(result.stdout).toMatch(
      /Exported checkpoint 1 of auto-loop auto to the branch loopkit\/try \(commit [0-9a-f]{12}, on [0-9a-f]{12}\)/,
    );
    expect(git(project, "rev-parse", "loopkit/try^")).toBe(head);
    expect(git(project, "show", "loopkit/try:a.txt")).toBe("auto\n");
    expect(git(project, "ls-tree", "-r", "--name-only", "loopkit/try").trim().split("\n")).toEqual([".gitignore", "README.md", "a.txt"]);
    expect(git(project, "log", "-1", "--format=%s", "loopkit/try").trim()).toBe("loopkit: iteration 1 of auto-loop auto: fail, 10 tokens");
    expect(git(project, "rev-parse", "HEAD")).toBe(head);
    expect(git(project, "status", "--porcelain")).toBe(status);
    // An existing branch is never moved.
    expect((await loopkit(project, data, ["checkpoints", "export", "auto", "1", "--branch", "loopkit/try"])).error).toMatchObject({
      code: "USAGE",
      message: expect.stringContaining("exists already"),
    });
    expect((await loopkit(project, data, ["checkpoints", "export", "auto", "--branch", "bad..name"])).error).toMatchObject({
      code: "USAGE",
    });
    expect((await loopkit(project, data, ["checkpoints", "export", "auto"])).error).toMatchObject({ code: "USAGE" });
  });
});

describe("loopkit prune", () => {
  it("removes ended loops' records, says each, keeps a running loop, and shrinks loopkit's record to what is kept", async () => {
    const { project, data } = await twoLoops("pursuing");
    const dry = await loopkit(project, data, ["prune", "--dry-run"]);
    expect(dry.stdout).toContain("would remove the 1 checkpoint(s) of repeat loop-7");
    const pruned = await loopkit(project, data, ["prune"]);
    expect(pruned.stdout).toContain("removed the 1 checkpoint(s) of repeat loop-7");
    expect(pruned.stdout).toContain("kept the 1 checkpoint(s) of auto-loop auto (loop still running)");
    expect(pruned.stdout).toMatch(/loopkit's record of the project: [\d.]+ MB freed/);
    expect((await loopkit(project, data, ["checkpoints", "loop-7"])).error).toMatchObject({ code: "NO_CHECKPOINT" });
    // The kept loop's checkpoint still restores once it is cancelled.
    await writeJson(
      loopFiles(data, project).state,
      AutoLoopStateSchema,
      makeState({ loop_id: "auto", project_dir: project, status: "cancelled" }),
    );
    expect((await loopkit(project, data, ["restore", "auto", "1"])).error).toBeNull();
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("auto\n");
  });

  it("keeps the newest N ended loops, and removes loopkit's record when nothing is kept", async () => {
    const { project, data } = await twoLoops("cancelled");
    const pruned = await loopkit(project, data, ["prune", "--keep", "1"]);
    expect(pruned.stdout).toContain("removed the 1 checkpoint(s) of auto-loop auto");
    expect(pruned.stdout).toContain("kept the 1 checkpoint(s) of repeat loop-7");
    expect((await loopkit(project, data, ["prune", "--keep", "1"])).stdout).toMatch(/^Nothing to prune/);
    expect((await loopkit(project, data, ["prune"])).stdout).toContain("(nothing left to keep)");
    expect(existsSync(evidenceFiles(data, project).pack)).toBe(false);
  });

  it.each(["-1", "x", "1.5"])("refuses --keep %s", async (keep) => {
    const { project, data } = await twoLoops("cancelled");
    expect((await loopkit(project, data, ["prune", "--keep", keep])).error).toMatchObject({ code: "USAGE" });
  });
});

describe("loopkit history", () => {
  it("shows how many checkpoints each loop holds", async () => {
    const { project, data } = await twoLoops("cancelled");
    const stats = path.join(data, "stats.json");
    await writeJson(stats, (await import("zod")).z.any(), {
      loop_runs: [
        {
          id: "loop-7",
          command: "/test",
          interval: "1m",
          max_iterations: 2,
          started_at: "2026-12-01T09:00:00.000Z",
          iterations: [],
          final_status: "COMPLETED",
          ended_at: "2026-12-01T09:01:00.000Z",
        },
      ],
    });
    let stdout = "";
    const io: CliIo = {
      stdout: (t) => void (stdout += t),
      stderr: () => undefined,
      readStdin: async () => "",
      env: { LOOPKIT_DATA_DIR: data, LOOPKIT_STATS_FILE: stats },
      cwd: project,
      now,
      exitCode: 0,
    };
    await createProgram(io).parseAsync(["node", "loopkit", "history", "--json"]);
    expect(JSON.parse(stdout)).toEqual({ version: 1, runs: [expect.objectContaining({ id: "loop-7", checkpoints: 1 })] });
  });
});

describe("a repeat loop's start", () => {
  it("is recorded, so its first checkpoint names only what the first iteration changed (and holds its tokens)", async () => {
    const { project, data } = makeProject();
    const started = await loopkit(project, data, ["repeat", "--session", "s-1", "--project", project, "1m", "do the task"]);
    expect(started.stdout).toContain("loopkit repeat started");
    expect(started.stdout).not.toContain("could not record");
    write(project, "made.txt", "by iteration 1\n");
    const file = repeatStateFile(data, "s-1");
    const state = await loadState(file, now());
    const done = recordIteration(
      state!,
      { result: "pass", exit_code: 0, summary: "made it", successMarker: null, tokens: 1234 },
      now(),
      "token",
    ).state;
    expect(await checkpointRecorded(data, done, file, now())).toEqual([]);
    const listed = JSON.parse((await loopkit(project, data, ["checkpoints", done.loop_id, "--json"])).stdout);
    expect(listed.checkpoints).toEqual([
      expect.objectContaining({
        id: "1",
        tokens: 1234,
        changed: expect.objectContaining({ added: 1, paths: [{ status: "A", path: "made.txt" }] }),
      }),
    ]);
  });
});
