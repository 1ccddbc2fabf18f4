// `auto-loop --codex` end to end with the real Codex CLI and the fake model on 127.0.0.1: the loop's
// state, `--status` and `--cancel` work for a Codex-run loop as for a Claude Code one.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterEach, expect, it } from "vitest";
import { createProgram } from "../../src/cli/program.js";
import type { CliIo } from "../../src/cli/io.js";
import { makeCodexEnv, type CodexEnv } from "./harness/codex-env.js";
import { isAudit } from "./auto-loop-helpers.js";
import { requireSystemTools } from "../support/system-tools.js";
import { startFakeModel, type FakeModel } from "./harness/fake-model.js";
import { CLAUDE_BIN } from "./harness/run-claude.js";
import {
  objectivesSeen,
  startFakeResponsesApi,
  startRefusingProxy,
  type FakeResponsesApi,
  type RefusingProxy,
  type ScriptStep,
} from "./harness/fake-responses-api.js";

const complete: ScriptStep = { call: "update_goal", args: { status: "complete" } };

let api: FakeResponsesApi;
let proxy: RefusingProxy;
let codex: CodexEnv;
let dataDir: string;
let claude: FakeModel;

/** The audit's votes, in order (the last one repeats); the fresh Claude Code audit runs against the fake Messages API. */
let votes: string[] = [];
const ACHIEVED = 'answer.txt says 4.\n{"vote": "achieved", "reasons": ["answer.txt says 4"]}';

async function setUp(script: ScriptStep[], auditVotes: string[] = [ACHIEVED]): Promise<void> {
  api = await startFakeResponsesApi(script);
  proxy = await startRefusingProxy();
  codex = makeCodexEnv({ baseUrl: api.baseUrl, proxyUrl: proxy.url });
  votes = [...auditVotes];
  claude = await startFakeModel((request) =>
    request.kind === "main" ? { text: votes.length > 1 ? votes.shift()! : votes[0]! } : { text: "ok" },
  );
  // What the loop's start fixes for its audit: the pinned claude, offline against the fake Messages API.
  Object.assign(codex.env, {
    LOOPKIT_CLAUDE_BIN: CLAUDE_BIN,
    ANTHROPIC_BASE_URL: claude.url,
    ANTHROPIC_API_KEY: "sk-ant-fake-key-for-tests",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    DISABLE_AUTOUPDATER: "1",
  });
  dataDir = mkdtempSync(path.join(os.tmpdir(), "loopkit-data-"));
  codex.env.LOOPKIT_DATA_DIR = dataDir;
  codex.env.CLAUDE_PROJECT_DIR = codex.projectDir;
  // The goal is met when answer.txt in the project says 4.
  writeFileSync(
    path.join(codex.root, "check.cjs"),
    `const fs = require("fs"); const text = fs.existsSync("answer.txt") ? fs.readFileSync("answer.txt", "utf8") : "(missing)";
console.log("answer.txt: " + text.trim()); process.exit(text.trim() === "4" ? 0 : 1);\n`,
  );
}

afterEach(async () => {
  await api?.close();
  await claude?.close();
  await proxy?.close();
  codex?.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `loopkit auto-loop <args> --verify node check.cjs --codex`, in this process, as the CLI runs it. */
function start(...args: string[]) {
  return cli(...args, "--verify", "node", path.join(codex.root, "check.cjs"), "--codex", "--project", codex.projectDir);
}

async function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    readStdin: async () => "",
    env: codex.env,
    cwd: codex.projectDir,
    now: () => new Date(),
    exitCode: 0,
  };
  await createProgram(io).parseAsync(["node", "loopkit", "auto-loop", ...args]);
  return { code: io.exitCode, stdout, stderr };
}

async function statusJson(): Promise<{ code: number; status: Record<string, unknown> }> {
  const { code, stdout } = await cli("--status", "--json", "--project", codex.projectDir);
  return { code, status: JSON.parse(stdout) as Record<string, unknown> };
}

it("records a Codex-run loop in auto-loop's state: a false claim refused, then real work achieved", async () => {
  await setUp([
    complete, // claims success without doing anything
    { text: "Done." },
    { call: "exec_command", args: { cmd: "echo 4 > answer.txt", tty: false } }, // Codex runs it in its own sandbox
    complete,
    { text: "Done, really." },
  ]);
  const run = await start("Make the check pass", "--max-iterations", "3");
  expect(run).toMatchObject({ code: 0, stderr: "" });
  expect(run.stdout).toMatch(/codex: goal complete[\s\S]*verifier failed \(exit 1\)[\s\S]*setting the goal again \(iteration 2\/3\)/);
  // The last lines: the loop's end, then what loopkit's data folder holds (its housekeeping at a loop's end).
  expect(run.stdout.trim().split("\n").slice(-2)).toEqual([
    expect.stringMatching(/^codex: achieved: /),
    expect.stringMatching(/^loopkit's data folder holds /),
  ]);
  expect(readFileSync(path.join(codex.projectDir, "answer.txt"), "utf8").trim()).toBe("4");

  const { code, status } = await statusJson();
  expect(code).toBe(0);
  expect(status).toMatchObject({ status: "achieved", iteration: 2, last_verifier: "pass", goal: "Make the check pass" });
  expect(status.tokens_used).toBeGreaterThan(0);
  expect(String(status.session_id)).toMatch(/^codex-/);
  // No Claude Code session marker: no hook ever acts on a Codex-run loop.
  expect(existsSync(path.join(dataDir, "sessions")) ? readdirSync(path.join(dataDir, "sessions")) : []).toEqual([]);

  const history = readFileSync(path.join(codex.projectDir, ".auto-loop", "gate-history.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { event: string; verdict: string | null; status: string });
  expect(history.map((entry) => [entry.event, entry.verdict])).toEqual([
    ["start", null],
    ["gate", "fail"],
    ["gate", "pass"],
    ["gate", "pass"],
    ["end", null],
  ]);
  // The real claude audited Codex's work once, read-only.
  const audits = claude.requests.filter(isAudit);
  expect(audits.length).toBeGreaterThan(0);
  expect(status).toMatchObject({ last_audit_vote: "achieved", last_audit_reasons: ["answer.txt says 4"] });
  const logs = readdirSync(path.join(codex.projectDir, ".auto-loop", "logs")).sort();
  expect(logs).toHaveLength(3);
  expect(readFileSync(path.join(codex.projectDir, ".auto-loop", "logs", logs[0]!), "utf8")).toContain("answer.txt: (missing)");
  expect(proxy.attempts).toEqual([]);
}, 90_000);

it("an unmet audit after two verifier passes goes back to Codex as its next objective, with the audit's reasons", async () => {
  await setUp(
    [
      { call: "exec_command", args: { cmd: "echo 4 > answer.txt", tty: false } },
      complete,
      { text: "Done." },
      complete,
      { text: "Checked again." },
    ],
    ['{"vote": "unmet", "reasons": ["answer.txt is hard-coded; the goal asks for a computed answer"]}', ACHIEVED],
  );
  const run = await start("Make the check pass", "--max-iterations", "3");
  expect(run).toMatchObject({ code: 0, stderr: "" });
  expect(run.stdout).toMatch(
    /audit voted unmet[\s\S]*the audit did not confirm Codex's claim; setting the goal again \(iteration 2\/3\)[\s\S]*audit voted achieved/,
  );
  const objectives = objectivesSeen(api.requests);
  expect(objectives).toHaveLength(2);
  expect(objectives[1]).toMatch(/independent audit[\s\S]*voted unmet[\s\S]*answer\.txt is hard-coded/);
  const { status } = await statusJson();
  expect(status).toMatchObject({ status: "achieved", iteration: 2, last_audit_vote: "achieved" });
  expect(claude.requests.filter(isAudit).length).toBeGreaterThanOrEqual(2);
  expect(proxy.attempts).toEqual([]);
}, 120_000);

it("--status sees a running Codex loop and --cancel stops it: goal cleared, app-server gone", async () => {
  await setUp([]); // the model never claims completion: Codex keeps the goal active
  const running = start("Keep going");
  await expect.poll(async () => (await statusJson()).status.tokens_used, { timeout: 30_000, interval: 250 }).toBeGreaterThan(0);
  const during = await statusJson();
  expect(during).toMatchObject({ code: 3, status: { status: "pursuing", active: true } });

  const cancel = await cli("--cancel", "--project", codex.projectDir);
  expect(cancel.code).toBe(0);
  expect(cancel.stdout).toContain("The running --codex command clears the Codex goal");
  const ended = await running;
  expect(ended.code).toBe(7);
  expect(ended.stdout.trim().split("\n").slice(-2)).toEqual([
    expect.stringMatching(/^codex: cancelled/),
    expect.stringMatching(/^loopkit's data folder holds /),
  ]);
  expect((await statusJson()).status).toMatchObject({ status: "cancelled", reason: "cancelled with --cancel" });

  // The app-server has exited, so the model hears nothing more.
  const seen = api.requests.length;
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  expect(api.requests.length).toBe(seen);
  expect(proxy.attempts).toEqual([]);
}, 90_000);

it("ends budget-limited at --max-wallclock while Codex is still working", async () => {
  await setUp([]);
  const run = await start("Keep going", "--max-wallclock", "3s");
  expect(run.code).toBe(6);
  expect((await statusJson()).status).toMatchObject({ status: "budget-limited", reason: expect.stringContaining("max-wallclock") });
}, 90_000);

it("from a skill (--session) it returns at once and Codex works in a detached process to the end", async () => {
  await setUp([{ call: "exec_command", args: { cmd: "echo 4 > answer.txt", tty: false } }, complete, { text: "Done." }]);
  // The detached follower is `node <cli.js> codex-run`, so this needs the bundle: built aside, not in dist/.
  const outdir = mkdtempSync(path.join(os.tmpdir(), "loopkit-dist-"));
  try {
    await execa(process.execPath, ["scripts/build.mjs", "--outdir", outdir]);
    const args = `Write the answer --verify node ${path.join(codex.root, "check.cjs")} --max-wallclock 60s --codex`;
    const started = await execa(
      process.execPath,
      [path.join(outdir, "cli.js"), "auto-loop", "--session", "s-1", "--project", codex.projectDir, "--args-stdin"],
      {
        input: args,
        env: codex.env,
        extendEnv: false,
        reject: false,
      },
    );
    expect(started).toMatchObject({ exitCode: 0, stderr: "" });
    expect(started.stdout).toContain("Codex works in the background (log: .auto-loop/codex.log)");
    await expect.poll(async () => (await statusJson()).status.status, { timeout: 60_000, interval: 500 }).not.toBe("pursuing");
    expect((await statusJson()).status).toMatchObject({ status: "achieved", iteration: 1 });
    const log = path.join(codex.projectDir, ".auto-loop", "codex.log");
    await expect.poll(() => readFileSync(log, "utf8"), { timeout: 10_000 }).toMatch(/codex: achieved: /);
    expect(proxy.attempts).toEqual([]);
    // Codex's agent runs in Codex's own sandbox: the verifier runs in loopkit's (the bundle's launcher; one starts here on Linux).
    const mirror = JSON.parse(readFileSync(path.join(codex.projectDir, ".auto-loop", "goal-state.json"), "utf8"));
    expect(mirror.launch.agent_sandbox).toMatchObject({ agent: "sandboxed", how: expect.stringMatching(/Codex/) });
    if (process.platform === "linux" && !requireSystemTools(["bwrap", "socat", "rg"]).skip)
      expect(mirror.last_verifier.runs.map((run: { sandbox: string }) => run.sandbox)).toEqual(["sandboxed", "sandboxed"]);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}, 120_000);

it("a Codex that cannot reach a model (its provider's API key unset, no login) is refused before anything is recorded", async () => {
  await setUp([complete]);
  delete codex.env.FAKE_API_KEY;
  const error = await start("Make the check pass").then(
    () => expect.fail("the start must be refused"),
    (e: { code?: string; message: string; hint?: string }) => e,
  );
  expect(error).toMatchObject({ code: "CODEX_NOT_LOGGED_IN", message: expect.stringContaining("$FAKE_API_KEY") });
  // No loop, no history, no mirror: a later --status finds nothing.
  expect(readdirSync(dataDir)).toEqual([]);
  expect(existsSync(path.join(codex.projectDir, ".auto-loop"))).toBe(false);
  expect(await statusJson()).toMatchObject({ code: 8, status: { status: "none" } });
  expect(api.requests).toHaveLength(0);
}, 60_000);
