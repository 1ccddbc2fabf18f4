// The flat status of a repeat loop run from a terminal, and its lines: the runner, its log, its
// conversation; a loop whose runner is gone (a reboot) is paused, waiting for --resume.
import { describe, expect, it } from "vitest";
import { formatStatus, repeatStatus, RepeatStatusSchema } from "../../src/repeat/status.js";
import { iterationLine, pausedLine, summaryLine, terminalStartText } from "../../src/repeat/prompt.js";
import type { TerminalRun } from "../../src/repeat/state.js";
import { at, loopState } from "./fixtures.js";

const terminal = (overrides: Partial<TerminalRun> = {}): TerminalRun => ({
  claude_bin: "/opt/claude code/claude",
  claude_args: ["--model", "opus", "--settings", '{"a":1}'],
  fresh: false,
  conversation: { session_id: "11111111-1111-4111-8111-111111111111", begun: true },
  pid: 4242,
  log_file: "/data/repeat-runs/p/runner-1.log",
  iteration_timeout_ms: null,
  ...overrides,
});
const iteration = {
  number: 1,
  started_at: at(0).toISOString(),
  ended_at: at(42_000).toISOString(),
  result: "pass" as const,
  exit_code: 0 as const,
  summary: "green",
  tokens: 12_345,
};
const waiting = (t = terminal()) =>
  loopState({
    session_id: "terminal-x",
    terminal: t,
    phase: "waiting",
    next_at: at(342_000).toISOString(),
    wait_token: "tok",
    iterations: [iteration],
  });

describe("repeatStatus of a terminal loop", () => {
  it("says who drives it, its runner, log and conversation; every field present and valid", () => {
    const s = repeatStatus("/p", waiting(), at(60_000), undefined, true);
    expect(RepeatStatusSchema.parse(s)).toEqual(s);
    expect(s).toMatchObject({
      active: true,
      status: "waiting",
      exit_code: 3,
      driver: "terminal",
      runner_pid: 4242,
      runner: "running",
      log_file: "/data/repeat-runs/p/runner-1.log",
      conversation_id: "11111111-1111-4111-8111-111111111111",
      fresh: false,
    });
    const text = formatStatus(s, at(60_000));
    expect(text).toContain("  runner:   detached, pid 4242, running\n  log:      /data/repeat-runs/p/runner-1.log\n");
    expect(text).toContain(
      "  conversation: 11111111-1111-4111-8111-111111111111 (one for the whole loop; claude --resume 11111111-1111-4111-8111-111111111111 opens it)",
    );
    expect(text).not.toContain("session:");
    expect(text).not.toContain("timeout:");
    const bounded = repeatStatus("/p", waiting(terminal({ iteration_timeout_ms: 20 * 60_000 })), at(60_000), undefined, true);
    expect(RepeatStatusSchema.parse(bounded)).toMatchObject({ iteration_timeout_ms: 1_200_000 });
    expect(formatStatus(bounded, at(60_000))).toContain("  timeout:  an iteration's claude is stopped after 20m (--timeout)\n");
  });

  it("with its runner gone (the machine restarted): paused, exit 5, no next run, and how to go on", () => {
    const s = repeatStatus("/p", waiting(terminal({ log_file: null })), at(60_000), undefined, false);
    expect(s).toMatchObject({ active: true, status: "paused", exit_code: 5, runner: "gone", next_at: null });
    const text = formatStatus(s, at(60_000));
    expect(text).toContain("  runner:   gone (pid 4242 no longer runs it: the machine restarted, or the process was killed)");
    expect(text).toContain("  resume with loopkit repeat --resume [--detach], or end it with loopkit repeat --cancel");
  });

  it("ended: the runner is done; a session's loop keeps its session line and skill commands", () => {
    const ended = repeatStatus(
      "/p",
      { ...waiting(), phase: "ended", final_status: "COMPLETED", ended_at: at(50_000).toISOString(), next_at: null },
      at(60_000),
      undefined,
      false,
    );
    expect(ended).toMatchObject({ active: false, status: "COMPLETED", exit_code: 0, runner: "stopped" });
    expect(formatStatus(ended, at(60_000))).toContain("  runner:   detached, pid 4242, done");
    // Paused by its runner (Ctrl-C): stopped, not gone.
    const paused = repeatStatus("/p", { ...waiting(), phase: "paused", next_at: null, wait_token: null }, at(60_000), undefined, false);
    expect(paused).toMatchObject({ status: "paused", exit_code: 5, runner: "stopped" });
    expect(formatStatus(paused, at(60_000))).toContain("  runner:   detached, pid 4242, stopped\n");
    const session = repeatStatus("/p", loopState({ phase: "paused" }), at(60_000));
    expect(session).toMatchObject({
      driver: "session",
      runner_pid: null,
      runner: null,
      log_file: null,
      conversation_id: null,
      fresh: null,
      iteration_timeout_ms: null,
    });
    expect(formatStatus(session, at(60_000))).toMatch(
      /session: {2}session-a[\s\S]*resume with \/loopkit:repeat --resume in its own session \(another session cannot; `claude --resume session-a` reopens it\), or end it with \/loopkit:repeat --cancel there, or with `loopkit repeat --cancel` in a terminal in the project\n/,
    );
  });
});

describe("what a repeat loop cost", () => {
  const second = { ...iteration, number: 2, tokens: 655 };
  const lateOne = { ...iteration, number: 3, tokens: null };

  it("--status gives the total and each iteration's tokens, in text and JSON", () => {
    const s = repeatStatus("/p", loopState({ phase: "waiting", iteration: 3, iterations: [iteration, second, lateOne] }), at(60_000));
    expect(RepeatStatusSchema.parse(s)).toEqual(s);
    expect(s).toMatchObject({ tokens_used: 13_000, iteration_tokens: [12_345, 655, null] });
    expect(formatStatus(s, at(60_000))).toContain("\n  tokens:   13000 (1: 12345, 2: 655, 3: not counted)\n");
  });

  it.each([
    ["no iteration yet", [], "none yet", null],
    ["one iteration", [iteration], "12345", 12_345],
    ["iterations recorded before loopkit counted tokens", [{ ...iteration, tokens: null }], "not counted", null],
  ])("--status with %s", (_name, iterations, shown, total) => {
    const s = repeatStatus("/p", loopState({ iterations }), at(60_000));
    expect(s.tokens_used).toBe(total);
    expect(formatStatus(s, at(60_000))).toContain(`\n  tokens:   ${shown}\n`);
  });

  it("--status of no loop has every field, tokens null", () => {
    expect(repeatStatus("/p", undefined, at(0))).toMatchObject({ tokens_used: null, iteration_tokens: [] });
  });

  it("the end line says the loop's tokens, when any was counted", () => {
    const ended = loopState({
      phase: "ended",
      final_status: "COMPLETED",
      ended_at: at(90_000).toISOString(),
      iterations: [iteration, second],
    });
    expect(summaryLine(ended, at(90_000))).toBe(
      'repeat ended: COMPLETED - 2 iteration(s), 2 passed, 0 failed, elapsed 1m30s, 13000 tokens ("/test"); its story on one page: loopkit report loop-1772359200000',
    );
    expect(summaryLine({ ...ended, iterations: [lateOne] }, at(90_000))).toBe(
      'repeat ended: COMPLETED - 1 iteration(s), 1 passed, 0 failed, elapsed 1m30s ("/test"); its story on one page: loopkit report loop-1772359200000',
    );
  });
});

describe("a terminal runner's lines", () => {
  it("one line per iteration: number, result, summary, how long, tokens, and the next run's time", () => {
    const line = iterationLine(waiting(), at(42_000));
    expect(line).toMatch(/^loopkit repeat: iteration 1\/5 pass \(green\) in 42s, 12345 tokens · next 2\/5 at \d\d:\d\d:\d\d \(in 5m\)$/);
    const uncounted = { ...waiting(), iterations: [{ ...iteration, tokens: null }] };
    expect(iterationLine({ ...uncounted, phase: "ended", final_status: "COMPLETED", next_at: null }, at(42_000))).toBe(
      "loopkit repeat: iteration 1/5 pass (green) in 42s",
    );
  });

  it("the start text says what runs and how to stop it; a pause names the terminal's commands", () => {
    const detached = terminalStartText(
      loopState({ terminal: terminal() }),
      ["The interval 5s is under the 1m minimum; loopkit raised it to 1m."],
      false,
    );
    expect(detached).toBe(
      [
        'loopkit repeat started (loop-1772359200000): "/test" every 5m, at most 5 iteration(s); one claude conversation, continued each iteration ("/opt/claude code/claude" --model opus --settings "{\\"a\\":1}" -p).',
        "The interval 5s is under the 1m minimum; loopkit raised it to 1m.",
        "It runs detached in process 4242, in a session of its own; its output goes to /data/repeat-runs/p/runner-1.log.",
        "See it with loopkit repeat --status and end it with loopkit repeat --cancel, from any shell in the project.",
        "",
      ].join("\n"),
    );
    const resumed = terminalStartText(loopState({ iteration: 2, terminal: terminal({ fresh: true, log_file: null }) }), [], true);
    expect(resumed).toMatch(
      /^loopkit repeat resumed \(loop-\d+\): "\/test", iteration 2\/5 runs now; a fresh claude conversation each iteration .*\nCtrl-C pauses it/,
    );
    const bounded = terminalStartText(loopState({ terminal: terminal({ log_file: null, iteration_timeout_ms: 20 * 60_000 }) }), [], false);
    expect(bounded).toMatch(/ -p\); an iteration's claude is stopped after 20m \(--timeout\)\.\nCtrl-C pauses it/);
    expect(pausedLine(waiting(), "its runner was stopped (SIGINT)")).toBe(
      'loopkit repeat paused before iteration 2/5 of "/test": its runner was stopped (SIGINT). Resume with loopkit repeat --resume, or end it with loopkit repeat --cancel.',
    );
  });
});
