// The plugin's bin/loopkit is on the agent's Bash PATH inside the real claude CLI: the agent can run
// `loopkit ...` as the docs write it, without knowing where the plugin is installed.
import { expect, it } from "vitest";
import type { FakeModel, LoggedRequest } from "./harness/fake-model.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { runClaude, type Sandbox } from "./harness/run-claude.js";

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({}, (world) => ({ model, sandbox } = world));

/** The text of the tool results in the request's last user message. */
function toolResults(request: LoggedRequest): string {
  const last = request.body?.messages?.at(-1);
  const blocks = Array.isArray(last?.content) ? last.content : [];
  return blocks
    .filter((block: any) => block.type === "tool_result")
    .map((block: any) => (typeof block.content === "string" ? block.content : (block.content ?? []).map((part: any) => part.text ?? "").join("")))
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
    return { toolUses: [{ name: "Bash", input: { command: "loopkit --version && loopkit repeat --status --json; echo exit=$?", description: "loopkit" } }] };
  });
  const run = await runClaude({ model, sandbox, prompt: "check loopkit", args: ["--allowedTools", "Bash"], timeoutMs: 120_000 });
  expect(run.exitCode, run.stderr).toBe(0);
  expect(seen).toMatch(/^\d+\.\d+\.\d+$/m);
  expect(seen).toMatch(/"status": "none"/);
  expect(seen).toMatch(/exit=8/);
  expect(model.unexpected).toEqual([]);
});
