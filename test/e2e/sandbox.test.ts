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

const VERIFY = `test "$(cat hello.txt)" = hi`;
const ACHIEVED = 'I read hello.txt.\n{"vote": "achieved", "reasons": ["hello.txt says hi"]}';
const SANDBOX_ON = ["--settings", JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true, autoAllowBashIfSandboxed: true } })];

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

const env = (extra: Record<string, string> = {}) => repeatEnv(sandbox, { ...loopkitEnv(sandbox), LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000", ...extra });
const claude = (prompt: string, options: { args?: string[]; env?: Record<string, string>; resume?: string } = {}) =>
  runClaude({ model, sandbox, prompt, pluginDir: plugin.dir, args: options.args ?? SANDBOX_ON, env: env(options.env), timeoutMs: 150_000, ...(options.resume ? { resume: options.resume } : {}) });

/** Everything the model was sent in a request, hook context included. */
const sent = (request: LoggedRequest) => JSON.stringify(request.body.messages);
const mainTurns = (requests: LoggedRequest[]) => requests.filter((r) => r.kind === "main" && !isAudit(r));
/** The turn that carried the skill's answer to `/loopkit:<kind> <args>` (other sessions share the fake model). */
const skillTurn = (requests: LoggedRequest[], args: string) => mainTurns(requests).find((r) => r.lastUserText.includes(`<command-args>${args}</command-args>`));

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

describe("an auto-loop with the sandbox on", () => {
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
    const owner = startClaude({ model, sandbox, prompt: `/loopkit:auto-loop make hello.txt say hi --verify ${VERIFY}`, pluginDir: plugin.dir, args: SANDBOX_ON, env: env(), timeoutMs: 150_000 });
    const judged = await waitFor("iteration 1 to be judged", () => {
      const s = status(sandbox);
      return s.iteration === 1 && s.last_verifier === "fail" ? s : undefined;
    });
    // The agent's Bash ran in the sandbox (the loop's own turn wrote the file, in the project).
    expect(readFileSync(path.join(sandbox.project, "hello.txt"), "utf8")).toBe("wrong\n");
    expect(judged.agent_sandbox).toMatchObject({ agent: "sandboxed", fail_if_unavailable: true, measuring: false, how: expect.stringContaining("could not write loopkit's data folder") });

    const asked = await claude("/loopkit:auto-loop --status");
    expect(asked.exitCode, asked.stderr).toBe(0);
    expect(skillTurn(asked.requests, "--status")?.lastUserText).toMatch(/auto-loop pursuing[\s\S]*iteration: {2}1 of 40[\s\S]*sandbox: {4}the agent runs in Claude Code's sandbox \(loopkit's skill command[^)]*could not write loopkit's data folder[^)]*\): the verifier runs under the same sandbox policy/);

    const cancelled = await claude("/loopkit:auto-loop --cancel");
    expect(cancelled.exitCode, cancelled.stderr).toBe(0);
    expect(skillTurn(cancelled.requests, "--cancel")?.lastUserText).toMatch(/auto-loop cancelled after 1 iteration\(s\)/);
    release();
    const first = await owner.done;
    expect(first.exitCode, first.stderr).toBe(0);
    // The start message said what was measured, and what it means for the verdict.
    expect(mainTurns(first.requests)[0]!.lastUserText).toMatch(/loopkit auto-loop started[\s\S]*Sandbox: the agent runs in Claude Code's sandbox \(loopkit's skill command[^)]*could not write loopkit's data folder[^)]*\): the verifier runs under the same sandbox policy/);
    expect(status(sandbox)).toMatchObject({ status: "cancelled", active: false, iteration: 1 });
    expect(readHistory(sandbox).map((h) => h.event)).toEqual(["start", "gate", "cancel"]);
    expect(model.unexpected.filter((u) => !u.includes("count_tokens"))).toEqual([]);
  }, 200_000);
});
