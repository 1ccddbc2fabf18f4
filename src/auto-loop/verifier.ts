// Runs the person's verifier command once: in the project root, through a shell (it is their own
// command line, stored at start), in its own process group so a timeout kills the whole tree.
import { execa } from "execa";
import { BoundedOutput } from "./bounded-output.js";

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
const KILL_GRACE_MS = 2_000;

export async function runVerifier(command: string, cwd: string, timeoutMs: number, env: NodeJS.ProcessEnv = process.env): Promise<VerifierOutcome> {
  const started = Date.now();
  const output = new BoundedOutput(KEEP_BYTES, KEEP_BYTES);
  const child = execa("/bin/sh", ["-c", command], {
    cwd,
    env,
    extendEnv: false,
    detached: true,
    cleanup: true,
    stdin: "ignore",
    buffer: false,
    all: true,
    reject: false,
  });
  child.all?.on("data", (chunk: Buffer) => output.push(chunk));
  const killGroup = (signal: NodeJS.Signals) => {
    // The group is the one this call created (pid of our own child), never a pid read from a file.
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
  };
  let timedOut = false;
  const timers: NodeJS.Timeout[] = [];
  timers.push(
    setTimeout(() => {
      timedOut = true;
      killGroup("SIGTERM");
      timers.push(setTimeout(() => killGroup("SIGKILL"), KILL_GRACE_MS));
    }, timeoutMs),
  );
  // When the shell exits, anything it left running in the background would hold the output pipe open.
  child.on("exit", () => killGroup("SIGKILL"));
  const result = await child;
  for (const timer of timers) clearTimeout(timer);
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
