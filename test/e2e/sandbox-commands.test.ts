// Both loop kinds with Claude Code's sandbox on (bubblewrap; `failIfUnavailable`, so a missing sandbox
// fails the run instead of passing unsandboxed), through the real CLI: the skill's `!` line runs in the
// sandbox, where loopkit's data folder is read-only, and loopkit's UserPromptExpansion hook carries the
// command out instead. The agent's sandbox is measured and shown; nothing the sandboxed agent runs or
// plants starts, cancels or takes over a loop, or changes the measurement.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { FakeModel, LoggedRequest, ScriptedReply } from "./harness/fake-model.js";
import { runClaude, startClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { bash, dataDirOf, isAudit, loopkitEnv, plugin, readHistory, status } from "./auto-loop-helpers.js";
import { iterationOf, readStats, repeatEnv, result, status as repeatStatus } from "./repeat-helpers.js";
import { requireSystemTools } from "../support/system-tools.js";

/** Claude Code's sandbox here: bubblewrap and socat (ripgrep for loopkit's verifier). */
const sandboxOn = process.platform === "linux" ? requireSystemTools(["bwrap", "socat", "rg"]) : { skip: false };

const VERIFY = `test "$(cat hello.txt)" = hi`;
const ACHIEVED = 'I read hello.txt.\n{"vote": "achieved", "reasons": ["hello.txt says hi"]}';
const SANDBOX_ON = ["--settings", JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true, autoAllowBashIfSandboxed: true } })];

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

const env = (extra: Record<string, string> = {}) =>
  repeatEnv(sandbox, { ...loopkitEnv(sandbox), LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000", ...extra });
const claude = (prompt: string, options: { args?: string[]; env?: Record<string, string>; resume?: string } = {}) =>
  runClaude({
    model,
    sandbox,
    prompt,
    pluginDir: plugin.dir,
    args: options.args ?? SANDBOX_ON,
    env: env(options.env),
    timeoutMs: 150_000,
    ...(options.resume ? { resume: options.resume } : {}),
  });

const mainTurns = (requests: LoggedRequest[]) => requests.filter((r) => r.kind === "main" && !isAudit(r));
/** The turn that carried the skill's answer to `/loopkit:<kind> <args>` (other sessions share the fake model). */
const skillTurn = (requests: LoggedRequest[], args: string) =>
  mainTurns(requests).find((r) => r.lastUserText.includes(`<command-args>${args}</command-args>`));

async function waitFor<T>(what: string, probe: () => T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A script that answers by what a request carries: the loop's own prompts, the audit, anything else "ok". */
function script(answer: (request: LoggedRequest, text: string) => ScriptedReply | undefined) {
  return (request: LoggedRequest): ScriptedReply => {
    if (request.kind !== "main") return { text: "a title" };
    if (isAudit(request)) return { text: ACHIEVED };
    return answer(request, request.lastUserText) ?? { text: "ok" };
  };
}

describe.skipIf(sandboxOn.skip)("an auto-loop with the sandbox on", () => {
  it("starts from the hook, says the agent is sandboxed (measured), runs an iteration, shows its status and is cancelled from another sandboxed session", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    model.setScript(
      script((_request, text) => {
        if (text.includes("loopkit auto-loop started")) return bash("echo wrong > hello.txt");
        if (text.includes("iteration 1 of 40 done")) return { text: "Still on it.", after: held };
        return undefined;
      }),
    );
    const owner = startClaude({
      model,
      sandbox,
      prompt: `/loopkit:auto-loop make hello.txt say hi --verify ${VERIFY}`,
      pluginDir: plugin.dir,
      args: SANDBOX_ON,
      env: env(),
      timeoutMs: 150_000,
    });
    const judged = await waitFor("iteration 1 to be judged", () => {
      const s = status(sandbox);
      return s.iteration === 1 && s.last_verifier === "fail" ? s : undefined;
    });
    // The agent's Bash ran in the sandbox (the loop's own turn wrote the file, in the project).
    expect(readFileSync(path.join(sandbox.project, "hello.txt"), "utf8")).toBe("wrong\n");
    expect(judged.agent_sandbox).toMatchObject({
      agent: "sandboxed",
      fail_if_unavailable: true,
      measuring: false,
      how: expect.stringContaining("could not write loopkit's data folder"),
    });

    // A typed --status is answered by loopkit's UserPromptExpansion hook, with no model request.
    const asked = await claude("/loopkit:auto-loop --status");
    expect(asked.exitCode, asked.stderr).toBe(0);
    expect(skillTurn(asked.requests, "--status")).toBeUndefined();
    expect(asked.result?.result).toMatch(
      /auto-loop pursuing[\s\S]*iteration: {2}1 of 40[\s\S]*sandbox: {4}the agent runs in Claude Code's sandbox \(loopkit's skill command[^)]*could not write loopkit's data folder[^)]*\): the verifier runs under the same sandbox policy/,
    );

    const cancelled = await claude("/loopkit:auto-loop --cancel");
    expect(cancelled.exitCode, cancelled.stderr).toBe(0);
    expect(cancelled.result?.result).toMatch(/auto-loop cancelled after 1 iteration\(s\)/);
    release();
    const first = await owner.done;
    expect(first.exitCode, first.stderr).toBe(0);
    // The start message said what was measured, and what it means for the verdict.
    expect(mainTurns(first.requests)[0]!.lastUserText).toMatch(
      /loopkit auto-loop started[\s\S]*Sandbox: the agent runs in Claude Code's sandbox \(loopkit's skill command[^)]*could not write loopkit's data folder[^)]*\): the verifier runs under the same sandbox policy/,
    );
    expect(status(sandbox)).toMatchObject({ status: "cancelled", active: false, iteration: 1 });
    expect(readHistory(sandbox).map((h) => h.event)).toEqual(["start", "gate", "cancel"]);
    expect(model.unexpected.filter((u) => !u.includes("count_tokens"))).toEqual([]);
  }, 200_000);
});

describe.skipIf(sandboxOn.skip)("a repeat loop with the sandbox on", () => {
  it("starts from the hook, runs its iterations, and is paused, shown, resumed and cancelled by its own session, each command under the sandbox", async () => {
    const seen: number[] = [];
    model.setScript(
      script((request) => {
        const iteration = iterationOf(request);
        if (iteration === null) return undefined;
        seen.push(iteration);
        return result(`REPEAT-RESULT: pass - fine ${iteration}`);
      }),
    );
    // Claude Code drops the second continuation in a row that ran no tool: the session ends, the loop pauses.
    const capped = { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "1" };
    const first = await claude(`/loopkit:repeat 1s --iterations 5 "check the build"`, { env: capped });
    expect(first.exitCode, first.stderr).toBe(0);
    const start = mainTurns(first.requests)[0]!.lastUserText;
    expect(start).toMatch(/loopkit repeat started[\s\S]*loopkit repeat: iteration 1\/5/);
    expect(start).toMatch(
      /Sandbox: the agent runs in Claude Code's sandbox \(loopkit's skill command[^)]*could not write loopkit's data folder[^)]*\)\. A repeat loop runs no project code from its hooks/,
    );
    const paused = await repeatStatus(sandbox, { LOOPKIT_DATA_DIR: dataDirOf(sandbox) });
    expect(paused).toMatchObject({ active: true, status: "paused" });
    const ran = paused.iteration;
    expect(seen).toEqual(Array.from({ length: ran }, (_, i) => i + 1));

    // Answered by the hook: its answer has no Sandbox line (the hook cannot measure the session's sandbox).
    const asked = await claude("/loopkit:repeat --status", { resume: first.sessionId!, env: capped });
    expect(asked.exitCode, asked.stderr).toBe(0);
    expect(skillTurn(asked.requests, "--status")).toBeUndefined();
    expect(asked.result?.result).toMatch(/repeat paused: iteration \d\/5/);

    const resumed = await claude("/loopkit:repeat --resume", { resume: first.sessionId!, env: capped });
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(skillTurn(resumed.requests, "--resume")?.lastUserText).toMatch(
      /loopkit repeat resumed[\s\S]*Sandbox: the agent runs in Claude Code's sandbox/,
    );
    expect(seen.length).toBeGreaterThan(ran);
    expect(seen.at(-1)).toBeLessThan(5);

    const cancelled = await claude("/loopkit:repeat --cancel", { resume: first.sessionId! });
    expect(cancelled.exitCode, cancelled.stderr).toBe(0);
    expect(cancelled.result?.result).toMatch(/repeat ended: CANCELLED/);
    expect(await repeatStatus(sandbox, { LOOPKIT_DATA_DIR: dataDirOf(sandbox) })).toMatchObject({ active: false, status: "CANCELLED" });
    expect(readStats(sandbox).loop_runs[0]).toMatchObject({ final_status: "CANCELLED" });
    expect(model.unexpected.filter((u) => !u.includes("count_tokens"))).toEqual([]);
  }, 240_000);
});

describe.skipIf(sandboxOn.skip)("an auto-loop taken over with the sandbox on", () => {
  it("is adopted by a sandboxed session after its unsandboxed owner died; the new session's sandbox is measured anew, and the loop reaches the goal", async () => {
    model.setScript(
      script((_request, text) => {
        if (text.includes("took the loop over")) return bash("echo hi > hello.txt");
        if (text.includes("loopkit auto-loop started")) return bash("echo wrong > hello.txt");
        if (text.includes("iteration 1 of 40 done")) return { text: "Thinking.", delayMs: 60_000 };
        return undefined;
      }),
    );
    const owner = startClaude({
      model,
      sandbox,
      prompt: `/loopkit:auto-loop make hello.txt say hi --verify ${VERIFY}`,
      pluginDir: plugin.dir,
      args: ["--allowedTools", "Bash"],
      env: env(),
      timeoutMs: 150_000,
    });
    await waitFor("iteration 1 to be judged", () => status(sandbox).iteration === 1);
    expect(status(sandbox).agent_sandbox).toMatchObject({ agent: "unsandboxed" });
    owner.child.kill("SIGKILL");
    const died = await owner.done;
    expect(status(sandbox)).toMatchObject({ status: "pursuing", session_id: died.sessionId ?? expect.any(String) });

    const adopted = await claude("/loopkit:auto-loop --takeover", { env: { LOOPKIT_STALE_MS: "1" } });
    expect(adopted.exitCode, adopted.stderr).toBe(0);
    expect(skillTurn(adopted.requests, "--takeover")?.lastUserText).toMatch(
      /took the loop over from session[\s\S]*Sandbox: the agent runs in Claude Code's sandbox/,
    );
    const end = status(sandbox);
    expect(end).toMatchObject({
      status: "achieved",
      session_id: adopted.sessionId,
      iteration: 2,
      agent_sandbox: { agent: "sandboxed", fail_if_unavailable: true, measuring: false },
    });
    expect(readHistory(sandbox).map((h) => h.event)).toEqual(["start", "gate", "takeover", "gate"]);
  }, 240_000);
});

describe("the same without the sandbox", () => {
  it("measures the agent as unsandboxed, for both loop kinds, and says what that means", async () => {
    model.setScript(
      script((request, text) => {
        if (text.includes("loopkit auto-loop started")) return bash("echo hi > hello.txt");
        if (iterationOf(request) !== null) return result("REPEAT-RESULT: pass - fine\nDONE");
        return undefined;
      }),
    );
    const plain = ["--allowedTools", "Bash"];
    const loop = await claude(`/loopkit:auto-loop make hello.txt say hi --verify ${VERIFY}`, { args: plain });
    expect(loop.exitCode, loop.stderr).toBe(0);
    expect(skillTurn(loop.requests, `make hello.txt say hi --verify ${VERIFY}`)?.lastUserText).toMatch(
      /Sandbox: the agent runs in no sandbox \(loopkit's skill command[^)]*wrote to loopkit's data folder at [^)]*\): the verifier runs with your rights/,
    );
    expect(status(sandbox)).toMatchObject({
      status: "achieved",
      agent_sandbox: {
        agent: "unsandboxed",
        fail_if_unavailable: false,
        measuring: false,
        how: expect.stringContaining("wrote to loopkit's data folder"),
      },
    });

    const repeat = await claude(`/loopkit:repeat 1m --iterations 2 "check the build"`, { args: plain });
    expect(repeat.exitCode, repeat.stderr).toBe(0);
    expect(skillTurn(repeat.requests, `1m --iterations 2 "check the build"`)?.lastUserText).toMatch(
      /Sandbox: the agent runs in no sandbox/,
    );
    const asked = await claude("/loopkit:repeat --status", { args: plain, resume: repeat.sessionId! });
    expect(skillTurn(asked.requests, "--status")).toBeUndefined();
    expect(asked.result?.result).toMatch(/repeat ended EARLY_SUCCESS/);
  }, 240_000);
});

describe.skipIf(sandboxOn.skip)("a sandboxed agent against its own loop", () => {
  it("cannot cancel, restart or take over the loop, nor change the measurement, by running loopkit itself, calling the Skill tool, or planting files in the project", async () => {
    // Planted before the start, as a cloned repository could carry them.
    mkdirSync(path.join(sandbox.project, ".auto-loop"));
    writeFileSync(
      path.join(sandbox.project, ".auto-loop", "sandbox-probe.json"),
      JSON.stringify({ version: 1, loop_id: "x", session_id: "x", written_at: new Date().toISOString(), sandbox_runtime: false }),
    );
    writeFileSync(
      path.join(sandbox.project, ".auto-loop", "goal-state.json"),
      JSON.stringify({ status: "pursuing", launch: { agent_sandbox: { agent: "unsandboxed" } } }),
    );
    // loopkit's CLI, as `loopkit` on the Bash tool's PATH runs it (the plugin copy has no bin/).
    const loopkit = `node "${plugin.cli}"`;
    const attack = [
      `${loopkit} auto-loop --cancel`,
      `printf %s --cancel | ${loopkit} auto-loop --from-hook --session "$CLAUDE_CODE_SESSION_ID" --args-stdin`,
      `${loopkit} auto-loop --session "$CLAUDE_CODE_SESSION_ID" "another goal" --verify true --takeover`,
      `for d in "$LOOPKIT_DATA_DIR"/auto-loop/*/; do echo x > "$d/sandbox-probe.json"; done`,
      `${loopkit} auto-loop --status`,
    ]
      .map((line, i) => `${line} >> attack.log 2>&1; echo "step ${i}: $?" >> attack.log`)
      .concat("echo hi > hello.txt")
      .join("\n");
    let skillCalled = false;
    model.setScript(
      script((request, text) => {
        if (text.includes("loopkit auto-loop started")) return bash(attack);
        const last = request.body.messages.at(-1)?.content;
        if (!skillCalled && Array.isArray(last) && last.some((block: { type?: string }) => block.type === "tool_result")) {
          skillCalled = true;
          return { toolUses: [{ name: "Skill", input: { skill: "loopkit:auto-loop", args: "--cancel" } }] };
        }
        return undefined;
      }),
    );
    // Bash allowed outright, so the permission check lets every line through: only the sandbox stands in the way.
    const run = await claude(`/loopkit:auto-loop make hello.txt say hi --verify ${VERIFY}`, {
      args: [...SANDBOX_ON, "--allowedTools", "Bash"],
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const log = readFileSync(path.join(sandbox.project, "attack.log"), "utf8");
    for (const step of [0, 1, 2, 3]) expect(log).toMatch(new RegExp(`step ${step}: [1-9]`));
    expect(log.match(/loopkit: cannot write .* from here \(EROFS\); nothing was started or changed/g)).toHaveLength(3);
    // Reading works inside the sandbox: the status it printed is the loop's, and says so.
    expect(log).toMatch(/auto-loop pursuing[\s\S]*sandbox: {4}the agent's sandbox is being measured[\s\S]*step 4: 3/);
    const refused = run.events
      .flatMap((e) => (e.type === "user" && Array.isArray(e.message?.content) ? e.message.content : []))
      .find(
        (b: { type?: string; content?: unknown }) =>
          b.type === "tool_result" && JSON.stringify(b.content).includes("disable-model-invocation"),
      );
    expect(refused).toBeDefined();
    const end = status(sandbox);
    expect(end).toMatchObject({ status: "achieved", session_id: run.sessionId, agent_sandbox: { agent: "sandboxed", measuring: false } });
    expect(readHistory(sandbox).map((h) => h.event)).not.toContain("cancel");
    expect(readHistory(sandbox).map((h) => h.event)).not.toContain("takeover");
    expect(existsSync(path.join(dataDirOf(sandbox), "answers", `${run.sessionId}.json`))).toBe(true);
  }, 240_000);
});

describe.skipIf(sandboxOn.skip)("which typed commands loopkit's hook carries out", () => {
  it("carries out the bare /auto-loop, but not a /auto-loop or a /loopkit:repeat the project defines itself", async () => {
    model.setScript(script((_request, text) => (text.includes("loopkit auto-loop started") ? bash("echo hi > hello.txt") : undefined)));
    const bare = await claude(`/auto-loop make hello.txt say hi --verify ${VERIFY}`);
    expect(bare.exitCode, bare.stderr).toBe(0);
    expect(status(sandbox)).toMatchObject({ status: "achieved", session_id: bare.sessionId });

    // The project's own commands take these names (a subfolder namespaces a project command: loopkit/repeat.md is /loopkit:repeat).
    mkdirSync(path.join(sandbox.project, ".claude", "commands", "loopkit"), { recursive: true });
    writeFileSync(path.join(sandbox.project, ".claude", "commands", "auto-loop.md"), "PROJECT AUTO-LOOP $ARGUMENTS\n");
    writeFileSync(path.join(sandbox.project, ".claude", "commands", "loopkit", "repeat.md"), "PROJECT REPEAT $ARGUMENTS\n");
    const data = dataDirOf(sandbox);
    const before = readdirSync(path.join(data, "sessions"));
    const own = await claude(`/auto-loop another goal --verify true`);
    expect(mainTurns(own.requests)[0]!.lastUserText).toContain("PROJECT AUTO-LOOP another goal");
    const hijacked = await claude(`/loopkit:repeat 1m "say hi"`);
    expect(mainTurns(hijacked.requests)[0]!.lastUserText).toContain("PROJECT REPEAT 1m");
    // Neither started a loop nor left an answer: the hook saw another command's name or source.
    expect(status(sandbox)).toMatchObject({ status: "achieved", session_id: bare.sessionId });
    expect(existsSync(path.join(data, "repeat"))).toBe(false);
    expect(readdirSync(path.join(data, "sessions"))).toEqual(before);
    expect(readdirSync(path.join(data, "answers"))).toEqual([`${bare.sessionId}.json`]);
  }, 240_000);
});
