// Runs the person's verifier command once: in the project root, through a shell (it is their own
// command line, stored at start), in its own process group so a timeout kills the whole tree. When
// the loop's agent is (or may be) sandboxed, the command runs under the same sandbox policy, through
// loopkit's sandbox launcher (src/sandbox/): the verifier runs the agent's code, and must not give it
// more rights than the agent had. Its output is captured here, outside the sandbox, as always.
import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import { endGroupOnSignal, killGroup, killGroupAfter, killTagged, runTagEnv } from "../../shared/process-group.js";
import { BoundedOutput } from "../../shared/bounded-output.js";
import { formatDuration } from "../../shared/duration.js";
import { wantsSandbox, whenUnavailable, type AgentSandbox, type RunSandbox } from "../../sandbox/choice.js";
import { launcherBesideEntry, launcherSpawn, noAnswerReason, readAnswer } from "../../sandbox/launcher.js";
import type { VerifierRun } from "../core/state.js";
import type { TestCounts } from "../../test-results/results.js";
import { monotonicMs } from "../../shared/monotonic.js";

export interface VerifierOutcome {
  exitCode: number | null;
  passed: boolean;
  timedOut: boolean;
  durationMs: number;
  /** Head and tail of stdout+stderr, bounded. */
  output: string;
  /** The last few KB, for the next prompt. */
  outputTail: string;
  outputBytes: number;
  sandbox: RunSandbox;
  /** The tests read from this run and why it breaks the test rule (runners/test-run.ts); absent where nothing was read. */
  tests?: TestCounts | null;
  breach?: string | null;
}

export interface VerifierOptions {
  /** The loop's record of its agent's sandbox (launch.agent_sandbox); without it the command runs unsandboxed, as before. */
  sandbox?: AgentSandbox;
  /** The sandbox launcher (default: dist/sandbox-exec.js beside the running loopkit; tests name the built one). */
  launcher?: string | null;
  /** A fresh listener for each process started, fed its whole output as it arrives (the outcome keeps a head and a tail). */
  listen?: () => { push(chunk: Buffer): void };
}

const KEEP_BYTES = 32 * 1024;
const TAIL_BYTES = 4 * 1024;
/** How long output may stay open after the shell is gone (something that escaped the kill holds it). */
const DRAIN_MS = 2_000;

export async function runVerifier(
  command: string,
  cwd: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = process.env,
  options: VerifierOptions = {},
): Promise<VerifierOutcome> {
  const plain: TreeSpawn = { file: command, args: [], shell: true, env };
  const agent = options.sandbox;
  if (!agent || !wantsSandbox(agent)) return (await runTree(plain, cwd, timeoutMs, options.listen)).outcome;
  const sandboxed = await runSandboxed(
    command,
    cwd,
    timeoutMs,
    env,
    options.launcher === undefined ? launcherBesideEntry() : options.launcher,
    options.listen,
  );
  if ("outcome" in sandboxed) return sandboxed.outcome;
  const unavailable = whenUnavailable(agent, sandboxed.reason);
  if (unavailable.kind === "refuse") return notRun(unavailable.message);
  return (await runTree(plain, cwd, timeoutMs, options.listen, `${unavailable.note}\n`)).outcome;
}

/** Under the sandbox, in a temp folder of its own; or why no sandbox could start (nothing ran then). */
async function runSandboxed(
  command: string,
  cwd: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv,
  launcher: string | null,
  listen: VerifierOptions["listen"],
): Promise<{ outcome: VerifierOutcome } | { reason: string }> {
  if (!launcher) return { reason: "loopkit's sandbox launcher (dist/sandbox-exec.js) is not installed beside it" };
  const spawn = await launcherSpawn(launcher, command, cwd, env);
  try {
    const run = await runTree({ ...spawn, shell: false, answer: true }, cwd, timeoutMs, listen);
    const answer = readAnswer(run.answer);
    if (answer?.status === "started") return { outcome: { ...run.outcome, sandbox: "sandboxed" } };
    if (answer?.status === "unavailable") return { reason: answer.reason };
    return {
      reason: noAnswerReason(run.outcome.timedOut ? "timed out" : `exit ${run.outcome.exitCode ?? "none"}`, run.outcome.outputTail),
    };
  } finally {
    await spawn.cleanup();
  }
}

interface TreeSpawn {
  file: string;
  args: string[];
  /** True for the person's command line (the platform's shell: /bin/sh on POSIX, cmd.exe on Windows). */
  shell: boolean;
  env: NodeJS.ProcessEnv;
  /** Read the sandbox launcher's answer on fd 3. */
  answer?: boolean;
}

/** One process tree to its end or its timeout, output bounded; `preface` goes before its output (loopkit's own note). */
async function runTree(
  spawn: TreeSpawn,
  cwd: string,
  timeoutMs: number,
  listen: VerifierOptions["listen"],
  preface = "",
): Promise<{ outcome: VerifierOutcome; answer: string }> {
  const started = monotonicMs();
  const tag = randomUUID();
  const output = new BoundedOutput(KEEP_BYTES, KEEP_BYTES);
  const listener = listen?.();
  if (preface) output.push(Buffer.from(preface));
  // execa (and its dependencies) load only when a process is spawned, not with every hook or command.
  const { execa } = await import("execa");
  const child = execa(spawn.file, spawn.args, {
    shell: spawn.shell,
    cwd,
    env: { ...spawn.env, ...runTagEnv(tag) },
    extendEnv: false,
    // Its own process group, ended whole: by the timeout, when it exits, and when loopkit is signalled
    // (execa's `cleanup` skips a detached child); one killed by SIGKILL is found by its tag later.
    detached: true,
    stdio: spawn.answer ? ["ignore", "pipe", "pipe", "pipe"] : ["ignore", "pipe", "pipe"],
    buffer: false,
    all: true,
    reject: false,
  });
  child.all?.on("data", (chunk: Buffer) => {
    output.push(chunk);
    listener?.push(chunk);
  });
  let answer = "";
  const answerStream = spawn.answer ? (child.stdio as unknown as Array<Readable | null>)[3] : undefined;
  answerStream?.on("data", (chunk: Buffer) => {
    if (answer.length < 64 * 1024) answer += chunk.toString("utf8");
  });
  const deadline = killGroupAfter(child, timeoutMs);
  const untrack = endGroupOnSignal(child, tag);
  // Whatever the shell left running would hold the output open: its group and every process carrying
  // the run's tag die with it, and output still open a little later is closed on our side.
  let drain: NodeJS.Timeout | undefined;
  const endTree = () => {
    killGroup(child, "SIGKILL");
    void killTagged(tag);
  };
  child.on("exit", () => {
    endTree();
    drain = setTimeout(() => [child.stdout, child.stderr, child.all, answerStream].forEach((stream) => stream?.destroy()), DRAIN_MS);
  });
  const result = await child;
  deadline.clear();
  clearTimeout(drain);
  endTree();
  untrack();
  const timedOut = deadline.timedOut();
  // A timeout is said in the output itself (the log, its tail in the next prompt and --status), never a bare "fail" with an empty log.
  if (timedOut)
    output.push(
      Buffer.from(
        `\nloopkit: the verifier timed out after ${formatDuration(timeoutMs)} and was stopped, with every process it started${output.total ? "" : "; it printed nothing before that"}.\n`,
      ),
    );
  const exitCode = typeof result.exitCode === "number" ? result.exitCode : null;
  const outcome: VerifierOutcome = {
    exitCode,
    passed: !timedOut && exitCode === 0,
    timedOut,
    durationMs: Math.round(monotonicMs() - started),
    output: output.text(),
    outputTail: output.last(TAIL_BYTES),
    outputBytes: output.total,
    sandbox: "unsandboxed",
  };
  return { outcome, answer };
}

/** A verifier that loopkit did not run: not passed, and the output says why. */
function notRun(message: string): VerifierOutcome {
  return {
    exitCode: null,
    passed: false,
    timedOut: false,
    durationMs: 0,
    output: `${message}\n`,
    outputTail: message,
    outputBytes: 0,
    sandbox: "not run",
  };
}

/** A run as the loop's state records it, with the file that holds its whole output (null when none was written). */
export function verifierRun(outcome: VerifierOutcome, logFile: string | null): VerifierRun {
  return {
    exit_code: outcome.exitCode,
    passed: outcome.passed,
    timed_out: outcome.timedOut,
    duration_ms: outcome.durationMs,
    output_tail: outcome.outputTail,
    output_bytes: outcome.outputBytes,
    log_file: logFile,
    sandbox: outcome.sandbox,
    tests: outcome.tests ?? null,
    breach: outcome.breach ?? null,
  };
}
