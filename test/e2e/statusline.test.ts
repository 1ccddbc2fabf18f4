// `loopkit statusline` against a real loop: a repeat loop runs in the real claude CLI and, while its
// Stop hook waits, the status-line command (as Claude Code would run it: JSON on stdin, from the
// person's PATH, no loopkit variables) reports that session's loop; any other session gets nothing.
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import type { FakeModel } from "./harness/fake-model.js";
import { PLUGIN_DIR, startClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { iterationScript, pluginDataOf, repeatEnv, result } from "./repeat-helpers.js";
import { loopScript, plugin } from "./auto-loop-helpers.js";

const run = promisify(execFile);
let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ sandbox: "file" }, (world) => ({ model, sandbox } = world));

/** What Claude Code's statusLine runs: bin/loopkit statusline with the status-line JSON on stdin. */
async function statusline(sessionId: string): Promise<string> {
  const child = run(process.execPath, [path.join(PLUGIN_DIR, "bin", "loopkit"), "statusline"], {
    env: { PATH: process.env.PATH ?? "", HOME: sandbox.home },
  });
  child.child.stdin!.end(
    JSON.stringify({
      session_id: sessionId,
      cwd: sandbox.project,
      workspace: { current_dir: sandbox.project, project_dir: sandbox.project },
      model: { id: "m" },
    }),
  );
  const { stdout, stderr } = await child;
  expect(stderr).toBe("");
  return stdout;
}

const sessionsOf = () =>
  readdirSync(path.join(pluginDataOf(sandbox), "sessions"), { withFileTypes: true })
    .filter((e) => e.name.endsWith(".json"))
    .map((e) => e.name.slice(0, -5));

/** Polls the status line of the session whose marker appears until `done(line)`; returns the last line and the session. */
async function pollStatusline(done: (line: string) => boolean): Promise<{ line: string; sessionId: string }> {
  let line = "";
  let sessionId = "";
  for (let tries = 0; tries < 300 && !done(line); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    let sessions: string[] = [];
    try {
      sessions = sessionsOf();
    } catch {
      // No loop has written its marker yet.
    }
    if (sessions.length === 0) continue;
    sessionId = sessions[0]!;
    line = await statusline(sessionId);
  }
  return { line, sessionId };
}

it("shows the waiting loop of its own session, i/N, last result and countdown, and nothing elsewhere", async () => {
  const { script } = iterationScript([result("REPEAT-RESULT: pass - 12 tests green"), result("REPEAT-RESULT: pass - still green")]);
  model.setScript(script);
  const claude = startClaude({
    model,
    sandbox,
    prompt: '/loopkit:repeat 20s --iterations 2 "run the checks"',
    env: repeatEnv(sandbox, { LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000" }),
    timeoutMs: 120_000,
  });
  const { line, sessionId } = await pollStatusline((text) => /next in/.test(text));
  expect(line).toMatch(/^repeat 1\/2 run the checks · last pass \(12 tests green\) · \d+ tokens · next in \d+s\n$/);
  expect(await statusline("someone-else-0000")).toBe("");
  const done = await claude.done;
  expect(done.exitCode, done.stderr).toBe(0);
  expect(done.sessionId).toBe(sessionId);
  // The loop ended and its marker is gone: the status line goes quiet.
  expect(await statusline(sessionId)).toBe("");
}, 180_000);

it("shows an auto-loop's iteration, tokens and time against its caps while its verifier runs", async () => {
  model.setScript(
    loopScript({
      turns: [{ text: "Working on it." }, { text: "Hand-off: nothing left to say." }],
      vote: () => '{"vote": "unmet", "reasons": ["no"]}',
    }),
  );
  const claude = startClaude({
    model,
    sandbox,
    pluginDir: plugin.dir,
    prompt: "/loopkit:auto-loop make the checks pass --verify sleep 4 && exit 1 --max-iterations 1 --max-tokens 500k --max-wallclock 2h",
    env: { LOOPKIT_AUDIT_TIMEOUT_MS: "60000" },
    timeoutMs: 120_000,
  });
  // The Stop counts the iteration before its gate runs, so for the verifier's 4 s the line says 1/1, not judged yet
  // (before that Stop it says 0/1: on 2.1.332 the turn can end before the first poll).
  const { line, sessionId } = await pollStatusline((text) => text.startsWith("auto-loop 1/1"));
  expect(line).toMatch(/^auto-loop 1\/1 · \d+\/500k tokens · \d+s\/2h · not judged yet\n$/);
  const done = await claude.done;
  expect(done.exitCode, done.stderr).toBe(0);
  expect(done.sessionId).toBe(sessionId);
  expect(await statusline(sessionId)).toBe("");
}, 180_000);
