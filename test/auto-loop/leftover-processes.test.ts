// Processes left running, found and ended before a Stop is judged: the rule alone, row by row, and on
// real processes (Linux /proc): one Claude Code's environment marks as the agent's is ended; one that
// holds a shared writable mapping of a project file and cannot be told to be the agent's keeps the
// turn from being judged; one that merely sits in the project, not the agent's, is left alone.
import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import {
  deviceNumber,
  endLeftoverProcesses,
  markedByClaudeCode,
  planLeftovers,
  type SeenProcess,
} from "../../src/auto-loop/project/leftover-processes.js";
import { makeProject } from "../evidence/fixture.js";
import { mmapWriter, noMmapWriter } from "../support/mmap-writer.js";

const SESSION = 100;
/** Claude Code's own session: its bridges, MCP servers and hooks share it; each Bash tool call leads its own. */
const CLAUDE_SID = 50;
const LOOP = 1_000_000;
const HOOK = 2_000_000;
const seen = (pid: number, ppid: number, over: Partial<SeenProcess> = {}): SeenProcess => ({
  pid,
  ppid,
  sid: pid,
  startedMs: LOOP + 10_000,
  startTicks: "1",
  command: `p${pid}`,
  holds: "plain",
  where: "its folder /p",
  marked: false,
  hookEnv: false,
  ...over,
});
const plan = (procs: SeenProcess[]) => {
  const { end, refuse } = planLeftovers(procs, { session: SESSION, claudeSid: CLAUDE_SID, loopStartMs: LOOP, hookStartMs: HOOK });
  return { end: end.map((p) => p.pid), refuse: refuse.map((p) => p.pid) };
};

describe("planLeftovers", () => {
  it.each([
    ["a background task of Claude Code holding the project", [seen(1, SESSION)], { end: [1], refuse: [] }],
    ["its child, reparented nowhere", [seen(1, SESSION), seen(2, 1)], { end: [1, 2], refuse: [] }],
    ["an orphan carrying this session's Claude Code environment", [seen(1, 1, { marked: true })], { end: [1], refuse: [] }],
    ["one holding nothing of the project", [seen(1, SESSION, { holds: null })], { end: [], refuse: [] }],
    [
      "one started before the loop (an MCP server, the person's editor)",
      [seen(1, SESSION, { startedMs: LOOP - 60_000 })],
      { end: [], refuse: [] },
    ],
    ["not the agent's, only its cwd in the project", [seen(1, 1)], { end: [], refuse: [] }],
    ["not the agent's, a shared writable mapping of a project file", [seen(1, 1, { holds: "shared" })], { end: [], refuse: [1] }],
    ["not the agent's, hiding what it holds (not dumpable)", [seen(1, 1, { holds: "hidden" })], { end: [], refuse: [1] }],
    [
      "another hook of this Stop, started with this one",
      [seen(1, SESSION, { startedMs: HOOK - 200, hookEnv: true })],
      { end: [], refuse: [] },
    ],
    [
      "what another hook of this Stop runs",
      [seen(1, SESSION, { startedMs: HOOK - 200, hookEnv: true }), seen(2, 1, { marked: true })],
      { end: [], refuse: [] },
    ],
    [
      "another hook holding a shared writable mapping",
      [seen(1, SESSION, { startedMs: HOOK, holds: "shared", hookEnv: true })],
      { end: [], refuse: [1] },
    ],
    // A fast turn: the background task started a moment before the Stop; it carries no hook's environment.
    [
      "a background task started just before this Stop's hooks",
      [seen(1, SESSION, { startedMs: HOOK - 40 }), seen(2, 1)],
      { end: [1, 2], refuse: [] },
    ],
    // Claude Code's own children share its session: its sandbox's network bridge (socat, cwd the project), MCP servers, language servers.
    [
      "Claude Code's sandbox bridge, started after the loop, cwd the project",
      [seen(1, SESSION, { sid: CLAUDE_SID })],
      { end: [], refuse: [] },
    ],
    [
      "an MCP server carrying Claude Code's environment, and what it runs",
      [seen(1, SESSION, { sid: CLAUDE_SID, marked: true }), seen(2, 1, { sid: CLAUDE_SID, marked: true })],
      { end: [], refuse: [] },
    ],
    [
      "Claude Code's own child holding a shared writable mapping",
      [seen(1, SESSION, { sid: CLAUDE_SID, holds: "shared" })],
      { end: [], refuse: [1] },
    ],
    [
      "the agent's process that left its Bash call's session (setsid) below the call's shell",
      [seen(1, SESSION), seen(2, 1, { sid: 2 })],
      { end: [1, 2], refuse: [] },
    ],
    [
      "a Bash call's shell that exec'd a program named like Claude Code's bridge",
      [seen(1, SESSION, { command: "socat UNIX-LISTEN:/tmp/claude-http-1.sock,fork TCP:localhost:1" })],
      { end: [1], refuse: [] },
    ],
  ] as const)("%s", (_, procs, expected) => {
    expect(plan([...procs])).toEqual(expected);
  });

  it("reads Claude Code's mark: CLAUDECODE=1 with this session's id, or no id (2.1.197)", () => {
    const env = (...vars: string[]) => Buffer.from(`${vars.join("\0")}\0`);
    expect(markedByClaudeCode(env("A=1", "CLAUDECODE=1", "CLAUDE_CODE_SESSION_ID=s1"), "s1")).toBe(true);
    expect(markedByClaudeCode(env("CLAUDECODE=1"), "s1")).toBe(true);
    expect(markedByClaudeCode(env("CLAUDECODE=1", "CLAUDE_CODE_SESSION_ID=other"), "s1")).toBe(false);
    expect(markedByClaudeCode(env("CLAUDECODE=0", "CLAUDE_CODE_SESSION_ID=s1"), "s1")).toBe(false);
  });

  it("reads a maps line's device as stat does", () => {
    expect(deviceNumber("fd:01")).toBe(0xfd01);
    expect(deviceNumber("00:2a")).toBe(0x2a);
    expect(deviceNumber("103:102")).toBe(0x110302);
    expect(deviceNumber("zz")).toBe(-1);
  });
});

describe.skipIf(process.platform !== "linux")("endLeftoverProcesses on real processes", () => {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  });
  const sleeper = (cwd: string, env: NodeJS.ProcessEnv) => {
    const child = spawn(process.execPath, ["-e", "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], {
      cwd,
      env,
      stdio: "ignore",
    });
    started.push(child);
    return child;
  };
  const loopStartMs = () => Date.now() - 60_000;

  it("ends a process Claude Code's environment marks, that sits in the project, SIGKILL after it ignored SIGTERM", async () => {
    const { project } = makeProject();
    const child = sleeper(project, { ...process.env, CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: "s1" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = once(child, "exit");
    const outcome = await endLeftoverProcesses({ projectDir: project, sessionId: "s1", loopStartMs: loopStartMs() });
    await exited;
    expect(child.signalCode).toBe("SIGKILL");
    expect(outcome.refused).toBeNull();
    expect(outcome.note).toMatch(new RegExp(`loopkit ended 1 process\\(es\\) .*: ${child.pid} \\(.*its folder `));
  });

  it("leaves alone a process that is not the agent's and only sits in the project (another session's)", async () => {
    const { project } = makeProject();
    const child = sleeper(project, { ...process.env, CLAUDECODE: "1", CLAUDE_CODE_SESSION_ID: "another" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await endLeftoverProcesses({ projectDir: project, sessionId: "s1", loopStartMs: loopStartMs() })).toEqual({
      note: null,
      refused: null,
    });
    expect(child.exitCode).toBeNull();
  });

  it.skipIf(noMmapWriter !== null)(
    "does not judge the turn while a process not known as the agent's holds a shared writable mapping of a project file",
    async () => {
      const { project, write } = makeProject();
      const file = write("src/answer.js", "module.exports = compute();\n");
      const { CLAUDECODE: _, ...env } = process.env;
      const writer = mmapWriter(file, { cwd: "/", env });
      try {
        await writer.write(0, "m");
        const outcome = await endLeftoverProcesses({ projectDir: project, sessionId: "s1", loopStartMs: loopStartMs() });
        expect(outcome.refused).toMatch(new RegExp(`${writer.child.pid} \\(.*python3 .*a shared writable mapping of .*src/answer\\.js\\)`));
        expect(outcome.note).toMatch(/This turn is not judged until they are gone/);
        expect(writer.child.exitCode).toBeNull();
      } finally {
        await writer.close();
      }
    },
  );
});
