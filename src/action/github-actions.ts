// `loopkit run` inside a GitHub Actions job (GITHUB_ACTIONS=true): each phase folded into a log
// group, then the job summary and the step outputs. Outside Actions none of this is used.
import { randomUUID } from "node:crypto";
import { promises as fs, readFileSync } from "node:fs";
import { HistoryEntrySchema, type HistoryEntry } from "../auto-loop/core/history.js";
import { loopStatus } from "../auto-loop/core/status.js";
import { loadState, type LoopFiles } from "../auto-loop/data/store.js";
import { inertLog, renderOutputs, renderSummary, runOutputs } from "./actions-report.js";
import type { LineMark } from "../run/phases.js";

/**
 * The runner's file commands: a phase (the agent, its tools, the verifier) gets none of them, so what
 * it writes cannot set this step's outputs, summary, the job's environment or PATH, nor mint an OIDC token.
 */
const RUNNER_ONLY = [
  "GITHUB_OUTPUT",
  "GITHUB_STEP_SUMMARY",
  "GITHUB_ENV",
  "GITHUB_PATH",
  "GITHUB_STATE",
  "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
  "ACTIONS_ID_TOKEN_REQUEST_URL",
  "ACTIONS_RUNTIME_TOKEN",
];

export interface ActionsRun {
  print(line: string, mark?: LineMark): void;
  phaseEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
  /** Writes the job summary and the step outputs for the loop as its records now stand. */
  report(
    loop: { files: LoopFiles; projectDir: string; now: Date; staleMs: number },
    exit: { code: number; budgetLimitedOk: boolean; stoppedBy?: string },
  ): Promise<void>;
  /** Until the returned function is called: a cancelled or timed-out job still gets its report, then the process exits. */
  reportOnInterrupt(report: (code: number, stoppedBy: string) => Promise<void> | undefined): () => void;
}

/**
 * How the runner stops a step of a cancelled or timed-out job: SIGINT to the step's process, SIGTERM
 * 7.5 s later, then the process tree is killed. Exit codes as a shell gives them.
 */
const INTERRUPTS = { SIGINT: 130, SIGTERM: 143 } as const;

/** The Actions edge when `env` is a GitHub Actions step's, else null. */
export function gitHubActions(env: NodeJS.ProcessEnv, stdout: (text: string) => void): ActionsRun | null {
  if (env.GITHUB_ACTIONS !== "true") return null;
  return {
    print(line, mark) {
      // The whole phase output follows, inert, at the phase's end: a quote of it is left out here.
      if (mark?.edge === "quote") return;
      if (mark?.edge === "start") {
        stdout(`::group::${line}\n`);
        return;
      }
      if (mark?.edge === "end") {
        // The phase's output is the agent's text: printed inert, so no line of it acts as a workflow command.
        stdout(inertLog(readLog(mark.logFile), randomUUID()));
        stdout("::endgroup::\n");
      }
      stdout(`${line}\n`);
    },
    phaseEnv(phase) {
      return Object.fromEntries(Object.entries(phase).filter(([name]) => !RUNNER_ONLY.includes(name)));
    },
    reportOnInterrupt(report) {
      let stopping = false;
      const handlers = Object.entries(INTERRUPTS).map(([signal, code]) => {
        const handler = () => {
          if (stopping) return;
          stopping = true;
          // Exiting ends the phase's claude too (its child process is cleaned up on exit).
          void Promise.resolve(report(code, `${signal}: the job was cancelled or timed out`)).finally(() => process.exit(code));
        };
        process.on(signal, handler);
        return [signal, handler] as const;
      });
      return () => handlers.forEach(([signal, handler]) => process.off(signal, handler));
    },
    async report(loop, exit) {
      try {
        const state = await loadState(loop.files.state, loop.now);
        const history = await readHistory(loop.files.history);
        const report = {
          status: loopStatus(loop.projectDir, state, loop.now, loop.staleMs),
          history,
          exitCode: exit.code,
          budgetLimitedOk: exit.budgetLimitedOk,
          stoppedBy: exit.stoppedBy ?? null,
        };
        // Appending is the runner's protocol for both files (several steps and tools may write them).
        if (env.GITHUB_STEP_SUMMARY) await fs.appendFile(env.GITHUB_STEP_SUMMARY, renderSummary(report));
        if (env.GITHUB_OUTPUT) await fs.appendFile(env.GITHUB_OUTPUT, renderOutputs(runOutputs(report), `loopkit_${randomUUID()}`));
      } catch (error) {
        // The loop's own exit code stands: a report that failed is a warning, not a different outcome.
        stdout(`::warning::loopkit run could not write the job summary or step outputs: ${oneLine(error)}\n`);
      }
    },
  };
}

const oneLine = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ");

function readLog(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return "(no output saved for this phase)\n";
  }
}

/** The loop's history lines; a line that does not validate is left out of the summary, not guessed at. */
async function readHistory(file: string): Promise<HistoryEntry[]> {
  const text = await fs.readFile(file, "utf8").catch(() => "");
  return text.split("\n").flatMap((line) => {
    if (line.trim() === "") return [];
    try {
      const parsed = HistoryEntrySchema.safeParse(JSON.parse(line));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return [];
    }
  });
}
