// Long runs end to end (issue 5): compaction, --restart-pct, resume, through the real claude CLI
// and the scripted fake model, with loopkit's SessionStart and Stop hooks from hooks/hooks.json.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModel, type LoggedRequest, type ScriptedReply } from "./harness/fake-model.js";
import { makeSandbox, runClaude, type Sandbox } from "./harness/run-claude.js";
import { bash, hookPrompts, isAudit, loopkitEnv, loopScript, readHistory, status } from "./auto-loop-helpers.js";

const VERIFY = `test "$(cat hello.txt)" = hi`;
const GOAL = `/loopkit:auto-loop make hello.txt say hi --verify ${VERIFY}`;
const ACHIEVED = '{"vote": "achieved", "reasons": ["hello.txt says hi"]}';
/** The request Claude Code sends to summarise the conversation when it compacts. */
const isCompaction = (request: LoggedRequest) => request.lastUserText.includes("create a detailed summary of the conversation");
const withUsage = (reply: ScriptedReply, input_tokens: number): ScriptedReply => ({ ...reply, usage: { input_tokens } });

let model: FakeModel;
let sandbox: Sandbox;
beforeAll(async () => {
  model = await startFakeModel([]);
});
afterAll(() => model.close());
beforeEach(async () => {
  sandbox = await makeSandbox();
});
afterEach(() => sandbox.cleanup());

/** The SessionStart context Claude Code put into a request, or "". */
function injected(request: LoggedRequest): string {
  const text = JSON.stringify(request.body.messages);
  const at = text.indexOf("SessionStart hook additional context: loopkit");
  return at === -1 ? "" : text.slice(at, at + 4000);
}

/** A loop script that also answers compaction requests with a summary. */
function script(options: Parameters<typeof loopScript>[0]) {
  const loop = loopScript(options);
  return (request: LoggedRequest): ScriptedReply => (isCompaction(request) ? { text: "<summary>Working on hello.txt.</summary>" } : loop(request));
}

const run = (prompt: string, env: Record<string, string> = {}, resume?: string) =>
  runClaude({ model, sandbox, prompt, resume, args: ["--allowedTools", "Bash"], env: loopkitEnv(sandbox, env), timeoutMs: 150_000 });

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
    expect(status(sandbox)).toMatchObject({ status: "achieved", iteration: 4, handoff_note: "tried one" });
  });
});
