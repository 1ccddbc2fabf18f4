// The status line: one short line per loop kind from its state, nothing for a session without a loop.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { autoLoopKind } from "../../src/auto-loop/kind.js";
import { repeatKind } from "../../src/repeat/kind.js";
import { plain } from "../../src/shared/one-line.js";
import { runStatusline } from "../../src/statusline/run.js";
import { makeState, T0 } from "../auto-loop/fixtures.js";
import { loopState, T0 as R0 } from "../repeat/fixtures.js";
import { runLoopkit } from "../cli/cli-io.js";

describe("the line", () => {
  it("repeat: i/N, the last result and a countdown to the next iteration", () => {
    const state = loopState({
      phase: "waiting",
      iteration: 2,
      max_iterations: 5,
      command: "/test",
      next_at: new Date(R0.getTime() + 192_000).toISOString(),
      iterations: [
        {
          number: 2,
          started_at: R0.toISOString(),
          ended_at: R0.toISOString(),
          result: "pass",
          exit_code: 0,
          summary: "12 tests green",
          tokens: 48_200,
        },
      ],
    });
    expect(repeatKind.statusLine(state, R0)).toBe("repeat 2/5 /test · last pass (12 tests green) · 48k tokens · next in 3m12s");
    expect(repeatKind.statusLine({ ...state, phase: "paused" }, R0)).toMatch(/paused: \/loopkit:repeat --resume$/);
  });

  it("auto-loop: iteration, tokens and time against the caps, the last verdicts", () => {
    const state = makeState({ iteration: 3, tokens: { transcript: 100_000, audit: 20_000 }, started_at: T0.toISOString() });
    expect(autoLoopKind.statusLine(state, new Date(T0.getTime() + 12 * 60_000))).toMatch(
      /^auto-loop 3\/\d+ · 120k\/\d+(\.\d)?[kM] tokens · 12m\/\d+h · not judged yet$/,
    );
  });

  it("auto-loop paused for the person: says so, and what goes on; notify tells it as a pause with why", () => {
    const pause = {
      at: T0.toISOString(),
      by: "person" as const,
      reason: "the person wrote to the session while the loop ran",
      words: ["stop"],
      told: true,
    };
    const state = makeState({ iteration: 3, pause });
    expect(autoLoopKind.statusLine(state, new Date(T0.getTime() + 60_000))).toMatch(
      /^auto-loop paused 3\/\d+ · .* · waits for you: \/loopkit:auto-loop --resume · not judged yet$/,
    );
    expect(autoLoopKind.notify.standing(state)).toBe("paused");
    expect(autoLoopKind.notify.tale(state)).toMatchObject({ status: "paused", reason: pause.reason });
    expect(
      autoLoopKind.statusLine(makeState({ pause: { ...pause, by: "agent", reason: "the agent asks the person: which key?" } }), T0),
    ).toMatch(/ · the agent asks you something · /);
  });

  it("shows what the model wrote without control characters, on one line", () => {
    expect(plain("ok\u001b]0;pwned\u0007\nnext\u202e")).toBe("ok ]0;pwned next");
    expect(plain("x".repeat(100), 10)).toBe(`${"x".repeat(9)}…`);
  });
});

describe("loopkit statusline", () => {
  let home: string;
  beforeEach(() => {
    home = mkdtempSync(path.join(os.tmpdir(), "loopkit statusline "));
  });
  afterEach(() => rmSync(home, { recursive: true, force: true }));

  const statusline = async (input: string, env: NodeJS.ProcessEnv = { HOME: home }) => {
    let out = "";
    const code = await runStatusline(
      { readStdin: async () => input, stdout: (text) => void (out += text), env, now: () => new Date("2026-11-30T12:01:00Z") },
      () => import("../../src/statusline/describe.js"),
    );
    return { code, out };
  };

  it("prints nothing for a session without a loop, for garbage and for an unsafe session id", async () => {
    for (const input of [JSON.stringify({ session_id: "s-1" }), "not json", JSON.stringify({ session_id: "../../etc" }), ""]) {
      expect(await statusline(input)).toEqual({ code: 0, out: "" });
    }
  });

  it("finds the loop of that session in Claude Code's plugin data folder, never another session's", async () => {
    const data = path.join(home, ".claude", "plugins", "data", "loopkit-loopkit");
    const project = path.join(home, "app");
    mkdirSync(project);
    const env = { HOME: home, LOOPKIT_STATS_FILE: path.join(home, "stats.json") };
    const started = await runLoopkit(["repeat", "--session", "s-1", "--project", project, "--plugin-data", data, "--args-stdin"], {
      env,
      cwd: project,
      stdin: "5m /test",
      now: new Date("2026-11-30T12:00:00Z"),
    });
    expect(started.code).toBe(0);
    expect((await statusline(JSON.stringify({ session_id: "s-1" }))).out).toBe("repeat 1/5 /test · running\n");
    expect((await statusline(JSON.stringify({ session_id: "s-2" }))).out).toBe("");
  });

  it("shows an auto-loop cancelled from a terminal for a minute, then nothing, though its session never stopped again", async () => {
    const kind = "auto-loop";
    const data = path.join(home, "data");
    const project = path.join(home, "app");
    mkdirSync(project);
    const env = {
      HOME: home,
      LOOPKIT_DATA_DIR: data,
      LOOPKIT_STATS_FILE: path.join(home, "stats.json"),
      LOOPKIT_CLAUDE_BIN: process.execPath,
    };
    const started = await runLoopkit([kind, "--session", "s-1", "--project", project, "--args-stdin"], {
      env,
      cwd: project,
      stdin: "fix it --verify true",
      now: new Date("2026-11-30T12:00:00Z"),
    });
    expect(started.code, started.stderr).toBe(0);
    const cancelled = await runLoopkit([kind, "--cancel", "--project", project], {
      env,
      cwd: project,
      now: new Date("2026-11-30T12:00:30Z"),
    });
    expect(cancelled.code, cancelled.stderr).toBe(0);
    // The session's marker is still there: only its next Stop would remove it.
    expect(readdirSync(path.join(data, "sessions"))).toEqual(["s-1.json"]);
    const at = async (time: string) => {
      let out = "";
      await runStatusline(
        {
          readStdin: async () => JSON.stringify({ session_id: "s-1" }),
          stdout: (text) => void (out += text),
          env,
          now: () => new Date(time),
        },
        () => import("../../src/statusline/describe.js"),
      );
      return out;
    };
    expect(await at("2026-11-30T12:01:00Z")).toMatch(/^auto-loop cancelled 0\/40 /);
    expect(await at("2026-11-30T12:01:31Z")).toBe("");
  });

  it("says the state is unreadable, briefly, rather than failing the status line", async () => {
    const data = path.join(home, "data");
    mkdirSync(path.join(data, "sessions"), { recursive: true });
    const stateFile = path.join(data, "repeat", "s-1.json");
    mkdirSync(path.dirname(stateFile));
    writeFileSync(stateFile, "{ torn");
    writeFileSync(
      path.join(data, "sessions", "s-1.json"),
      JSON.stringify({
        version: 1,
        kind: "repeat",
        loop_id: "loop-1",
        project_dir: home,
        state_file: stateFile,
        created_at: "2026-11-30T12:00:00.000Z",
      }),
    );
    expect(await statusline(JSON.stringify({ session_id: "s-1" }), { HOME: home, LOOPKIT_DATA_DIR: data })).toEqual({
      code: 0,
      out: "loopkit repeat: state unreadable (see /loopkit:repeat --status)\n",
    });
  });
});
