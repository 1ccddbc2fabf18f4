// The auto-loop's Stop hook: gathers what happened this turn, lets the pure core decide, runs the
// gate (verifier twice, then the audit) outside the lock, and saves every step atomically.
import { readJson, withLock, writeJson } from "../../state/json-store.js";
import { loadOwned } from "../../session/owner.js";
import type { HookContext, LoopHookHandlers } from "../../session/handlers.js";
import type { SessionEndInput, StopFailureInput, StopInput } from "../../session/input.js";
import { apiErrorOf, lastTurnApiError, type ApiError } from "../../session/api-error.js";
import type { WakeDecision } from "../../session/output.js";
import { settleFromProbe } from "../data/sandbox-probe.js";
import { alreadyRecorded, clearApiErrors, pendingRetry, recordApiError, retryPrompt, retryWaitMs } from "../core/api-errors.js";
import { waitOf } from "../../shared/monotonic.js";
import { readSettings } from "../core/settings.js";
import { withNotes, type StopDecision } from "../../session/output.js";
import { within, type Deadline } from "../../shared/deadline.js";
import { formatError } from "../../shared/errors.js";
import { auditLoop } from "../runners/audit.js";
import { loopDeadline } from "../core/caps.js";
import { checkpointJudged, checkpointLoop } from "./checkpoint.js";
import { launchEnv } from "../runners/launch.js";
import { endRunPhase } from "./long-runs.js";
import { resumeOnPrompt } from "./resume.js";
import { pauseOnPrompt, personWordsOf } from "./person-prompt.js";
import { restoreLoopContext } from "./session-start.js";
import {
  beginTurn,
  endedOutcome,
  failLoop,
  finishTurn,
  type Decided,
  type Outcome,
  type TurnObservation,
  type TurnStart,
} from "../core/decide.js";
import { auditUnmet, gateNext, refusedByLoopkit } from "../core/gate.js";
import { inspectMirror, readHandoff, writeVerifierLog } from "../project/mirror.js";
import { noteGateStep } from "../data/gate-progress.js";
import { AutoLoopStateSchema, isPaused, type AutoLoopState, type VerifierRun } from "../core/state.js";
import { loadState, loopFiles, persist, removeMarker, type LoopFiles } from "../data/store.js";
import { readTranscriptDelta } from "../../session/transcript-usage.js";
import { checkVerification, recordTurn, turnObservation, watchMountFolders, type TurnRecord } from "./turn-record.js";
import { verifierRun, type VerifierOutcome } from "../runners/verifier.js";
import { runLoopVerifier } from "../runners/test-run.js";
import { runTestContract } from "../runners/contract-run.js";
import { endLeftoverProcesses, type LeftoverOutcome } from "../project/leftover-processes.js";
import { timestampSettleMs } from "../../evidence/verification.js";

/** The auto-loop's hooks: each Stop is judged; a `loopkit run` phase then ends; compaction and resume get the loop's context back. */
export const autoLoopHookHandlers: LoopHookHandlers = {
  async stop(ctx) {
    // One deadline for the whole event: the loop's wall clock plus a margin, whatever git or the filesystem do.
    // Read only (a corrupt state is kept aside and reported by the locked load below).
    const read = await readJson(ctx.marker.state_file, AutoLoopStateSchema).catch(() => ({ exists: false as const }));
    const known = read.exists ? read.value : undefined;
    // A loop that waits for the person judges nothing and records nothing of the project: the session is theirs.
    if (known && isPaused(known)) {
      const paused = await pausedStop(ctx);
      if (paused) return paused;
    }
    const deadline = known ? loopDeadline(known) : { at: Date.now() + UNKNOWN_LOOP_MS };
    // What the agent left running is ended (or the turn is not judged) before anything is recorded.
    const leftovers = await endLeftovers(ctx, known);
    // The tree is recorded before the verifier runs, and checkpointed with the verdict it earned.
    const loop = checkpointLoop(ctx);
    const turn = await recordTurn(loop, known, deadline);
    const judged = await judgeTurn(ctx, turn, deadline, leftovers.refused);
    const decision = withNotes(judged, [
      ...(leftovers.note ? [leftovers.note] : []),
      ...(turn.taken?.notes ?? []),
      ...(await checkpointJudged(ctx, loop, turn.pending)),
    ]);
    return ctx.marker.driver === "run" ? endRunPhase(ctx, decision) : decision;
  },
  endOnError: endLoopOnError,
  sessionStart: restoreLoopContext,
  userPromptSubmit: async (ctx) => (await resumeOnPrompt(ctx)) ?? pauseOnPrompt(ctx),
  stopFailure: apiErrorTurn,
  sessionEnd,
  background: retryAfterApiError,
};

/** The loop ends blocked with the hook's error as its reason; the true state first, the mirror if it can be written. */
async function endLoopOnError(ctx: HookContext<StopInput>, reason: string): Promise<StopDecision> {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  return withLock(files.state, async () => {
    const owned = await loadOwnedLoop(ctx, files);
    if ("decision" in owned) return owned.decision;
    await removeMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    // Already ended (the verdict was saved before the failure): that verdict stands and is said.
    if (owned.state.status !== "pursuing")
      return { kind: "allow", message: `${endedOutcome(owned.state).message} (Afterwards ${reason}.)` };
    const now = ctx.now();
    const failed = failLoop(owned.state, now, reason);
    await persist(files, failed.state, failed.history, now).catch(() => writeJson(files.state, AutoLoopStateSchema, failed.state));
    return {
      kind: "allow",
      message: `loopkit auto-loop stopped, blocked: ${reason}. The turn was not judged; start a new loop when ready.`,
    };
  });
}

/** Ends the processes the agent left running in a pursued loop's project; one that cannot be looked at or ended keeps the turn from being judged. */
async function endLeftovers(ctx: HookContext<StopInput>, known: AutoLoopState | undefined): Promise<LeftoverOutcome> {
  if (known?.status !== "pursuing" || known.pause) return { note: null, refused: null };
  try {
    return await endLeftoverProcesses({
      projectDir: ctx.marker.project_dir,
      sessionId: ctx.input.session_id,
      loopStartMs: Date.parse(known.started_at),
    });
  } catch (error) {
    const refused = `loopkit could not look for processes left running in the project (${formatError(error)})`;
    return { note: `${refused}: this turn is not judged.`, refused };
  }
}

/** A Stop whose loop state cannot be read yet has this long (it then ends the loop, or finds it ended). */
const UNKNOWN_LOOP_MS = 60_000;

/** One Stop: gather the turn, run the gate outside the lock, and save what the core decided. */
async function judgeTurn(ctx: HookContext<StopInput>, turn: TurnRecord, deadline: Deadline, refused: string | null): Promise<StopDecision> {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const iterationChanges = turn.iterationChanges;
  const first = await withLock(files.state, () => startTurn(ctx, files, turn));
  if ("decision" in first) return first.decision;
  const gate = await runGate(first.state, ctx, files, turn, deadline, refused);
  return withLock(files.state, async () => {
    const current = await loadOwnedLoop(ctx, files);
    if ("decision" in current) return current.decision;
    // A --cancel or --takeover that landed while the gate ran wins over the gate's result.
    if (current.state.status !== "pursuing")
      return save(ctx, files, { state: current.state, outcome: endedOutcome(current.state), history: [] });
    const notes = iterationChanges ? [...first.notes, iterationChanges] : first.notes;
    const decided = finishTurn(current.state, { now: ctx.now(), ...gate }, notes, first.history);
    return save(ctx, files, decided);
  });
}

type Early = { decision: StopDecision };

const loadOwnedLoop = (ctx: HookContext<StopInput>, files: LoopFiles) =>
  loadOwned(ctx, "auto-loop", () => loadState(files.state, ctx.now()));

/** The Stop of a paused loop: its transcript is read on and the pause kept (null: it was resumed meanwhile, so the Stop is judged). */
async function pausedStop(ctx: HookContext<StopInput>): Promise<StopDecision | null> {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  return withLock(files.state, async () => {
    const owned = await loadOwnedLoop(ctx, files);
    if ("decision" in owned) return owned.decision;
    if (!isPaused(owned.state)) return null;
    const started = beginTurn(owned.state, await observeTurn(ctx, owned.state, UNRECORDED));
    if (started.kind !== "decided") return null;
    return save(ctx, files, started);
  });
}

/** A paused loop's Stop takes no snapshot of the project. */
const UNRECORDED: TurnRecord = {
  taken: null,
  failure: "the loop is paused",
  pending: { kind: "failed", message: "the loop is paused" },
  iterationChanges: null,
};

async function startTurn(
  ctx: HookContext<StopInput>,
  files: LoopFiles,
  turn: TurnRecord,
): Promise<Early | Extract<TurnStart, { kind: "gate" }>> {
  const owned = await loadOwnedLoop(ctx, files);
  if ("decision" in owned) return owned;
  // A judged turn ends any run of API errors before it. The agent's sandbox is settled before the verifier runs.
  const state = await settleFromProbe(clearApiErrors(owned.state), files.state);
  const now = ctx.now();
  if (state.status !== "pursuing") return { decision: await save(ctx, files, { state, outcome: endedOutcome(state), history: [] }) };
  const started = beginTurn(state, await observeTurn(ctx, state, turn));
  if (started.kind === "decided") return { decision: await save(ctx, files, started) };
  // Save the accounting (iteration, tokens, heartbeat) before the slow gate; history waits for the verdict.
  const saved = await persist(files, started.state, [], now);
  return { ...started, state: saved };
}

/** What the first half of a Stop observes: the transcript since the last Stop, the agent's reply, the mirror, the turn's record. */
async function observeTurn(ctx: HookContext<StopInput>, state: AutoLoopState, turn: TurnRecord): Promise<TurnObservation> {
  const now = ctx.now();
  const transcriptPath = ctx.input.transcript_path ?? null;
  const samePath = transcriptPath !== null && transcriptPath === state.transcript.path;
  const cursor = samePath
    ? {
        offset: state.transcript.offset,
        recentMessageIds: state.transcript.recent_message_ids,
        subagentOffsets: state.transcript.subagent_offsets,
      }
    : { offset: 0, recentMessageIds: [], subagentOffsets: {} };
  const transcript = transcriptPath
    ? await readTranscriptDelta(transcriptPath, cursor, samePath ? null : new Date(state.transcript.since))
    : { ...cursor, tokens: 0, toolCalls: 0, contextTokens: null, personMessages: [] };
  return {
    now,
    transcriptPath,
    transcript,
    lastMessage: ctx.input.last_assistant_message ?? "",
    ...turnObservation(turn, state),
    tamper: await inspectMirror(state.project_dir, state.mirror_sha256, now),
    handoffNote: await readHandoff(state.project_dir),
    contextWindow: state.launch.context_window,
    personWords: personWordsOf(transcript.personMessages),
    // A `loopkit run` phase is headless: nobody there can type, or answer a question.
    personPresent: ctx.marker.driver !== "run",
  };
}

/**
 * The verifier (twice when it passes) and, on two passes, the audit; both with the environment of the
 * loop's start and within the Stop's deadline. The audit runs only on loopkit's record of the turn, and
 * only when nothing moved while the verifier ran; otherwise the vote is unmet, saying why.
 */
async function runGate(
  state: AutoLoopState,
  ctx: HookContext<StopInput>,
  files: LoopFiles,
  turn: TurnRecord,
  deadline: Deadline,
  refused: string | null,
) {
  const runs: VerifierRun[] = [];
  const outcomes: VerifierOutcome[] = [];
  // An entry the snapshot just recorded must show any change the verifier's time brings in new times.
  if (turn.taken) await new Promise((resolve) => setTimeout(resolve, timestampSettleMs(turn.taken!.stats, Date.now())));
  let outputTail = "";
  // The logs go into .auto-loop/logs/ once the check after the verifier is done (or not to be made):
  // loopkit writes nothing in the project that the check compares while it compares.
  const logged = async () => {
    for (let i = 0; i < outcomes.length; i++) {
      const log = await writeVerifierLog(state.project_dir, state.iteration, i + 1, outcomes[i]!.output, ctx.now()).catch(() => null);
      runs[i] = verifierRun(outcomes[i]!, log);
    }
    outcomes.length = 0;
    return runs;
  };
  const env = launchEnv(state.launch, ctx.env);
  const note = (step: "verifier" | "contract" | "audit") =>
    noteGateStep(files, {
      loop_id: state.loop_id,
      iteration: state.iteration,
      step,
      run: step === "verifier" ? runs.length + 1 : 1,
      started_at: ctx.now().toISOString(),
    });
  // A sandboxed verifier's mount points come and go in a few folders: what else comes and goes there is watched.
  const mountWatch = turn.taken ? watchMountFolders(turn.taken, state.project_dir) : null;
  while (gateNext(runs, null).kind === "verify") {
    await note("verifier");
    const timeoutMs = within(deadline, state.launch.verifier_timeout_ms);
    const outcome = timeoutMs > 0 ? await runLoopVerifier(state, timeoutMs, env, { sandbox: state.launch.agent_sandbox }) : NOT_RUN;
    outputTail = outcome.outputTail;
    outcomes.push(outcome);
    runs.push(verifierRun(outcome, null));
  }
  const mounts = await mountWatch?.stop();
  if (gateNext(runs, null).kind !== "audit") return { runs: await logged(), audit: null };
  if (!turn.taken)
    return {
      runs: await logged(),
      audit: auditUnmet(
        `loopkit could not record the project at this Stop (${turn.failure}); no turn is judged achieved without its record`,
        false,
      ),
    };
  if (refused) return { runs, audit: refusedByLoopkit("processes", `the verifier's passes do not count: ${refused}`) };
  let during: string[];
  try {
    // Before logged(): the runs are filled in once the logs are written, after this check.
    const sandboxed = outcomes.some((outcome) => outcome.sandbox === "sandboxed");
    const verification = await checkVerification(state, ctx.dataDir, turn.taken, deadline, sandboxed ? mounts : undefined);
    await logged();
    if (verification.voided)
      return { runs, audit: refusedByLoopkit("verification", `the verifier's passes do not count: ${verification.voided}`) };
    during = verification.lines;
  } catch (error) {
    return {
      runs: await logged(),
      audit: auditUnmet(
        `loopkit could not record the project after the verifier ran (${formatError(error)}), so the passes cannot be shown to be of the tree the audit judges`,
        false,
      ),
    };
  }
  // The start's tests, run unchanged on this tree in a copy: a pass that needs the agent's test edits is no pass.
  const contractMs = within(deadline, state.launch.verifier_timeout_ms);
  if (contractMs <= 0) return { runs, audit: auditUnmet("no time was left to run the start's tests within the loop's wall clock", false) };
  let contract: string;
  try {
    const held = await runTestContract({
      state,
      dataDir: ctx.dataDir,
      now: turn.taken.snapshot,
      timeoutMs: contractMs,
      env,
      options: { sandbox: state.launch.agent_sandbox },
      onRun: () => note("contract"),
    });
    if (held.breach) return { runs, audit: refusedByLoopkit("contract", held.breach), contract: held.line };
    contract = held.line;
  } catch (error) {
    return { runs, audit: auditUnmet(`loopkit could not run the start's tests unchanged (${formatError(error)})`, false) };
  }
  await note("audit");
  const audit = await auditLoop({
    state,
    dataDir: ctx.dataDir,
    env: ctx.env,
    verifierTail: outputTail,
    iterationChanges: turn.iterationChanges,
    evidence: { now: turn.taken.snapshot, duringVerification: during },
    deadline,
  });
  return { runs, audit, contract };
}

/** A verifier run the deadline left no time for. */
const NOT_RUN: VerifierOutcome = {
  exitCode: null,
  passed: false,
  timedOut: true,
  durationMs: 0,
  output: "(not run: the loop's wall clock is spent)",
  outputTail: "(not run: the loop's wall clock is spent)",
  outputBytes: 0,
  sandbox: "not run",
};

async function save(ctx: HookContext<StopInput>, files: LoopFiles, decided: Decided): Promise<StopDecision> {
  const now = ctx.now();
  if (decided.history.length > 0 || decided.state.status === "pursuing") await persist(files, decided.state, decided.history, now);
  if (decided.outcome.kind === "stop") await removeMarker(ctx.dataDir, ctx.input.session_id, decided.state.loop_id);
  return toStopDecision(decided.outcome);
}

function toStopDecision(outcome: Outcome): StopDecision {
  if (outcome.kind === "block") return { kind: "block", reason: outcome.prompt, message: outcome.message };
  return outcome.message ? { kind: "allow", message: outcome.message } : { kind: "allow" };
}

/** Records an API error that ended a turn of the owning session: never judged; the loop retries it or, after too many, ends blocked. */
async function recordTurnApiError(
  ctx: HookContext<{ session_id: string; prompt_id?: string | undefined }>,
  error: ApiError,
): Promise<StopDecision> {
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const turn = { sessionId: ctx.input.session_id, promptId: ctx.input.prompt_id ?? null };
  return withLock(files.state, async () => {
    const owned = await loadOwned(ctx, "auto-loop", () => loadState(files.state, ctx.now()));
    if ("decision" in owned) return owned.decision;
    if (owned.state.status !== "pursuing" || alreadyRecorded(owned.state, turn)) return { kind: "allow" };
    const now = ctx.now();
    const step = recordApiError(owned.state, error, turn, now, readSettings(ctx.env).apiRetryMs);
    await persist(files, step.state, [], now);
    if (!step.retryAt) await removeMarker(ctx.dataDir, ctx.input.session_id, ctx.marker.loop_id);
    return { kind: "allow", message: step.line };
  });
}

/** StopFailure: the turn ended in an API error (the interactive UI, and `claude -p` where the hook gets to run). */
function apiErrorTurn(ctx: HookContext<StopFailureInput>): Promise<StopDecision> {
  return recordTurnApiError(ctx, apiErrorOf(ctx.input.error, ctx.input.last_assistant_message, ctx.now()));
}

/** SessionEnd: a session that an API error ended (claude -p, a `loopkit run` phase) leaves the error in the state (once, with StopFailure). */
async function sessionEnd(ctx: HookContext<SessionEndInput>): Promise<void> {
  const error = await lastTurnApiError(ctx.input.transcript_path, ctx.now());
  if (error) await recordTurnApiError(ctx, error);
}

/** The background twin of StopFailure: waits until the retry is due, then wakes the session to carry on. */
async function retryAfterApiError(ctx: HookContext<StopInput | StopFailureInput>): Promise<WakeDecision> {
  if (ctx.input.hook_event_name !== "StopFailure") return { kind: "none" };
  const file = ctx.marker.state_file;
  // Wait for the StopFailure hook beside this one to record the error (both start together).
  let due: Date | null = null;
  for (let i = 0; i < 100 && !due; i++) {
    const state = await loadState(file, ctx.now()).catch(() => undefined);
    if (!state || state.status !== "pursuing") return { kind: "none" };
    due = pendingRetry(state, ctx.input.session_id);
    if (!due) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const waiting = due ? await loadState(file, ctx.now()).catch(() => undefined) : undefined;
  if (!due || !waiting) return { kind: "none" };
  const since = waiting.api_errors.last?.at;
  // No wait outlives the loop's deadline: a retry due later wakes the session at the deadline, and its Stop ends the loop on its caps.
  if (due.getTime() > loopDeadline(waiting).at) due = new Date(loopDeadline(waiting).at);
  // Measured on the monotonic clock: a wall clock set back or forward meanwhile moves the retry neither way.
  const wait = waitOf(retryWaitMs(waiting, due, ctx.now()));
  while (wait.left() > 0) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(1_000, wait.left())));
    const state = await loadState(file, ctx.now()).catch(() => undefined);
    // A --cancel, a judged turn or a newer error ends this wait.
    if (!state || state.status !== "pursuing" || state.api_errors.last?.at !== since) return { kind: "none" };
  }
  const state = await loadState(file, ctx.now()).catch(() => undefined);
  if (!state || state.status !== "pursuing" || state.api_errors.last?.at !== since) return { kind: "none" };
  return { kind: "wake", prompt: retryPrompt(state) };
}
