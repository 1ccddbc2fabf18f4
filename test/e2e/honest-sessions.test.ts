// Honest work finishes (issue 33): sessions that look like real work, through the real claude CLI,
// with and without Claude Code's sandbox, each of which must end `achieved` (COMPLETED for repeat).
// The attack suites prove that cheats fail; these prove loopkit's defences let honest work through:
// a command in every turn for several turns (the sandbox's network bridge must outlive the first
// Stop), a background task started and stopped with Claude Code's own tools, an MCP server that must
// still answer after the Stops, a report the verifier writes where the person named it, a project
// with a real node_modules, no commit and a nested repository, a compaction mid-loop, and a repeat
// loop whose iterations run commands. The audit votes achieved whatever it sees: only loopkit's own
// rules stand between these sessions and their end.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import type { FakeModel, LoggedRequest, ScriptedReply } from "./harness/fake-model.js";
import { CLAUDE_VERSION, REPO_ROOT, runClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { bash, isAudit, loopkitEnv, loopScript, plugin, readHistory, status } from "./auto-loop-helpers.js";
import { iterationScript, readStats, repeatEnv, result } from "./repeat-helpers.js";
import { requireSystemTools } from "../support/system-tools.js";

const sandboxTools = process.platform === "linux" ? requireSystemTools(["bwrap", "socat", "rg"]) : { skip: true };
const ACHIEVED = 'Read the record.\n{"vote": "achieved", "reasons": ["the tests pass"]}';
/** A small node:test project whose one test fails until src/sum.js adds. */
const FIX = `printf 'exports.sum = (a, b) => a + b;\\n' > src/sum.js`;
const VERIFY = "node --test";

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => {
  ({ model, sandbox } = world);
  mkdirSync(path.join(sandbox.project, "src"));
  mkdirSync(path.join(sandbox.project, "test"));
  writeFileSync(path.join(sandbox.project, "src", "sum.js"), "exports.sum = (a, b) => a - b;\n");
  writeFileSync(
    path.join(sandbox.project, "test", "sum.test.js"),
    'const test = require("node:test");\nconst assert = require("node:assert");\nconst { sum } = require("../src/sum.js");\ntest("adds", () => assert.strictEqual(sum(2, 3), 5));\n',
  );
});

const SANDBOX_ON = { sandbox: { enabled: true, failIfUnavailable: true, autoAllowBashIfSandboxed: true } };

function settings(sandboxed: boolean): void {
  mkdirSync(path.join(sandbox.home, ".claude"), { recursive: true });
  writeFileSync(path.join(sandbox.home, ".claude", "settings.json"), JSON.stringify(sandboxed ? SANDBOX_ON : {}));
}

const autoLoop = (goal: string, options: { args?: string[]; env?: Record<string, string>; flags?: string } = {}) =>
  runClaude({
    model,
    sandbox,
    prompt: `/loopkit:auto-loop ${goal} --verify ${VERIFY} --max-iterations 8 ${options.flags ?? ""}`.trim(),
    pluginDir: plugin.dir,
    args: ["--allowedTools", "Bash", ...(options.args ?? [])],
    env: loopkitEnv(sandbox, options.env),
    timeoutMs: 240_000,
  });

/** Every tool result of the session's own turns, as the model received them. */
const toolResults = (requests: LoggedRequest[]): string[] =>
  requests
    .filter((r) => r.kind === "main" && !isAudit(r))
    .flatMap((r) => (r.body?.messages?.at(-1)?.content ?? []) as any[])
    .filter((block) => block?.type === "tool_result")
    .map((block) => (typeof block.content === "string" ? block.content : JSON.stringify(block.content)));

/** What the session showed the person and the model of loopkit's process sweep. */
const sweepNotes = (requests: LoggedRequest[]) => requests.filter((r) => /loopkit ended \d+ process/.test(r.lastUserText));

function expectAchieved(run: { exitCode: number | null; stderr: string; requests: LoggedRequest[] }, iteration: number) {
  expect(run.exitCode, run.stderr).toBe(0);
  const failed = toolResults(run.requests).filter((text) => /sandbox HTTP bridge socket is missing|socat may have died/.test(text));
  expect(failed).toEqual([]);
  expect(status(sandbox)).toMatchObject({ status: "achieved", iteration });
}

describe.each([
  ["without the sandbox", false],
  ["with Claude Code's sandbox on", true],
] as const)(`honest auto-loop sessions (Claude Code ${CLAUDE_VERSION}) %s`, { timeout: 300_000 }, (_, sandboxed) => {
  const maybe = sandboxed ? it.skipIf(sandboxTools.skip) : it;

  maybe("an agent that runs a command in every turn and finishes in its fourth ends achieved", async () => {
    settings(sandboxed);
    model.setScript(
      loopScript({
        turns: [
          bash("ls src test && cat src/sum.js"),
          bash("node --test 2>&1 | tail -5"),
          bash("grep -n sum test/sum.test.js"),
          bash(`${FIX} && node --test 2>&1 | tail -3`),
        ],
        vote: () => ACHIEVED,
      }),
    );
    const run = await autoLoop("make the sum test pass");
    expectAchieved(run, 4);
    // Every turn's command ran: the tool results carry their output, none an error of the sandbox.
    expect(toolResults(run.requests).join("\n")).toMatch(/exports\.sum = \(a, b\) => a - b/);
    expect(sweepNotes(run.requests)).toEqual([]);
    expect(
      readHistory(sandbox)
        .filter((h) => h.event === "gate")
        .map((h) => h.verdict),
    ).toEqual(["fail", "fail", "fail", "pass"]);
  });

  maybe("an agent that starts a background task with run_in_background and stops it with TaskStop ends achieved", async () => {
    settings(sandboxed);
    const script = loopScript({
      turns: [
        {
          toolUses: [
            { name: "Bash", input: { command: "node -e 'setInterval(() => {}, 1000)'", description: "watch", run_in_background: true } },
          ],
        },
        bash(`${FIX} && node --test 2>&1 | tail -3`),
      ],
      vote: () => ACHIEVED,
    });
    let stopped = false;
    model.setScript((request) => {
      // The tool result that names the background task: stop it by its id, with Claude Code's own tool.
      const id = /with ID: ([\w-]+)/.exec(JSON.stringify(request.body?.messages?.at(-1) ?? ""))?.[1];
      if (request.kind === "main" && !isAudit(request) && id && !stopped) {
        stopped = true;
        return { toolUses: [{ name: "TaskStop", input: { task_id: id } }] };
      }
      return script(request);
    });
    const run = await autoLoop("make the sum test pass", { args: ["--allowedTools", "TaskStop"] });
    expect(stopped).toBe(true);
    expectAchieved(run, 2);
    expect(sweepNotes(run.requests)).toEqual([]);
  });

  maybe("a background task the agent leaves running is ended as the agent's, said, and the next turn's commands still run", async () => {
    settings(sandboxed);
    model.setScript(
      loopScript({
        turns: [
          {
            toolUses: [
              { name: "Bash", input: { command: "node -e 'setInterval(() => {}, 1000)'", description: "watch", run_in_background: true } },
            ],
          },
          bash("node --test 2>&1 | tail -3"),
          bash(`${FIX} && node --test 2>&1 | tail -3`),
        ],
        vote: () => ACHIEVED,
      }),
    );
    const run = await autoLoop("make the sum test pass");
    expectAchieved(run, 3);
    const notes = sweepNotes(run.requests).map((r) => r.lastUserText);
    expect(notes).toHaveLength(1);
    // The task's whole tree is ended (under the sandbox that includes its launcher); what it ran is named first.
    expect(notes[0]).toMatch(
      /loopkit ended \d+ process\(es\) your commands left running in the project before it recorded this turn: \d+ \(node -e setInterval/,
    );
    expect(notes[0]).toMatch(/Claude Code's own processes \(its sandbox's bridges, MCP servers\) are never ended/);
  });

  maybe("a session with an MCP server configured: the server still answers after the Stops, and the loop ends achieved", async () => {
    settings(sandboxed);
    const server = path.join(sandbox.project, "mcp-server.js");
    writeFileSync(server, MCP_SERVER);
    const config = path.join(sandbox.root, "mcp.json");
    writeFileSync(config, JSON.stringify({ mcpServers: { demo: { command: process.execPath, args: [server] } } }));
    model.setScript(
      loopScript({
        turns: [
          bash("node --test 2>&1 | tail -3"),
          bash("cat src/sum.js"),
          { toolUses: [{ name: "mcp__demo__ping", input: {} }] },
          bash(FIX),
        ],
        vote: () => ACHIEVED,
      }),
    );
    const run = await autoLoop("make the sum test pass", {
      args: ["--mcp-config", config, "--strict-mcp-config", "--allowedTools", "mcp__demo__ping"],
    });
    expectAchieved(run, 4);
    expect(toolResults(run.requests).some((text) => text.includes("pong from the demo server"))).toBe(true);
    expect(sweepNotes(run.requests)).toEqual([]);
  });

  maybe("a verifier that writes its report where the person named it, at the project's top, ends achieved", async () => {
    settings(sandboxed);
    writeFileSync(path.join(sandbox.project, "report.tap"), "TAP version 13\n");
    model.setScript(loopScript({ turns: [bash("cat src/sum.js"), bash(FIX)], vote: () => ACHIEVED }));
    const run = await runClaude({
      model,
      sandbox,
      prompt:
        "/loopkit:auto-loop make the sum test pass --verify node --test --test-reporter=tap --test-reporter-destination=report.tap --test-report report.tap --max-iterations 6",
      pluginDir: plugin.dir,
      args: ["--allowedTools", "Bash"],
      env: loopkitEnv(sandbox),
      timeoutMs: 240_000,
    });
    expectAchieved(run, 2);
    expect(readFileSync(path.join(sandbox.project, "report.tap"), "utf8")).toMatch(/ok 1 - adds/);
    expect(status(sandbox).tests.last).toMatchObject({ passed: 1, failed: 0 });
  });

  maybe("a project with a real node_modules, no commit yet and a nested repository ends achieved", async () => {
    settings(sandboxed);
    const project = sandbox.project;
    rmSync(path.join(project, ".git"), { recursive: true, force: true });
    await execa("git", ["init", "-q", "-b", "main"], { cwd: project });
    // A real package's files (zod: thousands of them), as npm installed them for this repository.
    cpSync(path.join(REPO_ROOT, "node_modules", "zod"), path.join(project, "node_modules", "zod"), { recursive: true });
    writeFileSync(path.join(project, ".gitignore"), "node_modules/\n");
    const nested = path.join(project, "vendor", "lib");
    mkdirSync(nested, { recursive: true });
    writeFileSync(path.join(nested, "index.js"), "module.exports = 1;\n");
    const git = (...args: string[]) =>
      execa("git", ["-c", "user.name=t", "-c", "user.email=t@t.invalid", "-c", "commit.gpgsign=false", ...args], { cwd: nested });
    await git("init", "-q", "-b", "main");
    await git("add", ".");
    await git("commit", "-q", "-m", "vendored");
    writeFileSync(
      path.join(project, "test", "schema.test.js"),
      'const test = require("node:test");\nconst { z } = require("zod");\ntest("parses", () => z.number().parse(require("../vendor/lib")));\n',
    );
    model.setScript(
      loopScript({
        turns: [bash("git status --short | head -5; ls node_modules"), bash(`${FIX} && node --test 2>&1 | tail -3`)],
        vote: () => ACHIEVED,
      }),
    );
    const run = await autoLoop("make the sum test pass");
    expectAchieved(run, 2);
  });

  maybe("a loop that runs past a compaction, with a command in every turn, ends achieved", async () => {
    settings(sandboxed);
    const isCompaction = (request: LoggedRequest) => request.lastUserText.includes("create a detailed summary of the conversation");
    const loop = loopScript({
      turns: [
        bash("cat src/sum.js"),
        // A context figure above the auto-compact window makes Claude Code compact before the next request.
        { ...bash("node --test 2>&1 | tail -3"), usage: { input_tokens: 190_000 } },
        bash("ls test"),
        bash(FIX),
      ],
      vote: () => ACHIEVED,
    });
    model.setScript((request) => (isCompaction(request) ? { text: "<summary>Fixing src/sum.js.</summary>" } : loop(request)));
    const run = await autoLoop("make the sum test pass", {
      env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" },
      flags: "--restart-pct 100",
    });
    expect(run.requests.filter(isCompaction)).toHaveLength(1);
    expectAchieved(run, 4);
  });

  maybe("a repeat loop whose iterations run commands ends COMPLETED", async () => {
    settings(sandboxed);
    const ran = (n: number): ScriptedReply => bash(`node --test 2>&1 | tail -2; echo iteration ${n} >> checks.log`);
    const { script, seen } = iterationScript([ran(1), ran(2), ran(3)], () => result("REPEAT-RESULT: pass - checks ran"));
    model.setScript(script);
    const dataDir = path.join(sandbox.root, "loopkit data");
    const run = await runClaude({
      model,
      sandbox,
      prompt: '/loopkit:repeat 2s --iterations 3 "run the checks and report"',
      pluginDir: plugin.dir,
      args: ["--allowedTools", "Bash"],
      env: repeatEnv(sandbox, { LOOPKIT_DATA_DIR: dataDir, LOOPKIT_REPEAT_MIN_INTERVAL_MS: "1000" }),
      timeoutMs: 120_000,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(seen.map((s) => s.iteration)).toEqual([1, 2, 3]);
    expect(readFileSync(path.join(sandbox.project, "checks.log"), "utf8")).toBe("iteration 1\niteration 2\niteration 3\n");
    expect(readStats(sandbox).loop_runs).toEqual([expect.objectContaining({ final_status: "COMPLETED" })]);
  });
});

/** A minimal MCP server over stdio (JSON-RPC, one message a line) with one tool, `ping`. */
const MCP_SERVER = `
const rl = require("node:readline").createInterface({ input: process.stdin });
const send = (message) => process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\\n");
rl.on("line", (line) => {
  let m;
  try { m = JSON.parse(line); } catch { return; }
  if (m.id === undefined) return;
  if (m.method === "initialize")
    send({ id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "demo", version: "1.0.0" } } });
  else if (m.method === "tools/list")
    send({ id: m.id, result: { tools: [{ name: "ping", description: "Answers pong.", inputSchema: { type: "object", properties: {} } }] } });
  else if (m.method === "tools/call") send({ id: m.id, result: { content: [{ type: "text", text: "pong from the demo server" }] } });
  else send({ id: m.id, result: {} });
});
`;
