// `/loopkit:auto-loop --codex`: starts an auto-loop whose work is done by Codex, with auto-loop's own
// state, so --status and --cancel work unchanged. The loop belongs to no Claude Code session: its
// session id is codex-<uuid> and its session marker is removed at once, so no hook ever acts on it.
import { randomUUID } from "node:crypto";
import type { AutoLoopRequest } from "../auto-loop/args.js";
import { historyEntry, type HistoryEntry } from "../auto-loop/history.js";
import { writeVerifierLog } from "../auto-loop/mirror.js";
import { readSettings } from "../auto-loop/settings.js";
import { startLoop } from "../auto-loop/start.js";
import { STATUS_EXIT_CODES } from "../auto-loop/status.js";
import type { AutoLoopState, VerifierResult } from "../auto-loop/state.js";
import { loadState, loopFiles, persist, removeMarker, type LoopFiles } from "../auto-loop/store.js";
import { runVerifier, type VerifierOutcome } from "../auto-loop/verifier.js";
import { withLock } from "../state/json-store.js";
import { formatError, LoopkitError } from "../shared/errors.js";
import { delegateToCodex, type CodexLoopSink, type CodexProgress, type DelegateResult } from "./delegate.js";
import { preflightCodex } from "./preflight.js";

export interface CodexLoopContext {
  dataDir: string;
  projectDir: string;
  env: NodeJS.ProcessEnv;
  now: () => Date;
  print: (line: string) => void;
  /** Aborted on Ctrl-C: the loop ends cancelled, like --cancel. */
  signal?: AbortSignal;
}

type StartRequest = Extract<AutoLoopRequest, { mode: "start" }>;

/**
 * The CLI's `auto-loop --codex`: runs the loop in the foreground and returns the --status exit code
 * of how it ended. The first Ctrl-C cancels the loop (goal cleared, Codex stopped); a second one
 * gets Node's default and ends the process.
 */
export async function runCodexLoopCommand(ctx: Omit<CodexLoopContext, "signal">, request: StartRequest): Promise<number> {
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    const result = await runCodexLoop({ ...ctx, signal: interrupt.signal }, request);
    return STATUS_EXIT_CODES[result.status];
  } finally {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}

/** Preflight, then the loop state, then Codex in the foreground until the loop ends. */
export async function runCodexLoop(ctx: CodexLoopContext, request: StartRequest): Promise<DelegateResult> {
  // Nothing is recorded for a Codex that cannot run.
  const preflight = await preflightCodex(ctx.env);
  const settings = readSettings(ctx.env);
  const sessionId = `codex-${randomUUID()}`;
  await startLoop({ dataDir: ctx.dataDir, projectDir: ctx.projectDir, sessionId, now: ctx.now(), staleMs: settings.staleMs }, request);
  const files = loopFiles(ctx.dataDir, ctx.projectDir);
  const started = await loadState(files.state, ctx.now());
  if (started?.session_id !== sessionId) throw new LoopkitError("LOOP_ACTIVE", "the new loop was replaced before Codex could start");
  await removeMarker(ctx.dataDir, sessionId, started.loop_id);
  ctx.print(`codex: auto-loop ${started.loop_id} started; follow it with /loopkit:auto-loop --status, stop it with --cancel`);

  const sink = new StateSink(files, started, ctx.now);
  try {
    return await delegateToCodex({
      projectDir: ctx.projectDir,
      goal: started.goal,
      verifyCommand: started.verify_command,
      caps: { maxIterations: started.caps.max_iterations, maxTokens: started.caps.max_tokens, maxWallclockMs: started.caps.max_wallclock_ms },
      env: ctx.env,
      preflight,
      runVerifier: () => runVerifier(started.verify_command, ctx.projectDir, settings.verifierTimeoutMs, ctx.env),
      sink,
      print: ctx.print,
      now: ctx.now,
      startedAt: new Date(started.started_at),
      signal: ctx.signal,
    });
  } catch (error) {
    // A run that fails part-way must not stay "pursuing" in the state.
    await sink.fail(formatError(error)).catch(() => undefined);
    throw error;
  }
}

/** Writes the delegate's progress into the loop's true state (and mirror and history), under the lock. */
class StateSink implements CodexLoopSink<VerifierOutcome> {
  private recordedRound: unknown = null;

  constructor(
    private readonly files: LoopFiles,
    private readonly loop: AutoLoopState,
    private readonly now: () => Date,
  ) {}

  /** True once the loop is no longer ours to run: cancelled, taken over, or replaced. */
  async cancelled(): Promise<boolean> {
    const state = await loadState(this.files.state, this.now()).catch(() => undefined);
    return state?.loop_id !== this.loop.loop_id || state.status !== "pursuing";
  }

  async update(progress: CodexProgress<VerifierOutcome>): Promise<void> {
    await this.change(async (state, now) => {
      const history: HistoryEntry[] = [];
      let next: AutoLoopState = {
        ...state,
        status: progress.status,
        status_reason: progress.reason,
        iteration: progress.iteration,
        tokens: { ...state.tokens, transcript: progress.tokensUsed },
        next_action: progress.nextAction,
        evidence: progress.threadId && state.evidence.length === 0 ? [`Codex thread ${progress.threadId}`] : state.evidence,
      };
      const round = progress.lastVerifier;
      if (round && round !== this.recordedRound) {
        this.recordedRound = round;
        next = { ...next, last_verifier: await this.verifierResult(round.verdict, round.runs, progress.iteration, now) };
        if (round.verdict === "flaky") next = { ...next, flaky_count: state.flaky_count + 1 };
        const last = round.runs.at(-1)!;
        history.push(historyEntry(next, now, "gate", `Codex said complete; verifier ${round.verdict}`, { verdict: round.verdict, exit_code: last.exitCode }));
      }
      if (progress.status !== "pursuing") {
        next = { ...next, ended_at: now.toISOString() };
        history.push(historyEntry(next, now, "end", progress.reason ?? progress.status));
      }
      return { next, history };
    });
  }

  /** Ends a loop whose run failed as blocked, with the reason. */
  async fail(reason: string): Promise<void> {
    await this.change(async (state, now) => {
      const next: AutoLoopState = { ...state, status: "blocked", status_reason: reason, ended_at: now.toISOString(), next_action: "none: the loop has ended" };
      return { next, history: [historyEntry(next, now, "end", reason)] };
    });
  }

  /** Locked read-change-persist; a loop that is no longer ours and pursuing is left exactly as it is. */
  private async change(fn: (state: AutoLoopState, now: Date) => Promise<{ next: AutoLoopState; history: HistoryEntry[] }>): Promise<void> {
    await withLock(this.files.state, async () => {
      const now = this.now();
      const state = await loadState(this.files.state, now);
      if (state?.loop_id !== this.loop.loop_id || state.status !== "pursuing") return;
      const { next, history } = await fn(state, now);
      const stamped = { ...next, updated_at: now.toISOString(), heartbeat_at: now.toISOString() };
      await persist(this.files, stamped, history, now);
    });
  }

  private async verifierResult(verdict: VerifierResult["verdict"], runs: VerifierOutcome[], iteration: number, now: Date): Promise<VerifierResult> {
    return {
      at: now.toISOString(),
      iteration,
      verdict,
      runs: await Promise.all(
        runs.map(async (run, index) => ({
          exit_code: run.exitCode,
          passed: run.passed,
          timed_out: run.timedOut,
          duration_ms: run.durationMs,
          output_tail: run.outputTail,
          output_bytes: run.outputBytes,
          log_file: await writeVerifierLog(this.loop.project_dir, iteration, index + 1, run.output, now),
        })),
      ),
    };
  }
}
