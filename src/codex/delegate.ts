// Runs a loop in OpenAI Codex's goal mode, gated by loopkit's verifier: start `codex app-server`,
// set the goal on a thread in the project folder, follow it, and when Codex says "complete" run the
// verifier twice. Decisions come from decideNext(); this file only performs them.
import { LoopkitError } from "../shared/errors.js";
import { AppServerClient } from "./app-server-client.js";
import type { LoopStatus } from "../auto-loop/core/state.js";
import { verifierVerdict, type Verdict } from "../auto-loop/core/gate.js";
import { decideNext, type AuditRound, type VerifierReport } from "./decide.js";
import { buildObjective } from "./objective.js";
import { checkModelAccess, initialize, preflightCodex, type CodexPreflight } from "./preflight.js";
import { GoalClearResultSchema, GoalSetResultSchema, ThreadStartResultSchema, type GoalStatus } from "./protocol.js";
import { ThreadWatch } from "./thread-watch.js";
import { formatVersion } from "./version.js";

export interface CodexCaps {
  maxIterations: number;
  maxTokens: number;
  maxWallclockMs: number;
}

/** A verifier round: both runs when the first passed, else the one failing run. */
export interface VerifierRound<R extends VerifierReport> {
  verdict: Verdict;
  runs: R[];
}

/** Everything a Codex-run loop reports as it goes; the auto-loop integration turns it into loop state. */
export interface CodexProgress<R extends VerifierReport> {
  status: LoopStatus;
  /** Why the loop ended; null while pursuing. */
  reason: string | null;
  iteration: number;
  tokensUsed: number;
  threadId: string | null;
  goalStatus: GoalStatus | null;
  lastVerifier: VerifierRound<R> | null;
  /** The last audit, of the round it judged. */
  lastAudit: (AuditRound & { tokens: number; iteration: number }) | null;
  nextAction: string;
}

/** Where a Codex-run loop keeps its state and learns that it was cancelled. */
export interface CodexLoopSink<R extends VerifierReport> {
  update(progress: CodexProgress<R>): Promise<void>;
  /** True once the loop was cancelled (`--cancel`); polled while Codex works. */
  cancelled(): Promise<boolean>;
}

export interface DelegateOptions<R extends VerifierReport> {
  projectDir: string;
  goal: string;
  /** The verifier command as the person gave it (shown to Codex; run only through runVerifier). */
  verifyCommand: string;
  caps: CodexCaps;
  env: NodeJS.ProcessEnv;
  /** An already passed preflight (else it runs first). */
  preflight?: CodexPreflight;
  runVerifier: () => Promise<R>;
  /** The fresh-context Claude Code audit of Codex's work, given the end of the verifier's output. */
  runAudit: (verifierTail: string) => Promise<AuditRound & { tokens: number }>;
  sink: CodexLoopSink<R>;
  print: (line: string) => void;
  now?: () => Date;
  /** When the loop started (the wall-clock cap counts from here). */
  startedAt?: Date;
  /** How often the cancel flag is polled and the heartbeat written. */
  pollMs?: number;
  signal?: AbortSignal;
}

export interface DelegateResult {
  status: Exclude<LoopStatus, "pursuing">;
  reason: string;
  iteration: number;
  tokensUsed: number;
}

const HEARTBEAT_MS = 30_000;
const TOKENS_REPORT_MS = 1_000;
const WORKING = "Codex is working on the goal";

/** Runs the whole Codex loop in the foreground and resolves with how it ended. */
export async function delegateToCodex<R extends VerifierReport>(options: DelegateOptions<R>): Promise<DelegateResult> {
  const preflight = options.preflight ?? (await preflightCodex(options.env));
  const client = AppServerClient.start({ bin: preflight.bin, cwd: options.projectDir, env: options.env });
  try {
    await initialize(client);
    await checkModelAccess(client, preflight, options.env);
    const { thread, model } = await client.request(
      "thread/start",
      // Unattended: Codex may write in the project, asks nobody, and gets no network for its commands.
      { cwd: options.projectDir, approvalPolicy: "never", sandbox: "workspace-write" },
      ThreadStartResultSchema,
    );
    options.print(`codex: Codex CLI ${formatVersion(preflight.version)}, model ${model}, thread ${thread.id}`);
    return await new GoalRun(options, client, thread.id).run();
  } finally {
    await client.close();
  }
}

/** One goal on one Codex thread, followed to its end. Holds the loop's counters; decideNext() decides. */
class GoalRun<R extends VerifierReport> {
  private readonly watch: ThreadWatch;
  private readonly now: () => Date;
  private readonly deadline: number;
  private iteration = 1;
  private runs: R[] = [];
  private lastVerifier: VerifierRound<R> | null = null;
  private audit: (AuditRound & { tokens: number; iteration: number }) | null = null;
  /** The audit of the current round's two passes (cleared when the goal is set again). */
  private roundAudit: AuditRound | null = null;
  private lastSaid: GoalStatus | undefined;
  private lastUpdate = 0;
  private lastTokens = 0;

  constructor(
    private readonly options: DelegateOptions<R>,
    private readonly client: AppServerClient,
    private readonly threadId: string,
  ) {
    this.watch = new ThreadWatch(client, threadId);
    this.now = options.now ?? (() => new Date());
    this.deadline = (options.startedAt ?? this.now()).getTime() + options.caps.maxWallclockMs;
  }

  async run(): Promise<DelegateResult> {
    await this.setGoal();
    await this.report(WORKING);
    for (;;) {
      const ended = await this.step();
      if (ended) return ended;
    }
  }

  /** Observes, decides, acts once; returns the result when the loop has ended. */
  private async step(): Promise<DelegateResult | undefined> {
    const { caps } = this.options;
    const cancelled = this.options.signal?.aborted === true || (await this.options.sink.cancelled());
    if (this.watch.exited && !cancelled) {
      const tail = this.client.stderrTail().trim().slice(-500);
      throw new LoopkitError("CODEX_PROTOCOL", `codex app-server exited while working on the goal${tail ? `: ${tail}` : ""}`, {
        hint: "the loop ends as blocked; /loopkit:auto-loop --status shows where it stopped, and a new loop starts where the work is",
      });
    }
    const goal = this.watch.goal!;
    if (goal.status !== this.lastSaid) {
      this.lastSaid = goal.status;
      this.say(`goal ${goal.status} (iteration ${this.iteration}/${caps.maxIterations}, ${goal.tokensUsed} tokens)`);
      await this.report(goal.status === "active" ? WORKING : "waiting for Codex's turn to end");
    }
    const action = decideNext({
      goalStatus: this.watch.settled() ? goal.status : "active",
      runs: this.runs,
      audit: this.roundAudit,
      iteration: this.iteration,
      maxIterations: caps.maxIterations,
      cancelled,
      wallclockExceeded: this.now().getTime() >= this.deadline,
      lastError: this.watch.lastError,
    });
    switch (action.kind) {
      case "wait":
        if (this.reportDue(goal.tokensUsed)) await this.report(WORKING);
        await this.watch.waitForChange(Math.min(this.options.pollMs ?? 1_000, this.deadline - this.now().getTime()));
        return undefined;
      case "verify":
        await this.verifyOnce();
        return undefined;
      case "audit":
        await this.auditOnce();
        return undefined;
      case "retry": {
        const by = this.roundAudit ? "the audit" : "the verifier";
        this.iteration += 1;
        this.say(`${by} did not confirm Codex's claim; setting the goal again (iteration ${this.iteration}/${caps.maxIterations})`);
        await this.setGoal(action.reason);
        await this.report(`${WORKING} again, with ${by === "the audit" ? "the audit's reasons" : "the verifier's output"}`);
        return undefined;
      }
      case "finish":
        // Stop Codex from starting more turns; a goal that already ended needs nothing.
        if (!this.watch.exited && (this.watch.goal?.status === "active" || action.status === "cancelled")) {
          await this.client.request("thread/goal/clear", { threadId: this.threadId }, GoalClearResultSchema).catch(() => undefined);
        }
        await this.options.sink.update(this.progress(action.status, action.reason));
        this.say(`${action.status}: ${action.reason}`);
        return { status: action.status, reason: action.reason, iteration: this.iteration, tokensUsed: this.watch.goal?.tokensUsed ?? 0 };
    }
  }

  private async verifyOnce(): Promise<void> {
    this.say(`running the verifier (${this.runs.length + 1}/2): ${this.options.verifyCommand}`);
    const run = await this.options.runVerifier();
    this.runs.push(run);
    this.say(`verifier ${run.passed ? "passed" : run.timedOut ? "timed out" : `failed (exit ${run.exitCode ?? "none"})`}`);
    const verdict = verifierVerdict(this.runs);
    if (verdict) this.lastVerifier = { verdict, runs: [...this.runs] };
    await this.report(verdict ? "deciding on the verifier's result" : "running the verifier a second time");
  }

  private async auditOnce(): Promise<void> {
    this.say("the verifier passed twice; a fresh Claude Code audits Codex's work (read-only)");
    const outcome = await this.options.runAudit(this.runs.at(-1)?.outputTail ?? "");
    this.roundAudit = outcome;
    this.audit = { ...outcome, iteration: this.iteration };
    this.say(`audit voted ${outcome.vote}${outcome.failure ? ` (${outcome.failure})` : ""}`);
    await this.report("deciding on the audit's vote");
  }

  private async setGoal(retryReason?: string): Promise<void> {
    const { caps } = this.options;
    const objective = buildObjective({
      goal: this.options.goal,
      verifyCommand: this.options.verifyCommand,
      iteration: this.iteration,
      maxIterations: caps.maxIterations,
      maxTokens: caps.maxTokens,
      maxWallclockMs: caps.maxWallclockMs,
      retryReason,
    });
    // Codex keeps counting tokensUsed across a re-set goal, so the budget is the whole --max-tokens.
    const { goal } = await this.client.request(
      "thread/goal/set",
      { threadId: this.threadId, objective, status: "active", tokenBudget: caps.maxTokens },
      GoalSetResultSchema,
    );
    this.watch.setGoal(goal);
    this.runs = [];
    this.roundAudit = null;
  }

  /** The heartbeat is due, or the token count moved (written at most once a second). */
  private reportDue(tokensUsed: number): boolean {
    const since = this.now().getTime() - this.lastUpdate;
    return since >= HEARTBEAT_MS || (tokensUsed !== this.lastTokens && since >= TOKENS_REPORT_MS);
  }

  private async report(nextAction: string): Promise<void> {
    this.lastUpdate = this.now().getTime();
    this.lastTokens = this.watch.goal?.tokensUsed ?? 0;
    await this.options.sink.update(this.progress("pursuing", null, nextAction));
  }

  private progress(status: LoopStatus, reason: string | null, nextAction = "none: the loop has ended"): CodexProgress<R> {
    return {
      status,
      reason,
      iteration: this.iteration,
      tokensUsed: this.watch.goal?.tokensUsed ?? 0,
      threadId: this.threadId,
      goalStatus: this.watch.goal?.status ?? null,
      lastVerifier: this.lastVerifier,
      lastAudit: this.audit,
      nextAction,
    };
  }

  private say(line: string): void {
    this.options.print(`codex: ${line}`);
  }
}
