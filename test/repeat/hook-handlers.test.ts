// The repeat loop's hooks and CLI through the built bundle, as Claude Code runs them: start a loop
// with `node dist/cli.js repeat`, then feed `node dist/hook.cjs` (and its background twin,
// `hook.cjs --background`) Stop, StopFailure, UserPromptSubmit and SessionEnd payloads.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  baseEnv,
  hookAnswer,
  hookCommand,
  hookOutput,
  hookPayload,
  runCli,
  sendHook,
  startHook,
  stopPayload,
  useTempProject,
  type HookAnswer,
} from "../support/bundle-driver.js";

const world = useTempProject("loopkit repeat hook");

const env = () => ({
  ...baseEnv(world.tmp),
  LOOPKIT_DATA_DIR: world.data,
  LOOPKIT_STATS_FILE: path.join(world.tmp, "stats.json"),
  LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000",
});

const cli = (args: string[], input?: string) => runCli(["repeat", "--project", world.project, ...args], { input, env: env() });

const payload = (session: string, lastMessage: string | undefined, promptId?: string) =>
  stopPayload({
    session_id: session,
    transcript_path: path.join(world.tmp, "t.jsonl"),
    cwd: world.project,
    prompt_id: promptId,
    last_assistant_message: lastMessage,
  });

const stop = (session: string, lastMessage: string | undefined, promptId?: string) =>
  hookAnswer(sendHook(payload(session, lastMessage, promptId), { env: env() }));

/** The background hook of a Stop, as Claude Code starts it beside the Stop hook; resolves when it exits. */
const background = (session: string, lastMessage: string | undefined, promptId?: string) =>
  startHook(payload(session, lastMessage, promptId), { env: env(), background: true });

const hookEvent = (event: string, fields: Record<string, unknown>) =>
  hookAnswer(sendHook(hookPayload(event, { session_id: "s-1", cwd: world.project, ...fields }), { env: env() }));

const stateFile = (session = "s-1") => path.join(world.data, "repeat", `${session}.json`);
const readState = (session = "s-1") => JSON.parse(readFileSync(stateFile(session), "utf8"));
const editState = (change: (state: any) => void, session = "s-1") => {
  const state = readState(session);
  change(state);
  writeFileSync(stateFile(session), JSON.stringify(state));
};
const marker = (session = "s-1") => path.join(world.data, "sessions", `${session}.json`);
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

  it("does nothing for a session that does not own the loop, even with a planted marker", () => {
    expect(start("1h /test").code).toBe(0);
    const before = readFileSync(stateFile(), "utf8");
    writeFileSync(marker("s-2"), readFileSync(marker(), "utf8"));
    expect(stop("s-2", "REPEAT-RESULT: pass")).toEqual({ code: 0, stderr: "", output: undefined });
    expect(stop("s-3", "REPEAT-RESULT: pass")).toEqual({ code: 0, stderr: "", output: undefined });
    expect(readFileSync(stateFile(), "utf8")).toBe(before);
  });

  it("the person's own turn during a wait changes nothing: its Stop only says when the next runs, its background hook leaves the wait alone", async () => {
    expect(start("1h --iterations 3 /test").code).toBe(0);
    editState((s) => {
      s.phase = "waiting";
      s.next_at = new Date(Date.now() + 3_600_000).toISOString();
      s.wait_token = "the-waiting-hook";
      s.wait_owner = "prompt-1";
      s.iterations = [{ number: 1, started_at: s.started_at, ended_at: s.started_at, result: "pass", exit_code: 0, summary: null }];
    });
    const before = readState();
    const waiter = background("s-1", "Here is the answer to your question.", "prompt-person");
    const own = stop("s-1", "Here is the answer to your question.", "prompt-person");
    expect(own.output).toEqual({
      systemMessage: expect.stringMatching(/^loopkit repeat loop-\d+: 1\/3 pass · next 2\/3 at .* \(in (59m\d+s|1h)\) · .*--cancel/),
    });
    expect(await waiter.exited).toMatchObject({ code: 0, stderr: "" });
    expect(readState()).toEqual(before);
  });

  it("a Stop of another prompt while an iteration is in flight is never counted; the woken turn's prompt (with the loop's tag) binds it", () => {
    expect(start("1s --iterations 3 /test").code).toBe(0);
    expect(stop("s-1", "REPEAT-RESULT: pass", "prompt-1").output).toMatchObject({ systemMessage: expect.stringMatching(/next 2\/3/) });
    editState((s) => {
      s.phase = "running";
      s.iteration = 2;
      s.next_at = null;
      s.wait_token = null;
    });
    // The person's own turn ends while the woken iteration waits its turn: nothing is counted.
    expect(stop("s-1", "Here is the weather.", "prompt-person").output).toBeUndefined();
    expect(readState()).toMatchObject({ phase: "running", iteration: 2, iterations: [expect.objectContaining({ number: 1 })] });
    // Interactive: the woken iteration is a new prompt; its UserPromptSubmit carries the loop's tag.
    const loopId = readState().loop_id;
    expect(hookEvent("UserPromptSubmit", { prompt: "what is 2+2", prompt_id: "prompt-other" }).output).toBeUndefined();
    expect(readState().prompt_id).toBe("prompt-1");
    hookEvent("UserPromptSubmit", {
      prompt: `<task-notification>\nStop hook blocking error from command "node": loopkit repeat: iteration 2/3 (${loopId}, every 1s).`,
      prompt_id: "prompt-2",
    });
    expect(readState().prompt_id).toBe("prompt-2");
    expect(stop("s-1", "REPEAT-RESULT: fail - red", "prompt-2").output).toMatchObject({
      systemMessage: expect.stringMatching(/2\/3 fail \(red\) · next 3\/3/),
    });
    expect(readState()).toMatchObject({
      phase: "waiting",
      wait_owner: "prompt-2",
      iterations: [expect.objectContaining({ number: 1 }), expect.objectContaining({ number: 2, result: "fail" })],
    });
  });

  it.each([
    ["typed into it (2.1.332: UserPromptSubmit under the iteration's id)", "prompt"],
    ["queued into it (2.1.197: only the transcript shows it)", "transcript"],
  ])("the person's word in a running iteration: %s, the iteration is recorded and the loop pauses for --resume", (_name, how) => {
    expect(start("1s --iterations 3 /test").code).toBe(0);
    expect(stop("s-1", "REPEAT-RESULT: pass - one", "prompt-1").output?.systemMessage).toMatch(/next 2\/3/);
    editState((s) => {
      s.phase = "running";
      s.iteration = 2;
    });
    if (how === "prompt") {
      expect(hookEvent("UserPromptSubmit", { prompt: "/loopkit:repeat --status", prompt_id: "prompt-1" }).output).toBeUndefined();
      expect(readState().person_wrote).toBe(false);
      expect(hookEvent("UserPromptSubmit", { prompt: "Stop after this one.", prompt_id: "prompt-1" }).output).toBeUndefined();
      expect(readState()).toMatchObject({ phase: "running", person_wrote: true });
    } else {
      writeFileSync(
        path.join(world.tmp, "t.jsonl"),
        `${JSON.stringify({ type: "attachment", attachment: { type: "queued_command", prompt: "Stop after this one.", origin: { kind: "human" } } })}\n`,
      );
    }
    expect(stop("s-1", "REPEAT-RESULT: pass - two", "prompt-1").output?.systemMessage).toMatch(
      /paused before iteration 3\/3 .*you wrote to the session while iteration 2 ran\. Resume with \/loopkit:repeat --resume/,
    );
    expect(readState()).toMatchObject({ phase: "paused", next_at: null, iterations: [{ number: 1 }, { number: 2, result: "pass" }] });
    // The next Stop, of the person's own turn, starts nothing.
    expect(stop("s-1", "Sure.", "prompt-9").output).toBeUndefined();
    expect(readState().phase).toBe("paused");
  });

  it("records an API error turn (StopFailure) as a failed iteration naming the error; the breaker counts it", () => {
    expect(start("1s --iterations 5 /test").code).toBe(0);
    editState((s) => (s.consecutive_failures = 2));
    const failed = hookEvent("StopFailure", {
      prompt_id: "prompt-1",
      error: "rate_limit",
      last_assistant_message: "API Error: Request rejected (429) · rate_limit_error",
    });
    expect(failed.code).toBe(0);
    expect(readState()).toMatchObject({
      phase: "ended",
      final_status: "CIRCUIT_BREAKER",
      iterations: [
        {
          number: 1,
          result: "fail",
          exit_code: 1,
          summary: "API error (rate_limit): API Error: Request rejected (429) · rate_limit_error",
        },
      ],
    });
    const record = JSON.parse(readFileSync(path.join(world.tmp, "stats.json"), "utf8")).loop_runs[0];
    expect(record).toMatchObject({
      final_status: "CIRCUIT_BREAKER",
      ended_at: expect.stringMatching(/Z$/),
      iterations: [{ summary: expect.stringMatching(/^API error \(rate_limit\)/) }],
    });
    expect(existsSync(marker())).toBe(false);
  });

  it("at SessionEnd after an API error (claude -p), records the failed iteration from the transcript and pauses the loop for --resume", () => {
    expect(start("1s --iterations 3 /test").code).toBe(0);
    const transcript = path.join(world.tmp, "t.jsonl");
    writeFileSync(
      transcript,
      [
        { type: "user", message: { role: "user", content: "go" } },
        {
          type: "assistant",
          isApiErrorMessage: true,
          error: "server_error",
          message: {
            model: "<synthetic>",
            content: [{ type: "text", text: "API Error: 529 overloaded_error. This is a server-side issue" }],
          },
        },
        { type: "last-prompt", lastPrompt: "go" },
      ]
        .map((record) => JSON.stringify(record))
        .join("\n") + "\n",
    );
    expect(hookEvent("SessionEnd", { reason: "other", transcript_path: transcript }).code).toBe(0);
    expect(readState()).toMatchObject({
      phase: "paused",
      iteration: 1,
      consecutive_failures: 1,
      iterations: [
        { number: 1, result: "fail", summary: "API error (server_error): API Error: 529 overloaded_error. This is a server-side issue" },
      ],
    });
    const record = JSON.parse(readFileSync(path.join(world.tmp, "stats.json"), "utf8")).loop_runs[0];
    expect(record.iterations).toHaveLength(1);
    expect(cli(["--session", "s-1", "--resume"]).stdout).toMatch(/iteration 2\/3/);
  });

  it("pauses when the waiting background hook is terminated (SIGTERM), and wakes nothing", async () => {
    expect(start("1h --iterations 3 /test").code).toBe(0);
    const waiter = background("s-1", "REPEAT-RESULT: pass", "prompt-1");
    stop("s-1", "REPEAT-RESULT: pass", "prompt-1");
    expect(readState().phase).toBe("waiting");
    await untilIdle(waiter.child.pid!);
    waiter.child.kill("SIGTERM");
    const { code, stdout } = await waiter.exited;
    expect(code).toBe(0);
    expect(hookOutput(stdout)).toEqual({ systemMessage: expect.stringMatching(/^loopkit repeat paused/) });
    expect(readState()).toMatchObject({ phase: "paused", wait_token: null });
    expect(existsSync(marker())).toBe(true);
  });

  it("pauses when its session's process is gone (the hook was orphaned), instead of waiting on for nobody", async () => {
    expect(start("1h --iterations 3 /test").code).toBe(0);
    // A stand-in for Claude Code that starts the hook and dies (as on SIGTERM), leaving the hook behind.
    const parent = path.join(world.tmp, "parent.cjs");
    writeFileSync(
      parent,
      `const { spawn } = require("node:child_process");
       const [node, ...args] = ${JSON.stringify(hookCommand({ background: true }))};
       const hook = spawn(node, args, { stdio: ["pipe", "ignore", "ignore"] });
       hook.stdin.end(${JSON.stringify(JSON.stringify(payload("s-1", "REPEAT-RESULT: pass", "prompt-1")))});
       setTimeout(() => process.exit(0), 1500);`,
    );
    stop("s-1", "REPEAT-RESULT: pass", "prompt-1");
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
    const sessionStart = (source: string) => sendHook(hookPayload("SessionStart", { session_id: "s-1", source }), { env: env() });
    expect(sessionStart("compact").stdout).toBe("");
    expect(readState().phase).toBe("waiting");
    expect(hookOutput(sessionStart("resume").stdout)).toEqual({
      systemMessage: expect.stringMatching(/^loopkit repeat paused before iteration 2\/3 .*the session ended while it waited/),
    });
    expect(readState()).toMatchObject({ phase: "paused", wait_token: null });
  });

  it("keeps a corrupt state aside, says so, drops the marker and lets the session stop", () => {
    expect(start("1h /test").code).toBe(0);
    writeFileSync(stateFile(), "{ not json");
    const result = stop("s-1", "REPEAT-RESULT: pass");
    expect(result.output).toEqual({
      systemMessage: expect.stringMatching(/^loopkit repeat stopped: .* is not valid JSON; kept it as .*\.corrupt-/),
    });
    expect(readdirSync(path.join(world.data, "repeat")).filter((name) => name.includes(".corrupt-"))).toHaveLength(1);
    expect(existsSync(marker())).toBe(false);
  });
});

describe("repeat: a Stop that records a pass, and the background hook of the same Stop", () => {
  // A 2s loop of 2 iterations; Claude Code starts both hooks of the Stop together: the background one waits for the record.
  let waiter: ReturnType<typeof background>;
  let first: HookAnswer;
  let recordedAt: number;
  let waiting: any;
  beforeEach(() => {
    expect(start("2s --iterations 2 /test").code).toBe(0);
    waiter = background("s-1", "ran\nREPEAT-RESULT: pass - green", "prompt-1");
    first = stop("s-1", "ran\nREPEAT-RESULT: pass - green", "prompt-1");
    recordedAt = Date.now();
    waiting = readState();
  });
  afterEach(() => waiter.exited);

  it("records the pass and says when the next runs", () => {
    expect(first.code).toBe(0);
    expect(first.output).toEqual({
      systemMessage: expect.stringMatching(
        /^loopkit repeat loop-\d+: 1\/2 pass \(green\) · next 2\/2 at \d\d:\d\d:\d\d \(in 2s\) · the session is yours meanwhile · \/loopkit:repeat --cancel stops it$/,
      ),
    });
    expect(waiting).toMatchObject({
      phase: "waiting",
      wait_owner: "prompt-1",
      iterations: [{ number: 1, result: "pass", exit_code: 0, summary: "green" }],
    });
    expect(Date.parse(waiting.next_at) - Date.parse(waiting.iterations[0].ended_at)).toBe(2_000);
  });

  it("the background hook waits a full interval after the record, then wakes the session with the next prompt", async () => {
    const woke = await waiter.exited;
    expect(woke.code).toBe(2);
    // A newline first: Claude Code puts its own prefix before the stderr's first line.
    expect(woke.stderr).toMatch(/^\nloopkit repeat: iteration 2\/2 \(loop-\d+, every 2s\)\.\nRun the slash command `\/test` now/);
    expect(woke.stderr.split("\n")).toHaveLength(5);
    expect(woke.at).toBeGreaterThanOrEqual(Date.parse(waiting.next_at));
    expect(woke.at - recordedAt).toBeGreaterThanOrEqual(1_500);
    expect(readState()).toMatchObject({ phase: "running", iteration: 2, wait_owner: null });
  });

  it("the last iteration's Stop without a REPEAT-RESULT line counts it failed and ends the loop; its background hook has nothing to wait for", async () => {
    await waiter.exited;
    const last = stop("s-1", undefined, "prompt-1");
    expect(last.output).toEqual({
      systemMessage: expect.stringMatching(/^repeat ended: MAX_ITERATIONS - 2 iteration\(s\), 1 passed, 1 failed/),
    });
    expect(readState().iterations[1]).toMatchObject({
      result: "fail",
      exit_code: 2,
      summary: "no final message from this turn, so no REPEAT-RESULT line",
    });
    expect(existsSync(marker())).toBe(false);
    expect(await background("s-1", undefined, "prompt-1").exited).toMatchObject({ code: 0, stderr: "" });
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
    expect(existsSync(path.join(world.data, "repeat"))).toBe(false);
    expect(existsSync(path.join(world.tmp, "stats.json"))).toBe(false);
  });

  it("refuses to start without a session id", () => {
    expect(cli(["--args-stdin"], "5m /x")).toMatchObject({ code: 2, stderr: expect.stringMatching(/no Claude Code session id/) });
  });

  it("runs one loop per session: a second start names the active one", () => {
    expect(start("5m /first").code).toBe(0);
    expect(start("5m /second")).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/already runs a repeat loop: "\/first", iteration 1\/5 \(running\)/),
    });
  });

  it("a second start beside a paused loop (say, after Esc) points to --resume as well as --cancel", () => {
    expect(start("5m /first").code).toBe(0);
    editState((state) => (state.phase = "paused"));
    expect(start("5m /first")).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/\(paused\)[\s\S]*--resume, or end it with \/loopkit:repeat --cancel/),
    });
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

/**
 * Resolves once process `pid` has settled into its wait: its CPU time (Linux: /proc/<pid>/stat) stops
 * growing. A signal sent earlier would reach a process still loading, whose handler is not installed yet;
 * on a busy machine loading takes longer than any fixed wait. Elsewhere it waits two seconds.
 */
async function untilIdle(pid: number): Promise<void> {
  if (process.platform !== "linux") return new Promise((resolve) => setTimeout(resolve, 2_000));
  const cpu = () => {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]);
  };
  let last = -1;
  let quiet = 0;
  for (let i = 0; i < 300 && quiet < 4; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = cpu();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  if (quiet < 4) throw new Error(`process ${pid} never settled`);
}
