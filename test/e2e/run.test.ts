// `loopkit run` end to end: dist/cli.js drives the real claude CLI (against the fake model) as a
// series of fresh `claude -p` sessions, one per phase, with loopkit loaded through --plugin-dir.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { OVERLOADED, type FakeModel, type LoggedRequest } from "./harness/fake-model.js";
import { CLAUDE_BIN, claudeEnv, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import {
  bash,
  dataDirOf,
  isAudit,
  loopkitCli,
  loopkitEnv,
  loopScript,
  plugin,
  readHistory,
  readMirror,
  runLoopkit,
  status,
  writeSettingsEnv,
} from "./auto-loop-helpers.js";
import { requireSystemTools } from "../support/system-tools.js";

const VERIFY = `test "$(cat hello.txt)" = hi`;
const ACHIEVED = '{"vote": "achieved", "reasons": ["hello.txt says hi"]}';

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

const loopkitRun = (args: string[], env: Record<string, string> = {}) => runLoopkit(model, sandbox, args, env);

const sessionOf = (request: LoggedRequest) => JSON.parse(request.body.metadata.user_id).session_id as string;

/** loopkit run starts its phases under Claude Code's sandbox by default: bubblewrap, socat and ripgrep here. */
const tools = process.platform === "linux" ? requireSystemTools(["bwrap", "socat", "rg"]) : { skip: false };

// Several phases each, every one under Claude Code's sandbox and with a sandboxed verifier: more than the default 30 s on a busy machine.
describe.skipIf(tools.skip)("loopkit run", { timeout: 120_000 }, () => {
  it("reaches the goal over 3 fresh sessions, each started from the state and the hand-off note, not the previous transcript", async () => {
    model.setScript(
      loopScript({
        turns: [
          bash("echo one > hello.txt; printf 'phase 1: wrote one; next: two' > .auto-loop/handoff.md"),
          bash("echo two > hello.txt"),
          bash("echo hi > hello.txt"),
        ],
        vote: () => ACHIEVED,
      }),
    );
    const first = model.requests.length;
    const result = await loopkitRun(["make", "hello.txt", "say", "hi", "--verify", VERIFY, "--", "--allowedTools", "Bash"]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);

    const turns = model.requests.slice(first).filter((r) => r.kind === "main" && !isAudit(r));
    const sessions = [...new Set(turns.map(sessionOf))];
    expect(sessions).toHaveLength(3);
    const openers = sessions.map((id) => turns.find((r) => sessionOf(r) === id)!);
    for (const opener of openers) {
      // A fresh session: its first request holds one user message, the phase prompt, and no earlier turn.
      expect(opener.body.messages.filter((m: { role: string }) => m.role === "assistant")).toHaveLength(0);
      expect(opener.lastUserText).toMatch(/fresh session started by `loopkit run`/);
    }
    expect(openers[0]!.lastUserText).toMatch(/loopkit auto-loop started/);
    expect(openers[1]!.lastUserText).toMatch(
      /iteration 1 of 40[\s\S]*phase 1: wrote one; next: two[\s\S]*This phase's instruction[\s\S]*iteration 1 of 40 done, goal not proven yet/,
    );
    expect(openers[2]!.lastUserText).toMatch(/Last verifier result \(iteration 2\)[\s\S]*: fail/);
    expect(openers[1]!.lastUserText).not.toContain("echo one > hello.txt");

    const lines = result.stdout.split("\n").filter((line) => /^loopkit run: phase \d+ \(session/.test(line));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/phase 1 .*exit 0\): pursuing; iteration 1 of 40, verifier fail \(exit 1\), audit -/);
    expect(lines[2]).toMatch(/phase 3 .*: achieved .*iteration 3 of 40, verifier pass \(exit 0\), audit achieved/);
    expect(result.stdout).toMatch(/the loop ended achieved/);
    expect(status(sandbox)).toMatchObject({
      status: "achieved",
      iteration: 3,
      session_id: sessions[2],
      handoff_note: "phase 1: wrote one; next: two",
    });
    expect(readHistory(sandbox).map((h) => h.event)).toEqual(["start", "phase", "gate", "phase", "gate", "phase", "gate"]);
    // Each phase's iteration is checkpointed like any auto-loop's.
    const end = status(sandbox);
    expect(end).toMatchObject({ checkpoints: 3, checkpoint_record: expect.stringContaining(`${end.loop_id}.json`) });
    const exported = await execa(process.execPath, [plugin.cli, "checkpoints", "export", end.loop_id, "--branch", "loopkit/phases"], {
      env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, ...loopkitEnv(sandbox) },
      extendEnv: false,
      reject: false,
    });
    expect(exported.exitCode, exported.stderr).toBe(0);
    const show = (rev: string) =>
      execa("git", ["show", rev], { cwd: sandbox.project, env: { PATH: process.env.PATH ?? "" }, extendEnv: false });
    expect((await show("loopkit/phases~2:hello.txt")).stdout).toBe("one");
    expect((await show("loopkit/phases:hello.txt")).stdout).toBe("hi");
  });

  it("an agent's settings env naming another data folder does not redirect the phases' hooks: --settings from the runner outranks it", async () => {
    // Claude Code 2.1.332 hands a settings.local.json `env` written mid-session to later hooks; 2.1.197 does not.
    // An unsandboxed agent (--no-sandbox): under the sandbox it could not write the settings file at all.
    const fake = path.join(sandbox.project, "fake");
    const plant = `mkdir -p fake/sessions && ${writeSettingsEnv({ LOOPKIT_DATA_DIR: fake })}`;
    model.setScript(loopScript({ turns: [bash(`${plant}; echo one > hello.txt`), bash("echo hi > hello.txt")], vote: () => ACHIEVED }));
    const result = await loopkitRun(
      ["make", "hello.txt", "say", "hi", "--verify", VERIFY, "--no-sandbox", "--", "--dangerously-skip-permissions"],
      { IS_SANDBOX: "1" },
    );
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(readFileSync(path.join(sandbox.project, ".claude", "settings.local.json"), "utf8")).toContain(fake);
    expect(status(sandbox)).toMatchObject({ status: "achieved" });
    expect(readdirSync(path.join(fake, "sessions"))).toEqual([]);
  });

  it("reaches the goal through an API outage: a phase that died of a 529 is not judged, and is tried again in a fresh session after the backoff", async () => {
    model.setScript(loopScript({ turns: [bash("echo one > hello.txt"), OVERLOADED, bash("echo hi > hello.txt")], vote: () => ACHIEVED }));
    const first = model.requests.length;
    // 2.1.197 retries a 529 even with x-should-retry: false; with no retries one answer ends the phase.
    const result = await loopkitRun(["make", "hello.txt", "say", "hi", "--verify", VERIFY, "--", "--allowedTools", "Bash"], {
      CLAUDE_CODE_MAX_RETRIES: "0",
      LOOPKIT_API_RETRY_MS: "1000",
    });
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(
      /loopkit run: phase 2 ended in an API error \(API error \((server_error|overloaded)\): API Error: .*529.*\); trying again in [01]s \(1 in a row; 3 end the loop\)/,
    );
    expect(result.stdout).toMatch(/the loop ended achieved/);
    const turns = model.requests.slice(first).filter((r) => r.kind === "main" && !isAudit(r));
    expect(new Set(turns.map(sessionOf)).size).toBe(3);
    // The outage cost no iteration: two judged turns, the errors cleared by the judged one after them.
    expect(status(sandbox)).toMatchObject({ status: "achieved", iteration: 2 });
    expect(readHistory(sandbox).filter((h) => h.event === "gate")).toHaveLength(2);
  });

  it("ends budget-limited at --max-iterations: the wrap-up instruction opens the last phase and the note is kept; exit code 6", async () => {
    model.setScript(
      loopScript({
        turns: [
          bash("echo nope > hello.txt"),
          bash("echo still-nope > hello.txt"),
          bash("printf 'tried nope twice; next: write hi' > .auto-loop/handoff.md"),
        ],
        vote: () => ACHIEVED,
      }),
    );
    const first = model.requests.length;
    const result = await loopkitRun([
      "make",
      "hello.txt",
      "say",
      "hi",
      "--verify",
      VERIFY,
      "--max-iterations",
      "2",
      "--",
      "--allowedTools",
      "Bash",
    ]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(6);
    const turns = model.requests.slice(first).filter((r) => r.kind === "main" && !isAudit(r));
    const sessions = [...new Set(turns.map(sessionOf))];
    expect(sessions).toHaveLength(3);
    expect(turns.find((r) => sessionOf(r) === sessions[2])!.lastUserText).toMatch(
      /This phase's instruction[\s\S]*out of budget: reached --max-iterations 2/,
    );
    expect(result.stdout).toMatch(/the loop ended budget-limited: reached --max-iterations 2/);
    expect(status(sandbox)).toMatchObject({ status: "budget-limited", exit_code: 6, handoff_note: "tried nope twice; next: write hi" });
  });

  it("stops with exit 1 and a clear message when loopkit's hook does not run in the phases, leaving the loop pursuing", async () => {
    model.setScript(() => ({ text: "I looked." }));
    const result = await execa(process.execPath, [plugin.cli, "run", "--project", sandbox.project, "fix it", "--verify", "true"], {
      env: claudeEnv(model, sandbox, { ...loopkitEnv(sandbox), LOOPKIT_CLAUDE_BIN: CLAUDE_BIN }),
      extendEnv: false,
      reject: false,
      timeout: 120_000,
    });
    expect(result.exitCode, result.stderr).toBe(1);
    expect(result.stdout).toMatch(/2 phases in a row ended without a judged turn[\s\S]*--plugin-dir/);
    expect(status(sandbox)).toMatchObject({ status: "pursuing", iteration: 0 });
  });

  it("refuses to start while another session's loop runs in the project", async () => {
    const result = await execa(
      process.execPath,
      [plugin.cli, "auto-loop", "--project", sandbox.project, "--session", "owner-session", "first goal", "--verify", "true"],
      {
        env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, ...loopkitEnv(sandbox) },
        extendEnv: false,
        reject: false,
      },
    );
    expect(result.exitCode, result.stderr).toBe(0);
    const second = await loopkitRun(["other goal", "--verify", "true"]);
    expect(second.exitCode).toBe(1);
    expect(second.stderr).toMatch(/owned by session owner-session/);
    expect(status(sandbox)).toMatchObject({ status: "pursuing", session_id: "owner-session", goal: "first goal" });
  });

  it("--takeover continues a loop whose session is gone, only once its heartbeat is stale, with the same counters", async () => {
    const started = await execa(
      process.execPath,
      [
        plugin.cli,
        "auto-loop",
        "--project",
        sandbox.project,
        "--session",
        "gone-session",
        "make hello.txt say hi",
        "--verify",
        VERIFY,
        "--max-iterations",
        "7",
      ],
      {
        // The start fixes what the verifier and the audit run with (the launch): the offline environment.
        env: claudeEnv(model, sandbox, loopkitEnv(sandbox)),
        extendEnv: false,
        reject: false,
      },
    );
    expect(started.exitCode, started.stderr).toBe(0);
    const early = await loopkitRun(["--takeover", "--", "--allowedTools", "Bash"]);
    expect(early.exitCode).toBe(1);
    expect(early.stderr).toMatch(/owned by session gone-session/);

    model.setScript(loopScript({ turns: [bash("echo hi > hello.txt")], vote: () => ACHIEVED }));
    const result = await loopkitRun(["--takeover", "--", "--allowedTools", "Bash"], { LOOPKIT_STALE_MS: "1" });
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(status(sandbox)).toMatchObject({ status: "achieved", iteration: 1, max_iterations: 7, goal: "make hello.txt say hi" });
    expect(readHistory(sandbox).map((h) => h.event)).toEqual(["start", "takeover", "phase", "gate"]);
    // The runner that took it over decides how its agent is sandboxed (by default: Claude Code's sandbox on).
    expect(readMirror(sandbox).launch.agent_sandbox).toMatchObject({ agent: "sandboxed", fail_if_unavailable: true });
  });

  it("after a kill -9 of the runner mid-phase, `loopkit run --takeover` continues at once (no runner alive), counters kept", async () => {
    let killRunner = () => {};
    let phases = 0;
    model.setScript((request) => {
      if (request.kind !== "main") return { text: "ok" };
      if (isAudit(request)) return { text: ACHIEVED };
      if (!request.lastUserText.includes("loopkit auto-loop")) return { text: "Done with this step." };
      phases += 1;
      if (phases === 1) return bash("echo one > hello.txt");
      if (phases === 2) {
        killRunner(); // the CI machine's runner dies while phase 2 works; its claude finishes alone
        return { text: "Still thinking.", delayMs: 3_000 };
      }
      return bash("echo hi > hello.txt");
    });
    const runner = loopkitRun([
      "make",
      "hello.txt",
      "say",
      "hi",
      "--verify",
      VERIFY,
      "--max-iterations",
      "9",
      "--",
      "--allowedTools",
      "Bash",
    ]);
    killRunner = () => runner.kill("SIGKILL");
    const killed = await runner;
    expect(killed.signal).toBe("SIGKILL");
    expect(status(sandbox)).toMatchObject({ status: "pursuing", iteration: 1 });

    const result = await loopkitRun(["--takeover", "--", "--allowedTools", "Bash"]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    const end = status(sandbox);
    expect(end).toMatchObject({ status: "achieved", max_iterations: 9, goal: "make hello.txt say hi" });
    expect(end.iteration).toBeGreaterThanOrEqual(2);
    expect(readHistory(sandbox).map((h) => h.event)).toContain("takeover");
  });
  it("refuses a --plugin-dir that does not exist with a usage error (exit 2), before any loop, folder or phase", async () => {
    const first = model.requests.length;
    const result = await execa(
      process.execPath,
      [plugin.cli, "run", "--project", sandbox.project, "--plugin-dir", "/no/such/loopkit", "fix it", "--verify", "true"],
      {
        env: claudeEnv(model, sandbox, { ...loopkitEnv(sandbox), LOOPKIT_CLAUDE_BIN: CLAUDE_BIN }),
        extendEnv: false,
        reject: false,
      },
    );
    expect(result.exitCode, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/--plugin-dir \/no\/such\/loopkit is not a folder.*nothing was started/);
    expect(existsSync(dataDirOf(sandbox))).toBe(false);
    expect(status(sandbox)).toMatchObject({ status: "none" });
    expect(model.requests.length).toBe(first);
  });

  it.each([
    ["401 (an invalid API key)", { status: 401, type: "authentication_error", message: "invalid x-api-key" }, {}, /Invalid API key/],
    [
      "403 (a key without permission)",
      { status: 403, type: "permission_error", message: "Your API key does not have permission" },
      {},
      /403 Your API key does not have permission/,
    ],
    ["no login at all", null, { ANTHROPIC_API_KEY: "" }, /Not logged in/],
  ])("ends at once, blocked and saying so, when Claude Code's credentials are refused: %s", async (_name, refusal, env, said) => {
    // The API marks the refusal final (x-should-retry: false); without that header Claude Code itself retries a 401 for minutes.
    model.setScript(() => (refusal ? { error: { ...refusal, headers: { "x-should-retry": "false" } } } : { text: "never asked" }));
    const first = model.requests.length;
    const result = await loopkitRun(["make", "hello.txt", "say", "hi", "--verify", VERIFY, "--", "--allowedTools", "Bash"], env);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(5);
    // One phase, no retry: the end of claude's own output, then the reason.
    expect(result.stdout.match(/phase \d+ starting/g)).toHaveLength(1);
    expect(result.stdout).toMatch(new RegExp(`the end of claude's output \\(all of it: .*phase-0001\\.log\\):\\n  .*${said.source}`));
    expect(result.stdout).toMatch(
      /the loop ended blocked: Claude Code's credentials were refused \(API error \(authentication_failed\): .*\); no retry can get past that\. Log in/,
    );
    expect(result.stdout).not.toMatch(/trying again/);
    expect(status(sandbox)).toMatchObject({ status: "blocked", iteration: 0 });
    expect(model.requests.length - first).toBeLessThanOrEqual(refusal ? 2 : 0);
  });

  it("says what each phase waits for while the verifier and the audit run", async () => {
    // A verifier and an audit that take a few seconds (an instant audit could begin and end between two
    // looks at the gate's step), and a line at least every second of quiet.
    model.setScript(loopScript({ turns: [bash("echo hi > hello.txt")], vote: () => ACHIEVED, voteDelayMs: 2_500 }));
    const result = await loopkitRun(["make", "hello.txt", "say", "hi", "--verify", `sleep 3; ${VERIFY}`, "--", "--allowedTools", "Bash"], {
      LOOPKIT_PROGRESS_MS: "1000",
    });
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    const lines = result.stdout.split("\n");
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    const verifier = at(/^loopkit run: phase 1: the agent's turn ended \(iteration 1\); the verifier runs: sleep 3; test/);
    const again = at(/^loopkit run: phase 1: the verifier passed; it runs once more\.$/);
    const audit = at(/^loopkit run: phase 1: the verifier passed twice; the audit runs \(a fresh, read-only claude -p\)\.$/);
    const end = at(/^loopkit run: phase 1 \(session .*: achieved/);
    expect(
      [verifier, again, audit, end].every((i) => i >= 0),
      result.stdout,
    ).toBe(true);
    expect(verifier < again && again < audit && audit < end).toBe(true);
    expect(lines.slice(verifier, again).some((line) => /^loopkit run: phase 1: the verifier is still running \(\d+s\)\.$/.test(line))).toBe(
      true,
    );
  });

  it("says when the audit could not run, and does not charge that turn against --max-iterations", async () => {
    let audits = 0;
    model.setScript((request) => {
      if (request.kind !== "main") return { text: "ok" };
      if (isAudit(request)) {
        audits += 1;
        // The first audit's claude gets a server error it does not retry: it ends in an error, no vote.
        return audits === 1
          ? { error: { status: 500, type: "api_error", message: "Internal server error", headers: { "x-should-retry": "false" } } }
          : { text: ACHIEVED };
      }
      return request.lastUserText.includes("loopkit auto-loop") ? bash("echo hi > hello.txt") : { text: "Done with this step." };
    });
    const result = await loopkitRun(
      ["make", "hello.txt", "say", "hi", "--verify", VERIFY, "--max-iterations", "1", "--", "--allowedTools", "Bash"],
      { CLAUDE_CODE_MAX_RETRIES: "0" },
    );
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(result.stdout).toMatch(
      /phase 1 \(session .*\): pursuing; iteration 0 of 1 \(and 1 not counted: the audit could not run\), verifier pass \(exit 0\), audit could not run/,
    );
    expect(result.stdout).toMatch(/the loop ended achieved/);
    // Two judged turns under --max-iterations 1: the first one's audit could not run, so it was not counted.
    expect(status(sandbox)).toMatchObject({ status: "achieved", iteration: 2, iterations_not_counted: 1, last_audit_vote: "achieved" });
    const history = readHistory(sandbox).filter((h) => h.event === "gate");
    expect(history.map((h) => h.detail)).toEqual([
      expect.stringMatching(/iteration 1: verifier pass \(exit 0\), audit could not run/),
      expect.stringMatching(/iteration 2: .*audit achieved/),
    ]);
    // No vote is recorded for an audit that did not get to one.
    expect(history.map((h) => h.vote)).toEqual([null, "achieved"]);
  });

  it("--takeover right after the runner's own stop continues at once, as the runner's message says", async () => {
    // No plugin in the phases: loopkit's hook never runs, and the runner stops after two phases.
    model.setScript(() => ({ text: "I looked." }));
    const stopped = await execa(
      process.execPath,
      [plugin.cli, "run", "--project", sandbox.project, "make hello.txt say hi", "--verify", VERIFY],
      {
        env: claudeEnv(model, sandbox, { ...loopkitEnv(sandbox), LOOPKIT_CLAUDE_BIN: CLAUDE_BIN }),
        extendEnv: false,
        reject: false,
        timeout: 120_000,
      },
    );
    expect(stopped.exitCode, stopped.stderr).toBe(1);
    expect(stopped.stdout).toMatch(/`loopkit run --takeover` continues it/);
    // --status says so too, at once: the runner that left the loop is gone.
    expect(status(sandbox)).toMatchObject({ status: "pursuing", heartbeat_stale: true });
    expect(loopkitCli(sandbox, ["--status"]).stdout).toMatch(/session: .*heartbeat stale: loopkit run --takeover continues the loop\)/);

    model.setScript(loopScript({ turns: [bash("echo hi > hello.txt")], vote: () => ACHIEVED }));
    const result = await loopkitRun(["--takeover", "--", "--allowedTools", "Bash"]);
    expect(result.exitCode, `${result.stdout}\n${result.stderr}`).toBe(0);
    expect(status(sandbox)).toMatchObject({ status: "achieved", iteration: 1, goal: "make hello.txt say hi" });
    expect(readHistory(sandbox).map((h) => h.event)).toEqual(["start", "phase", "phase", "takeover", "phase", "gate"]);
  });
});
