// `/loopkit:auto-loop --codex`: starts an auto-loop whose work is done by Codex, with auto-loop's own
// state, so --status and --cancel work unchanged. The loop belongs to no Claude Code session: its
// session id is codex-<uuid> and its session marker is removed at once, so no hook ever acts on it.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import type { AutoLoopRequest } from "../auto-loop/args.js";
import type { HistoryEntry } from "../auto-loop/core/history.js";
import { failLoop, recordDelegatedProgress } from "../auto-loop/core/decide.js";
import { MIRROR_DIR, openMirrorLog, writeVerifierLog } from "../auto-loop/project/mirror.js";
import { auditLoop } from "../auto-loop/runners/audit.js";
import { loopDeadline } from "../auto-loop/core/caps.js";
import { launchEnv } from "../auto-loop/runners/launch.js";
import { readSettings } from "../auto-loop/core/settings.js";
import { startLoop } from "../auto-loop/lifecycle/start.js";
import { STATUS_EXIT_CODES } from "../auto-loop/core/status.js";
import type { AutoLoopState, VerifierResult } from "../auto-loop/core/state.js";
import { loadState, loopFiles, persist, removeMarker, type LoopFiles } from "../auto-loop/data/store.js";
import { verifierRun, type VerifierOutcome } from "../auto-loop/runners/verifier.js";
import { runLoopVerifier } from "../auto-loop/runners/test-run.js";
import { runTestContractNow } from "../auto-loop/runners/contract-run.js";
import { auditUnmet, refusedByLoopkit } from "../auto-loop/core/gate.js";
import { withLock } from "../state/json-store.js";
import type { AgentSandbox } from "../sandbox/choice.js";
import { personSandbox } from "../sandbox/person-settings.js";
import { formatError, LoopkitError } from "../shared/errors.js";
import { delegateToCodex, type CodexLoopSink, type CodexProgress, type DelegateResult } from "./delegate.js";
import { confirmModelAccess, preflightCodex, type CodexPreflight } from "./preflight.js";

export interface CodexLoopContext {
  dataDir: string;
  projectDir: string;
  env: NodeJS.ProcessEnv;
  now: () => Date;
  print: (line: string) => void;
}

type StartRequest = Extract<AutoLoopRequest, { mode: "start" }>;

/** The log of a Codex run started in the background, in the project's .auto-loop/ folder. */
const CODEX_LOG = "codex.log";

/**
 * The CLI's `auto-loop --codex`: preflight, then the loop state, then Codex until the loop ends;
 * returns the --status exit code of how it ended. With `background` (a start from a Claude Code
 * skill, whose commands may run only 2 minutes) it starts the `codex-run` follower as a detached
 * process logging to .auto-loop/codex.log and returns 0 at once.
 */
export async function runCodexLoopCommand(
  ctx: CodexLoopContext,
  request: StartRequest,
  background: { cliEntry: string } | null,
): Promise<number> {
  if (request.protect.length > 0) {
    throw new LoopkitError("USAGE", "--protect is not applied to --codex runs yet", {
      value: request.protect,
      hint: "start without --protect (and without protect: lines), or run the loop in Claude Code",
    });
  }
  // Nothing is recorded (no state, history or .auto-loop/) for a Codex that cannot run or reach a model.
  const preflight = await preflightCodex(ctx.env);
  await confirmModelAccess(preflight, ctx.env, ctx.projectDir);
  const loop = await startCodexLoop(ctx, request);
  if (!background) return followInForeground(ctx, loop, preflight);
  const out = await openMirrorLog(ctx.projectDir, CODEX_LOG, new Date());
  try {
    const child = spawn(process.execPath, [background.cliEntry, "codex-run", "--project", ctx.projectDir, "--loop", loop.loop_id], {
      cwd: ctx.projectDir,
      env: { ...ctx.env, LOOPKIT_DATA_DIR: ctx.dataDir },
      detached: true,
      stdio: ["ignore", out.fd, out.fd],
    });
    child.unref();
  } finally {
    await out.close();
  }
  ctx.print(`codex: auto-loop ${loop.loop_id} started; Codex works in the background (log: ${path.join(MIRROR_DIR, CODEX_LOG)})`);
  ctx.print("codex: this Claude Code session has nothing to do for it; follow it with /loopkit:auto-loop --status, stop it with --cancel");
  return 0;
}

/** The hidden `codex-run` command: follows a Codex loop that `auto-loop --codex` started in the background. */
export async function runCodexFollowerCommand(ctx: CodexLoopContext, loopId: string): Promise<number> {
  const loop = await loadState(loopFiles(ctx.dataDir, ctx.projectDir).state, ctx.now());
  if (loop?.loop_id !== loopId || loop.status !== "pursuing" || !loop.session_id.startsWith(CODEX_SESSION_PREFIX)) {
    throw new LoopkitError("NO_LOOP", `no running Codex auto-loop ${loopId} in ${ctx.projectDir}`, {
      value: loopId,
      hint: "it may have ended or been cancelled; /loopkit:auto-loop --status shows how it stands",
    });
  }
  return followInForeground(ctx, loop, await preflightCodex(ctx.env));
}

const CODEX_SESSION_PREFIX = "codex-";

/** Records the loop with a codex-<uuid> session whose marker is removed at once: no hook acts on it. */
async function startCodexLoop(ctx: CodexLoopContext, request: StartRequest): Promise<AutoLoopState> {
  const sessionId = `${CODEX_SESSION_PREFIX}${randomUUID()}`;
  const staleMs = readSettings(ctx.env).staleMs;
  await startLoop(
    {
      dataDir: ctx.dataDir,
      projectDir: ctx.projectDir,
      sessionId,
      now: ctx.now(),
      staleMs,
      env: ctx.env,
      agentSandbox: await codexAgentSandbox(ctx.env),
    },
    request,
  );
  const started = await loadState(loopFiles(ctx.dataDir, ctx.projectDir).state, ctx.now());
  if (started?.session_id !== sessionId)
    throw new LoopkitError("LOOP_ACTIVE", "the new loop was replaced before Codex could start", {
      hint: "another loop started in this project meanwhile; /loopkit:auto-loop --status shows it",
    });
  await removeMarker(ctx.dataDir, sessionId, started.loop_id);
  return started;
}

/**
 * Codex runs the agent's commands in its own sandbox (thread/start asks for workspace-write: the
 * project writable, the network off), so the verifier runs in loopkit's, the same shape; where none
 * can start, the person's Claude Code sandbox.failIfUnavailable decides, as in a Claude Code loop.
 */
async function codexAgentSandbox(env: NodeJS.ProcessEnv): Promise<AgentSandbox> {
  return {
    agent: "sandboxed",
    how: "Codex runs its commands in its own workspace-write sandbox",
    fail_if_unavailable: (await personSandbox(env)).failIfUnavailable,
  };
}

/** Runs the loop here until it ends. The first Ctrl-C (or SIGTERM) cancels it: goal cleared, Codex stopped. */
async function followInForeground(ctx: CodexLoopContext, loop: AutoLoopState, preflight: CodexPreflight): Promise<number> {
  const interrupt = new AbortController();
  const onSignal = () => interrupt.abort();
  process.once("SIGINT", onSignal);
  process.once("SIGTERM", onSignal);
  try {
    ctx.print(`codex: auto-loop ${loop.loop_id}; follow it with /loopkit:auto-loop --status, stop it with --cancel or Ctrl-C`);
    const result = await followCodexLoop(ctx, loop, preflight, interrupt.signal);
    return STATUS_EXIT_CODES[result.status];
  } finally {
    process.removeListener("SIGINT", onSignal);
    process.removeListener("SIGTERM", onSignal);
  }
}

async function followCodexLoop(
  ctx: CodexLoopContext,
  loop: AutoLoopState,
  preflight: CodexPreflight,
  signal: AbortSignal,
): Promise<DelegateResult> {
  const sink = new StateSink(loopFiles(ctx.dataDir, ctx.projectDir), loop, ctx.now);
  try {
    return await delegateToCodex({
      projectDir: ctx.projectDir,
      goal: loop.goal,
      verifyCommand: loop.verify_command,
      caps: { maxIterations: loop.caps.max_iterations, maxTokens: loop.caps.max_tokens, maxWallclockMs: loop.caps.max_wallclock_ms },
      env: ctx.env,
      preflight,
      // The verifier and the audit run with what the loop's start fixed (launch.ts), as in a Claude Code loop.
      // Through the gate's test rule, against the start's baseline, as in a Claude Code loop.
      runVerifier: () =>
        runLoopVerifier(loop, loop.launch.verifier_timeout_ms, launchEnv(loop.launch, ctx.env), {
          sandbox: loop.launch.agent_sandbox,
        }),
      // The audit records the tree itself (a Codex run has no Stop hook that did).
      // The start's tests run unchanged first (runners/contract-run.ts), as in a Claude Code loop.
      runAudit: async (verifierTail) => {
        const contract = await runTestContractNow({
          state: loop,
          dataDir: ctx.dataDir,
          timeoutMs: loop.launch.verifier_timeout_ms,
          env: launchEnv(loop.launch, ctx.env),
          options: { sandbox: loop.launch.agent_sandbox },
          deadline: loopDeadline(loop),
        }).catch((error: unknown) => ({ error: formatError(error) }));
        if ("error" in contract) return auditUnmet(`loopkit could not run the start's tests unchanged (${contract.error})`, false);
        if (contract.breach) return refusedByLoopkit("contract", contract.breach);
        return auditLoop({ state: loop, dataDir: ctx.dataDir, env: ctx.env, verifierTail, deadline: loopDeadline(loop) });
      },
      sink,
      print: ctx.print,
      now: ctx.now,
      startedAt: new Date(loop.started_at),
      signal,
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
  private recordedAudit: unknown = null;

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
      const round = progress.lastVerifier;
      const fresh = round && round !== this.recordedRound ? round : null;
      if (fresh) this.recordedRound = fresh;
      const verifier = fresh ? await this.verifierResult(fresh.verdict, fresh.runs, progress.iteration, now) : null;
      const audit = progress.lastAudit && progress.lastAudit !== this.recordedAudit ? progress.lastAudit : null;
      if (audit) this.recordedAudit = audit;
      return recordDelegatedProgress(state, { now, ...progress, verifier, audit });
    });
  }

  /** Ends a loop whose run failed as blocked, with the reason. */
  async fail(reason: string): Promise<void> {
    await this.change(async (state, now) => failLoop(state, now, reason));
  }

  /** Locked read-change-persist; a loop that is no longer ours and pursuing is left exactly as it is. */
  private async change(fn: (state: AutoLoopState, now: Date) => Promise<{ state: AutoLoopState; history: HistoryEntry[] }>): Promise<void> {
    await withLock(this.files.state, async () => {
      const now = this.now();
      const current = await loadState(this.files.state, now);
      if (current?.loop_id !== this.loop.loop_id || current.status !== "pursuing") return;
      const { state, history } = await fn(current, now);
      await persist(this.files, state, history, now);
    });
  }

  private async verifierResult(
    verdict: VerifierResult["verdict"],
    runs: VerifierOutcome[],
    iteration: number,
    now: Date,
  ): Promise<VerifierResult> {
    return {
      at: now.toISOString(),
      iteration,
      verdict,
      runs: await Promise.all(
        runs.map(async (run, index) =>
          verifierRun(run, await writeVerifierLog(this.loop.project_dir, iteration, index + 1, run.output, now)),
        ),
      ),
    };
  }
}
