// Long runs end to end (issue 5): compaction, --restart-pct, resume, through the real claude CLI
// and the scripted fake model, with loopkit's SessionStart and Stop hooks from hooks/hooks.json.
import { describe, expect, it } from "vitest";
import type { FakeModel, LoggedRequest, ScriptedReply } from "./harness/fake-model.js";
import { runClaude, startClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { bash, hookPrompts, isAudit, loopkitEnv, loopScript, plugin, readHistory, status } from "./auto-loop-helpers.js";

const VERIFY = `test "$(cat hello.txt)" = hi`;
const GOAL = `/loopkit:auto-loop make hello.txt say hi --verify ${VERIFY}`;
const ACHIEVED = '{"vote": "achieved", "reasons": ["hello.txt says hi"]}';
/** The request Claude Code sends to summarise the conversation when it compacts. */
const isCompaction = (request: LoggedRequest) => request.lastUserText.includes("create a detailed summary of the conversation");
const withUsage = (reply: ScriptedReply, input_tokens: number): ScriptedReply => ({ ...reply, usage: { input_tokens } });

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

/** The loop context a loopkit hook put into a request, or "". */
function injected(request: LoggedRequest): string {
  const text = JSON.stringify(request.body.messages);
  const at = text.indexOf("loopkit auto-loop context (loop ");
  return at === -1 ? "" : text.slice(at, at + 4000);
}

/** A loop script that also answers compaction requests with a summary. */
function script(options: Parameters<typeof loopScript>[0]) {
  const loop = loopScript(options);
  return (request: LoggedRequest): ScriptedReply =>
    isCompaction(request) ? { text: "<summary>Working on hello.txt.</summary>" } : loop(request);
}

const options = (prompt: string, env: Record<string, string> = {}, resume?: string, args: string[] = []) => ({
  model,
  sandbox,
  prompt,
  resume,
  pluginDir: plugin.dir,
  args: ["--allowedTools", "Bash", ...args],
  env: loopkitEnv(sandbox, env),
  timeoutMs: 150_000,
});
const run = (prompt: string, env: Record<string, string> = {}, resume?: string, args: string[] = []) =>
  runClaude(options(prompt, env, resume, args));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("compaction in the middle of a loop", () => {
  it("puts the goal, progress, last verifier result and hand-off note back into the next request, and the loop goes on", async () => {
    model.setScript(
      script({
        turns: [
          bash("echo one > hello.txt; printf 'tried one' > .auto-loop/handoff.md"),
          bash("echo two > hello.txt"),
          // A context figure above the auto-compact window makes Claude Code compact before the next request.
          withUsage(bash("echo three > hello.txt"), 190_000),
          bash("echo hi > hello.txt"),
        ],
        vote: () => ACHIEVED,
      }),
    );
    const result = await run(`${GOAL} --restart-pct 100`, { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" });
    expect(result.exitCode, result.stderr).toBe(0);
    const compactions = result.requests.filter(isCompaction);
    expect(compactions).toHaveLength(1);
    const after = result.requests.filter((r) => r.kind === "main" && !isAudit(r) && r.index > compactions[0]!.index);
    const restored = injected(after[0]!);
    expect(restored).toMatch(/The conversation was just compacted/);
    expect(restored).toContain("make hello.txt say hi");
    expect(restored).toMatch(/iteration 2 of 40/);
    expect(restored).toMatch(/Last verifier result \(iteration 2\)[\s\S]{0,80}: fail \(exit code 1\)/);
    expect(restored).toContain("tried one");
    // Before the compaction no request carried it.
    expect(result.requests.filter((r) => r.index < compactions[0]!.index).some((r) => injected(r) !== "")).toBe(false);
    expect(result.hookEvents.filter((e) => e.subtype === "hook_response" && e.hook_name === "SessionStart:compact")).toHaveLength(1);
    // The SessionStart hook is registered for resume|compact only: a plain start does not even spawn it.
    expect(result.hookEvents.some((e) => e.hook_name === "SessionStart:startup")).toBe(false);
    expect(status(sandbox)).toMatchObject({ status: "achieved", iteration: 4, handoff_note: "tried one" });
  });
});

describe("--restart-pct", () => {
  it("past the threshold, the next prompt asks for a hand-off note once, and the note lands in the true state", async () => {
    model.setScript(
      script({
        turns: [
          // 150k of the 200k window: 75% full, over the default --restart-pct 70.
          withUsage({ text: "Looked around; nothing changed yet." }, 150_000),
          bash("printf 'done: looked around\\nnext: write hi\\nfailed: nothing yet' > .auto-loop/handoff.md"),
          bash("echo hi > hello.txt"),
        ],
        vote: () => ACHIEVED,
      }),
    );
    const result = await run(GOAL);
    expect(result.exitCode, result.stderr).toBe(0);
    const prompts = hookPrompts(result.requests);
    expect(prompts).toHaveLength(3);
    expect(prompts[0]).not.toMatch(/hand-off note to/);
    expect(prompts[1]).toMatch(/context is 75% full \(--restart-pct 70\)[\s\S]*write a hand-off note to \.auto-loop\/handoff\.md/);
    expect(prompts[2]).not.toMatch(/context is \d+% full/);
    expect(status(sandbox)).toMatchObject({
      status: "achieved",
      iteration: 3,
      handoff_note: "done: looked around\nnext: write hi\nfailed: nothing yet",
    });
  });
});

describe("resume", () => {
  it("an interrupted loop goes on in `claude -p --resume <id>` with the same counters, caps and real elapsed time; other sessions never pick it up", async () => {
    let kill = () => {};
    model.setScript(
      script({
        turns: [
          bash("echo one > hello.txt"),
          () => {
            kill(); // the machine goes down while the model thinks about iteration 2
            return { text: "never delivered", delayMs: 30_000 };
          },
        ],
        vote: () => ACHIEVED,
      }),
    );
    const startedAt = Date.now();
    const first = startClaude(options(`${GOAL} --max-iterations 9`));
    kill = () => first.child.kill("SIGKILL");
    const killed = await first.done;
    expect(killed.signal).toBe("SIGKILL");
    const sessionId = killed.sessionId!;
    expect(status(sandbox)).toMatchObject({
      status: "pursuing",
      iteration: 1,
      session_id: sessionId,
      max_iterations: 9,
      last_verifier: "fail",
    });
    const loopId = status(sandbox).loop_id;

    // A fresh session in the same folder, and a fork of the owner's session (new id), leave the loop alone.
    model.setScript(() => ({ text: "Hello." }));
    const fresh = await run("continue");
    const fork = await run("continue", {}, sessionId, ["--fork-session"]);
    expect(fork.sessionId).not.toBe(sessionId);
    for (const other of [fresh, fork]) {
      expect(other.exitCode, other.stderr).toBe(0);
      expect(other.requests.filter((r) => r.kind === "main")).toHaveLength(1);
      expect(other.requests.some((r) => injected(r) !== "")).toBe(false);
    }
    expect(status(sandbox)).toMatchObject({ status: "pursuing", iteration: 1, session_id: sessionId });

    await sleep(1_500);
    model.setScript((request) => {
      if (isAudit(request)) return { text: ACHIEVED };
      if (request.kind === "main" && request.lastUserText === "continue") return bash("echo hi > hello.txt");
      return { text: "Done with this step." };
    });
    const resumeStart = Date.now();
    const resumed = await run("continue", {}, sessionId);
    expect(resumed.exitCode, resumed.stderr).toBe(0);
    expect(resumed.sessionId).toBe(sessionId);
    const context = injected(resumed.requests.find((r) => r.kind === "main")!);
    expect(context).toMatch(/This session was resumed/);
    expect(context).toMatch(/iteration 1 of 9/);
    expect(context).toMatch(/Last verifier result \(iteration 1\)/);
    const s = status(sandbox);
    expect(s).toMatchObject({ status: "achieved", iteration: 2, max_iterations: 9, loop_id: loopId, session_id: sessionId });
    // Wall-clock counts from the loop's start, the time the session was away included.
    expect(s.elapsed_ms).toBeGreaterThanOrEqual(resumeStart - Date.parse(s.started_at));
    expect(Date.parse(s.started_at)).toBeGreaterThanOrEqual(startedAt);
    expect(readHistory(sandbox).map((h) => h.event)).toEqual(["start", "gate", "resume", "gate"]);
  }, 120_000);
});
