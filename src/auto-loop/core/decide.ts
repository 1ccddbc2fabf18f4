// The pure core of the Stop gate: true state + what was observed -> next state + decision + history.
// No I/O here; the hook handler gathers observations (transcript, git, mirror, verifier, audit).
import { formatDuration } from "../../shared/duration.js";
import { capReached, elapsedMs, iterationsAgainstCap } from "./caps.js";
import { noProgressReason, recordTestProgress } from "./test-progress.js";
import { historyEntry, type HistoryEntry } from "./history.js";
import { auditLabel, auditUnmet, auditVote, gateNext, RULE_NAMES, verifierVerdict, type AuditOutcome, type RefusingRule } from "./gate.js";
import { ASK_PERSON_MARKER, BLOCKED_MARKER, HANDOFF_FILE, nextPrompt, RESUME_HINT, wrapUpPrompt } from "./prompts.js";
import { pauseState, type PauseCause } from "./transitions.js";
import { tokensUsed, type AuditResult, type AutoLoopState, type VerifierResult, type VerifierRun } from "./state.js";
import type { TranscriptDelta } from "../../session/usage.js";
import { reportCommand } from "../../shared/report-hint.js";

const BLOCKER_LIMIT = 3;
const THRASH_LIMIT = 3;
/** Audits in a row that could not run before the loop ends blocked. */
export const AUDIT_NOT_RUN_LIMIT = 3;
const KEEP_EVIDENCE = 20;

/** block: the next loop prompt; stop: the loop has ended; pause: the session is the person's until --resume (the loop stays live). */
export type Outcome =
  { kind: "block"; prompt: string; message: string } | { kind: "stop"; message: string } | { kind: "pause"; message?: string };

export interface TurnObservation {
  now: Date;
  transcriptPath: string | null;
  transcript: TranscriptDelta;
  lastMessage: string;
  /** Fingerprint of the project's tree from loopkit's record (null: no record this turn, which never counts as idle). */
  treeHash: string | null;
  /** What the agent did to .auto-loop/ since loopkit wrote it, one sentence each (empty: nothing). */
  tamper: string[];
  /** The hand-off note in .auto-loop/handoff.md, or null. */
  handoffNote: string | null;
  /** The model's context window in tokens, for --restart-pct. */
  contextWindow: number;
  /** Content hashes of the files the protect globs name now (empty without globs); null when there is no record this turn (the gate then fails closed). */
  protectedFiles: Record<string, string> | null;
  /** What the person wrote into the turn while it ran (messages queued mid-turn, read from the transcript); empty: nothing. */
  personWords: string[];
  /** False where no person can answer (a `loopkit run` phase): the agent's question then counts as a blocker report. */
  personPresent: boolean;
}

/** Result of the first half of a Stop: either the loop decides now, or the gate must run. */
export type TurnStart =
  | { kind: "decided"; state: AutoLoopState; outcome: Outcome; history: HistoryEntry[] }
  | { kind: "gate"; state: AutoLoopState; notes: string[]; history: HistoryEntry[] };

interface GateObservation {
  now: Date;
  runs: VerifierRun[];
  audit: AuditOutcome | null;
  /** What the run on the start's tests came to, with its cost (runners/contract-run.ts); absent when it did not run. */
  contract?: string;
}

export type Decided = { state: AutoLoopState; outcome: Outcome; history: HistoryEntry[] };

function end(state: AutoLoopState, now: Date, status: AutoLoopState["status"], reason: string): AutoLoopState {
  return { ...state, status, status_reason: reason, ended_at: now.toISOString(), updated_at: now.toISOString() };
}

/** The text after `marker` on the final line of the agent's reply (one line, at most 500 characters), else null. */
function finalMarkerLine(message: string, marker: string): string | null {
  const last = message.trimEnd().split("\n").pop()?.trim() ?? "";
  if (!last.startsWith(marker)) return null;
  const text = last.slice(marker.length).trim().replace(/\s+/g, " ").slice(0, 500);
  return text || null;
}

/** The reason in a final `AUTO-LOOP-BLOCKED: <reason>` line of the agent's reply, else null. */
export const blockedReport = (message: string): string | null => finalMarkerLine(message, BLOCKED_MARKER);

/** The question in a final `AUTO-LOOP-ASK-PERSON: <question>` line of the agent's reply, else null. */
export const askPersonQuestion = (message: string): string | null => finalMarkerLine(message, ASK_PERSON_MARKER);

const normalize = (reason: string) => reason.toLowerCase().replace(/\s+/g, " ").trim();
const sameBlocker = (a: string, b: string) => normalize(a) === normalize(b);

/** A loop that ended outside the hook (--cancel, a takeover) lets the session stop, saying why. */
export function endedOutcome(state: AutoLoopState): Outcome {
  const why =
    state.status === "cancelled"
      ? `cancelled (${state.status_reason ?? "no reason given"}); the working tree is left as it is`
      : `${state.status}: ${state.status_reason ?? "ended"}`;
  return { kind: "stop", message: `loopkit auto-loop ${why}.` };
}

/** First half of a Stop: account the turn, then stop (cancelled, wrap-up done, blocked, thrashing) or ask for the gate. */
export function beginTurn(previous: AutoLoopState, obs: TurnObservation): TurnStart {
  const now = obs.now;
  if (previous.status !== "pursuing") return { kind: "decided", state: previous, outcome: endedOutcome(previous), history: [] };
  // Once the person has the session, what it spends is theirs: the turn that paused the loop is the last one counted.
  const counted = previous.pause?.told ? 0 : obs.transcript.tokens;
  const accounted: AutoLoopState = {
    ...previous,
    tokens: { ...previous.tokens, transcript: previous.tokens.transcript + counted },
    transcript: {
      path: obs.transcriptPath,
      offset: obs.transcript.offset,
      recent_message_ids: obs.transcript.recentMessageIds,
      subagent_offsets: obs.transcript.subagentOffsets,
      since: previous.transcript.since,
      context_tokens: obs.transcript.contextTokens ?? previous.transcript.context_tokens,
    },
    updated_at: now.toISOString(),
    heartbeat_at: now.toISOString(),
  };
  const waiting = pausedTurn(accounted, obs);
  if (waiting) return { kind: "decided", ...waiting };
  let state: AutoLoopState = { ...accounted, iteration: accounted.iteration + 1 };
  const history: HistoryEntry[] = [];
  const notes: string[] = [];
  const note = obs.handoffNote?.trim() || null;
  if (note && note !== state.handoff_note) state = { ...state, handoff_note: note, handoff_requested: false };

  if (state.wrap_up) {
    state = end(state, now, "budget-limited", state.wrap_up.reason);
    history.push(historyEntry(state, now, "end", `budget-limited: ${state.wrap_up!.reason}; hand-off note ${note ? "saved" : "missing"}`));
    const message = `loopkit auto-loop stopped, budget-limited: ${state.wrap_up!.reason}. ${note ? "Hand-off note saved." : "No hand-off note was written."} ${summary(state, now)}`;
    return { kind: "decided", state, outcome: { kind: "stop", message }, history };
  }

  if (obs.tamper.length > 0) {
    state = { ...state, tamper_count: state.tamper_count + 1 };
    const detail = `${obs.tamper.join("; ")}; .auto-loop/ was rewritten from loopkit's own state, which alone decides`;
    history.push(historyEntry(state, now, "tamper", detail));
    notes.push(`Tampering detected: ${detail}. This turn is not judged. Do not touch .auto-loop/.`);
    return {
      kind: "decided",
      ...continueOrWrapUp({ ...state, next_action: "Carry on with the goal; leave .auto-loop/ alone." }, now, notes, history),
    };
  }

  // Where no person can answer, a question for them is what it is: a blocker.
  const blocker = blockedReport(obs.lastMessage) ?? (obs.personPresent ? null : askPersonQuestion(obs.lastMessage));
  if (blocker) {
    const count = state.blocker && sameBlocker(state.blocker.reason, blocker) ? state.blocker.count + 1 : 1;
    state = { ...state, blocker: { reason: blocker, count } };
    history.push(historyEntry(state, now, "blocked-report", `${blocker} (${count} in a row)`));
    if (count >= BLOCKER_LIMIT) {
      state = end(state, now, "blocked", `the agent reported the same blocker ${count} times in a row: ${blocker}`);
      history.push(historyEntry(state, now, "end", state.status_reason!));
      return {
        kind: "decided",
        state,
        outcome: { kind: "stop", message: `loopkit auto-loop stopped, blocked: ${blocker}. ${summary(state, now)}` },
        history,
      };
    }
    notes.push(`You reported a blocker (${count} of ${BLOCKER_LIMIT} in a row before the loop stops as blocked): ${blocker}`);
  } else {
    state = { ...state, blocker: null };
  }

  const idle = obs.transcript.toolCalls === 0 && obs.treeHash !== null && obs.treeHash === state.thrash.tree_hash;
  // After an audit that could not run, a turn that changes nothing is what the agent was asked for: no thrashing.
  const awaitingAudit = state.audit_not_run.streak > 0;
  state = { ...state, thrash: { streak: idle ? state.thrash.streak + (awaitingAudit ? 0 : 1) : 0, tree_hash: obs.treeHash } };
  if (state.thrash.streak >= THRASH_LIMIT) {
    const reason = `thrashing: ${state.thrash.streak} turns in a row made no tool call and changed nothing`;
    state = end(state, now, "unmet", reason);
    history.push(historyEntry(state, now, "end", reason));
    return {
      kind: "decided",
      state,
      outcome: { kind: "stop", message: `loopkit auto-loop stopped, ${reason}. ${summary(state, now)}` },
      history,
    };
  }
  state = askForHandoff(state, obs.contextWindow, notes);
  if (state.thrash.streak > 0)
    notes.push(
      `Your last ${state.thrash.streak} turn(s) made no tool call and changed nothing; ${THRASH_LIMIT} in a row stop the loop as thrashing.`,
    );
  // Moved goalposts fail the turn before the verifier or the audit can be gamed by them.
  const moved = obs.protectedFiles ? protectedChanges(state.protect.snapshot, obs.protectedFiles) : [];
  state = { ...state, protect: { ...state.protect, changed: moved } };
  if (moved.length > 0) {
    const detail = `protected files changed since the loop started: ${moved.join(", ")}`;
    history.push(historyEntry(state, now, "protected", detail));
    notes.push(
      `This turn failed before the verifier ran: ${detail}. Restore them exactly as they were (e.g. git checkout -- <file>, or delete a file you added); the goal must be met without changing them.`,
    );
    const restore = { ...state, next_action: `Restore the protected files: ${moved.join(", ")}.` };
    return { kind: "decided", ...continueOrWrapUp(restore, now, notes, history) };
  }
  return { kind: "gate", state, notes, history };
}

/**
 * A Stop that finds the session the person's: the loop was paused before (by a prompt of theirs, or
 * earlier), the person wrote into this turn while it ran, or the agent asks them something only they
 * can answer. The turn is not judged and no loop prompt follows; null: the loop goes on as usual.
 */
function pausedTurn(state: AutoLoopState, obs: TurnObservation): Decided | null {
  const question = obs.personPresent ? askPersonQuestion(obs.lastMessage) : null;
  const cause: PauseCause | null =
    obs.personPresent && obs.personWords.length
      ? { by: "person", reason: "the person wrote to the session while the loop ran", words: obs.personWords }
      : question
        ? { by: "agent", reason: `the agent asks the person: ${question}`, words: [] }
        : null;
  if (!state.pause && !cause) return null;
  const paused = cause ? pauseState(state, cause, obs.now) : { state, history: [] };
  let waiting = paused.state;
  const history = [...paused.history];
  // Nothing is judged, but an edit of the mirror is still on the record (persisting rewrites it).
  if (obs.tamper.length) {
    waiting = { ...waiting, tamper_count: waiting.tamper_count + 1 };
    history.push(historyEntry(waiting, obs.now, "tamper", `${obs.tamper.join("; ")}; .auto-loop/ was rewritten from loopkit's own state`));
  }
  return { ...pausedOutcome(waiting), history };
}

/** The loop stays paused; the person is told once, on the first Stop that finds it paused, how to go on. */
function pausedOutcome(state: AutoLoopState): Omit<Decided, "history"> {
  const pause = state.pause!;
  if (pause.told) return { state, outcome: { kind: "pause" } };
  const why =
    pause.by === "person"
      ? "paused for your message: no loop prompt follows"
      : `paused, ${pause.reason.replace(/^the agent asks the person: /, "the agent asks you: ")}`;
  return {
    state: { ...state, pause: { ...pause, told: true } },
    outcome: {
      kind: "pause",
      message: `loopkit auto-loop ${why} (iteration ${state.iteration} of ${state.caps.max_iterations}). ${RESUME_HINT}`,
    },
  };
}

/** Past --restart-pct of the context window, asks once for a hand-off note so compaction loses nothing. */
function askForHandoff(state: AutoLoopState, contextWindow: number, notes: string[]): AutoLoopState {
  const pct = Math.floor((state.transcript.context_tokens / contextWindow) * 100);
  if (pct < state.caps.restart_pct) return state.handoff_requested ? { ...state, handoff_requested: false } : state;
  if (state.handoff_requested) return state;
  notes.push(
    `The context is ${pct}% full (--restart-pct ${state.caps.restart_pct}). Before anything else, write a hand-off note to ${HANDOFF_FILE}: what is done, what is next, what failed and why. loopkit keeps it, so a compaction loses nothing.`,
  );
  return { ...state, handoff_requested: true };
}

/** The protected files that differ from the start's snapshot, each with how: changed, added or deleted. */
export function protectedChanges(snapshot: Record<string, string>, current: Record<string, string>): string[] {
  const changes: string[] = [];
  for (const file of new Set([...Object.keys(snapshot), ...Object.keys(current)])) {
    const before = snapshot[file];
    const now = current[file] === "missing" ? undefined : current[file];
    const was = before === "missing" ? undefined : before;
    if (was === now) continue;
    changes.push(`${file} (${was === undefined ? "added" : now === undefined ? "deleted" : "changed"})`);
  }
  return changes.sort();
}

/** Second half of a Stop: judge the verifier runs and the audit. */
export function finishTurn(previous: AutoLoopState, gate: GateObservation, notes: string[], history: HistoryEntry[]): Decided {
  const now = gate.now;
  const verdict = verifierVerdict(gate.runs);
  if (verdict === null) throw new Error("finishTurn needs the verifier's verdict");
  const lastRun = gate.runs[gate.runs.length - 1]!;
  let state: AutoLoopState = {
    ...previous,
    updated_at: now.toISOString(),
    last_verifier: {
      at: now.toISOString(),
      iteration: previous.iteration,
      verdict,
      runs: gate.runs,
      ...(gate.contract ? { contract: gate.contract } : {}),
    },
    flaky_count: previous.flaky_count + (verdict === "flaky" ? 1 : 0),
    test_results: recordTestProgress(previous.test_results, previous.iteration, lastRun),
  };
  const audit = verdict === "pass" ? (gate.audit ?? auditUnmet("no audit ran", false)) : null;
  if (audit) {
    // The audit's spend counts whether or not it got to a vote.
    const notRun = audit.ran
      ? { streak: 0, turns: state.audit_not_run.turns }
      : { streak: state.audit_not_run.streak + 1, turns: state.audit_not_run.turns + 1 };
    state = {
      ...state,
      tokens: { ...state.tokens, audit: state.tokens.audit + audit.tokens },
      last_audit: { at: now.toISOString(), iteration: state.iteration, ...audit },
      audit_not_run: notRun,
    };
  }
  const tests = lastRun.tests ? `, tests ${lastRun.tests.passed} pass ${lastRun.tests.failed} fail ${lastRun.tests.skipped} skipped` : "";
  const notAPass = lastRun.breach ?? (audit?.refused_by ? audit.failure : null);
  const contract = gate.contract ? `; ${gate.contract}` : "";
  const evidence = `iteration ${state.iteration}: verifier ${verdict} (exit ${lastRun.timed_out ? "timeout" : lastRun.exit_code}${tests})${audit ? `, audit ${auditLabel(audit)}` : ""}${notAPass ? `; no pass: ${notAPass}` : ""}${contract}`;
  const refusal = refusalOf(lastRun, audit);
  state = {
    ...state,
    evidence: [...state.evidence, evidence].slice(-KEEP_EVIDENCE),
    refusals: refusal
      ? { rule: refusal.rule, streak: state.refusals.rule === refusal.rule ? state.refusals.streak + 1 : 1 }
      : { rule: null, streak: 0 },
  };
  const gateEntry = (s: AutoLoopState) =>
    historyEntry(s, now, "gate", evidence, {
      verdict,
      exit_code: lastRun.exit_code,
      vote: auditVote(audit),
      ...(auditVote(audit) ? { audit_reasons: audit!.reasons } : {}),
      tests: lastRun.tests ?? null,
      ...(notAPass ? { not_a_pass: notAPass } : {}),
    });

  const judged = gateNext(gate.runs, audit);
  if (audit && judged.kind === "verdict" && judged.achieved) {
    state = end(
      { ...state, next_action: "Nothing: the goal is achieved." },
      now,
      "achieved",
      "the verifier passed twice and the audit voted achieved",
    );
    history.push(gateEntry(state));
    const reasons = audit.reasons.length ? ` Audit: ${audit.reasons.join("; ")}` : "";
    return { state, outcome: { kind: "stop", message: `loopkit auto-loop achieved the goal. ${summary(state, now)}${reasons}` }, history };
  }
  if (audit && !audit.ran) return auditNotRun(state, now, audit.failure ?? "no reason given", notes, [...history, gateEntry(state)]);
  if (refusal && state.refusals.streak >= REFUSAL_LIMIT) {
    const reason = `loopkit's ${RULE_NAMES[refusal.rule]} rule threw out the verifier's passes ${state.refusals.streak} times in a row (the last: ${refusal.reason})`;
    state = end({ ...state, next_action: "none: the loop has ended" }, now, "blocked", reason);
    history.push(gateEntry(state), historyEntry(state, now, "end", reason));
    return {
      state,
      outcome: {
        kind: "stop",
        message: `loopkit auto-loop stopped, blocked: ${reason}. ${REFUSAL_ADVICE[refusal.rule]} ${summary(state, now)}`,
      },
      history,
    };
  }
  const stalled = noProgressReason(state.test_results, state.iteration);
  if (stalled) {
    state = end({ ...state, next_action: "none: the loop has ended" }, now, "no-progress", stalled);
    history.push(gateEntry(state), historyEntry(state, now, "end", stalled));
    return { state, outcome: { kind: "stop", message: `loopkit auto-loop stopped, ${stalled}. ${summary(state, now)}` }, history };
  }
  const next = {
    fail: lastRun.breach
      ? "Make the verifier pass with every test of the start running: restore any test you removed, skipped, made todo or filtered out, and fix the code instead."
      : "Make the verifier pass: read its output above, fix the cause, and check with the verifier yourself.",
    flaky: "The verifier passed once and then failed: make it pass reliably (look for order dependence, timing, shared state).",
    pass: audit?.refused_by
      ? REFUSED_NEXT[audit.refused_by]
      : "The verifier passes but the audit is not convinced: address every audit reason above.",
  }[verdict];
  state = { ...state, next_action: next };
  history.push(gateEntry(state));
  const decided = continueOrWrapUp(state, now, notes, history);
  // The person sees which of loopkit's rules refused the passes, and how many more refusals end the loop.
  return refusal && decided.outcome.kind === "block" && !decided.state.wrap_up
    ? {
        ...decided,
        outcome: {
          ...decided.outcome,
          message: `loopkit auto-loop: iteration ${state.iteration}: the verifier's passes were thrown out by loopkit's ${RULE_NAMES[refusal.rule]} rule, not by the audit (${state.refusals.streak} of ${REFUSAL_LIMIT} in a row stop the loop): ${clip(refusal.reason)}`,
        },
      }
    : decided;
}

/** What the agent does next after one of loopkit's rules threw out its passes (no audit ran, so there are no audit reasons to address). */
const REFUSED_NEXT: Record<RefusingRule, string> = {
  processes: "Stop what you left running in the project (named above), then end your turn again.",
  verification:
    "Make sure nothing changes files while the verifier runs: stop what you started, and let the verifier write only build output, caches or the report named with --test-report; then end your turn again.",
  unseen: "Make every change one the audit can be shown (the lines above name those it could not), then end your turn again.",
  contract:
    "The verifier passes only with the test files or runner configs as you changed them: put them back as they were at the start (add new tests beside them if you like) and fix the code until the start's tests pass unchanged.",
};

/** The same rule of loopkit's refusing this many passes in a row ends the loop blocked. */
export const REFUSAL_LIMIT = 3;

/** What to do when a rule of loopkit's keeps refusing passes. */
const REFUSAL_ADVICE: Record<RefusingRule | "tests", string> = {
  processes:
    "Close what keeps running in the project while the verifier runs (the line above names it), or say in the goal how to run it inside the verifier, then start a new loop.",
  verification:
    "Something changes files while the verifier runs: make the verifier write only build output, caches, or the report named with --test-report, and stop anything that writes the project; then start a new loop.",
  unseen:
    "Some changes cannot be shown to the audit whole (the lines above name them): remove them or make them text the audit can read, then start a new loop.",
  contract:
    "The verifier passes only with test files or runner configs the agent changed: with the start's versions the tests fail. Fix the code so the start's tests pass unchanged, or, if the goal must change its tests, say so in the goal file (allow-test-edits: <why>) and start a new loop.",
  tests:
    "The verifier exits 0 but the tests that defined the goal do not all run and pass: restore them, or, if the goal needs them changed, say so in the goal file (allow-removed-tests:) and start a new loop.",
};

/** Which of loopkit's rules threw out this turn's passing verifier, if one did: the test rule on a run that exited 0, or a rule that refused two passes. */
function refusalOf(lastRun: VerifierRun, audit: AuditOutcome | null): { rule: RefusingRule | "tests"; reason: string } | null {
  if (audit?.refused_by) return { rule: audit.refused_by, reason: audit.reasons[0] ?? audit.refused_by };
  if (lastRun.breach && lastRun.exit_code === 0) return { rule: "tests", reason: lastRun.breach };
  return null;
}

const clip = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}...` : text);

/**
 * The verifier passed twice but the audit could not run or finish: nothing about the agent's work was
 * learned, so the turn does not count toward --max-iterations and the audit runs again after the next
 * turn. Its spend counts. Too many in a row end the loop blocked: something outside the loop is broken.
 */
function auditNotRun(state: AutoLoopState, now: Date, why: string, notes: string[], history: HistoryEntry[]): Decided {
  if (state.audit_not_run.streak >= AUDIT_NOT_RUN_LIMIT) {
    const reason = `the audit could not run ${state.audit_not_run.streak} times in a row (the last time: ${why})`;
    state = end({ ...state, next_action: "none: the loop has ended" }, now, "blocked", reason);
    history.push(historyEntry(state, now, "end", reason));
    return {
      state,
      outcome: {
        kind: "stop",
        message: `loopkit auto-loop stopped, blocked: ${reason}. Fix that, then start a new loop. ${summary(state, now)}`,
      },
      history,
    };
  }
  const line = `The verifier passed twice, but the audit could not run (${why}). That is no verdict on your work, and this turn does not count toward --max-iterations; ${AUDIT_NOT_RUN_LIMIT} such audits in a row stop the loop as blocked.`;
  state = {
    ...state,
    next_action:
      "The audit could not run, so the goal is not proven yet: check your work once more and end your turn; loopkit then runs the verifier and the audit again.",
  };
  const decided = continueOrWrapUp(state, now, [...notes, line], history);
  // A cap reached meanwhile asks for the hand-off note; its own message says so.
  return decided.outcome.kind === "block" && !decided.state.wrap_up
    ? {
        ...decided,
        outcome: {
          ...decided.outcome,
          message: `loopkit auto-loop: iteration ${state.iteration}: the audit could not run (${why}); not counted against --max-iterations (${state.audit_not_run.streak} of ${AUDIT_NOT_RUN_LIMIT} in a row).`,
        },
      }
    : decided;
}

/** Blocks with the next prompt, or (a cap reached) with the hand-off request; a loop the person paused meanwhile waits for them. */
function continueOrWrapUp(state: AutoLoopState, now: Date, notes: string[], history: HistoryEntry[]): Decided {
  if (state.pause) return { ...pausedOutcome(state), history };
  const cap = capReached(state, now);
  if (cap) {
    state = { ...state, wrap_up: { reason: cap, at: now.toISOString() }, next_action: "Write the hand-off note." };
    history.push(historyEntry(state, now, "wrap-up", cap));
    return {
      state,
      outcome: {
        kind: "block",
        prompt: wrapUpPrompt(state, cap),
        message: `loopkit auto-loop: ${cap}; asking for a hand-off note, then stopping.`,
      },
      history,
    };
  }
  const verdict = state.last_verifier?.iteration === state.iteration ? state.last_verifier.verdict : "not run";
  const message = `loopkit auto-loop: iteration ${iterationsAgainstCap(state.iteration, state.audit_not_run.turns, state.caps.max_iterations)}, verifier ${verdict}, tokens ${tokensUsed(state)}/${state.caps.max_tokens}.`;
  return { state, outcome: { kind: "block", prompt: nextPrompt(state, notes), message }, history };
}

function summary(state: AutoLoopState, now: Date): string {
  return `${state.iteration} iteration(s), ${tokensUsed(state)} tokens, ${formatDuration(elapsedMs(state, now))}. The loop's story on one page: ${reportCommand(state.loop_id)}.`;
}

/** What a run delegated to another agent (Codex) reports: the loop's standing and, once, each new verifier round. */
export interface DelegatedProgress {
  now: Date;
  status: AutoLoopState["status"];
  /** Why the loop ended; null while pursuing. */
  reason: string | null;
  iteration: number;
  tokensUsed: number;
  nextAction: string;
  threadId: string | null;
  /** A verifier round not recorded before, or null. */
  verifier: VerifierResult | null;
  /** An audit not recorded before, or null (`ran` as in auditLoop's outcome; a round without it ran). */
  audit: (Omit<AuditResult, "at" | "ran"> & { ran?: boolean }) | null;
}

/** A delegated run's progress: the agent did the work and ran the gate; the loop state records it. */
export function recordDelegatedProgress(
  previous: AutoLoopState,
  progress: DelegatedProgress,
): { state: AutoLoopState; history: HistoryEntry[] } {
  const now = progress.now;
  const history: HistoryEntry[] = [];
  let state: AutoLoopState = {
    ...previous,
    status: progress.status,
    status_reason: progress.reason,
    iteration: progress.iteration,
    tokens: { ...previous.tokens, transcript: progress.tokensUsed },
    next_action: progress.nextAction,
    evidence: progress.threadId && previous.evidence.length === 0 ? [`Codex thread ${progress.threadId}`] : previous.evidence,
    updated_at: now.toISOString(),
    heartbeat_at: now.toISOString(),
  };
  const round = progress.verifier;
  if (round) {
    state = {
      ...state,
      last_verifier: round,
      flaky_count: previous.flaky_count + (round.verdict === "flaky" ? 1 : 0),
      test_results: recordTestProgress(previous.test_results, round.iteration, round.runs.at(-1)!),
    };
    history.push(
      historyEntry(state, now, "gate", `Codex said complete; verifier ${round.verdict}${breachOf(round)}`, {
        verdict: round.verdict,
        exit_code: round.runs.at(-1)!.exit_code,
        tests: round.runs.at(-1)!.tests ?? null,
      }),
    );
  }
  const audit = progress.audit;
  if (audit) {
    state = {
      ...state,
      last_audit: { at: now.toISOString(), ...audit, ran: audit.ran ?? true },
      tokens: { ...state.tokens, audit: state.tokens.audit + audit.tokens },
    };
    history.push(
      historyEntry(state, now, "gate", `verifier pass, audit ${audit.vote}`, {
        verdict: "pass",
        vote: audit.vote,
        audit_reasons: audit.reasons,
      }),
    );
  }
  if (progress.status !== "pursuing") {
    state = { ...state, ended_at: now.toISOString() };
    history.push(historyEntry(state, now, "end", progress.reason ?? progress.status));
  }
  return { state, history };
}

const breachOf = (round: VerifierResult) => (round.runs.at(-1)!.breach ? `; no pass: ${round.runs.at(-1)!.breach}` : "");

/** A delegated run that failed part-way, or a Stop hook that failed, ends the loop as blocked, never leaving it "pursuing". */
export function failLoop(previous: AutoLoopState, now: Date, reason: string): { state: AutoLoopState; history: HistoryEntry[] } {
  const state: AutoLoopState = {
    ...end(previous, now, "blocked", reason),
    heartbeat_at: now.toISOString(),
    next_action: "none: the loop has ended",
  };
  return { state, history: [historyEntry(state, now, "end", reason)] };
}
