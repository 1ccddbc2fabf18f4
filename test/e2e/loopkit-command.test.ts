// The plugin's bin/loopkit is on the agent's Bash PATH inside the real claude CLI: the agent can run
// `loopkit ...` as the docs write it, without knowing where the plugin is installed. And -h/--help
// through the skills shows the help and starts nothing.
import { existsSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import type { FakeModel, LoggedRequest } from "./harness/fake-model.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { runClaude, type Sandbox } from "./harness/run-claude.js";
import { pluginDataOf } from "./repeat-helpers.js";

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({}, (world) => ({ model, sandbox } = world));

/** The text of the tool results in the request's last user message. */
function toolResults(request: LoggedRequest): string {
  const last = request.body?.messages?.at(-1);
  const blocks = Array.isArray(last?.content) ? last.content : [];
  return blocks
    .filter((block: any) => block.type === "tool_result")
    .map((block: any) =>
      typeof block.content === "string" ? block.content : (block.content ?? []).map((part: any) => part.text ?? "").join(""),
    )
    .join("\n");
}

it("runs loopkit from the Bash tool by its bare name", async () => {
  let seen = "";
  model.setScript((request) => {
    const results = toolResults(request);
    if (results) {
      seen = results;
      return { text: "done" };
    }
    if (request.kind !== "main") return { text: "ok" };
    return {
      toolUses: [
        { name: "Bash", input: { command: "loopkit --version && loopkit repeat --status --json; echo exit=$?", description: "loopkit" } },
      ],
    };
  });
  const run = await runClaude({ model, sandbox, prompt: "check loopkit", args: ["--allowedTools", "Bash"], timeoutMs: 120_000 });
  expect(run.exitCode, run.stderr).toBe(0);
  expect(seen).toMatch(/^\d+\.\d+\.\d+$/m);
  expect(seen).toMatch(/"status": "none"/);
  expect(seen).toMatch(/exit=8/);
  expect(model.unexpected).toEqual([]);
});

it.each(["/loopkit:repeat -h", "/loopkit:auto-loop --help"])(
  "%s in a real session shows the help and starts nothing",
  async (prompt) => {
    model.setScript(() => ({ text: "Here is the help." }));
    const run = await runClaude({ model, sandbox, prompt, timeoutMs: 120_000 });
    expect(run.exitCode, run.stderr).toBe(0);
    // loopkit's hook answers it in place of the prompt: no model turn (typed-answers.test.ts).
    expect(run.requests).toEqual([]);
    expect(run.result?.result).toMatch(/\nUsage: \/loopkit:(repeat|auto-loop)/);
    expect(existsSync(path.join(pluginDataOf(sandbox), "sessions"))).toBe(false);
    expect(existsSync(path.join(pluginDataOf(sandbox), "repeat"))).toBe(false);
  },
  120_000,
);
