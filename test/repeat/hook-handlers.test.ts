// The repeat loop's Stop hook and CLI through the built bundle, as Claude Code runs them: start a loop
// with `node dist/cli.js repeat`, then feed `node dist/hook.cjs` Stop payloads.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const CLI = path.join(root, "dist", "cli.js");
const HOOK = path.join(root, "dist", "hook.cjs");
let tmp: string;
let project: string;
let data: string;

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit repeat hook "));
  project = path.join(tmp, "my project");
  data = path.join(tmp, "data");
  mkdirSync(project);
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const env = () => ({ PATH: process.env.PATH ?? "", HOME: tmp, LOOPKIT_DATA_DIR: data, LOOPKIT_STATS_FILE: path.join(tmp, "stats.json"), LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000" });

function cli(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [CLI, "repeat", "--project", project, ...args], { input: input ?? "", encoding: "utf8", env: env() });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const payload = (session: string, lastMessage: string | undefined, promptId?: string) =>
  JSON.stringify({
    session_id: session,
    transcript_path: path.join(tmp, "t.jsonl"),
    cwd: project,
    hook_event_name: "Stop",
    stop_hook_active: true,
    ...(promptId ? { prompt_id: promptId } : {}),
    ...(lastMessage === undefined ? {} : { last_assistant_message: lastMessage }),
  });

const parse = (stdout: string) => (stdout.trim() ? (JSON.parse(stdout) as { decision?: string; reason?: string; systemMessage?: string }) : undefined);

function stop(session: string, lastMessage: string | undefined, promptId?: string) {
  const result = spawnSync(process.execPath, [HOOK], { input: payload(session, lastMessage, promptId), encoding: "utf8", env: env() });
  return { code: result.status, stderr: result.stderr, output: parse(result.stdout) };
}

const stateFile = (session = "s-1") => path.join(data, "repeat", `${session}.json`);
const readState = (session = "s-1") => JSON.parse(readFileSync(stateFile(session), "utf8"));
const editState = (change: (state: any) => void, session = "s-1") => {
  const state = readState(session);
  change(state);
  writeFileSync(stateFile(session), JSON.stringify(state));
};
const marker = (session = "s-1") => path.join(data, "sessions", `${session}.json`);
const start = (text: string, session = "s-1") => cli(["--session", session, "--args-stdin"], text);

describe("repeat Stop hook", () => {
  it("fails closed: a Stop it cannot carry out tells the person, with the command that ends the loop", () => {
    expect(start("1m --iterations 3 check it").code).toBe(0);
    // Something not a lock folder sits where the state's lock goes, so the hook cannot lock the state.
    writeFileSync(`${stateFile()}.lock`, "");
    utimesSync(`${stateFile()}.lock`, new Date("2000-01-01"), new Date("2000-01-01"));
    const result = stop("s-1", "REPEAT-RESULT: pass");
    expect(result.code).toBe(0);
    expect(result.output?.decision).toBeUndefined();
    expect(result.output?.systemMessage).toMatch(/loopkit's Stop hook failed .*ending the loop failed too.*run \/loopkit:repeat --cancel/);
    expect(result.stderr).toMatch(/Stop hook failed/);
    // Each of the two lock attempts waits out its retries first.
  }, 90_000);

  it("records a pass, waits out the interval in the hook, then blocks with the next iteration's prompt", () => {
    expect(start("2s --iterations 2 /test").code).toBe(0);
    const begun = Date.now();
    const first = stop("s-1", "ran\nREPEAT-RESULT: pass - green");
    expect(first.code).toBe(0);
    expect(Date.now() - begun).toBeGreaterThanOrEqual(1_000);
    expect(first.output).toMatchObject({ decision: "block", reason: expect.stringMatching(/^loopkit repeat: iteration 2\/2 \(every 2s\)/) });
    expect(first.output!.systemMessage).toMatch(/^repeat 1\/2 - pass \(green\) - waited \d+s - repeat 2\/2 starting$/);
    expect(readState()).toMatchObject({ phase: "running", iteration: 2, iterations: [{ number: 1, result: "pass", exit_code: 0, summary: "green" }] });

    const last = stop("s-1", undefined);
    expect(last.output).toEqual({ systemMessage: expect.stringMatching(/^repeat ended: MAX_ITERATIONS - 2 iteration\(s\), 1 passed, 1 failed/) });
    expect(readState().iterations[1]).toMatchObject({ result: "fail", exit_code: 2, summary: "no final message from this turn, so no REPEAT-RESULT line" });
    expect(existsSync(marker())).toBe(false);
  });

  it("does nothing for a session that does not own the loop, even with a planted marker", () => {
    expect(start("1h /test").code).toBe(0);
    const before = readFileSync(stateFile(), "utf8");
    writeFileSync(marker("s-2"), readFileSync(marker(), "utf8"));
    expect(stop("s-2", "REPEAT-RESULT: pass")).toEqual({ code: 0, stderr: "", output: undefined });
    expect(stop("s-3", "REPEAT-RESULT: pass")).toEqual({ code: 0, stderr: "", output: undefined });
    expect(readFileSync(stateFile(), "utf8")).toBe(before);
  });

  it("pauses, never re-feeds, when a Stop finds the loop still waiting (its hook was interrupted); --resume continues", () => {
    expect(start("1h --iterations 3 /test").code).toBe(0);
    editState((s) => {
      s.phase = "waiting";
      s.next_at = new Date(Date.now() + 3_600_000).toISOString();
      s.wait_token = "gone-hook";
      s.iterations = [{ number: 1, started_at: s.started_at, ended_at: s.started_at, result: "pass", exit_code: 0, summary: null }];
    });
    const unrelated = stop("s-1", "Here is the answer to your unrelated question.");
    expect(unrelated.output).toEqual({ systemMessage: expect.stringMatching(/^loopkit repeat paused before iteration 2\/3 .*its wait was interrupted.*--resume.*--cancel/) });
    expect(readState()).toMatchObject({ phase: "paused", iteration: 1, iterations: [expect.anything()] });
    expect(stop("s-1", "another turn").output).toBeUndefined();
    expect(JSON.parse(cli(["--status", "--json"]).stdout)).toMatchObject({ active: true, status: "paused" });

    const resumed = cli(["--session", "s-1", "--args-stdin"], "--resume");
    expect(resumed.stdout).toMatch(/^loopkit repeat resumed[\s\S]*iteration 2\/3/);
    expect(readState()).toMatchObject({ phase: "running", iteration: 2 });
  });

  it("pauses, never counts, when a Stop comes from a new prompt while an iteration should be running", () => {
    expect(start("1s --iterations 3 /test").code).toBe(0);
    expect(stop("s-1", "REPEAT-RESULT: pass", "prompt-1").output).toMatchObject({ decision: "block" });
    expect(readState()).toMatchObject({ phase: "running", iteration: 2, prompt_id: "prompt-1" });
    // The continuation never reached the model (Claude Code's block cap, an Esc); this Stop ends the person's own prompt.
    const lost = stop("s-1", "Here is the weather.", "prompt-2");
    expect(lost.output).toEqual({ systemMessage: expect.stringMatching(/^loopkit repeat paused before iteration 2\/3 .*did not run as loopkit's continuation/) });
    expect(readState()).toMatchObject({ phase: "paused", iteration: 1, iterations: [expect.objectContaining({ number: 1 })] });

    expect(cli(["--session", "s-1", "--resume"]).stdout).toMatch(/iteration 2\/3/);
    expect(readState()).toMatchObject({ phase: "running", iteration: 2, prompt_id: null });
    expect(stop("s-1", "REPEAT-RESULT: pass", "prompt-3").output).toMatchObject({ decision: "block", reason: expect.stringMatching(/iteration 3\/3/) });
    expect(readState()).toMatchObject({ prompt_id: "prompt-3", iterations: [expect.objectContaining({ number: 1 }), expect.objectContaining({ number: 2 })] });
  });

  it("pauses when the waiting hook is terminated (SIGTERM), and lets the session stop", async () => {
    expect(start("1h --iterations 3 /test").code).toBe(0);
    const child = spawn(process.execPath, [HOOK], { env: env(), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stdin.end(payload("s-1", "REPEAT-RESULT: pass"));
    for (let i = 0; i < 100 && readState().phase !== "waiting"; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readState().phase).toBe("waiting");
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(parse(stdout)).toEqual({ systemMessage: expect.stringMatching(/^loopkit repeat paused/) });
    expect(readState()).toMatchObject({ phase: "paused", wait_token: null });
    expect(existsSync(marker())).toBe(true);
  });

  it("pauses when its session's process is gone (the hook was orphaned), instead of waiting on for nobody", async () => {
    expect(start("1h --iterations 3 /test").code).toBe(0);
    // A stand-in for Claude Code that starts the hook and dies (as on SIGTERM), leaving the hook behind.
    const parent = path.join(tmp, "parent.cjs");
    writeFileSync(
      parent,
      `const { spawn } = require("node:child_process");
       const hook = spawn(process.execPath, [${JSON.stringify(HOOK)}], { stdio: ["pipe", "ignore", "ignore"] });
       hook.stdin.end(${JSON.stringify(payload("s-1", "REPEAT-RESULT: pass"))});
       setTimeout(() => process.exit(0), 1500);`,
    );
    spawnSync(process.execPath, [parent], { env: env() });
    for (let i = 0; i < 100 && readState().phase !== "paused"; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readState()).toMatchObject({ phase: "paused", iteration: 1, iterations: [expect.objectContaining({ result: "pass" })] });
  });

  it("on a resumed session, pauses a loop left waiting and tells the person; other SessionStart sources do nothing", () => {
    expect(start("1h --iterations 3 /test").code).toBe(0);
    editState((s) => {
      s.phase = "waiting";
      s.next_at = new Date(Date.now() + 3_600_000).toISOString();
      s.wait_token = "old-process";
      s.iterations = [{ number: 1, started_at: s.started_at, ended_at: s.started_at, result: "pass", exit_code: 0, summary: null }];
    });
    const sessionStart = (source: string) =>
      spawnSync(process.execPath, [HOOK], { input: JSON.stringify({ session_id: "s-1", hook_event_name: "SessionStart", source }), encoding: "utf8", env: env() });
    expect(sessionStart("compact").stdout).toBe("");
    expect(readState().phase).toBe("waiting");
    expect(parse(sessionStart("resume").stdout)).toEqual({ systemMessage: expect.stringMatching(/^loopkit repeat paused before iteration 2\/3 .*the session ended while it waited/) });
    expect(readState()).toMatchObject({ phase: "paused", wait_token: null });
  });

  it("keeps a corrupt state aside, says so, drops the marker and lets the session stop", () => {
    expect(start("1h /test").code).toBe(0);
    writeFileSync(stateFile(), "{ not json");
    const result = stop("s-1", "REPEAT-RESULT: pass");
    expect(result.output).toEqual({ systemMessage: expect.stringMatching(/^loopkit repeat stopped: .* is not valid JSON; kept it as .*\.corrupt-/) });
    expect(readdirSync(path.join(data, "repeat")).filter((name) => name.includes(".corrupt-"))).toHaveLength(1);
    expect(existsSync(marker())).toBe(false);
  });
});

describe("loopkit repeat (CLI)", () => {
  it("prints the usage with --help, on stdin or as words", () => {
    expect(cli(["--help"])).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Usage: \/loopkit:repeat \[interval\]/) });
    expect(cli(["--args-stdin"], "--help")).toMatchObject({ code: 0, stdout: expect.stringContaining("CIRCUIT_BREAKER") });
  });

  it.each([
    ["--iterations 0 /x", /invalid --iterations "0"/],
    ["", /no command/],
    ["5m /x --bogus", /unknown option --bogus/],
  ])("exits 2 with a clear message and starts nothing: %j", (text, message) => {
    const result = start(text);
    expect(result).toMatchObject({ code: 2, stdout: "" });
    expect(result.stderr).toMatch(message);
    expect(existsSync(path.join(data, "repeat"))).toBe(false);
    expect(existsSync(path.join(tmp, "stats.json"))).toBe(false);
  });

  it("refuses to start without a session id", () => {
    expect(cli(["--args-stdin"], "5m /x")).toMatchObject({ code: 2, stderr: expect.stringMatching(/no Claude Code session id/) });
  });

  it("runs one loop per session: a second start names the active one", () => {
    expect(start("5m /first").code).toBe(0);
    expect(start("5m /second")).toMatchObject({ code: 1, stderr: expect.stringMatching(/already runs a repeat loop: "\/first", iteration 1\/5 \(running\)/) });
  });

  it("--cancel without --session asks which loop when the project has several, and --status says when there is none", () => {
    expect(JSON.parse(cli(["--status", "--json"]).stdout)).toMatchObject({ active: false, status: "none" });
    expect(cli(["--status"]).stdout).toMatch(/no loop has run/);
    expect(start("5m /a", "s-1").code).toBe(0);
    expect(start("5m /b", "s-2").code).toBe(0);
    expect(cli(["--cancel"])).toMatchObject({ code: 2, stderr: expect.stringMatching(/2 repeat loops are active .*--session/) });
    expect(cli(["--session", "s-2", "--cancel"]).stdout).toMatch(/^repeat ended: CANCELLED - 0 iteration/);
    expect(cli(["--cancel"]).stdout).toMatch(/CANCELLED.*"\/a"/);
    expect(existsSync(marker("s-1")) || existsSync(marker("s-2"))).toBe(false);
  });
});
