import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loopKind } from "../../src/loops/registry.js";
import { loadRecord, recordFile, type CheckpointRecord } from "../../src/checkpoint/record.js";
import { planRestore, restoreCheckpoint } from "../../src/checkpoint/restore.js";
import { checkpointIteration } from "../../src/checkpoint/take.js";
import { pruneRecord } from "../../src/evidence/prune.js";
import { KEEP_BYTES } from "../../src/evidence/walk.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { gitFolder, makeProject, personView, write } from "./repo-fixture.js";

const now = () => new Date("2026-12-01T10:00:00.000Z");

const checkpoint = (loop: Parameters<typeof checkpointIteration>[0], iteration: number) =>
  checkpointIteration(loop, { iteration, verdict: "fail", tokens: null }, now(), deadlineIn(60_000));
const recordOf = async (data: string, project: string) => (await loadRecord(recordFile(data, project, "loop-1"), now()))!;

async function twoIterations() {
  const fixture = makeProject();
  write(fixture.project, "a.txt", "one\n");
  write(fixture.project, "src/lib/x.ts", "x\n");
  await checkpoint(fixture.loop(), 1);
  write(fixture.project, "a.txt", "two\n");
  write(fixture.project, "b.txt", "new\n");
  await checkpoint(fixture.loop(), 2);
  return { ...fixture, record: await recordOf(fixture.data, fixture.project) };
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
    [
      { kind: "auto-loop" as const, loopId: "loop-1", cancel: loopKind("auto-loop").cancelCommand },
      "auto-loop loop-1 is still running",
      "/loopkit:auto-loop --cancel",
    ],
    [
      { kind: "repeat" as const, loopId: "loop-9", cancel: loopKind("repeat").cancelCommand },
      "repeat loop-9 is running in this project",
      "/loopkit:repeat --cancel",
    ],
  ])("refuses while a loop runs in the project (%j), naming how to cancel it", (running, message, cancel) => {
    expect(() => planRestore(record, "1", running)).toThrow(
      expect.objectContaining({ code: "LOOP_ACTIVE", message: expect.stringContaining(message), hint: expect.stringContaining(cancel) }),
    );
  });

  it("refuses a checkpoint that does not exist, listing those that do", () => {
    expect(() => planRestore(record, "7", null)).toThrow(
      expect.objectContaining({ code: "NO_CHECKPOINT", message: expect.stringContaining("it has: 1, r1") }),
    );
  });
});

describe("restoreCheckpoint", () => {
  it("leaves loopkit's own files in .auto-loop/ as they are (never rewritten, deleted or listed), not what the agent put there", async () => {
    const { project, data, record } = await twoIterations();
    write(project, ".auto-loop/gate-history.jsonl", "line 1\nline 2\n");
    write(project, ".auto-loop/logs/verifier-3-1.log", "ok\n");
    write(project, ".auto-loop/logs/planted.js", "made after checkpoint 1\n");
    const said = await restoreCheckpoint(data, record, record.checkpoints[0]!, now());
    expect(readFileSync(path.join(project, ".auto-loop/gate-history.jsonl"), "utf8")).toBe("line 1\nline 2\n");
    expect(readFileSync(path.join(project, ".auto-loop/logs/verifier-3-1.log"), "utf8")).toBe("ok\n");
    // What the agent wrote there is the tree's like any file.
    expect(existsSync(path.join(project, ".auto-loop/logs/planted.js"))).toBe(false);
    expect(said).toContain("D .auto-loop/logs/planted.js");
    expect(said).not.toMatch(/gate-history|verifier-3-1|not empty/);
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("one\n");
  });

  it("brings back exactly the checkpoint's files, ignored ones too, and keeps the tree it replaced as an undo point", async () => {
    const { project, data, record } = await twoIterations();
    write(project, "a.txt", "broken\n");
    write(project, "ignored/new.txt", "made after checkpoint 1\n");
    const before = { person: personView(project), git: gitFolder(project) };
    const said = await restoreCheckpoint(data, record, record.checkpoints[0]!, now());
    expect(said).toMatch(/Restored checkpoint 1 .*: 3 files \(1 modified, 2 deleted\)/);
    expect(said).toContain("undo with: loopkit restore loop-1 r1");
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("one\n");
    expect(existsSync(path.join(project, "b.txt"))).toBe(false);
    expect(existsSync(path.join(project, "ignored/new.txt"))).toBe(false);
    expect({ ...personView(project), status: "" }).toEqual({ ...before.person, status: "" });
    expect(gitFolder(project)).toEqual(before.git);

    const saved = await recordOf(data, project);
    const undo = saved.checkpoints[2]!;
    expect(undo).toMatchObject({ id: "r1", kind: "before-restore", restored: "1", iteration: 2 });
    await restoreCheckpoint(data, saved, undo, now());
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("broken\n");
    expect(readFileSync(path.join(project, "b.txt"), "utf8")).toBe("new\n");
    expect(readFileSync(path.join(project, "ignored/new.txt"), "utf8")).toBe("made after checkpoint 1\n");
  });

  it("never writes through a link or a hard link the agent planted, nor outside the project", async () => {
    const { root, project, data, record } = await twoIterations();
    const outside = path.join(root, "outside");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "victim.txt"), "untouched\n");
    // The folder src/ becomes a link out of the project; a.txt a hard link to a file outside it.
    rmSync(path.join(project, "src"), { recursive: true });
    symlinkSync(outside, path.join(project, "src"));
    rmSync(path.join(project, "a.txt"));
    linkSync(path.join(outside, "victim.txt"), path.join(project, "a.txt"));
    await restoreCheckpoint(data, record, record.checkpoints[0]!, now());
    expect(readFileSync(path.join(outside, "victim.txt"), "utf8")).toBe("untouched\n");
    expect(existsSync(path.join(outside, "lib"))).toBe(false);
    expect(lstatSync(path.join(project, "src")).isDirectory()).toBe(true);
    expect(readFileSync(path.join(project, "src/lib/x.ts"), "utf8")).toBe("x\n");
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("one\n");
  });

  it("leaves files whose content it does not keep (over 1 MB) as they are, neither written nor deleted, and names them", async () => {
    const { project, data, loop } = makeProject();
    write(project, "big.bin", Buffer.alloc(KEEP_BYTES + 1, 1).toString());
    await checkpoint(loop(), 1);
    write(project, "big.bin", Buffer.alloc(KEEP_BYTES + 1, 2).toString());
    write(project, "other-big.bin", Buffer.alloc(KEEP_BYTES + 1, 3).toString());
    await checkpoint(loop(), 2);
    const record = await recordOf(data, project);
    const said = await restoreCheckpoint(data, record, record.checkpoints[0]!, now());
    expect(said).toMatch(
      /Left as they are \(2\):\n {2}other-big\.bin: .*so it is not deleted\n {2}big\.bin: what is there now is not in loopkit's record .*so it is not overwritten/,
    );
    expect(readFileSync(path.join(project, "big.bin"))[0]).toBe(2);
    expect(existsSync(path.join(project, "other-big.bin"))).toBe(true);
  });

  it("says so when the checkpoint's tree is gone from the record, and changes nothing", async () => {
    const { project, data, record } = await twoIterations();
    await pruneRecord(data, project, []);
    write(project, "a.txt", "now\n");
    await expect(restoreCheckpoint(data, record, record.checkpoints[0]!, now())).rejects.toMatchObject({
      code: "NO_CHECKPOINT",
      message: expect.stringContaining("is gone"),
    });
    expect(readFileSync(path.join(project, "a.txt"), "utf8")).toBe("now\n");
  });
});
