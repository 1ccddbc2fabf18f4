import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  ITERATION_TAG_START
} from "./chunk-ZXZMPERI.js";
import {
  LOG_IN_AGAIN,
  apiErrorSummary,
  checkpointIteration,
  failureNoteOf,
  noInputError,
  parseOptions,
  recordLoopBase,
  reportCommand,
  snapshotLoopStart,
  usageError,
  valueOf
} from "./chunk-PY5V25UZ.js";
import {
  isNotThePersonsWord
} from "./chunk-EUSUULBY.js";
import {
  loadState,
  nextIterationNumber,
  repeatTokens
} from "./chunk-VN5KYKVC.js";
import {
  splitArguments
} from "./chunk-P4IBK2I7.js";
import {
  formatDuration,
  isDuration,
  parseDuration
} from "./chunk-7BFHLTUB.js";
import {
  deadlineIn
} from "./chunk-5F52TF2U.js";

// src/repeat/checkpoint.ts
var loopRef = (dataDir, state, file) => ({
  dataDir,
  projectDir: state.project_dir,
  loopId: state.loop_id,
  loopKind: "repeat",
  stateFile: file
});
async function checkpointNotesBefore(ctx, state, file) {
  const note = await failureNoteOf(loopRef(ctx.dataDir, state, file), state.iteration - 1, ctx.now());
  return note ? [note] : [];
}
var SNAPSHOT_MS = 12e4;
async function checkpointRepeat(ctx, file) {
  const state = await loadState(file, ctx.now()).catch(() => void 0);
  if (!state || state.session_id !== ctx.input.session_id || state.loop_id !== ctx.marker.loop_id) return [];
  return checkpointRecorded(ctx.dataDir, state, file, ctx.now());
}
async function checkpointRecorded(dataDir, state, file, now) {
  const last = state.iterations[state.iterations.length - 1];
  if (!last) return [];
  const verdict = state.phase === "ended" && state.final_status ? `${last.result}, ${state.final_status}` : last.result;
  return checkpointIteration(
    loopRef(dataDir, state, file),
    { iteration: last.number, verdict, tokens: last.tokens },
    now,
    deadlineIn(SNAPSHOT_MS)
  );
}
var snapshotAtStart = (dataDir, projectDir) => snapshotLoopStart(dataDir, projectDir, deadlineIn(SNAPSHOT_MS));
async function recordStart(dataDir, state, file, started, now) {
  return recordLoopBase(loopRef(dataDir, state, file), started, now);
}

// src/repeat/args.ts
var DEFAULT_INTERVAL_MS = 10 * 6e4;
var MIN_INTERVAL_MS = 6e4;
var MAX_INTERVAL_MS = 24 * 36e5;
var DEFAULT_ITERATIONS = 5;
var MAX_ITERATIONS = 1e3;
var REPEAT_OPTIONS = {
  command: "/loopkit:repeat",
  options: [
    {
      name: "--iterations",
      value: "word",
      default: String(DEFAULT_ITERATIONS),
      needs: `a value: a whole number from 1 to ${MAX_ITERATIONS}`
    },
    { name: "--status", value: "none" },
    { name: "--json", value: "none", with: "--status" },
    { name: "--cancel", value: "none" },
    { name: "--resume", value: "none" }
  ],
  unknownHint: "(to pass options to the repeated command, quote it or put it after --)",
  // A terminal's options (commander takes them there): in a session the iterations are the session's own turns.
  elsewhere: Object.fromEntries(
    ["--fresh", "--detach", "--timeout"].map((flag) => [
      flag,
      "is for loopkit repeat typed in a terminal, a loop of its own (loopkit repeat --help); here the iterations are this session's own turns"
    ])
  ),
  noInput: 'no command: give a prompt or a slash command, e.g. /loopkit:repeat 5m /test or /loopkit:repeat 10m "check deploy status"'
};
var CONTROLS = ["--status", "--cancel", "--resume"];
var usage = (message, value) => usageError(REPEAT_OPTIONS, message, value);
function parseRepeatArgs(text, minIntervalMs = MIN_INTERVAL_MS) {
  return parseRepeatWords(splitArguments(text), minIntervalMs);
}
function parseRepeatWords(words, minIntervalMs = MIN_INTERVAL_MS, alsoKnown = []) {
  const parsed = parseOptions(words, REPEAT_OPTIONS, alsoKnown);
  if (parsed.kind === "help") return { mode: "help" };
  if (parsed.kind === "empty") throw noInputError(REPEAT_OPTIONS);
  const positional = [...parsed.text];
  const iterations = valueOf(parsed, "--iterations");
  const given = CONTROLS.filter((control2) => parsed.given.has(control2));
  if (given.length > 1) throw usage(`${given.join(" and ")} exclude each other`);
  const control = given[0];
  if (control) {
    if (positional.length > 0 || iterations !== void 0) throw usage(`${control} takes no interval, command or --iterations`);
    if (control === "--status") return { mode: "status", json: parsed.given.has("--json") };
    return { mode: control === "--cancel" ? "cancel" : "resume" };
  }
  const warnings = [];
  let intervalMs = DEFAULT_INTERVAL_MS;
  const first = positional[0];
  if (first && first.raw === first.value && !isDuration(first.value) && /^-?\d[\w.]*$/.test(first.value)) {
    throw usage(
      `invalid interval "${first.value}": use units h, m, s, e.g. 90s, 5m, 1h30m (quote the prompt if it starts with a number)`,
      first.value
    );
  }
  if (first && first.raw === first.value && isDuration(first.value)) {
    const typed = positional.shift().value;
    intervalMs = parseDuration(typed, "interval");
    if (intervalMs > MAX_INTERVAL_MS) throw usage(`interval ${typed} is longer than the 24h maximum`, typed);
    if (intervalMs < minIntervalMs) {
      warnings.push(
        `The interval ${formatDuration(intervalMs)} is under the ${formatDuration(minIntervalMs)} minimum; loopkit raised it to ${formatDuration(minIntervalMs)}.`
      );
      intervalMs = minIntervalMs;
    }
  }
  if (positional.length > 0 && positional.every((word) => word.raw === word.value && word.value.startsWith("-"))) {
    throw usage(
      `${positional.map((word) => word.value).join(" ")} is not a prompt or a command (to repeat it as text, quote it)`,
      positional[0].value
    );
  }
  const command = (positional.length === 1 ? positional[0].value : positional.map((word) => word.raw).join(" ")).trim();
  if (command === "") throw noInputError(REPEAT_OPTIONS);
  if (/^\/(?:loopkit:)?repeat(?:\s|$)/.test(command)) throw usage("a repeat loop cannot repeat /loopkit:repeat itself", command);
  return {
    mode: "start",
    command,
    intervalMs,
    interval: formatDuration(intervalMs),
    maxIterations: iterations === void 0 ? DEFAULT_ITERATIONS : parseIterations(iterations),
    warnings
  };
}
function parseIterations(text) {
  const value = /^\d{1,4}$/.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 1 && value <= MAX_ITERATIONS))
    throw usage(`invalid --iterations "${text}": expected a whole number from 1 to ${MAX_ITERATIONS}`, text);
  return value;
}
function splitSlashCommand(command) {
  const match = /^\/([A-Za-z0-9][\w.:-]*)(?:\s+([\s\S]*))?$/.exec(command.trim());
  return match ? { name: match[1], args: (match[2] ?? "").trim() } : null;
}

// src/repeat/prompt.ts
function iterationTag(state) {
  return `${ITERATION_TAG_START}${state.iteration}/${state.max_iterations} (${state.loop_id}`;
}
function iterationPrompt(state) {
  const slash = splitSlashCommand(state.command);
  const task = slash ? [
    `Run the slash command \`${state.command}\` now, exactly as if the person had typed it: call the Skill tool with skill "${slash.name}"${slash.args ? ` and args ${JSON.stringify(slash.args)}` : ""}, then carry out what the command says.`
  ] : ["Do this task now:", ...state.command.split(/\r?\n/).map((line) => `> ${line}`)];
  return [
    `${iterationTag(state)}, every ${formatDuration(state.interval_ms)}).`,
    ...task,
    "End your final message with one line: REPEAT-RESULT: pass - <one-line summary> (or fail - <summary> if it failed or found a problem).",
    "Say DONE, COMPLETE, SUCCESS, ALL PASS or ALL TESTS PASSED only when no further runs are needed (that ends the loop). Do not wait or schedule anything: loopkit runs the next iteration."
  ].join("\n");
}
function startText(state, warnings) {
  const heading = `loopkit repeat started (${state.loop_id}): ${JSON.stringify(state.command)} every ${formatDuration(state.interval_ms)}, at most ${state.max_iterations} iteration(s). Stop it with /loopkit:repeat --cancel.`;
  const notes = warnings.map((warning) => `Tell the person: ${warning}`);
  return [heading, ...notes, "", iterationPrompt(state), ""].join("\n");
}
var passes = (state) => state.iterations.filter((it) => it.result === "pass").length;
function clockTime(at) {
  return at.toLocaleTimeString("en-GB", { hour12: false });
}
function lastResult(state) {
  const last = state.iterations[state.iterations.length - 1];
  return last ? ` ${last.result}${last.summary ? ` (${last.summary})` : ""}` : "";
}
function nextRun(state, now) {
  const next = state.next_at ? new Date(state.next_at) : now;
  return `next ${state.iteration + 1}/${state.max_iterations} at ${clockTime(next)} (in ${formatDuration(next.getTime() - now.getTime())})`;
}
function waitingLine(state, now) {
  return `loopkit repeat ${state.loop_id}: ${state.iteration}/${state.max_iterations}${lastResult(state)} \xB7 ${nextRun(state, now)} \xB7 the session is yours meanwhile \xB7 /loopkit:repeat --cancel stops it`;
}
function iterationLine(state, now) {
  const last = state.iterations[state.iterations.length - 1];
  const took = last ? ` in ${formatDuration(Date.parse(last.ended_at) - Date.parse(last.started_at))}` : "";
  const next = state.phase === "waiting" ? ` \xB7 ${nextRun(state, now)}` : "";
  const tokens = typeof last?.tokens === "number" ? `, ${last.tokens} tokens` : "";
  return `loopkit repeat: iteration ${last?.number ?? state.iteration}/${state.max_iterations}${lastResult(state)}${took}${tokens}${next}`;
}
function summaryLine(state, now) {
  const end = state.ended_at ? Date.parse(state.ended_at) : now.getTime();
  const p = passes(state);
  const used = repeatTokens(state);
  const tokens = used === null ? "" : `, ${used} tokens`;
  return `repeat ended: ${state.final_status ?? "unfinished"} - ${state.iterations.length} iteration(s), ${p} passed, ${state.iterations.length - p} failed, elapsed ${formatDuration(end - Date.parse(state.started_at))}${tokens} (${JSON.stringify(state.command)}); its story on one page: ${reportCommand(state.loop_id)}`;
}
var controlCommand = (fromTerminal) => fromTerminal ? "loopkit repeat" : "/loopkit:repeat";
function pausedLine(state, why) {
  const control = controlCommand(state.terminal !== null);
  return `loopkit repeat paused before iteration ${nextIterationNumber(state)}/${state.max_iterations} of ${JSON.stringify(state.command)}: ${why}. Resume with ${control} --resume, or end it with ${control} --cancel.`;
}
function terminalStartText(state, warnings, resumed) {
  const terminal = state.terminal;
  const what = resumed ? `loopkit repeat resumed (${state.loop_id}): ${JSON.stringify(state.command)}, iteration ${state.iteration}/${state.max_iterations} runs now` : `loopkit repeat started (${state.loop_id}): ${JSON.stringify(state.command)} every ${formatDuration(state.interval_ms)}, at most ${state.max_iterations} iteration(s)`;
  const conversation = terminal.fresh ? "a fresh claude conversation each iteration" : "one claude conversation, continued each iteration";
  const claude = [terminal.claude_bin, ...terminal.claude_args].map((word) => /^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word)).join(" ");
  const where = terminal.log_file ? [
    `It runs detached in process ${terminal.pid}, in a session of its own; its output goes to ${terminal.log_file}.`,
    "See it with loopkit repeat --status and end it with loopkit repeat --cancel, from any shell in the project."
  ] : ["Ctrl-C pauses it (loopkit repeat --resume goes on); loopkit repeat --cancel from any shell in the project ends it."];
  const timeout = terminal.iteration_timeout_ms ? `; an iteration's claude is stopped after ${formatDuration(terminal.iteration_timeout_ms)} (--timeout)` : "";
  return [`${what}; ${conversation} (${claude} -p)${timeout}.`, ...warnings, ...where, ""].join("\n");
}

// src/repeat/early-success.ts
var MARKERS = /\b(?:all tests passed|all pass|done|complete|success)\b/gi;
var NEGATED = /\b(?:not|never|no|nothing|isn't|aren't|wasn't|weren't|hasn't|haven't|won't)\s+(?:(?:yet|quite|fully|really|been|a)\s+)?$/i;
var normalize = (line) => line.replace(/^[\s>*_`#-]+/, "").replace(/[\s*_`]+$/, "").replace(/\s+/g, " ").toLowerCase();
function findSuccessMarker(message, prompt) {
  const promptLines = new Set(prompt.split(/\r?\n/).map(normalize).filter(Boolean));
  for (const line of message.split(/\r?\n/)) {
    const normalized = normalize(line);
    if (!normalized || promptLines.has(normalized)) continue;
    for (const match of line.matchAll(MARKERS)) {
      if (!NEGATED.test(line.slice(0, match.index))) return match[0];
    }
  }
  return null;
}

// src/repeat/result-line.ts
var MAX_SUMMARY = 300;
var MARKER = /^repeat-result\b/i;
var LINE = /^REPEAT-RESULT:[ \t]*(pass|fail)[ \t]*(?:[-–—:][ \t]*(.*))?$/i;
function undecorate(line) {
  return line.trim().replace(/^[>*_`\s]+/, "").replace(/[*_`\s]+$/, "");
}
function readResultLine(message) {
  if (message === null || message === void 0 || message.trim() === "") {
    return { result: "fail", exit_code: 2, summary: "no final message from this turn, so no REPEAT-RESULT line" };
  }
  const lines = message.split(/\r?\n/).map(undecorate).filter((line) => MARKER.test(line));
  const last = lines[lines.length - 1];
  if (last === void 0) return { result: "fail", exit_code: 2, summary: "no REPEAT-RESULT line in the final message" };
  const match = LINE.exec(last);
  if (!match) return { result: "fail", exit_code: 2, summary: `malformed REPEAT-RESULT line: ${clip(last)}` };
  const result = match[1].toLowerCase() === "pass" ? "pass" : "fail";
  const summary = match[2]?.trim() ? clip(match[2].trim()) : null;
  return { result, exit_code: result === "pass" ? 0 : 1, summary };
}
function clip(text) {
  const flat = text.replace(/\s+/g, " ");
  return flat.length > MAX_SUMMARY ? `${flat.slice(0, MAX_SUMMARY - 3)}...` : flat;
}

// src/repeat/decide.ts
var BREAKER_FAILURES = 3;
function failuresAfter(state, outcome) {
  if (outcome.result === "pass") return 0;
  return outcome.spareBreaker ? state.consecutive_failures : state.consecutive_failures + 1;
}
function decide(state, outcome, now) {
  const failures = failuresAfter(state, outcome);
  if (outcome.result === "pass" && outcome.successMarker) return { kind: "finish", status: "EARLY_SUCCESS" };
  if (outcome.tripsBreaker || failures >= BREAKER_FAILURES) return { kind: "finish", status: "CIRCUIT_BREAKER" };
  if (state.iteration >= state.max_iterations)
    return { kind: "finish", status: outcome.result === "pass" ? "COMPLETED" : "MAX_ITERATIONS" };
  const due = now.getTime() + state.interval_ms;
  return { kind: "wait", nextAt: new Date(Math.max(due, outcome.notBefore?.getTime() ?? 0)) };
}
function recordIteration(state, outcome, now, waitToken, waitOwner = null) {
  const decision = decide(state, outcome, now);
  const recorded = {
    ...state,
    consecutive_failures: failuresAfter(state, outcome),
    iterations: [
      ...state.iterations,
      {
        number: state.iteration,
        started_at: state.iteration_started_at,
        ended_at: now.toISOString(),
        result: outcome.result,
        exit_code: outcome.exit_code,
        summary: outcome.summary,
        tokens: outcome.tokens ?? null
      }
    ]
  };
  if (decision.kind === "finish") return { state: endLoop(recorded, decision.status, now), decision };
  return {
    state: { ...recorded, phase: "waiting", next_at: decision.nextAt.toISOString(), wait_token: waitToken, wait_owner: waitOwner },
    decision
  };
}
function startNextIteration(state, now) {
  return {
    ...state,
    person_wrote: false,
    phase: "running",
    iteration: state.iteration + 1,
    iteration_started_at: now.toISOString(),
    next_at: null,
    wait_token: null,
    wait_owner: null
  };
}
function resumeState(state, now) {
  return { ...startNextIteration(state, now), iteration: nextIterationNumber(state), prompt_id: null };
}
function pauseLoop(state) {
  return { ...state, phase: "paused", next_at: null, wait_token: null, wait_owner: null, person_wrote: false };
}
function pauseLostIteration(state) {
  return { ...pauseLoop(state), iteration: Math.max(1, state.iteration - 1) };
}
function endLoop(state, status, now) {
  return { ...state, phase: "ended", final_status: status, ended_at: now.toISOString(), next_at: null, wait_token: null, wait_owner: null };
}
function onStop(state, obs) {
  switch (state.phase) {
    case "ended":
      return { kind: "allow", lines: [], removeMarker: true };
    case "paused":
      return { kind: "allow", lines: [] };
    case "waiting":
      return { kind: "allow", lines: [waitingLine(state, obs.now)] };
    case "running": {
      if (!isLoopTurn(state, obs.promptId)) return { kind: "allow", lines: [] };
      const result = readResultLine(obs.lastMessage);
      const successMarker = result.result === "pass" ? findSuccessMarker(obs.lastMessage ?? "", `${iterationPrompt(state)}
${state.command}`) : null;
      return record(state, { ...result, successMarker }, obs);
    }
  }
}
var isLoopTurn = (state, promptId) => !promptId || !state.prompt_id || promptId === state.prompt_id;
function record(state, outcome, obs) {
  const counted = {
    ...state,
    prompt_id: state.prompt_id ?? obs.promptId,
    transcript_cursor: obs.usage?.transcriptCursor ?? state.transcript_cursor
  };
  const next = recordIteration(counted, { ...outcome, tokens: obs.usage?.tokens ?? null }, obs.now, obs.waitToken, obs.promptId);
  if (next.decision.kind === "wait" && (state.person_wrote || obs.usage?.personMessages.length)) {
    const paused = pauseLoop(next.state);
    return {
      kind: "allow",
      state: paused,
      lines: [pausedLine(paused, `you wrote to the session while iteration ${state.iteration} ran`)],
      recorded: true
    };
  }
  if (next.decision.kind === "wait")
    return {
      kind: "wait",
      state: next.state,
      until: next.decision.nextAt,
      token: obs.waitToken,
      recorded: true,
      lines: [waitingLine(next.state, obs.now)]
    };
  return { kind: "allow", state: next.state, lines: endLines(next.state, outcome, obs.now), removeMarker: true, recorded: true };
}
var CREDENTIALS_REFUSED = `Claude Code's credentials were refused, so no later iteration could pass. ${LOG_IN_AGAIN}`;
function endLines(state, outcome, now) {
  const line = summaryLine(state, now);
  return outcome.tripsBreaker ? [line, CREDENTIALS_REFUSED] : [line];
}
function apiErrorOutcome(error) {
  const waitsForReset = error.usageLimit && error.resetAt !== null;
  return {
    result: "fail",
    exit_code: 1,
    summary: apiErrorSummary(error),
    successMarker: null,
    spareBreaker: waitsForReset,
    notBefore: waitsForReset ? error.resetAt : null,
    tripsBreaker: error.credentialsRefused
  };
}
function onApiError(state, obs) {
  if (state.phase !== "running" || !isLoopTurn(state, obs.promptId)) return { kind: "allow", lines: [] };
  return record(state, apiErrorOutcome(obs.error), obs);
}
function onSessionEnd(state, obs) {
  if (state.phase === "waiting") {
    const paused2 = pauseLoop(state);
    return { kind: "allow", state: paused2, lines: [pausedLine(paused2, "the session ended while it waited")] };
  }
  if (state.phase !== "running") return null;
  if (!obs.apiError) {
    const paused2 = pauseLostIteration(state);
    return { kind: "allow", state: paused2, lines: [pausedLine(paused2, `the session ended before iteration ${state.iteration} finished`)] };
  }
  const outcome = { ...apiErrorOutcome(obs.apiError), tokens: obs.usage?.tokens ?? null };
  const next = recordIteration(
    { ...state, transcript_cursor: obs.usage?.transcriptCursor ?? state.transcript_cursor },
    outcome,
    obs.now,
    "session-end"
  );
  if (next.decision.kind === "finish")
    return { kind: "allow", state: next.state, lines: endLines(next.state, outcome, obs.now), removeMarker: true, recorded: true };
  const paused = pauseLoop(next.state);
  return {
    kind: "allow",
    state: paused,
    lines: [pausedLine(paused, `the session ended on an API error in iteration ${state.iteration}`)],
    recorded: true
  };
}
function onPromptSubmit(state, obs) {
  if (state.phase !== "running" || !obs.promptId) return null;
  if (obs.prompt?.includes(iterationTag(state)))
    return obs.promptId === state.prompt_id ? null : { state: { ...state, prompt_id: obs.promptId } };
  const intoIteration = obs.promptId === state.prompt_id || obs.promptId === obs.iterationTurn;
  if (intoIteration) return state.person_wrote || isNotThePersonsWord(obs.prompt) ? null : { state: { ...state, person_wrote: true } };
  if (!obs.iterationTurn) return null;
  const paused = pauseLostIteration(state);
  return { state: paused, line: pausedLine(paused, `iteration ${state.iteration} was interrupted before it finished`) };
}
var TAKEOVER_MS = 3e4;
function claimWait(state, obs) {
  if (state.phase === "running") return isLoopTurn(state, obs.promptId) ? { kind: "pending" } : { kind: "none" };
  if (state.phase !== "waiting" || !state.next_at || !state.wait_token) return { kind: "none" };
  const until = new Date(state.next_at);
  if ((state.wait_owner ?? null) === (obs.promptId ?? null)) return { kind: "mine", until, token: state.wait_token };
  if (obs.now.getTime() > until.getTime() + TAKEOVER_MS)
    return { kind: "mine", until, token: state.wait_token, state: { ...state, wait_owner: obs.promptId } };
  return { kind: "none" };
}
function plannedWaitMs(state) {
  const ended = state.iterations.at(-1)?.ended_at;
  if (!state.next_at || !ended) return state.interval_ms;
  return Math.max(0, Date.parse(state.next_at) - Date.parse(ended));
}
var waitGoesOn = (state, token) => state?.phase === "waiting" && state.wait_token === token;
function afterWait(current, wake) {
  if (current.phase === "ended") return { kind: "allow", lines: [summaryLine(current, wake.now)], removeMarker: true };
  if (!waitGoesOn(current, wake.token)) return { kind: "allow", lines: [] };
  if (wake.interrupted) {
    const paused = pauseLoop(current);
    return { kind: "allow", state: paused, lines: [pausedLine(paused, "its wait was interrupted")] };
  }
  const next = startNextIteration(current, wake.now);
  return { kind: "continue", state: next, prompt: iterationPrompt(next) };
}
function onResume(state, sessionId) {
  if (state.session_id !== sessionId || state.phase !== "waiting" && state.phase !== "paused") return null;
  const paused = pauseLoop(state);
  return {
    state: paused,
    line: pausedLine(paused, state.phase === "waiting" ? "the session ended while it waited" : "it was paused earlier")
  };
}

export {
  checkpointNotesBefore,
  checkpointRepeat,
  checkpointRecorded,
  snapshotAtStart,
  recordStart,
  MIN_INTERVAL_MS,
  parseRepeatArgs,
  parseRepeatWords,
  splitSlashCommand,
  iterationTag,
  iterationPrompt,
  startText,
  iterationLine,
  summaryLine,
  controlCommand,
  pausedLine,
  terminalStartText,
  resumeState,
  pauseLoop,
  pauseLostIteration,
  endLoop,
  onStop,
  CREDENTIALS_REFUSED,
  onApiError,
  onSessionEnd,
  onPromptSubmit,
  claimWait,
  plannedWaitMs,
  waitGoesOn,
  afterWait,
  onResume
};
