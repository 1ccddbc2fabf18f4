// Every change of a loop's state outside a judged turn (decide.ts): a start, the end of a stale loop a
// new goal replaces, a takeover, a --cancel, a resume, a `loopkit run` phase's hand-over. Pure: the state
// and what the edge learned in; the new state and its history lines out. The edges (lifecycle/,
// hooks/resume.ts, run/handover.ts) lock, load, check ownership and save what these return.
import { formatDuration } from "../../shared/duration.js";
import { attachSandbox, type AgentSandbox } from "./agent-sandbox.js";
import { historyEntry, type HistoryEntry } from "./history.js";
import {
  PERSON_WORDS_CHARS,
  PERSON_WORDS_KEPT,
  type AutoLoopState,
  type Caps,
  type Launch,
  type Pause,
  type TestResultsState,
} from "./state.js";

export interface Transition {
  state: AutoLoopState;
  history: HistoryEntry[];
}

/** What a new loop is made of: the request resolved, the launch captured and loopkit's record of the project now. */
export interface NewLoop {
  loopId: string;
  sessionId: string;
  projectDir: string;
  goal: string;
  goalFile: string | null;
  verify: string;
  caps: Caps;
  launch: Launch;
  /** The driver's record of its agent's sandbox, when it has one (else the launch's stands). */
  agentSandbox: AgentSandbox | undefined;
  protect: { globs: string[]; snapshot: Record<string, string> };
  /** The fingerprint of the project's tree at the start: an idle first turn is measured against it. */
  treeHash: string;
  /** The verifier's tests at the start and the rules' options (runners/test-run.ts). */
  testResults: TestResultsState;
}

/** A session's transcript as the loop first reads it: from its start, counting only what follows `now`. */
const freshTranscript = (now: string): AutoLoopState["transcript"] => ({
  path: null,
  offset: 0,
  recent_message_ids: [],
  subagent_offsets: {},
  since: now,
  context_tokens: 0,
});

/** A new loop, pursuing from iteration 0, with its "start" history line. */
export function startState(loop: NewLoop, now: Date): Transition {
  const at = now.toISOString();
  const state: AutoLoopState = {
    version: 1,
    loop_id: loop.loopId,
    session_id: loop.sessionId,
    project_dir: loop.projectDir,
    status: "pursuing",
    status_reason: null,
    goal: loop.goal,
    goal_file: loop.goalFile,
    verify_command: loop.verify,
    caps: loop.caps,
    launch: attachSandbox(loop.launch, loop.agentSandbox, "start"),
    protect: { globs: loop.protect.globs, snapshot: loop.protect.snapshot, changed: [] },
    started_at: at,
    updated_at: at,
    heartbeat_at: at,
    ended_at: null,
    iteration: 0,
    tokens: { transcript: 0, audit: 0 },
    transcript: freshTranscript(at),
    evidence: [],
    blocker: null,
    thrash: { streak: 0, tree_hash: loop.treeHash },
    next_action: "Work toward the goal, then end your turn so the verifier can judge it.",
    last_verifier: null,
    test_results: loop.testResults,
    last_audit: null,
    wrap_up: null,
    handoff_note: null,
    handoff_requested: false,
    mirror_sha256: null,
    tamper_count: 0,
    flaky_count: 0,
    api_errors: { count: 0, last: null },
    audit_not_run: { streak: 0, turns: 0 },
    refusals: { rule: null, streak: 0 },
    pause: null,
  };
  const { caps, protect } = loop;
  const guarded = protect.globs.length ? `; protected: ${protect.globs.join(", ")} (${Object.keys(protect.snapshot).length} files)` : "";
  const detail = `goal ${loop.goalFile ? `from ${loop.goalFile}` : "inline"}; verifier: ${loop.verify}; caps ${caps.max_iterations} iterations, ${caps.max_tokens} tokens, ${formatDuration(caps.max_wallclock_ms)}${guarded}`;
  return { state, history: [historyEntry(state, now, "start", detail, { goal: loop.goal })] };
}

/** A new goal with --takeover replaces a stale loop: the old one ends cancelled, naming the session that took over. */
export function replacedState(previous: AutoLoopState, sessionId: string, now: Date): Transition {
  const state: AutoLoopState = {
    ...previous,
    status: "cancelled",
    status_reason: `taken over by session ${sessionId}`,
    ended_at: now.toISOString(),
  };
  return { state, history: [historyEntry(state, now, "takeover", state.status_reason!)] };
}

/** --takeover alone: the stale loop continues in `sessionId`, counters and caps unchanged. */
export function takeOverState(existing: AutoLoopState, sessionId: string, agentSandbox: AgentSandbox | undefined, now: Date): Transition {
  const at = now.toISOString();
  const state: AutoLoopState = {
    ...existing,
    session_id: sessionId,
    heartbeat_at: at,
    updated_at: at,
    // A new session has its own transcript: read it from the start, counting only what follows now.
    transcript: freshTranscript(at),
    // The first idle turn after a takeover does not count toward thrashing (no tree to compare with yet).
    thrash: { streak: 0, tree_hash: null },
    launch: attachSandbox(existing.launch, agentSandbox, "takeover"),
  };
  return { state, history: [historyEntry(state, now, "takeover", `taken over from session ${existing.session_id}`)] };
}

/** --cancel: the loop ends cancelled; its session stops at its next Stop. */
export function cancelState(state: AutoLoopState, now: Date): Transition {
  const at = now.toISOString();
  const cancelled: AutoLoopState = {
    ...state,
    status: "cancelled",
    status_reason: "cancelled with --cancel",
    ended_at: at,
    updated_at: at,
  };
  return { state: cancelled, history: [historyEntry(cancelled, now, "cancel", "cancelled with --cancel")] };
}

/** The owning session is back (its first prompt after a resume): the heartbeat is renewed. */
export function resumeState(state: AutoLoopState, now: Date): Transition {
  const at = now.toISOString();
  const renewed: AutoLoopState = { ...state, heartbeat_at: at, updated_at: at };
  return { state: renewed, history: [historyEntry(renewed, now, "resume", `session ${renewed.session_id} resumed`)] };
}

/** The next `loopkit run` phase: a fresh session owns the loop; the hook reads its transcript from the beginning. */
export function phaseState(state: AutoLoopState, sessionId: string, phase: number, now: Date): Transition {
  const at = now.toISOString();
  const bound: AutoLoopState = {
    ...state,
    session_id: sessionId,
    heartbeat_at: at,
    updated_at: at,
    transcript: { ...state.transcript, path: null, since: at, context_tokens: 0 },
  };
  return { state: bound, history: [historyEntry(bound, now, "phase", `phase ${phase}: fresh session ${sessionId} (loopkit run)`)] };
}

/** What paused a loop: who, why, and what the person wrote (none when the agent asks). */
export interface PauseCause {
  by: Pause["by"];
  reason: string;
  words: string[];
}

/**
 * The loop waits for the person: no loop prompt is sent until they type --resume. A loop already
 * paused keeps its first cause and gains the person's newer words. Pausing needs no proof that the
 * person spoke: a pause the agent fakes only hands the session to the person.
 */
export function pauseState(state: AutoLoopState, cause: PauseCause, now: Date): Transition {
  const at = now.toISOString();
  const words = keepWords([...(state.pause?.words ?? []), ...cause.words]);
  if (state.pause) return { state: { ...state, pause: { ...state.pause, words }, updated_at: at }, history: [] };
  const paused: AutoLoopState = {
    ...state,
    pause: { at, by: cause.by, reason: cause.reason, words, told: false },
    updated_at: at,
    next_action: "Wait for the person: they go on with /loopkit:auto-loop --resume.",
  };
  return { state: paused, history: [historyEntry(paused, now, "pause", cause.reason)] };
}

/** The person's last few messages, each once (a prompt typed mid-turn is seen by its hook and in the transcript), cut to a size a prompt can carry. */
function keepWords(words: string[]): string[] {
  return [...new Set(words.map((word) => word.trim()).filter(Boolean))]
    .map((word) => (word.length > PERSON_WORDS_CHARS ? `${word.slice(0, PERSON_WORDS_CHARS)} [cut]` : word))
    .slice(-PERSON_WORDS_KEPT);
}

/** --resume typed by the person: the loop goes on; the pause's words go into the prompt the caller builds. */
export function unpauseState(state: AutoLoopState, now: Date): Transition & { pause: Pause } {
  if (!state.pause) throw new Error("unpauseState needs a paused loop");
  const at = now.toISOString();
  const going: AutoLoopState = {
    ...state,
    pause: null,
    heartbeat_at: at,
    updated_at: at,
    // The turns the person and the model spent while it waited show no thrashing.
    thrash: { ...state.thrash, streak: 0 },
    blocker: null,
    next_action: "Carry on with the goal, taking the person's words into account.",
  };
  const words = state.pause.words.length ? `; with ${state.pause.words.length} message(s) of theirs` : "";
  return {
    state: going,
    pause: state.pause,
    history: [historyEntry(going, now, "continue", `resumed by the person with --resume${words}`)],
  };
}
