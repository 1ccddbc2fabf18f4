import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LoopRunSchema, loopRunOf, saveLoopRun, statsFile } from "../../src/repeat/stats-store.js";
import { RepeatStateSchema } from "../../src/repeat/state.js";
import { runCliAsync } from "../support/bundle-driver.js";
import { loopState, T0 } from "./fixtures.js";

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "loopkit stats "));
  file = path.join(dir, "ai toolkit", "stats.json");
  await mkdir(path.dirname(file));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const read = async () => JSON.parse(await readFile(file, "utf8"));
const record = (id: string) => loopRunOf(loopState({ loop_id: id }));

describe("statsFile", () => {
  it("is ~/.softspark/ai-toolkit/stats.json unless LOOPKIT_STATS_FILE says otherwise", () => {
    expect(statsFile({})).toBe(path.join(os.homedir(), ".softspark", "ai-toolkit", "stats.json"));
    expect(statsFile({ LOOPKIT_STATS_FILE: "/x/s.json" })).toBe("/x/s.json");
  });
});

describe("saveLoopRun", () => {
  it("creates the file, then updates the record in place as iterations end", async () => {
    await saveLoopRun(file, record("loop-1"), "create");
    const state = loopState({
      loop_id: "loop-1",
      phase: "ended",
      final_status: "COMPLETED",
      ended_at: "2026-03-01T10:05:10.000Z",
      iterations: [
        {
          number: 1,
          started_at: T0.toISOString(),
          ended_at: "2026-03-01T10:00:20.000Z",
          result: "pass",
          exit_code: 0,
          summary: "ok",
          tokens: 1200,
        },
        {
          number: 2,
          started_at: T0.toISOString(),
          ended_at: "2026-03-01T10:00:30.000Z",
          result: "fail",
          exit_code: 2,
          summary: null,
          tokens: null,
        },
      ],
    });
    await saveLoopRun(file, loopRunOf(state), "update");
    expect(await read()).toEqual({
      loop_runs: [
        {
          id: "loop-1",
          command: "/test",
          interval: "5m",
          max_iterations: 5,
          started_at: T0.toISOString(),
          iterations: [
            { number: 1, timestamp: T0.toISOString(), result: "pass", exit_code: 0, summary: "ok", tokens: 1200 },
            { number: 2, timestamp: T0.toISOString(), result: "fail", exit_code: 2, summary: null, tokens: null },
          ],
          final_status: "COMPLETED",
          ended_at: "2026-03-01T10:05:10.000Z",
          tokens: 1200,
          project_dir: state.project_dir,
        },
      ],
    });
  });

  it("keeps other keys and other tools' records of any shape, in order", async () => {
    const foreign = { tool: "other", sessions: [1, 2], nested: { a: null }, loop_runs: [{ id: "theirs", weird: true }, "a string record"] };
    await saveLoopRun(file, record("loop-0"), "create");
    await writeFile(file, JSON.stringify(foreign));
    await saveLoopRun(file, record("loop-1"), "create");
    const after = await read();
    expect(after).toEqual({ ...foreign, loop_runs: [...foreign.loop_runs, record("loop-1")] });
  });

  it("keeps another tool's keys named like Object's own (`__proto__`, `constructor`), with their values, in order", async () => {
    const text = '{"__proto__":{"x":1},"constructor":{"y":2},"toString":"t","loop_runs":[{"__proto__":{"z":1}}],"last":1}';
    await writeFile(file, text);
    await saveLoopRun(file, record("loop-1"), "create");
    const after = await read();
    expect(Object.keys(after)).toEqual(["__proto__", "constructor", "toString", "loop_runs", "last"]);
    expect(JSON.stringify(after)).toBe(text.replace("]", `,${JSON.stringify(record("loop-1"))}]`));
  });

  it("gives a taken id a suffix on create, and re-appends a record that vanished on update", async () => {
    expect((await saveLoopRun(file, record("loop-5"), "create")).id).toBe("loop-5");
    expect((await saveLoopRun(file, record("loop-5"), "create")).id).toBe("loop-5-2");
    await writeFile(file, JSON.stringify({ loop_runs: [] }));
    await saveLoopRun(file, record("loop-5"), "update");
    expect((await read()).loop_runs.map((r: { id: string }) => r.id)).toEqual(["loop-5"]);
  });

  it.each([
    ["not JSON", "{ this is not json"],
    ["truncated JSON", '{"loop_runs": [{"id": "loop-1"'],
    ["JSON that is not an object", "[1, 2, 3]"],
    ["loop_runs that is not a list", '{"loop_runs": "nope"}'],
  ])("moves a file that is %s aside, warns, and starts a fresh one", async (_name, content) => {
    await saveLoopRun(file, record("loop-0"), "create");
    await writeFile(file, content);
    const { warnings } = await saveLoopRun(file, record("loop-1"), "create", new Date("2026-03-01T10:00:00.000Z"));
    const aside = path.join(path.dirname(file), "stats.json.corrupt-2026-03-01T10-00-00-000Z");
    expect(warnings).toEqual([expect.stringContaining(`kept it as ${aside}`)]);
    expect(await readFile(aside, "utf8")).toBe(content);
    expect(await read()).toEqual({ loop_runs: [record("loop-1")] });
  });

  it("loses nothing when many appends in one process race each other", async () => {
    await writeFile(file, JSON.stringify({ other_tool: { runs: 7 } }));
    const ids = await Promise.all(Array.from({ length: 12 }, () => saveLoopRun(file, record("loop-same"), "create").then((r) => r.id)));
    expect(new Set(ids).size).toBe(12);
    const after = await read();
    expect(after.other_tool).toEqual({ runs: 7 });
    expect(after.loop_runs.map((r: { id: string }) => r.id).sort()).toEqual([...ids].sort());
  });

  it("loses nothing when several processes start loops at once, next to another writer's keys (through dist/cli.js)", async () => {
    await writeFile(file, JSON.stringify({ other_tool: { runs: 7 }, loop_runs: [{ id: "earlier" }] }));
    const project = path.join(dir, "my project");
    await mkdir(project);
    const env = { PATH: process.env.PATH ?? "", HOME: dir, LOOPKIT_DATA_DIR: path.join(dir, "data"), LOOPKIT_STATS_FILE: file };
    const sessions = Array.from({ length: 6 }, (_, n) => `session-${n}`);
    // Separate node processes, started together: their loop ids collide (same millisecond) and their writes race.
    const results = await Promise.all(
      sessions.map((session) => runCliAsync(["repeat", "--session", session, "--project", project, "1m", `/task-${session}`], { env })),
    );
    expect(results.map((r) => r.code)).toEqual(sessions.map(() => 0));
    expect(results.every((r) => r.stdout.includes("loopkit repeat started"))).toBe(true);
    const after = await read();
    expect(after.other_tool).toEqual({ runs: 7 });
    expect(after.loop_runs[0]).toEqual({ id: "earlier" });
    const commands = after.loop_runs.slice(1).map((r: { command: string }) => r.command);
    expect(commands.sort()).toEqual(sessions.map((s) => `/task-${s}`).sort());
    expect(new Set(after.loop_runs.map((r: { id: string }) => r.id)).size).toBe(sessions.length + 1);
    expect((await readdir(path.dirname(file))).filter((name) => name !== "stats.json")).toEqual([]);
  }, 60_000);
});

describe("files written before loopkit counted tokens", () => {
  it("a state file without tokens or a transcript cursor still reads: not counted, no cursor", () => {
    const { transcript_cursor: _cursor, ...old } = loopState({
      iterations: [
        { number: 1, started_at: T0.toISOString(), ended_at: T0.toISOString(), result: "pass", exit_code: 0, summary: "ok", tokens: 5 },
      ],
    });
    const file = JSON.parse(JSON.stringify(old));
    delete file.iterations[0].tokens;
    expect(RepeatStateSchema.parse(file)).toMatchObject({ transcript_cursor: null, iterations: [{ tokens: null }] });
  });

  it("a stats record without tokens still reads (history shows it as not counted)", () => {
    const old = {
      id: "loop-1",
      command: "/test",
      interval: "5m",
      max_iterations: 5,
      started_at: T0.toISOString(),
      iterations: [{ number: 1, timestamp: T0.toISOString(), result: "pass", exit_code: 0, summary: "ok" }],
      final_status: "COMPLETED",
      ended_at: T0.toISOString(),
    };
    const read = LoopRunSchema.parse(old);
    expect(read.tokens ?? null).toBeNull();
    expect(read.iterations[0]!.tokens ?? null).toBeNull();
  });
});
