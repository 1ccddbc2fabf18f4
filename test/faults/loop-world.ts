// A project with an auto-loop to break, for the fault-injection suite: git, a transcript, a fake
// `claude` that plays the audit (votes "achieved"), and the built CLI and hook to drive it.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach } from "vitest";
import { baseEnv, hookAnswer, hookPayload, runCli, sendHook, startHook, stopPayload, useTempProject } from "../support/bundle-driver.js";

export function useLoopWorld(prefix: string) {
  const world = useTempProject(prefix);
  const transcript = () => path.join(world.tmp, "transcript.jsonl");
  const fakeClaude = () => path.join(world.tmp, "fake-claude.cjs");
  beforeEach(() => {
    spawnSync("git", ["init", "-q"], { cwd: world.project });
    writeFileSync(transcript(), "");
    writeFileSync(
      fakeClaude(),
      `#!${process.execPath}
require("fs").readFileSync(0, "utf8");
console.log(JSON.stringify({ type: "result", is_error: false, result: 'ok\\n{"vote":"achieved","reasons":["fake"]}', usage: { input_tokens: 1000, output_tokens: 10 } }));
`,
    );
    chmodSync(fakeClaude(), 0o755);
  });
  const env = (extra: Record<string, string> = {}) => ({
    ...baseEnv(world.tmp),
    LOOPKIT_DATA_DIR: world.data,
    LOOPKIT_CLAUDE_BIN: fakeClaude(),
    ...extra,
  });
  const cli = (args: string[], input = "", extra: Record<string, string> = {}, session = "s-1") =>
    runCli(["auto-loop", "--project", world.project, "--session", session, ...args], { input, env: env(extra) });
  const stopFor = (session: string) =>
    stopPayload({ session_id: session, transcript_path: transcript(), cwd: world.project, last_assistant_message: "did some work" });
  const status = () => {
    const ran = runCli(["auto-loop", "--project", world.project, "--status", "--json"], { env: env() });
    return { ...ran, json: ran.stdout.trim() ? (JSON.parse(ran.stdout) as Record<string, unknown>) : undefined };
  };
  /** The loop's agent recorded as unsandboxed (as a session with the sandbox off is): its verifier then runs unsandboxed, and fast. */
  const unsandboxed = () => {
    const [key] = readdirSync(path.join(world.data, "auto-loop"));
    const file = path.join(world.data, "auto-loop", key!, "state.json");
    const state = JSON.parse(readFileSync(file, "utf8"));
    state.launch.agent_sandbox = { agent: "unsandboxed", how: "a test's fixture", fail_if_unavailable: false };
    writeFileSync(file, JSON.stringify(state));
  };
  return {
    world,
    env,
    cli,
    status,
    unsandboxed,
    start: (text: string, extra: Record<string, string> = {}, session = "s-1") => cli(["--args-stdin"], text, extra, session),
    stop: (extra: Record<string, string> = {}, session = "s-1") => hookAnswer(sendHook(stopFor(session), { env: env(extra) })),
    startStop: (extra: Record<string, string> = {}) => startHook(stopFor("s-1"), { env: env(extra) }),
    sessionStart: () =>
      hookAnswer(
        sendHook(hookPayload("SessionStart", { session_id: "s-1", transcript_path: transcript(), cwd: world.project, source: "compact" }), {
          env: env(),
        }),
      ),
    /** Files loopkit kept aside as corrupt, anywhere in its data folder. */
    corrupt: () => (existsSync(world.data) ? listAll(world.data).filter((name) => /\.corrupt-/.test(name)) : []),
    /** The history lines of the loop, each parsed (a line that does not parse throws). */
    history: () =>
      listAll(world.data)
        .filter((name) => name.endsWith("gate-history.jsonl"))
        .flatMap((file) =>
          readFileSync(file, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((line) => JSON.parse(line) as Record<string, unknown>),
        ),
  };
}

function listAll(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? listAll(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

/** Polls `check` until it holds or `ms` pass (a ceiling for a slow machine, not a measure of speed); returns its last answer. */
export async function eventually<T>(check: () => T, holds: (value: T) => boolean, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  let value = check();
  while (!holds(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = check();
  }
  return value;
}

/** The pids of live (not zombie) processes in process group `pgid`, from /proc. */
export function groupMembers(pgid: number): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        return fields[0] !== "Z" && Number(fields[2]) === pgid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** True while `pid` runs (a zombie waiting to be reaped counts as ended). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2)[0] !== "Z";
  } catch {
    return false;
  }
}

/** The process group of `pid`. */
export function groupOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
}
