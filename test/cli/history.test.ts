// `loopkit history`: loops started and ended through the real commands, listed newest first.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { RunDetailJsonSchema, RunListJsonSchema } from "../../src/history/runs.js";
import { pauseLoop } from "../../src/repeat/decide.js";
import { scanLoops } from "../../src/repeat/store.js";
import { runLoopkit } from "./cli-io.js";

let tmp: string;
let project: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit history "));
  project = path.join(tmp, "app");
  mkdirSync(project);
  env = {
    HOME: tmp,
    PATH: process.env.PATH ?? "",
    LOOPKIT_DATA_DIR: path.join(tmp, "data"),
    LOOPKIT_STATS_FILE: path.join(tmp, "stats.json"),
  };
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 12, minute));
const loopkit = (args: string[], stdin = "", minute = 0) => runLoopkit(args, { env, cwd: project, stdin, now: at(minute) });
const skill = (command: string, session: string, text: string, minute: number) =>
  loopkit([command, "--session", session, "--project", project, "--args-stdin"], text, minute);

async function twoRuns() {
  expect((await skill("repeat", "s-1", "5m /test --iterations 3", 0)).code).toBe(0);
  expect((await skill("repeat", "s-1", "--cancel", 2)).code).toBe(0);
  expect((await skill("auto-loop", "s-2", "make it pass --verify true", 5)).code).toBe(0);
}

describe("loopkit history", () => {
  it("lists both loop kinds newest first, as a table and as JSON with the stats log's id and final_status", async () => {
    await twoRuns();
    const table = await loopkit(["history"]);
    expect(table.code).toBe(0);
    const lines = table.stdout.trim().split("\n");
    expect(lines[0]).toMatch(
      /^ID\s+KIND\s+COMMAND OR GOAL\s+PROJECT\s+STARTED \(UTC\)\s+DURATION\s+ITER\s+PASS\/FAIL\s+STATUS\s+CHECKPOINTS\s+TOKENS$/,
    );
    expect(lines[1]).toMatch(/auto-loop\s+make it pass\s+app\s+2026-11-30 12:05\s+0s\s+0\s+0\/0\s+running\s+0\s+0$/);
    // A repeat loop cancelled before its first iteration ended: nothing counted.
    expect(lines[2]).toMatch(/^loop-\d+\s+repeat\s+\/test\s+app\s+2026-11-30 12:00\s+2m\s+0\s+0\/0\s+CANCELLED\s+0\s+-$/);

    const list = JSON.parse((await loopkit(["history", "--json"])).stdout);
    expect(RunListJsonSchema.safeParse(list).success).toBe(true);
    const json = list.runs as unknown[];
    expect(list.version).toBe(1);
    expect(json).toHaveLength(2);
    const stats = JSON.parse(readFileSync(env.LOOPKIT_STATS_FILE!, "utf8")) as { loop_runs: { id: string; final_status: string }[] };
    expect(json[1]).toMatchObject({
      kind: "repeat",
      id: stats.loop_runs[0]!.id,
      final_status: stats.loop_runs[0]!.final_status,
      command: "/test",
      project_dir: project,
      tokens: null,
    });
    expect(json[0]).toMatchObject({
      kind: "auto-loop",
      goal: "make it pass",
      final_status: null,
      project_dir: expect.stringContaining("app"),
      tokens: 0,
    });

    expect(JSON.parse((await loopkit(["history", "--limit", "1", "--json"])).stdout).runs).toHaveLength(1);
  });

  it("tells a paused loop (its session gone) from a running one, and counts a running one's time until now", async () => {
    expect((await skill("repeat", "s-1", "5m /test --iterations 3", 0)).code).toBe(0);
    expect((await skill("auto-loop", "s-2", "make it pass --verify true", 5)).code).toBe(0);
    const running = await loopkit(["history"], "", 20);
    expect(running.stdout).toMatch(/auto-loop\s+make it pass\s+app\s+2026-11-30 12:05\s+15m\s+0\s+0\/0\s+running\s/);
    expect(running.stdout).toMatch(/repeat\s+\/test\s+app\s+2026-11-30 12:00\s+20m\s+0\s+0\/0\s+running\s/);
    // The repeat loop's session ended (it paused the loop); the auto-loop's went silent past the takeover limit.
    const [file] = (await scanLoops(env.LOOPKIT_DATA_DIR!, project)).loops;
    writeFileSync(file!.file, JSON.stringify(pauseLoop(file!.state)));
    const paused = await loopkit(["history"], "", 5 + 31);
    expect(paused.stdout).toMatch(/auto-loop\s+make it pass\s+app\s+2026-11-30 12:05\s+0s\s+0\s+0\/0\s+paused\s/);
    expect(paused.stdout).toMatch(/repeat\s+\/test\s+app\s+2026-11-30 12:00\s+0s\s+0\s+0\/0\s+paused\s/);
    const runs = JSON.parse((await loopkit(["history", "--json"], "", 5 + 31)).stdout).runs;
    expect(runs.map((run: { paused: boolean; final_status: string | null }) => [run.final_status, run.paused])).toEqual([
      [null, true],
      [null, true],
    ]);
    expect((await loopkit(["history", runs[0].id], "", 5 + 31)).stdout).toMatch(
      /^auto-loop .*: paused \(its session or runner is gone; not ended\)\n/,
    );
  });

  it("shows one run's steps by id, in text and JSON", async () => {
    await twoRuns();
    const [auto, repeat] = JSON.parse((await loopkit(["history", "--json"])).stdout).runs as { id: string }[];
    const one = await loopkit(["history", auto!.id]);
    expect(one.stdout).toMatch(/^auto-loop .*: running\n {2}goal: make it pass/);
    expect(one.stdout).toMatch(/start\s+goal inline; verifier: true/);
    expect(one.stdout).toContain(`  report: loopkit report ${auto!.id} (one HTML page)\n`);
    expect((await loopkit(["history"])).stdout).toMatch(
      /\n\nA run's story on one HTML page: loopkit report <id>\n\nloopkit's data folder holds [\d.]+ MB \([^\n]*\); [^\n]*\.\n$/,
    );
    const detail = JSON.parse((await loopkit(["history", repeat!.id, "--json"])).stdout);
    expect(RunDetailJsonSchema.safeParse(detail).success).toBe(true);
    expect(detail).toMatchObject({ id: repeat!.id, final_status: "CANCELLED", steps: [] });
  });

  it("keeps other tools' records out, and says so when there is nothing", async () => {
    expect((await loopkit(["history"])).stdout).toMatch(/^No loop has run/);
    writeFileSync(env.LOOPKIT_STATS_FILE!, JSON.stringify({ loop_runs: [{ id: "other-tool", what: 1 }], other: true }));
    // No runs is still a versioned object, as every JSON output is.
    expect(JSON.parse((await loopkit(["history", "--json"])).stdout)).toEqual({ version: 1, runs: [] });
  });

  it("still lists the runs of a stats log kept aside as corrupt: what is readable in it", async () => {
    expect((await skill("repeat", "s-1", "5m /test --iterations 3", 0)).code).toBe(0);
    expect((await skill("repeat", "s-1", "--cancel", 2)).code).toBe(0);
    const text = readFileSync(env.LOOPKIT_STATS_FILE!, "utf8");
    writeFileSync(env.LOOPKIT_STATS_FILE!, `${text.slice(0, text.lastIndexOf("]"))}, {"id": "loop-torn", "comm`);
    // The next loop keeps the torn log aside and starts a fresh one.
    expect((await skill("repeat", "s-3", "5m /lint", 4)).code).toBe(0);
    expect(readdirSync(tmp).filter((name) => name.startsWith("stats.json.corrupt-"))).toHaveLength(1);
    const runs = JSON.parse((await loopkit(["history", "--json"])).stdout).runs as { command: string }[];
    expect(runs.map((run) => run.command)).toEqual(["/lint", "/test"]);
  });

  it("names a corrupt stats log and changes nothing; an unknown id exits 8, a bad --limit 2", async () => {
    writeFileSync(env.LOOPKIT_STATS_FILE!, "{ torn");
    const corrupt = await loopkit(["history"]);
    expect(corrupt.code).toBe(1);
    expect(corrupt.stderr).toContain(env.LOOPKIT_STATS_FILE!);
    expect(readFileSync(env.LOOPKIT_STATS_FILE!, "utf8")).toBe("{ torn");
    rmSync(env.LOOPKIT_STATS_FILE!);
    expect((await loopkit(["history", "loop-1"])).code).toBe(8);
    expect((await loopkit(["history", "--limit", "0"])).code).toBe(2);
    expect((await loopkit(["history", "--limit"])).code).toBe(2);
  });
});
