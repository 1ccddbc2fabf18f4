// Housekeeping at a loop's end: which ended loops' records go (by age, by the data folder's size),
// what always stays (a running loop's, each project's newest ended loop), and the person's policy.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_PRUNE_POLICY, planAutoPrune, prunePolicy, type AutoPruneCandidate } from "../../src/checkpoint/auto-prune.js";
import { recordFile, type CheckpointRecord } from "../../src/checkpoint/record.js";
import { checkpointIteration } from "../../src/checkpoint/take.js";
import { autoPrune } from "../../src/loops/housekeeping.js";
import { RepeatStateSchema } from "../../src/repeat/state.js";
import { deadlineIn } from "../../src/shared/deadline.js";
import { writeJson } from "../../src/state/json-store.js";
import { loopState } from "../repeat/fixtures.js";
import { makeProject, write } from "./repo-fixture.js";

const now = new Date("2026-12-01T10:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

/** A record that only planAutoPrune reads: its project and its last checkpoint's time. */
const record = (loop_id: string, project_dir: string, at: string) =>
  ({ loop_id, project_dir, checkpoints: [{ at }] }) as unknown as CheckpointRecord;
const candidate = (id: string, project: string, days: number, running = false): AutoPruneCandidate => ({
  record: record(id, project, daysAgo(days)),
  running,
});
const ids = (plan: { record: CheckpointRecord; why: string }[]) => plan.map((p) => `${p.record.loop_id}:${p.why}`);
const policy = { keepDays: 30, maxBytes: 1000 };

describe("planAutoPrune", () => {
  it.each([
    ["nothing old, under the size: nothing goes", [candidate("a", "/p", 1), candidate("b", "/p", 2)], 10, []],
    ["an old ended loop goes, the project's newest stays however old", [candidate("a", "/p", 40), candidate("b", "/p", 50)], 10, ["b:age"]],
    ["the newest of each project stays", [candidate("a", "/p", 40), candidate("b", "/q", 50)], 10, []],
    [
      "a running loop never goes, and does not count as the newest ended one",
      [candidate("a", "/p", 90, true), candidate("b", "/p", 60)],
      10,
      [],
    ],
    [
      "over the size, all but each project's newest goes, oldest first",
      [candidate("a", "/p", 1), candidate("b", "/p", 3), candidate("c", "/p", 2), candidate("d", "/q", 5)],
      5000,
      ["b:size", "c:size"],
    ],
    ["over the size, a running loop still stays", [candidate("a", "/p", 1), candidate("b", "/p", 3, true)], 5000, []],
  ])("%s", (_, candidates, bytes, expected) => {
    expect(ids(planAutoPrune(candidates, bytes, now, policy))).toEqual(expected);
  });
});

describe("prunePolicy", () => {
  const home = (options: Record<string, unknown> | null) => {
    const dir = makeProject({ init: false }).root;
    if (options) {
      mkdirSync(path.join(dir, ".claude"));
      writeFileSync(path.join(dir, ".claude", "settings.json"), JSON.stringify({ pluginConfigs: { "loopkit@loopkit": { options } } }));
    }
    return dir;
  };

  it("is the default without settings, and with values that are not positive numbers", () => {
    expect(prunePolicy(home(null))).toEqual(DEFAULT_PRUNE_POLICY);
    expect(prunePolicy(home({ keep_days: -1, max_data_mb: "lots" }))).toEqual(DEFAULT_PRUNE_POLICY);
  });

  it("takes keep_days and max_data_mb from the person's own settings", () => {
    expect(prunePolicy(home({ keep_days: 7, max_data_mb: "512" }))).toEqual({ keepDays: 7, maxBytes: 512 * 1024 * 1024 });
  });
});

describe("autoPrune", () => {
  /** A project with three ended repeat loops, their last checkpoints 90, 60 and 1 day(s) old, and a running one 100 days old. */
  async function fourLoops() {
    const fixture = makeProject();
    const loops = [
      { id: "old", days: 90, phase: "ended" as const },
      { id: "older", days: 60, phase: "ended" as const },
      { id: "new", days: 1, phase: "ended" as const },
      { id: "live", days: 100, phase: "running" as const },
    ];
    for (const [i, loop] of loops.entries()) {
      const stateFile = path.join(fixture.data, "repeat", `${loop.id}.json`);
      await writeJson(
        stateFile,
        RepeatStateSchema,
        loopState({
          loop_id: loop.id,
          project_dir: fixture.project,
          phase: loop.phase,
          ...(loop.phase === "ended" ? { final_status: "COMPLETED" } : {}),
        }),
      );
      write(fixture.project, "a.txt", `${"content ".repeat(1000)}${i}\n`);
      await checkpointIteration(
        { ...fixture.loop(loop.id), stateFile },
        { iteration: 1, verdict: "pass", tokens: null },
        new Date(daysAgo(loop.days)),
        deadlineIn(60_000),
      );
    }
    return fixture;
  }

  it("removes the old ended loops' records, keeps the running loop's and the newest ended one, and says so", async () => {
    const { project, data } = await fourLoops();
    const line = await autoPrune(data, now, DEFAULT_PRUNE_POLICY);
    expect(line).toMatch(
      /^loopkit's data folder holds [\d.]+ MB \(.*\): removed the records of 2 ended loop\(s\), their last checkpoint older than 30 days; [\d.]+ MB freed\.$/,
    );
    expect(["old", "older", "new", "live"].map((id) => existsSync(recordFile(data, project, id)))).toEqual([false, false, true, true]);
    expect(await autoPrune(data, now, DEFAULT_PRUNE_POLICY)).toMatch(/^loopkit's data folder holds [\d.]+ MB \(.*\)\.$/);
  });

  it("over the size, keeps only the running loop's and the newest ended one", async () => {
    const { project, data } = await fourLoops();
    const line = await autoPrune(data, now, { keepDays: 365, maxBytes: 1 });
    expect(line).toContain("removed the records of 2 ended loop(s), over the 0.0 MB it may hold");
    expect(["old", "older", "new", "live"].map((id) => existsSync(recordFile(data, project, id)))).toEqual([false, false, true, true]);
  });

  it("says what the folder holds and never throws when there is nothing to prune", async () => {
    const { data } = makeProject();
    expect(await autoPrune(data, now, DEFAULT_PRUNE_POLICY)).toMatch(/^loopkit's data folder holds 0\.0 MB/);
  });
});
