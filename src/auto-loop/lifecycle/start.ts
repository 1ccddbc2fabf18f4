// Starting a loop (or adopting a stale one with --takeover): checks ownership, writes the true state,
// the session marker and the mirror, and returns the first prompt. One loop per project.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { withLock } from "../../state/json-store.js";
import { checkParentWaits } from "../../shared/parent-watch.js";
import { sessionMarkerPath } from "../../state/paths.js";
import { isLoopkitError, LoopkitError } from "../../shared/errors.js";
import { formatDuration } from "../../shared/duration.js";
import { PROTECT_LIMITS, type AutoLoopRequest } from "../args.js";
import { resolveCaps } from "../core/caps.js";
import { DEFAULT_GOAL_FILE, readGoalFile } from "../project/goal-file.js";
import { snapshotFingerprint, takeSnapshot } from "../../evidence/snapshot.js";
import { deadlineIn } from "../../shared/deadline.js";
import { decideBaseline, loadPreviousStart, saveStartEvidence } from "../data/evidence-start.js";
import { probeFile, removeProbe } from "../data/sandbox-probe.js";
import { captureLaunch } from "../runners/launch.js";
import { keptProtectedFiles, protectedFiles } from "../project/protect.js";
import { earlierLoop, keptContract, type StartContract } from "../core/restart-contract.js";
import { keepForeignAside, mirrorIsOurs } from "../project/mirror.js";
import { startPrompt } from "../core/prompts.js";
import { replacedState, startState, takeOverState } from "../core/transitions.js";
import { DEFAULT_NO_PROGRESS_LIMIT, type AutoLoopState, type Launch, type TestResultsState } from "../core/state.js";
import { launchEnv } from "../runners/launch.js";
import { carriedTestBaseline } from "../core/test-progress.js";
import { baselineLine, cannotRun, runAndReadTests } from "../runners/test-run.js";
import { baselineOf } from "../../test-results/results.js";
import { allowTestEditsLine } from "../runners/contract-run.js";
import { loadState, loopFiles, persist, removeMarker, writeMarker, type LoopFiles } from "../data/store.js";
import { endOrphanedRuns } from "../../shared/process-group.js";

export interface LoopContext {
  dataDir: string;
  projectDir: string;
  sessionId: string;
  now: Date;
  staleMs: number;
  /** The environment of the start: what the verifier and the audit will run with (launch.ts). */
  env: NodeJS.ProcessEnv;
  /** The agent's sandbox when the starter knows it (`loopkit run`, --codex) or measures it (a typed command: agent-sandbox.ts); else launch.ts's default. */
  agentSandbox?: Launch["agent_sandbox"];
}

type StartRequest = Extract<AutoLoopRequest, { mode: "start" }>;

/**
 * The start's snapshot of the project may take this long (the first one in a project reads every file;
 * later ones only what changed): a skill's command line must end within two minutes.
 */
export const START_SNAPSHOT_MS = 90_000;

/** Starts a new loop; returns the first prompt for the session. */
export async function startLoop(ctx: LoopContext, request: StartRequest): Promise<string> {
  const { goal, goalFile, verify, caps, protect, testReport, allowRemovedTests, allowTestEdits, noProgressLimit } = await resolveGoal(
    ctx.projectDir,
    request,
  );
  const launch = captureLaunch(ctx.env, ctx.projectDir);
  const files = loopFiles(ctx.dataDir, ctx.projectDir);
  // A verifier or audit that a killed loopkit left running is ended before anything starts anew.
  await endOrphanedRuns();
  return withLock(files.state, async () => {
    await refuseIfSessionBusy(ctx);
    const existing = await loadOrSetAside(files, ctx.now);
    // Refuse before touching anything: a second session leaves the running loop exactly as it is.
    const previous = existing.state?.status === "pursuing" ? existing.state : undefined;
    if (previous) checkOwnership(ctx, previous, request.takeover);
    // A restart keeps the contract of the unfinished loop before it: its verifier, allowance, protected files and tests.
    const earlier = earlierLoop(existing.state, request.newBaseline === true);
    const kept = keptContract({ verify, report: testReport, allowRemovedTests, allowTestEdits, protect }, earlier);
    const { contract } = kept;
    // The tests before the agent changed anything (its outputs then belong to the start's record below).
    const ownTests = await baselineTests(ctx, { ...contract, launch, noProgressLimit });
    // Everything later changes is measured against this: loopkit's own record of the project now.
    const started = await takeSnapshot({ dataDir: ctx.dataDir, projectDir: ctx.projectDir, deadline: deadlineIn(START_SNAPSHOT_MS) });
    const protectedNow = protectedFiles(started.stats, contract.protect);
    const snapshot = earlier ? keptProtectedFiles(protectedNow, earlier.protect) : protectedNow;
    // The first write: a hook that was ended meanwhile has said that nothing was started.
    checkParentWaits();
    const notes: string[] = [...started.notes];
    if (!(existing.state && (await mirrorIsOurs(ctx.projectDir, existing.state.mirror_sha256)))) {
      const aside = await keepForeignAside(ctx.projectDir, ctx.now);
      if (aside) notes.push(`A .auto-loop/ folder that loopkit did not write here was moved to ${aside}; none of its contents were used.`);
    }
    if (previous) {
      const replaced = replacedState(previous, ctx.sessionId, ctx.now);
      await persist(files, replaced.state, replaced.history, ctx.now);
      await removeMarker(ctx.dataDir, previous.session_id, previous.loop_id);
      notes.push(`The previous loop of session ${previous.session_id} was taken over and ended.`);
    }
    if (existing.corrupt) notes.push(existing.corrupt);
    // Read before this loop's own start replaces it: an unfinished loop's baseline carries over.
    const baseline = decideBaseline(existing.state, await loadPreviousStart(files.dir, ctx.now), request.newBaseline === true);
    notes.push(baseline.line, ...(kept.note ? [kept.note] : []));
    const carried = carriedTestBaseline(ownTests, earlier);
    const testResults = carried.tests;
    notes.push(baselineLine(testResults), ...(carried.note ? [carried.note] : []));
    const editsAllowed = allowTestEditsLine(testResults);
    if (editsAllowed) notes.push(editsAllowed);
    const { state, history } = startState(
      {
        loopId: randomUUID(),
        sessionId: ctx.sessionId,
        projectDir: ctx.projectDir,
        goal,
        goalFile,
        verify: contract.verify,
        caps,
        launch,
        agentSandbox: ctx.agentSandbox,
        protect: { globs: contract.protect, snapshot },
        treeHash: snapshotFingerprint(started.snapshot),
        testResults,
      },
      ctx.now,
    );
    checkParentWaits();
    await saveStartEvidence(files.dir, {
      loopId: state.loop_id,
      startedAt: state.started_at,
      snapshot: started.snapshot,
      judgedFrom: baseline.judgedFrom,
    });
    await removeProbe(probeFile(files.state));
    const saved = await persist(files, state, history, ctx.now);
    await writeMarker(ctx.dataDir, saved, files, ctx.now);
    return startPrompt(saved, notes);
  });
}

/** --takeover alone: the stale loop of this project continues in this session, counters and caps unchanged. */
export async function takeOverLoop(ctx: LoopContext): Promise<string> {
  const files = loopFiles(ctx.dataDir, ctx.projectDir);
  return withLock(files.state, async () => {
    await refuseIfSessionBusy(ctx);
    const existing = (await loadOrSetAside(files, ctx.now)).state;
    if (existing?.status !== "pursuing") {
      throw new LoopkitError("NO_LOOP", "there is no running auto-loop in this project to take over", {
        hint: "start one with /loopkit:auto-loop <goal> --verify <cmd>",
      });
    }
    checkOwnership(ctx, existing, true);
    const previousSession = existing.session_id;
    const adopted = takeOverState(existing, ctx.sessionId, ctx.agentSandbox, ctx.now);
    await removeProbe(probeFile(files.state));
    const saved = await persist(files, adopted.state, adopted.history, ctx.now);
    await removeMarker(ctx.dataDir, previousSession, existing.loop_id);
    await writeMarker(ctx.dataDir, saved, files, ctx.now);
    return startPrompt(saved, [
      `This session took the loop over from session ${previousSession} after ${existing.iteration} iteration(s). Next: ${existing.next_action}`,
    ]);
  });
}

async function resolveGoal(projectDir: string, request: StartRequest) {
  const fromFile =
    request.goal === null ? await readGoalFile(projectDir, request.goalFile ?? DEFAULT_GOAL_FILE, request.goalFile !== null) : null;
  const verify = request.verify ?? fromFile?.verify ?? null;
  if (!verify) {
    throw new LoopkitError("USAGE", "no verifier command: the loop needs one to prove the goal", {
      hint: 'add --verify "<command that exits 0 when the goal is met>", or a verify: line in the goal file',
    });
  }
  return {
    goal: request.goal ?? fromFile!.goal,
    goalFile: fromFile?.path ?? null,
    verify,
    caps: resolveCaps(request.caps, fromFile?.caps ?? {}),
    protect: checkProtectCount([...new Set([...(fromFile?.protect ?? []), ...request.protect])]),
    testReport: request.testReport ?? fromFile?.testReport ?? null,
    allowRemovedTests: fromFile?.allowRemovedTests ?? null,
    allowTestEdits: fromFile?.allowTestEdits ?? null,
    noProgressLimit: request.noProgressLimit ?? fromFile?.noProgressLimit ?? DEFAULT_NO_PROGRESS_LIMIT,
  };
}

/** The start's verifier run may take this long: a slower suite starts the loop without a baseline, saying so. */
export const START_BASELINE_MS = 60_000;

/**
 * Runs the verifier once, under the agent's sandbox policy, for the tests as they are before the agent
 * changes anything. A verifier that cannot run at all refuses the start: nothing has been written yet.
 */
async function baselineTests(
  ctx: LoopContext,
  loop: StartContract & { launch: Launch; noProgressLimit: number },
): Promise<TestResultsState> {
  const timeoutMs = Math.min(loop.launch.verifier_timeout_ms, START_BASELINE_MS);
  const run = await runAndReadTests(loop.verify, ctx.projectDir, loop.report, timeoutMs, launchEnv(loop.launch, ctx.env), {
    sandbox: ctx.agentSandbox ?? loop.launch.agent_sandbox,
  });
  const why = cannotRun(run.outcome);
  if (why)
    throw new LoopkitError("VERIFIER_CANNOT_RUN", `the verifier \`${loop.verify}\` cannot run: ${why}; no loop was started`, {
      value: loop.verify,
      hint: "fix the verifier command (for npm, `npm run` lists the scripts), then start the loop again",
    });
  const note = run.results
    ? null
    : run.outcome.timedOut
      ? `the verifier did not finish within ${formatDuration(timeoutMs)} at the start, so loopkit has no baseline (a pass still needs at least one test to run where loopkit reads the runner)`
      : `${run.unread}; the end of its output: ${JSON.stringify(run.outcome.outputTail.trim().slice(-300))}`;
  return {
    report: loop.report,
    allow_removed_tests: loop.allowRemovedTests,
    allow_test_edits: loop.allowTestEdits,
    no_progress_limit: loop.noProgressLimit,
    baseline: run.results && baselineOf(run.results),
    baseline_note: note,
    trend: run.results ? [{ iteration: 0, passed: run.results.passed, failed: run.results.failed }] : [],
    progress_at: 0,
  };
}

function checkProtectCount(globs: string[]): string[] {
  if (globs.length > PROTECT_LIMITS.globs) {
    throw new LoopkitError("USAGE", `${globs.length} protect globs; a loop takes at most ${PROTECT_LIMITS.globs}`, {
      value: globs.length,
      hint: "protect folders with ** globs instead of file by file",
    });
  }
  return globs;
}

/** A session drives one loop at a time (its marker routes its hooks). */
async function refuseIfSessionBusy(ctx: LoopContext): Promise<void> {
  if (existsSync(sessionMarkerPath(ctx.dataDir, ctx.sessionId))) {
    throw new LoopkitError("LOOP_ACTIVE", "this session already drives a loop", {
      value: ctx.sessionId,
      hint: "wait for it to end, or cancel it (/loopkit:auto-loop --cancel or /loopkit:repeat --cancel) first",
    });
  }
}

/** Another live session owns the loop: refuse. A stale one may be taken over, but only when asked. */
function checkOwnership(ctx: LoopContext, state: AutoLoopState, takeover: boolean): void {
  const age = ctx.now.getTime() - Date.parse(state.heartbeat_at);
  const stale = age > ctx.staleMs;
  if (stale && takeover) return;
  // This session's own loop, yet it holds no marker (refuseIfSessionBusy passed): its start was cut
  // off (killed between the state and the marker). Starting again replaces it.
  if (state.session_id === ctx.sessionId) return;
  const owner = `session ${state.session_id} (last heartbeat ${formatDuration(age)} ago)`;
  throw new LoopkitError("LOOP_ACTIVE", `an auto-loop is already running in this project, owned by ${owner}`, {
    value: state.session_id,
    hint: stale
      ? "its heartbeat is stale: run /loopkit:auto-loop --takeover to continue it here, or add --takeover to a new goal to replace it"
      : `cancel it with /loopkit:auto-loop --cancel, or once its heartbeat is older than ${formatDuration(ctx.staleMs)}, take it over with --takeover`,
  });
}

async function loadOrSetAside(files: LoopFiles, now: Date): Promise<{ state: AutoLoopState | undefined; corrupt: string | null }> {
  try {
    return { state: await loadState(files.state, now), corrupt: null };
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    return { state: undefined, corrupt: `loopkit's previous state for this project was corrupt: ${(error as Error).message}.` };
  }
}
