// The baseline a loop judges from: its own start, or an unfinished earlier loop's (no laundering).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseAutoLoopArgs } from "../../src/auto-loop/args.js";
import type { AutoLoopState } from "../../src/auto-loop/core/state.js";
import { decideBaseline, loadJudgingBaseline, loadStartEvidence } from "../../src/auto-loop/data/evidence-start.js";
import { loadState, loopFiles, persist, removeMarker } from "../../src/auto-loop/data/store.js";
import { startLoop, type LoopContext } from "../../src/auto-loop/lifecycle/start.js";
import { compareSnapshots } from "../../src/evidence/compare.js";
import { openStore, type Snapshot } from "../../src/evidence/snapshot.js";
import { useTempProject } from "../support/bundle-driver.js";

const snapshot = (root: string): Snapshot => ({
  version: 1,
  root: root.repeat(64),
  git: [],
  taken_at: "2026-01-01T00:00:00.000Z",
  counts: { files: 0, dirs: 1, links: 0, special: 0, unreadable: 0, bytes: 0, unkept: 0 },
});
const loop = (loop_id: string, status: AutoLoopState["status"]) => ({ loop_id, status, started_at: "2026-01-01T10:00:00.000Z" });
const v2 = (loop_id: string, own: string, judged_from: unknown) =>
  ({ version: 2, loop_id, started_at: "2026-01-01T10:00:00.000Z", snapshot: snapshot(own), judged_from }) as never;

describe("decideBaseline", () => {
  const first = { version: 1, loop_id: "L1", snapshot: snapshot("a") } as const;
  type Row = [string, ReturnType<typeof loop> | undefined, unknown, boolean, string | null, string];
  it.each<Row>([
    ["no earlier loop", undefined, null, false, null, "as it is now"],
    ["the last loop achieved", loop("L1", "achieved"), first, false, null, "as it is now"],
    ["--new-baseline after an unfinished loop", loop("L1", "unmet"), first, true, null, "--new-baseline was given"],
    ["its record lost", loop("L1", "budget-limited"), "unreadable", false, null, "record of its start is lost"],
    ["a record of another loop", loop("L1", "blocked"), { ...first, loop_id: "L0" }, false, null, "record of its start is lost"],
    ...(["unmet", "budget-limited", "blocked", "cancelled"] as const).map(
      (status) =>
        [
          `the last loop ${status}`,
          loop("L1", status),
          first,
          false,
          "a",
          `baseline of loop L1, started 2026-01-01T10:00:00.000Z, which ended ${status}`,
        ] as Row,
    ),
    ["a replaced loop still pursuing", loop("L1", "pursuing"), first, false, "a", "which ended cancelled"],
  ])("%s", (_, previous, start, reset, root, line) => {
    const baseline = decideBaseline(previous, start as never, reset);
    expect(baseline.judgedFrom?.snapshot.root ?? null).toBe(root === null ? null : root.repeat(64));
    expect(baseline.line).toContain(line);
  });

  it("carries an inherited baseline on through a run of unfinished loops, naming the first and the latest end", () => {
    const inherited = {
      loop_id: "L1",
      started_at: "2026-01-01T09:00:00.000Z",
      last_end: { loop_id: "L1", status: "unmet" },
      snapshot: snapshot("a"),
    };
    const baseline = decideBaseline(loop("L2", "budget-limited"), v2("L2", "b", inherited), false);
    expect(baseline.judgedFrom).toMatchObject({ loop_id: "L1", last_end: { loop_id: "L2", status: "budget-limited" } });
    expect(baseline.judgedFrom!.snapshot.root).toBe("a".repeat(64));
    expect(baseline.line).toContain("baseline of loop L1, started 2026-01-01T09:00:00.000Z");
    expect(baseline.line).toContain("the latest, L2, ended budget-limited");
  });
});

describe("a loop started after an unfinished one", () => {
  const t = useTempProject("loopkit baseline");
  const ctx = (sessionId: string): LoopContext => ({
    dataDir: t.data,
    projectDir: t.project,
    sessionId,
    now: new Date(),
    staleMs: 60_000,
    env: { PATH: process.env.PATH ?? "" },
  });
  const start = (sessionId: string, args = "make it pass --verify true") =>
    startLoop(ctx(sessionId), parseAutoLoopArgs(args) as Extract<ReturnType<typeof parseAutoLoopArgs>, { mode: "start" }>);
  async function endAs(status: AutoLoopState["status"]): Promise<AutoLoopState> {
    const files = loopFiles(t.data, t.project);
    const state = (await loadState(files.state, new Date()))!;
    const now = new Date();
    await persist(files, { ...state, status, status_reason: "test", ended_at: now.toISOString() }, [], now);
    await removeMarker(t.data, state.session_id, state.loop_id);
    return state;
  }
  const changes = async (loopId: string) => {
    const dir = loopFiles(t.data, t.project).dir;
    const [from, now] = [await loadJudgingBaseline(dir, loopId, new Date()), await loadStartEvidence(dir, loopId, new Date())];
    const store = openStore(t.data, t.project);
    try {
      return compareSnapshots(store, t.project, from, now!).map((c) => `${c.how} ${c.path}`);
    } finally {
      store.close();
    }
  };

  it("judges from the earlier loop's baseline: its audit sees the cheat that loop left, and the start message names it", async () => {
    writeFileSync(path.join(t.project, "answer.js"), "module.exports = () => compute();\n");
    await start("s-1");
    writeFileSync(path.join(t.project, "answer.js"), "module.exports = () => 42;\n");
    const first = await endAs("budget-limited");
    const message = await start("s-2");
    expect(message).toContain(
      `The audit judges from the baseline of loop ${first.loop_id}, started ${first.started_at}, which ended budget-limited`,
    );
    const second = (await loadState(loopFiles(t.data, t.project).state, new Date()))!;
    // loopkit's own history lines (recorded like all of .auto-loop/ but its three rewritten files) and the cheat.
    expect(await changes(second.loop_id)).toEqual(["added .auto-loop/gate-history.jsonl", "changed answer.js"]);
    // A third loop after another unfinished one still judges from the first's start.
    await endAs("unmet");
    expect(await start("s-3")).toContain(`baseline of loop ${first.loop_id}`);
  });

  it("judges from its own start after an achieved loop, or when the person gives --new-baseline", async () => {
    writeFileSync(path.join(t.project, "answer.js"), "one\n");
    await start("s-1");
    writeFileSync(path.join(t.project, "answer.js"), "two\n");
    await endAs("achieved");
    expect(await start("s-2")).toContain("The audit judges from the project as it is now");
    const second = (await loadState(loopFiles(t.data, t.project).state, new Date()))!;
    expect(await changes(second.loop_id)).toEqual([]);
    writeFileSync(path.join(t.project, "answer.js"), "three\n");
    await endAs("cancelled");
    expect(await start("s-3", "make it pass --verify true --new-baseline")).toContain("--new-baseline was given");
  });

  it("keeps the earlier loop's contract: its verifier and protected files' start, until --new-baseline", async () => {
    writeFileSync(path.join(t.project, "a.test.js"), "assert(add(1, 2) === 3);\n");
    await start("s-1", "make it pass --verify true --protect a.test.js");
    writeFileSync(path.join(t.project, "a.test.js"), "// weakened\n");
    const first = await endAs("unmet");
    const message = await start("s-2", 'make it pass --verify "exit 0"');
    expect(message).toMatch(/the verifier `exit 0` \(it stays `true`\); protect without a\.test\.js \(still protected\)/);
    const second = (await loadState(loopFiles(t.data, t.project).state, new Date()))!;
    expect(second).toMatchObject({ verify_command: "true", protect: { globs: ["a.test.js"] } });
    // The test as loop 1 started with it, not as loop 1 left it: the weakened test is still a change.
    expect(Object.keys(first.protect.snapshot)).toEqual(["a.test.js"]);
    expect(second.protect.snapshot).toEqual(first.protect.snapshot);
    await endAs("cancelled");
    await start("s-3", 'make it pass --verify "exit 0" --new-baseline');
    expect((await loadState(loopFiles(t.data, t.project).state, new Date()))!).toMatchObject({
      verify_command: "exit 0",
      protect: { globs: [] },
    });
  });
});
