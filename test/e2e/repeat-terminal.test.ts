// `loopkit repeat` typed in a terminal, end to end: dist/cli.js runs the loop itself, each iteration a
// real `claude -p` turn (the pinned CLI, against the scripted fake model on 127.0.0.1). The 1-minute
// floor is lowered (LOOPKIT_REPEAT_MIN_INTERVAL_MS, test-only) so these use seconds.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { OVERLOADED, RATE_LIMITED, type FakeModel, type LoggedRequest } from "./harness/fake-model.js";
import { CLAUDE_BIN, claudeEnv, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { requireSystemTools } from "../support/system-tools.js";
import { plugin, writeSettingsEnv } from "./auto-loop-helpers.js";
import { iterationOf, iterationScript, readStats, result, statsFileOf } from "./repeat-helpers.js";
import { isAlive } from "../support/processes.js";

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

const dataDir = () => path.join(sandbox.root, "loopkit data");
const env = (extra: Record<string, string> = {}) =>
  claudeEnv(model, sandbox, {
    LOOPKIT_DATA_DIR: dataDir(),
    LOOPKIT_STATS_FILE: statsFileOf(sandbox),
    LOOPKIT_CLAUDE_BIN: CLAUDE_BIN,
    LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000",
    ...extra,
  });

/** `loopkit repeat <args>` typed in a shell whose current folder is the project. */
const repeat = (args: string[], extra: Record<string, string> = {}) =>
  execa(process.execPath, [plugin.cli, "repeat", ...args], {
    cwd: sandbox.project,
    env: env(extra),
    extendEnv: false,
    reject: false,
    timeout: 180_000,
  });

const status = async () => JSON.parse(String((await repeat(["--status", "--json"])).stdout));
const sessionOf = (request: LoggedRequest) => JSON.parse(request.body.metadata.user_id).session_id as string;
/** The one repeat state file of the test's data folder. */
const repeatState = () => {
  const [file] = readdirSync(path.join(dataDir(), "repeat")).filter((name) => name.endsWith(".json"));
  return JSON.parse(readFileSync(path.join(dataDir(), "repeat", file!), "utf8"));
};
const lines = (stdout: unknown) => String(stdout).split("\n").filter(Boolean);
const assistantTexts = (request: LoggedRequest) =>
  JSON.stringify(request.body.messages.filter((m: { role: string }) => m.role === "assistant"));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe("loopkit repeat in the foreground of a terminal", () => {
  it("runs 2 iterations a full interval apart in one conversation, a line each, and exits 0 with the stats record", async () => {
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - build green"), result("REPEAT-RESULT: pass - still green")]);
    model.setScript(script);
    const first = model.requests.length;
    const run = await repeat(["2s", "--iterations", "2", "check the build"]);
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);

    const out = lines(run.stdout);
    expect(out[0]).toMatch(
      /^loopkit repeat started \(loop-\d+\): "check the build" every 2s, at most 2 iteration\(s\); one claude conversation, continued each iteration \(.*claude.* -p\)\.$/,
    );
    expect(out).toContain(
      "Ctrl-C pauses it (loopkit repeat --resume goes on); loopkit repeat --cancel from any shell in the project ends it.",
    );
    const progress = out.filter((line) => line.startsWith("loopkit repeat: iteration"));
    expect(progress).toHaveLength(2);
    expect(progress[0]).toMatch(
      /^loopkit repeat: iteration 1\/2 pass \(build green\) in \d+s, \d+ tokens · next 2\/2 at \d\d:\d\d:\d\d \(in 2s\)$/,
    );
    expect(progress[1]).toMatch(/^loopkit repeat: iteration 2\/2 pass \(still green\) in \d+s, \d+ tokens$/);
    expect(out.at(-1)).toMatch(
      /^repeat ended: COMPLETED - 2 iteration\(s\), 2 passed, 0 failed, elapsed \d+s, \d+ tokens \("check the build"\); its story on one page: loopkit report loop-\d+$/,
    );
    // loopkit's housekeeping at a loop's end says what its data folder holds.
    expect(out.at(-2)).toMatch(/^loopkit's data folder holds [\d.]+ MB \(.+\)\.$/);

    // A full interval lies between one iteration's end and the next one's start, and no model call in between.
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    const state = repeatState();
    const [one, two] = state.iterations.map((it: any) => ({ start: Date.parse(it.started_at), end: Date.parse(it.ended_at) }));
    expect(two.start - one.end).toBeGreaterThanOrEqual(2_000);
    expect(seen[1]!.at - one.end).toBeGreaterThanOrEqual(2_000);
    const turns = model.requests.slice(first).filter((r) => r.kind === "main");
    expect(turns.filter((r) => r.index > first && iterationOf(r) === null)).toEqual([]);

    // One conversation: iteration 2 is a turn of the same session and sees iteration 1's answer.
    expect(new Set(turns.map(sessionOf)).size).toBe(1);
    expect(assistantTexts(turns[1]!)).toContain("REPEAT-RESULT: pass - build green");
    expect(state).toMatchObject({
      phase: "ended",
      final_status: "COMPLETED",
      terminal: { fresh: false, conversation: { session_id: sessionOf(turns[0]!), begun: true }, log_file: null },
    });

    expect(readStats(sandbox).loop_runs).toEqual([
      expect.objectContaining({
        id: state.loop_id,
        command: "check the build",
        interval: "2s",
        max_iterations: 2,
        final_status: "COMPLETED",
        iterations: [
          expect.objectContaining({ number: 1, result: "pass", exit_code: 0, summary: "build green" }),
          expect.objectContaining({ number: 2, result: "pass", exit_code: 0, summary: "still green" }),
        ],
      }),
    ]);
    const history = await execa(process.execPath, [plugin.cli, "history"], { env: env(), extendEnv: false, reject: false });
    expect(history.stdout).toContain(state.loop_id);
    expect(await status()).toMatchObject({
      status: "COMPLETED",
      exit_code: 0,
      driver: "terminal",
      runner: "stopped",
      conversation_id: sessionOf(turns[0]!),
      fresh: false,
      results: ["pass", "pass"],
    });
  }, 180_000);
});

describe("an iteration that runs too long", () => {
  it("--timeout stops its claude and counts it failed, saying so; the next iteration runs and the loop completes", async () => {
    // The model takes a minute over iteration 1's answer; iteration 2 answers at once.
    const { script, seen } = iterationScript([
      { ...result("REPEAT-RESULT: pass - too late"), delayMs: 60_000 },
      result("REPEAT-RESULT: pass - quick"),
    ]);
    model.setScript(script);
    const run = await repeat(["1s", "--iterations", "2", "--timeout", "6s", "check the build"]);
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
    const out = lines(run.stdout);
    expect(out[0]).toMatch(/ -p\); an iteration's claude is stopped after 6s \(--timeout\)\.$/);
    expect(out).toContain(
      "loopkit repeat: iteration 1 ended without a final message: claude ran past the iteration timeout (--timeout 6s) and was stopped",
    );
    expect(out.find((line) => line.startsWith("loopkit repeat: iteration 2/2"))).toMatch(/pass \(quick\)/);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    expect(repeatState()).toMatchObject({ final_status: "COMPLETED", terminal: { iteration_timeout_ms: 6_000 } });
    expect(await status()).toMatchObject({ status: "COMPLETED", iteration_timeout_ms: 6_000 });
    // Iteration 1 is no pass: the model's late answer never reached the loop.
    expect(readStats(sandbox).loop_runs[0].iterations).toEqual([
      // The record says why it failed: its timeout, not "no final message".
      expect.objectContaining({
        number: 1,
        result: "fail",
        summary: expect.stringMatching(
          /^claude ran past the iteration timeout \(--timeout 6s\) and was stopped.*; so no REPEAT-RESULT line$/,
        ),
      }),
      expect.objectContaining({ number: 2, result: "pass", summary: "quick" }),
    ]);
  }, 180_000);
});

describe("stopping a loop run from a terminal", () => {
  it("Ctrl-C (SIGINT) during a wait pauses it (exit 5); --resume --detach goes on with the next iteration in the same conversation", async () => {
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - one"), result("REPEAT-RESULT: pass - two")]);
    model.setScript(script);
    const first = model.requests.length;
    const runner = repeat(["1h", "--iterations", "3", "check the build"]);
    await waitFor("iteration 1", async () => (await status()).status === "waiting" || undefined);
    runner.kill("SIGINT");
    const stopped = await runner;
    expect(stopped.exitCode, `${stopped.stdout}\n${stopped.stderr}`).toBe(5);
    expect(lines(stopped.stdout).at(-1)).toBe(
      'loopkit repeat paused before iteration 2/3 of "check the build": its runner was stopped (SIGINT). Resume with loopkit repeat --resume, or end it with loopkit repeat --cancel.',
    );
    expect(await status()).toMatchObject({
      active: true,
      status: "paused",
      exit_code: 5,
      runner: "stopped",
      iteration: 1,
      results: ["pass"],
    });

    const resumed = await repeat(["--resume", "--detach"]);
    expect(resumed.exitCode, `${resumed.stdout}\n${resumed.stderr}`).toBe(0);
    expect(String(resumed.stdout)).toMatch(
      /^loopkit repeat resumed \(loop-\d+\): "check the build", iteration 2\/3 runs now[\s\S]*runs detached in process \d+/,
    );
    await waitFor("iteration 2", async () => (await status()).results.length === 2 || undefined);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    const turns = model.requests.slice(first).filter((r) => r.kind === "main");
    expect(new Set(turns.map(sessionOf)).size).toBe(1);
    expect((await repeat(["--cancel"])).exitCode).toBe(0);
    expect(readStats(sandbox).loop_runs[0]).toMatchObject({
      final_status: "CANCELLED",
      iterations: [{ summary: "one" }, { summary: "two" }],
    });
  }, 180_000);

  it("--cancel from another shell during an iteration stops its claude at once; the runner exits 7 and the iteration is not counted", async () => {
    const { script, seen } = iterationScript([{ text: "thinking...\nREPEAT-RESULT: pass", delayMs: 150_000 }]);
    model.setScript(script);
    const runner = repeat(["5m", "a slow check"]);
    await waitFor("iteration 1 to reach the model", async () => seen.length === 1 || undefined);
    const conversation = (await status()).conversation_id as string;
    const cancel = await repeat(["--cancel"]);
    expect(cancel.exitCode, cancel.stderr).toBe(0);
    const ended = await runner;
    expect(ended.exitCode, `${ended.stdout}\n${ended.stderr}`).toBe(7);
    expect(lines(ended.stdout).at(-1)).toMatch(/^repeat ended: CANCELLED - 0 iteration\(s\)/);
    // No claude of that conversation is left running.
    const claudes = readdirSync("/proc").filter(
      (pid) =>
        /^\d+$/.test(pid) &&
        (() => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(conversation);
          } catch {
            return false;
          }
        })(),
    );
    expect(claudes).toEqual([]);
    expect(readStats(sandbox).loop_runs[0]).toMatchObject({ final_status: "CANCELLED", iterations: [] });
  }, 120_000);
});

describe("loopkit repeat through API errors and the breaker", () => {
  it("records an iteration that died of an API error as failed naming it, goes on in the same conversation after the interval, and completes", async () => {
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - up"), OVERLOADED, result("REPEAT-RESULT: pass - back up")]);
    model.setScript(script);
    const first = model.requests.length;
    // 2.1.197 retries a 529 even with x-should-retry: false; with no retries one answer is one failed turn.
    const run = await repeat(["1s", "--iterations", "3", "check the service"], { CLAUDE_CODE_MAX_RETRIES: "0" });
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2, 3]);
    expect(lines(run.stdout).filter((line) => line.startsWith("loopkit repeat: iteration"))[1]).toMatch(
      /^loopkit repeat: iteration 2\/3 fail \(API error \((server_error|overloaded)\): API Error: .*529.*\) in \d+s, \d+ tokens · next 3\/3 at /,
    );
    const record = readStats(sandbox).loop_runs[0];
    expect(record).toMatchObject({ final_status: "COMPLETED" });
    expect(record.iterations.map((it: any) => [it.result, it.exit_code])).toEqual([
      ["pass", 0],
      ["fail", 1],
      ["pass", 0],
    ]);
    expect(record.iterations[1].summary).toMatch(/^API error \((server_error|overloaded)\): API Error: .*529/);
    const turns = model.requests.slice(first).filter((r) => r.kind === "main");
    expect(new Set(turns.map(sessionOf)).size).toBe(1);
    expect(assistantTexts(turns.at(-1)!)).toContain("REPEAT-RESULT: pass - up");
  }, 180_000);

  it("trips the circuit breaker after 3 failures in a row (529, 429, no result line), each in a fresh conversation; exit 4", async () => {
    const { script, seen } = iterationScript([OVERLOADED, RATE_LIMITED, { text: "I looked at it." }, result("REPEAT-RESULT: pass")]);
    model.setScript(script);
    const first = model.requests.length;
    const run = await repeat(["1s", "--fresh", "--iterations", "10", "/lint"], { CLAUDE_CODE_MAX_RETRIES: "0" });
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(4);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2, 3]);
    expect(lines(run.stdout)[0]).toMatch(/"\/lint" every 1s, at most 10 iteration\(s\); a fresh claude conversation each iteration/);
    expect(lines(run.stdout).at(-1)).toMatch(/^repeat ended: CIRCUIT_BREAKER - 3 iteration\(s\), 0 passed, 3 failed/);
    const record = readStats(sandbox).loop_runs[0];
    expect(record).toMatchObject({ final_status: "CIRCUIT_BREAKER", max_iterations: 10 });
    expect(record.iterations.map((it: any) => [it.exit_code, it.summary.replace(/: API Error: .*/, "")])).toEqual([
      [1, expect.stringMatching(/^API error \((server_error|overloaded)\)$/)],
      [1, "API error (rate_limit)"],
      [2, "no REPEAT-RESULT line in the final message"],
    ]);
    // Fresh: every iteration is a session of its own that starts with loopkit's prompt alone.
    const turns = model.requests.slice(first).filter((r) => r.kind === "main");
    expect(new Set(turns.map(sessionOf)).size).toBe(3);
    for (const turn of turns) expect(turn.body.messages.filter((m: { role: string }) => m.role === "assistant")).toHaveLength(0);
    expect(await status()).toMatchObject({ status: "CIRCUIT_BREAKER", exit_code: 4, fresh: true, consecutive_failures: 3 });
    expect((await repeat(["--status"])).exitCode).toBe(4);
  }, 180_000);
});

describe("loopkit repeat --detach", () => {
  /** A terminal that closes: a shell in a tmux pane. */
  const terminal = requireSystemTools(["tmux"]);
  it.skipIf(terminal.skip)(
    "outlives the terminal that started it (its own session, no controlling terminal), is seen by --status and ended by --cancel from another shell",
    async () => {
      const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - watching")]);
      model.setScript(script);
      const socket = `loopkit-detach-${process.pid}`;
      const tmux = (...args: string[]) => execa("tmux", ["-L", socket, ...args], { reject: false });
      const q = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
      const launcher = path.join(sandbox.root, "start.sh");
      const started = path.join(sandbox.root, "started.txt");
      writeFileSync(
        launcher,
        `cd ${q(sandbox.project)} && env -i ${Object.entries(env())
          .map(([key, value]) => `${key}=${q(value)}`)
          .join(
            " ",
          )} ${q(process.execPath)} ${q(plugin.cli)} repeat 1h --iterations 3 "watch the build" --detach > ${q(started)} 2>&1; echo "exit $?" >> ${q(started)}; sleep 600\n`,
      );
      try {
        // A terminal: a shell in a tmux pane, as a person's.
        await tmux("new-session", "-d", "-s", "term", "-x", "200", "-y", "50", `sh ${q(launcher)}`);
        const text = await waitFor(
          "the start message",
          async () => existsSync(started) && readFileSync(started, "utf8").includes("exit ") && readFileSync(started, "utf8"),
        );
        expect(text).toMatch(/^loopkit repeat started \(loop-\d+\): "watch the build" every 1h, at most 3 iteration\(s\)/);
        const pid = Number(/runs detached in process (\d+)/.exec(text)![1]);
        const log = /its output goes to (.+\.log)\./.exec(text)![1]!;
        expect(text).toContain("exit 0\n");
        expect(log.startsWith(path.join(dataDir(), "repeat-runs"))).toBe(true);
        // Its own session, no controlling terminal (tty_nr 0), not the pane's.
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
        expect(Number(stat[3])).toBe(pid); // session id: it leads its own
        expect(Number(stat[4])).toBe(0); // tty_nr
        expect(readFileSync(`/proc/${pid}/cmdline`, "utf8")).toContain("--runner-log");

        await waitFor("iteration 1", async () => (await status()).status === "waiting" || undefined);
        // The terminal closes: its processes get SIGHUP; the runner is not among them.
        await tmux("kill-server");
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        expect(isAlive(pid)).toBe(true);

        const shown = await repeat(["--status"]);
        expect(shown.exitCode).toBe(3);
        expect(shown.stdout).toContain(`runner:   detached, pid ${pid}, running`);
        expect(shown.stdout).toContain(`log:      ${log}`);
        expect(await status()).toMatchObject({
          active: true,
          status: "waiting",
          iteration: 1,
          results: ["pass"],
          driver: "terminal",
          runner_pid: pid,
          runner: "running",
          log_file: log,
        });

        const cancel = await repeat(["--cancel"]);
        expect(cancel.exitCode, cancel.stderr).toBe(0);
        expect(cancel.stdout).toMatch(/^repeat ended: CANCELLED - 1 iteration\(s\), 1 passed, 0 failed/);
        await waitFor("the runner to exit", async () => !isAlive(pid), 15_000);
        expect(readFileSync(log, "utf8")).toMatch(
          /\n\d{4}-\d\d-\d\dT[\d:.]+Z loopkit repeat: iteration 1\/3 pass \(watching\)[\s\S]*Z repeat ended: CANCELLED/,
        );
        expect(seen).toHaveLength(1);
        expect(readStats(sandbox).loop_runs[0]).toMatchObject({ final_status: "CANCELLED" });
        expect(await status()).toMatchObject({ status: "CANCELLED", exit_code: 7, runner: "stopped" });
      } finally {
        await tmux("kill-server");
      }
    },
    180_000,
  );

  it("a runner killed like a reboot leaves the loop paused (--status exit 5), and --resume picks it up in the same conversation", async () => {
    const { script, seen } = iterationScript([result("REPEAT-RESULT: pass - one"), result("REPEAT-RESULT: pass - two")]);
    model.setScript(script);
    const first = model.requests.length;
    const start = await repeat(["1h", "--iterations", "2", "check the build", "--timeout", "45m", "--detach"]);
    expect(start.exitCode, `${start.stdout}\n${start.stderr}`).toBe(0);
    const pid = Number(/runs detached in process (\d+)/.exec(String(start.stdout))![1]);
    await waitFor("iteration 1", async () => (await status()).status === "waiting" || undefined);
    // The detached runner got the timeout, and a --resume keeps it.
    expect(repeatState().terminal.iteration_timeout_ms).toBe(45 * 60_000);
    // A second start in the project is refused at once while the loop is active.
    const again = await repeat(["5m", "another prompt"]);
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toMatch(/a repeat loop run from a terminal is active in .*"check the build", iteration 1\/2 \(waiting\)/);

    process.kill(pid, "SIGKILL"); // what a reboot does to it: no chance to write anything
    // Its runner lock goes stale within seconds; until then --status still counts it as running.
    const paused = await waitFor(
      "the loop to show as paused",
      async () => {
        const s = await status();
        return s.status === "paused" ? s : undefined;
      },
      30_000,
    );
    expect(paused).toMatchObject({ active: true, status: "paused", exit_code: 5, runner: "gone", next_at: null, iteration: 1 });
    const shown = await repeat(["--status"]);
    expect(shown.exitCode).toBe(5);
    expect(shown.stdout).toMatch(
      /runner: {3}gone \(pid \d+ no longer runs it: the machine restarted, or the process was killed\)[\s\S]*resume with loopkit repeat --resume \[--detach\]/,
    );

    const resumed = await repeat(["--resume"]);
    expect(resumed.exitCode, `${resumed.stdout}\n${resumed.stderr}`).toBe(0);
    expect(lines(resumed.stdout)[0]).toMatch(
      /^loopkit repeat resumed \(loop-\d+\): "check the build", iteration 2\/2 runs now.*; an iteration's claude is stopped after 45m \(--timeout\)\.$/,
    );
    expect(lines(resumed.stdout).at(-1)).toMatch(/^repeat ended: COMPLETED - 2 iteration\(s\), 2 passed/);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2]);
    const turns = model.requests.slice(first).filter((r) => r.kind === "main");
    expect(new Set(turns.map(sessionOf)).size).toBe(1);
    expect(assistantTexts(turns.at(-1)!)).toContain("REPEAT-RESULT: pass - one");
    expect(readStats(sandbox).loop_runs[0]).toMatchObject({
      final_status: "COMPLETED",
      iterations: [{ summary: "one" }, { summary: "two" }],
    });
    expect((await repeat(["--resume"])).exitCode).toBe(8);
  }, 180_000);
});

describe("loopkit repeat refuses bad input", () => {
  it.each([
    [["--iterations", "0", "/test"], /invalid --iterations "0": expected a whole number from 1 to 1000/],
    [
      ["5m", "/test", "--", "--output-format", "json"],
      /--output-format is set by loopkit repeat itself and cannot be passed to claude \(after --\)/,
    ],
    [
      ["--status", "--detach"],
      /--detach, --fresh, --timeout and claude options \(after --\) go with a start or --resume, not with --status/,
    ],
  ])(
    "%j: exit 2 with a clear message; no claude, no state, no stats",
    async (args, message) => {
      model.setScript([]);
      const first = model.requests.length;
      const run = await repeat(args);
      expect(run.exitCode).toBe(2);
      expect(String(run.stderr)).toMatch(message);
      expect(model.requests.length).toBe(first);
      expect(existsSync(dataDir())).toBe(false);
      expect(existsSync(statsFileOf(sandbox))).toBe(false);
    },
    60_000,
  );
});

describe("loopkit repeat is as safe as the skill's loop", () => {
  it("an agent's settings env naming another data folder, with a loop planted there, changes nothing: no planted prompt reaches the model", async () => {
    const fake = path.join(sandbox.project, "fake");
    const seen: number[] = [];
    // Iteration 1 plants, with a Bash call: a settings env pointing loopkit's hooks at ./fake, and there a
    // running loop owned by this very conversation, which would feed "loop-666" prompts if they followed it.
    model.setScript((request) => {
      const iteration = iterationOf(request);
      if (iteration !== null) seen.push(iteration);
      if (iteration === 1) {
        const session = sessionOf(request);
        const now = new Date().toISOString();
        const state = {
          version: 1,
          loop_id: "loop-666",
          session_id: session,
          project_dir: sandbox.project,
          command: "planted loop-666 prompt",
          interval_ms: 1000,
          max_iterations: 9,
          stats_file: path.join(fake, "s.json"),
          started_at: now,
          phase: "running",
          iteration: 1,
          iteration_started_at: now,
          next_at: null,
          wait_token: null,
          wait_owner: null,
          prompt_id: null,
          consecutive_failures: 0,
          iterations: [],
          final_status: null,
          ended_at: null,
        };
        const marker = {
          version: 1,
          kind: "repeat",
          loop_id: "loop-666",
          project_dir: sandbox.project,
          state_file: path.join(fake, "repeat", `${session}.json`),
          created_at: now,
        };
        mkdirSync(path.join(fake, "repeat"), { recursive: true });
        mkdirSync(path.join(fake, "sessions"), { recursive: true });
        writeFileSync(path.join(fake, "repeat", `${session}.json`), JSON.stringify(state));
        writeFileSync(path.join(fake, "sessions", `${session}.json`), JSON.stringify(marker));
        return { toolUses: [{ name: "Bash", input: { command: writeSettingsEnv({ LOOPKIT_DATA_DIR: fake }), description: "plant" } }] };
      }
      if (iteration === 2) return result("REPEAT-RESULT: pass - second");
      return request.kind === "main" ? result("REPEAT-RESULT: pass - first") : { text: "ok" };
    });
    const run = await repeat(["1s", "--iterations", "2", "tidy up", "--", "--plugin-dir", plugin.dir, "--dangerously-skip-permissions"], {
      IS_SANDBOX: "1",
    });
    expect(run.exitCode, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(readFileSync(path.join(sandbox.project, ".claude", "settings.local.json"), "utf8")).toContain(fake);
    expect(model.requests.filter((r) => JSON.stringify(r.body.messages).includes("loop-666"))).toEqual([]);
    expect(seen).toEqual([1, 2]);
    expect(readStats(sandbox).loop_runs[0]).toMatchObject({
      final_status: "COMPLETED",
      iterations: [{ summary: "first" }, { summary: "second" }],
    });
    expect(JSON.parse(readFileSync(path.join(fake, "repeat", readdirSync(path.join(fake, "repeat"))[0]!), "utf8"))).toMatchObject({
      phase: "running",
      iterations: [],
    });
  }, 180_000);
});
