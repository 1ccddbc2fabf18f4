// `loopkit repeat --detach`: the loop's runner as a process of its own that outlives the terminal. It
// runs in a new session (setsid: no controlling terminal, so closing the terminal sends it no SIGHUP),
// stdin from /dev/null, stdout and stderr appended to a log file in loopkit's data folder. The parent
// waits only until the runner says it started (over an IPC channel that both then close), prints what
// it said, and returns; a runner that fails first leaves its error in the log, which the parent shows.
import { spawn } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import path from "node:path";
import { dataFolderProblem } from "../state/data-folder.js";
import type { CliIo } from "./io.js";

/** What the runner sends its parent once the loop has started. */
interface Started {
  kind: "loopkit-repeat-started";
  text: string;
}

/** Starts `node <entry> <args>` detached, output to `logFile`; returns the exit code for the parent. */
export async function startDetached(entry: string, args: string[], logFile: string, io: CliIo): Promise<number> {
  const out = openSync(logFile, "a");
  const child = (() => {
    try {
      return spawn(process.execPath, [entry, ...args], {
        cwd: io.cwd,
        env: io.env,
        detached: true,
        stdio: ["ignore", out, out, "ipc"],
        windowsHide: true,
      });
    } finally {
      closeSync(out);
    }
  })();
  const answer = await new Promise<{ text: string } | { code: number; error?: string }>((resolve) => {
    child.once("message", (message: Partial<Started>) =>
      resolve(message.kind === "loopkit-repeat-started" ? { text: String(message.text) } : { code: 1 }),
    );
    child.once("exit", (code, signal) => resolve({ code: code ?? (signal ? 1 : 0) }));
    child.once("error", (error) => resolve({ code: 1, error: error.message }));
  });
  if (child.connected) child.disconnect();
  child.unref();
  if ("text" in answer) {
    io.stdout(answer.text);
    return 0;
  }
  io.stderr(answer.error ? `loopkit: could not start the detached runner: ${answer.error}\n` : await runnerLog(logFile, answer.code));
  return answer.code === 0 ? 1 : answer.code;
}

/** The end of a failed runner's log; an empty one (a full disk takes its error too) says what is known. */
async function runnerLog(logFile: string, code: number): Promise<string> {
  const log = readFileSync(logFile, "utf8").slice(-8_000);
  if (log.trim()) return log;
  const problem = await dataFolderProblem(path.dirname(logFile));
  return `loopkit: the detached runner exited ${code} and its log ${logFile} is empty${problem ? `: ${problem}` : ""}\n`;
}

/** In the runner startDetached started: tells the parent the loop started and closes the channel (no channel: nothing to do). */
export function tellParentStarted(text: string): void {
  if (!process.send || !process.connected) return;
  const started: Started = { kind: "loopkit-repeat-started", text };
  // The parent may be gone already (its terminal closed): the runner goes on all the same.
  process.send(started, undefined, {}, () => {
    if (process.connected) process.disconnect();
  });
}
