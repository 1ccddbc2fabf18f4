// Runs the person's verifier command once: in the project root, through a shell (it is their own
// command line, stored at start), in its own process group so a timeout kills the whole tree.
import { randomUUID } from "node:crypto";
import { killGroup, killGroupAfter, killTagged, RUN_TAG_VAR } from "../shared/process-group.js";
import { BoundedOutput } from "../shared/bounded-output.js";
import type { VerifierRun } from "./state.js";

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
}

export const DEFAULT_VERIFIER_TIMEOUT_MS = 10 * 60_000;
const KEEP_BYTES = 32 * 1024;
const TAIL_BYTES = 4 * 1024;
/** How long output may stay open after the shell is gone (something that escaped the kill holds it). */
const DRAIN_MS = 2_000;

export async function runVerifier(command: string, cwd: string, timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<VerifierOutcome> {
  const started = Date.now();
  const tag = randomUUID();
  const output = new BoundedOutput(KEEP_BYTES, KEEP_BYTES);
  // shell: the platform's shell (/bin/sh on POSIX, cmd.exe on Windows), for the person's own command line.
  // execa (and its dependencies) load only when a process is spawned, not with every hook or command.
  const { execa } = await import("execa");
  const child = execa(command, {
    shell: true,
    cwd,
    env: { ...env, [RUN_TAG_VAR]: tag },
    extendEnv: false,
    detached: true,
    cleanup: true,
    stdin: "ignore",
    buffer: false,
    all: true,
    reject: false,
  });
  child.all?.on("data", (chunk: Buffer) => output.push(chunk));
  const deadline = killGroupAfter(child, timeoutMs);
  // Whatever the shell left running would hold the output open: its group and every process carrying
  // the run's tag die with it, and output still open a little later is closed on our side.
  let drain: NodeJS.Timeout | undefined;
  const endTree = () => {
    killGroup(child, "SIGKILL");
    void killTagged(tag);
  };
  child.on("exit", () => {
    endTree();
    drain = setTimeout(() => [child.stdout, child.stderr, child.all].forEach((stream) => stream?.destroy()), DRAIN_MS);
  });
  const result = await child;
  deadline.clear();
  clearTimeout(drain);
  endTree();
  const timedOut = deadline.timedOut();
  const exitCode = typeof result.exitCode === "number" ? result.exitCode : null;
  return {
    exitCode,
    passed: !timedOut && exitCode === 0,
    timedOut,
    durationMs: Date.now() - started,
    output: output.text(),
    outputTail: output.last(TAIL_BYTES),
    outputBytes: output.total,
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
  };
}
