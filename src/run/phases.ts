// `loopkit run`: drives one auto-loop as a series of fresh `claude -p` sessions, one per phase. Each
// phase starts from the true state, the hand-off note and the Stop hook's instruction, never from the
// previous transcript; the hook in each phase applies the same caps, gate and records as in a session.
import path from "node:path";
import { elapsedMs } from "../auto-loop/core/caps.js";
import { readSettings } from "../auto-loop/core/settings.js";
import type { AutoLoopState } from "../auto-loop/core/state.js";
import { loopStatus, STATUS_EXIT_CODES } from "../auto-loop/core/status.js";
import { loadState, loopFiles, removeMarker } from "../auto-loop/data/store.js";
import { bindPhase } from "./handover.js";
import { loadNextPrompt } from "../auto-loop/data/next-prompt.js";
import { phasePrompt } from "./phase-prompt.js";
import { LoopkitError } from "../shared/errors.js";
import { formatDuration } from "../shared/duration.js";
import { MAX_API_ERRORS, pendingRetry, retryWaitMs } from "../auto-loop/core/api-errors.js";
import { failureTail, phaseFailed, progressLine, type PhaseExit } from "./progress.js";
import { watchPhase } from "./phase-watch.js";
import type { PhaseRun } from "./claude-phase.js";
import type { Settings } from "./phase-settings.js";
import { reportCommand } from "../shared/report-hint.js";

/**
 * What a printed line marks, for a printer that folds each phase into a group (GitHub Actions): its
 * start, its end, or a line quoted from the phase's own output (that printer shows the whole output, inert, instead).
 */
export type LineMark =
  { phase: number; edge: "start" } | { phase: number; edge: "end"; logFile: string } | { phase: number; edge: "quote" };

interface RunContext {
  dataDir: string;
  projectDir: string;
  env: NodeJS.ProcessEnv;
  pluginDir: string | null;
  claudeArgs: string[];
  /** The person's own --settings and loopkit's sandbox block, for every phase (PhaseRun). */
  settings: Settings | null;
  sandbox: Settings | null;
  now(): Date;
  print(line: string, mark?: LineMark): void;
  newSessionId(): string;
  runPhase(run: PhaseRun): Promise<PhaseExit>;
  /** Waits (before a phase that died of an API error is tried again). */
  sleep(ms: number): Promise<void>;
}

/** Phases in a row whose session ended without a judged turn before the runner gives up. */
const MAX_STALLS = 2;
const PHASE_SLACK_MS = 60_000;

/** Runs phases until the loop ends; returns the exit code (the --status code of the final state, 1 when the runner had to stop). */
export async function runPhases(ctx: RunContext, first: { sessionId: string; instruction: string }): Promise<number> {
  const files = loopFiles(ctx.dataDir, ctx.projectDir);
  const settings = readSettings(ctx.env);
  const initial = await loadState(files.state, ctx.now());
  if (!initial)
    throw new LoopkitError("NO_LOOP", "loopkit run: the loop's state vanished right after it started", {
      hint: "something removed loopkit's data folder; start the run again",
    });
  const loopId = initial.loop_id;
  let previous = first.sessionId;
  let sessionId = first.sessionId;
  let instruction: string | null = first.instruction;
  let stalls = 0;
  try {
    for (let phase = 1; ; phase += 1) {
      const handover = await bindPhase(ctx.dataDir, files, { loopId, previousSession: previous }, sessionId, phase, ctx.now());
      if (handover.kind === "lost") {
        ctx.print(`loopkit run: session ${handover.owner} owns the loop now (taken over); stopping without touching it.`);
        return 1;
      }
      if (handover.kind === "ended") return finish(ctx, handover.state, settings.staleMs);
      previous = sessionId;
      const state = handover.state;
      ctx.print(
        `loopkit run: phase ${phase} starting in fresh session ${sessionId} (iteration ${state.iteration + 1} of ${state.caps.max_iterations}).`,
        { phase, edge: "start" },
      );
      const logFile = path.join(files.dir, "phases", `phase-${String(phase).padStart(4, "0")}.log`);
      const stopWatching = watchPhase({
        files,
        loopId,
        phase,
        fromIteration: state.iteration,
        verifyCommand: state.verify_command,
        everyMs: settings.progressMs,
        now: ctx.now,
        print: (line) => ctx.print(line),
      });
      const exit = await ctx
        .runPhase({
          sessionId,
          prompt: phasePrompt(state, ctx.now(), instruction),
          projectDir: ctx.projectDir,
          env: { ...ctx.env, LOOPKIT_DATA_DIR: ctx.dataDir },
          dataDir: ctx.dataDir,
          pluginDir: ctx.pluginDir,
          claudeArgs: ctx.claudeArgs,
          settings: ctx.settings,
          sandbox: ctx.sandbox,
          timeoutMs: phaseTimeout(state, ctx.now(), settings),
          logFile,
        })
        .finally(stopWatching);
      const after = await loadState(files.state, ctx.now());
      for (const line of failureTail(phase, exit, logFile)) ctx.print(line, { phase, edge: "quote" });
      ctx.print(progressLine(phase, sessionId, loopStatus(ctx.projectDir, after, ctx.now(), settings.staleMs), exit), {
        phase,
        edge: "end",
        logFile,
      });
      if (after?.loop_id !== loopId || after.status !== "pursuing") continue; // the handover reports what happened
      // A phase that died of an API error (its SessionEnd hook recorded it): no stall, and the same
      // instruction again in a fresh session once the retry is due (a usage limit: at its reset).
      const retryAt = pendingRetry(after, sessionId);
      if (retryAt) {
        const waitMs = retryWaitMs(after, retryAt, ctx.now());
        ctx.print(
          `loopkit run: phase ${phase} ended in an API error (${after.api_errors.last!.summary}); trying again in ${formatDuration(waitMs)} (${after.api_errors.count} in a row; ${MAX_API_ERRORS} end the loop).`,
        );
        await ctx.sleep(waitMs);
        sessionId = ctx.newSessionId();
        continue;
      }
      instruction = await loadNextPrompt(files.state, loopId, sessionId);
      stalls = after.iteration > state.iteration ? 0 : stalls + 1;
      if (stalls >= MAX_STALLS) {
        const why = phaseFailed(exit)
          ? "claude itself failed (its output is above). Fix what it says"
          : "loopkit's Stop hook did not run in them. Check that the loopkit plugin is installed for claude (or pass --plugin-dir)";
        ctx.print(
          `loopkit run: ${stalls} phases in a row ended without a judged turn: ${why}, and see the phase logs in ${path.join(files.dir, "phases")}. ` +
            "The loop stays pursuing; `loopkit run --takeover` continues it.",
        );
        return 1;
      }
      sessionId = ctx.newSessionId();
    }
  } finally {
    // A runner that stops with the loop still pursuing keeps its last phase's marker (driver "run"): that
    // is how `loopkit run --takeover` knows a runner left the loop and continues it at once, as it says.
    const left = await loadState(files.state, ctx.now()).catch(() => undefined);
    if (!(left?.loop_id === loopId && left.status === "pursuing" && left.session_id === sessionId))
      await removeMarker(ctx.dataDir, sessionId, loopId);
  }
}

function finish(ctx: RunContext, state: AutoLoopState | undefined, staleMs: number): number {
  const status = loopStatus(ctx.projectDir, state, ctx.now(), staleMs);
  const report = status.loop_id ? ` Its story on one page: ${reportCommand(status.loop_id)}` : "";
  ctx.print(`loopkit run: the loop ended ${status.status}${status.reason ? `: ${status.reason}` : ""}.${report}`);
  return STATUS_EXIT_CODES[status.status];
}

/** Long enough for the rest of the wall-clock budget plus one full gate; the hook's caps end the loop, not this. */
function phaseTimeout(state: AutoLoopState, now: Date, settings: ReturnType<typeof readSettings>): number {
  const left = Math.max(0, state.caps.max_wallclock_ms - elapsedMs(state, now));
  return left + 2 * settings.verifierTimeoutMs + settings.auditTimeoutMs + PHASE_SLACK_MS;
}
