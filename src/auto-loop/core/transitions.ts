// Every change of a loop's state outside a judged turn (decide.ts): a start, the end of a stale loop a
// new goal replaces, a takeover, a --cancel, a resume, a `loopkit run` phase's hand-over. Pure: the state
// and what the edge learned in; the new state and its history lines out. The edges (lifecycle/,
// hooks/resume.ts, run/handover.ts) lock, load, check ownership and save what these return.
import { formatDuration } from "../../shared/duration.js";
import { attachSandbox, type AgentSandbox } from "./agent-sandbox.js";
import { historyEntry, type HistoryEntry } from "./history.js";
import type { AutoLoopState, Caps, Launch, TestResultsState } from "./state.js";

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
