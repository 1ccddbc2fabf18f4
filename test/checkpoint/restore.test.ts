import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRecord, recordFiles, type CheckpointRecord } from "../../src/checkpoint/record.js";
import { planRestore, restoreCheckpoint } from "../../src/checkpoint/restore.js";
import { checkpointIteration } from "../../src/checkpoint/take.js";
import { git, makeProject, personView, write } from "./repo-fixture.js";

const now = () => new Date("2026-12-01T10:00:00.000Z");

async function twoIterations() {
  const fixture = makeProject();
  write(fixture.project, "a.txt", "one\n");
  await checkpointIteration(fixture.loop(), { iteration: 1, verdict: "fail", tokens: null }, now());
  write(fixture.project, "a.txt", "two\n");
  write(fixture.project, "b.txt", "new\n");
  await checkpointIteration(fixture.loop(), { iteration: 2, verdict: "pass", tokens: null }, now());
  const record = (await loadRecord(recordFiles(fixture.data, fixture.project, "loop-1").record, now()))!;
  return { ...fixture, record };
}

describe("planRestore", () => {
  const record = { loop_id: "loop-1", loop_kind: "auto-loop", checkpoints: [{ id: "1" }, { id: "r1" }] } as unknown as CheckpointRecord;
  it.each([
    ["1", "1"],
    [" r1 ", "r1"],
  ])("finds %j", (target, id) => {
    expect(planRestore(record, target, null).id).toBe(id);
  });

  it.each([
    [{ kind: "auto-loop" as const, loopId: "loop-1" }, "auto-loop loop-1 is still running", "/loopkit:auto-loop --cancel"],
    [{ kind: "repeat" as const, loopId: "loop-9" }, "repeat loop-9 is running in this project", "/loopkit:repeat --cancel"],
  ])("refuses while a loop runs in the project (%j), naming how to cancel it", (running, message, cancel) => {
    expect(() => planRestore(record, "1", running)).toThrow(expect.objectContaining({ code: "LOOP_ACTIVE", message: expect.stringContaining(message), hint: expect.stringContaining(cancel) }));
  });

  it("refuses a checkpoint that does not exist, listing those that do", () => {
    expect(() => planRestore(record, "7", null)).toThrow(expect.objectContaining({ code: "NO_CHECKPOINT", message: expect.stringContaining("it has: 1, r1") }));
  });
});

describe("restoreCheckpoint", () => {
  it("brings back exactly the checkpoint's files and keeps the tree it replaced as an undo point", async () => {
    const { project, data, record } = await twoIterations();
    write(project, "a.txt", "broken\n");
    write(project, "ignored/keep.txt", "mine\n");
    const before = personView(project);
    const said = await restoreCheckpoint(data, record, record.checkpoints[0]!, now());
    expect(said).toMatch(/Restored checkpoint 1 .*: 2 files \(1 modified, 1 deleted\)/);
    expect(said).toContain("undo with: loopkit restore loop-1 r1");
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("one\n");
    expect(existsSync(path.join(project, "b.txt"))).toBe(false);
    expect(readFileSync(path.join(project, "ignored/keep.txt"), "utf8")).toBe("mine\n");
    const after = personView(project);
    expect({ ...after, status: "" }).toEqual({ ...before, status: "" });

    const saved = (await loadRecord(recordFiles(data, project, "loop-1").record, now()))!;
    const undo = saved.checkpoints[2]!;
    expect(undo).toMatchObject({ id: "r1", kind: "before-restore", restored: "1", iteration: 2 });
    expect(git(project, "show", `${undo.commit}:a.txt`)).toBe("broken\n");
    await restoreCheckpoint(data, saved, undo, now());
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("broken\n");
    expect(readFileSync(path.join(project, "b.txt"), "utf8")).toBe("new\n");
  });

  it("refuses to overwrite an ignored file in the way, and changes nothing", async () => {
    const { project, data, loop, record } = await twoIterations();
    git(project, "rm", "-q", "--cached", "--ignore-unmatch", "b.txt");
    write(project, "a.txt", "three\n");
    await import("node:fs/promises").then((fs) => fs.rm(path.join(project, "b.txt")));
    await checkpointIteration(loop(), { iteration: 3, verdict: "fail", tokens: null }, now());
    // Now the person ignores b.txt and keeps a file of their own there; checkpoint 2 holds another b.txt.
    write(project, ".gitignore", "ignored/\nb.txt\n");
    write(project, "b.txt", "the person's ignored b\n");
    const current = (await loadRecord(recordFiles(data, project, "loop-1").record, now()))!;
    await expect(restoreCheckpoint(data, current, record.checkpoints[1]!, now())).rejects.toMatchObject({
      code: "CHECKPOINT_FAILED",
      message: expect.stringMatching(/b\.txt/),
    });
    expect(readFileSync(path.join(project, "b.txt"), "utf8")).toBe("the person's ignored b\n");
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("three\n");
  });

  it("says so when the checkpoint's commit is gone", async () => {
    const { data, record } = await twoIterations();
    const gone = { ...record.checkpoints[0]!, commit: "0".repeat(40) };
    await expect(restoreCheckpoint(data, record, gone, now())).rejects.toMatchObject({ code: "NO_CHECKPOINT", message: expect.stringContaining("is gone") });
  });
});
