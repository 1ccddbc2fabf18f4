// A typed help, status or cancel is answered by loopkit's UserPromptExpansion hook itself: it blocks
// the prompt with the answer as the reason, which Claude Code shows to the person and sends to no
// model (docs/claude-code-findings.md §22). The real claude CLI (both versions) and the fake model.
import { readdirSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import path from "node:path";
import { expect, it } from "vitest";
import type { FakeModel } from "./harness/fake-model.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { runClaude, startClaude, type Sandbox } from "./harness/run-claude.js";
import { iterationScript, repeatEnv, result } from "./repeat-helpers.js";

let model: FakeModel;
let sandbox: Sandbox;
let dataDir: string;
useModelAndSandbox(
  { setUp: (world) => void (dataDir = path.join(world.sandbox.root, "loopkit data")) },
  (world) => ({ model, sandbox } = world),
);

const env = () => repeatEnv(sandbox, { LOOPKIT_DATA_DIR: dataDir, LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000" });
const typed = (prompt: string, resume?: string) =>
  runClaude({ model, sandbox, prompt, env: env(), timeoutMs: 90_000, ...(resume ? { resume } : {}) });
/** What Claude Code shows for a UserPromptExpansion hook's block: its label, loopkit's answer, the prompt typed. */
const shownAnswer = (text: string, prompt: string) =>
  new RegExp(`^UserPromptExpansion operation blocked by hook:\\n${text}[^]*\\n\\nOriginal prompt: ${prompt.replace(/[-/]/g, "\\$&")}$`);

it.each([
  ["/loopkit:auto-loop --status", "auto-loop: no loop in .*my project"],
  ["/loopkit:auto-loop --help", "Usage: /loopkit:auto-loop"],
  ["/loopkit:repeat --status", "repeat: no loop has run in .*my project"],
  ["/loopkit:repeat --help", "Usage: /loopkit:repeat"],
])(
  "%s is answered with no model request",
  async (prompt, text) => {
    model.setScript(() => ({ text: "a model turn" }));
    const run = await typed(prompt);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.requests).toEqual([]);
    expect(run.result?.result).toMatch(shownAnswer(text, prompt));
  },
  120_000,
);

it("/loopkit:repeat --cancel ends the session's own loop with no model request; another session's --cancel leaves it alone", async () => {
  const { script } = iterationScript([result("REPEAT-RESULT: pass - fine")]);
  model.setScript(script);
  const first = startClaude({ model, sandbox, prompt: "/loopkit:repeat 1h --iterations 3 say hi", env: env(), timeoutMs: 90_000 });
  const file = path.join(dataDir, "repeat");
  const state = () => {
    try {
      const [name] = readdirSync(file);
      return JSON.parse(readFileSync(path.join(file, name!), "utf8"));
    } catch {
      return null;
    }
  };
  while (state()?.phase !== "waiting") await delay(200);
  const owner = state().session_id as string;

  const other = await typed("/loopkit:repeat --cancel");
  expect(other.requests).toEqual([]);
  expect(other.result?.result).toMatch(shownAnswer("loopkit: no active repeat loop to cancel", "/loopkit:repeat --cancel"));
  expect(state()).toMatchObject({ phase: "waiting", final_status: null });

  const own = await typed("/loopkit:repeat --cancel", owner);
  expect(own.requests).toEqual([]);
  expect(own.result?.result).toMatch(/^UserPromptExpansion operation blocked by hook:\n.*cancel/i);
  expect(state()).toMatchObject({ phase: "ended", final_status: "CANCELLED" });
  // The first session's wait ends with the cancel: its claude -p exits.
  expect((await first.done).exitCode).toBe(0);
}, 180_000);
