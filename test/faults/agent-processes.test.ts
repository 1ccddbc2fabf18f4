// The agent of a terminal `loopkit repeat` and of a `loopkit run` phase (`claude -p`, here a stand-in
// that runs a tool's shell and its child) ends when its runner is killed with SIGKILL, and a --resume
// or --takeover never runs a second agent beside one that was left: the built CLI, real processes,
// Linux /proc.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { builtPlugin } from "../support/built-plugin.js";
import { baseEnv, runCli, useTempProject } from "../support/bundle-driver.js";
import { isAlive } from "../support/processes.js";
import { eventually } from "./loop-world.js";

const linux = process.platform === "linux";
const world = useTempProject("loopkit agent processes");
const agents = () => path.join(world.tmp, "agents");
const env = () => ({
  ...baseEnv(world.tmp),
  LOOPKIT_DATA_DIR: world.data,
  LOOPKIT_CLAUDE_BIN: path.join(world.tmp, "claude"),
  LOOPKIT_STATS_FILE: path.join(world.tmp, "stats.json"),
  AGENTS: agents(),
});
const repeat = (...args: string[]) => runCli(["repeat", "--project", world.project, ...args], { env: env() });

/** Every runner and agent pid this file saw, for the clean-up. */
const runners: number[] = [];
const seen = new Set<number>();

/** The pids the stand-in agents wrote (each: itself, then its tool's shell), in order. */
function agentPids(): number[] {
  const pids = existsSync(agents()) ? readFileSync(agents(), "utf8").split("\n").filter(Boolean).map(Number) : [];
  for (const pid of pids) seen.add(pid);
  return pids;
}

/** The loopkit sentinels watching `owner` (their command line names it). */
const sentinelsOf = (owner: number) =>
  readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        return args[1] === "-e" && args[3] === String(owner);
      } catch {
        return false;
      }
    })
    .map(Number);

/** The stand-in `claude`: it notes its pid and its tool's, and waits on the tool. */
function standIn(): void {
  writeFileSync(
    path.join(world.tmp, "claude"),
    `#!/bin/sh\ncat >/dev/null\necho $$ >> "$AGENTS"\nsh -c 'sleep 300' &\necho $! >> "$AGENTS"\nwait\n`,
  );
  chmodSync(path.join(world.tmp, "claude"), 0o755);
}

/** Starts a detached runner whose agent runs a tool; returns the runner's pid once the agent runs. */
async function detachedRunnerWithAgent(...args: string[]): Promise<number> {
  const before = agentPids().length;
  const started = repeat(...args);
  expect(started.code).toBe(0);
  const runner = Number(/runs detached in process (\d+)/.exec(started.stdout)?.[1]);
  runners.push(runner);
  expect(
    await eventually(
      () => agentPids().length,
      (n) => n >= before + 2,
    ),
  ).toBeGreaterThanOrEqual(before + 2);
  return runner;
}

// A runner told to stop ends its agent (and what the agent left running) before it exits.
afterEach(async () => {
  const started = runners.splice(0);
  for (const pid of started.filter(isAlive)) process.kill(pid, "SIGTERM");
  expect(
    await eventually(
      () => [...started, ...seen].filter(isAlive),
      (alive) => alive.length === 0,
    ),
  ).toEqual([]);
  seen.clear();
});

describe.skipIf(!linux)("a detached `loopkit repeat` runner killed with SIGKILL mid-iteration", () => {
  it("takes its agent and the agent's tool with it", { timeout: 60_000 }, async () => {
    standIn();
    const runner = await detachedRunnerWithAgent("--detach", "1m", "--iterations", "2", "check");
    process.kill(runner, "SIGKILL");
    expect(
      await eventually(
        () => agentPids().filter(isAlive),
        (alive) => alive.length === 0,
      ),
    ).toEqual([]);
  });

  it("a --resume first ends the agent that was left (its sentinel killed too), and runs one agent", { timeout: 90_000 }, async () => {
    standIn();
    const runner = await detachedRunnerWithAgent("--detach", "1m", "--iterations", "2", "check");
    const left = agentPids();
    for (const pid of [runner, ...sentinelsOf(runner)]) process.kill(pid, "SIGKILL");
    expect(left.filter(isAlive)).toEqual(left);
    await detachedRunnerWithAgent("--resume", "--detach");
    expect(left.filter(isAlive)).toEqual([]);
    expect(agentPids().filter(isAlive)).toEqual(agentPids().slice(2));
  });
});

/** Starts `loopkit run <args>` in this project; returns its pid once its phase's agent runs. */
async function runnerOfRun(...args: string[]): Promise<number> {
  const before = agentPids().length;
  const child = spawn(process.execPath, [builtPlugin().cli, "run", ...args], { cwd: world.project, env: env(), stdio: "ignore" });
  runners.push(child.pid!);
  expect(
    await eventually(
      () => agentPids().length,
      (n) => n >= before + 2,
      60_000,
    ),
  ).toBeGreaterThanOrEqual(before + 2);
  return child.pid!;
}

describe.skipIf(!linux)("a `loopkit run` killed with SIGKILL mid-phase", () => {
  it("takes its phase's agent with it; a --takeover after a kill of the sentinel too runs one agent", { timeout: 120_000 }, async () => {
    standIn();
    const first = await runnerOfRun("--no-sandbox", "fix it", "--verify", "true");
    process.kill(first, "SIGKILL");
    expect(
      await eventually(
        () => agentPids().filter(isAlive),
        (alive) => alive.length === 0,
      ),
    ).toEqual([]);
    const second = await runnerOfRun("--takeover", "--no-sandbox");
    const left = agentPids().slice(2);
    for (const pid of [second, ...sentinelsOf(second)]) process.kill(pid, "SIGKILL");
    await runnerOfRun("--takeover", "--no-sandbox");
    expect(left.filter(isAlive)).toEqual([]);
    expect(agentPids().filter(isAlive)).toEqual(agentPids().slice(4));
  });
});
