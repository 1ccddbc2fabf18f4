// The texts of a repeat loop: each iteration's prompt for the model, and the lines for the person.
import { formatDuration } from "../shared/duration.js";
import { splitSlashCommand } from "./args.js";
import { ITERATION_TAG_START } from "./hook-events.js";
import { nextIterationNumber, repeatTokens, type RepeatState } from "./state.js";
import { reportCommand } from "../shared/report-hint.js";

/** Marks the loop's own prompts (the UserPromptSubmit hook tells an iteration's turn from the person's by it). */
export function iterationTag(state: RepeatState): string {
  return `${ITERATION_TAG_START}${state.iteration}/${state.max_iterations} (${state.loop_id}`;
}

/** The prompt of the iteration in flight (state.iteration): short, it lands in the transcript every time. Deterministic: early success compares against it. */
export function iterationPrompt(state: RepeatState): string {
  const slash = splitSlashCommand(state.command);
  const task = slash
    ? [
        `Run the slash command \`${state.command}\` now, exactly as if the person had typed it: call the Skill tool with skill "${slash.name}"${slash.args ? ` and args ${JSON.stringify(slash.args)}` : ""}, then carry out what the command says.`,
      ]
    : ["Do this task now:", ...state.command.split(/\r?\n/).map((line) => `> ${line}`)];
  return [
    `${iterationTag(state)}, every ${formatDuration(state.interval_ms)}).`,
    ...task,
    "End your final message with one line: REPEAT-RESULT: pass - <one-line summary> (or fail - <summary> if it failed or found a problem).",
    "Say DONE, COMPLETE, SUCCESS, ALL PASS or ALL TESTS PASSED only when no further runs are needed (that ends the loop). Do not wait or schedule anything: loopkit runs the next iteration.",
  ].join("\n");
}

/** What the CLI prints when a loop starts: a heading, any lines for the person, then iteration 1's prompt. */
export function startText(state: RepeatState, warnings: string[]): string {
  const heading = `loopkit repeat started (${state.loop_id}): ${JSON.stringify(state.command)} every ${formatDuration(state.interval_ms)}, at most ${state.max_iterations} iteration(s). Stop it with /loopkit:repeat --cancel.`;
  const notes = warnings.map((warning) => `Tell the person: ${warning}`);
  return [heading, ...notes, "", iterationPrompt(state), ""].join("\n");
}

const passes = (state: RepeatState) => state.iterations.filter((it) => it.result === "pass").length;

/** A wall-clock time for the person, in the hook's local time zone, e.g. `14:05:09`. */
export function clockTime(at: Date): string {
  return at.toLocaleTimeString("en-GB", { hour12: false });
}

/** The last recorded iteration's result, e.g. ` pass (12 tests green)`, or "". */
function lastResult(state: RepeatState): string {
  const last = state.iterations[state.iterations.length - 1];
  return last ? ` ${last.result}${last.summary ? ` (${last.summary})` : ""}` : "";
}

/** When the next iteration runs, e.g. `next 2/5 at 14:05:09 (in 5m)`. */
function nextRun(state: RepeatState, now: Date): string {
  const next = state.next_at ? new Date(state.next_at) : now;
  return `next ${state.iteration + 1}/${state.max_iterations} at ${clockTime(next)} (in ${formatDuration(next.getTime() - now.getTime())})`;
}

/**
 * Said when a wait begins and after the person's own turns during it, e.g.
 * `loopkit repeat loop-1: 1/5 pass (ok) · next 2/5 at 14:05:09 (in 5m) · the session is yours meanwhile · /loopkit:repeat --cancel stops it`.
 */
export function waitingLine(state: RepeatState, now: Date): string {
  return `loopkit repeat ${state.loop_id}: ${state.iteration}/${state.max_iterations}${lastResult(state)} · ${nextRun(state, now)} · the session is yours meanwhile · /loopkit:repeat --cancel stops it`;
}

/**
 * A terminal runner's line for each iteration that ended, e.g.
 * `loopkit repeat: iteration 1/5 pass (12 tests green) in 42s · next 2/5 at 14:05:09 (in 5m)`; the last one has no next run.
 */
export function iterationLine(state: RepeatState, now: Date): string {
  const last = state.iterations[state.iterations.length - 1];
  const took = last ? ` in ${formatDuration(Date.parse(last.ended_at) - Date.parse(last.started_at))}` : "";
  const next = state.phase === "waiting" ? ` · ${nextRun(state, now)}` : "";
  const tokens = typeof last?.tokens === "number" ? `, ${last.tokens} tokens` : "";
  return `loopkit repeat: iteration ${last?.number ?? state.iteration}/${state.max_iterations}${lastResult(state)}${took}${tokens}${next}`;
}

/** The summary when a loop ends: iterations, passes, failures, final status, elapsed, tokens (when counted). */
export function summaryLine(state: RepeatState, now: Date): string {
  const end = state.ended_at ? Date.parse(state.ended_at) : now.getTime();
  const p = passes(state);
  const used = repeatTokens(state);
  const tokens = used === null ? "" : `, ${used} tokens`;
  return `repeat ended: ${state.final_status ?? "unfinished"} - ${state.iterations.length} iteration(s), ${p} passed, ${state.iterations.length - p} failed, elapsed ${formatDuration(end - Date.parse(state.started_at))}${tokens} (${JSON.stringify(state.command)}); its story on one page: ${reportCommand(state.loop_id)}`;
}

/** The command that controls the loop: the skill in its session, `loopkit repeat` for a loop run from a terminal. */
export const controlCommand = (fromTerminal: boolean) => (fromTerminal ? "loopkit repeat" : "/loopkit:repeat");

/** Said once when a loop pauses; `why` is what interrupted it. */
export function pausedLine(state: RepeatState, why: string): string {
  const control = controlCommand(state.terminal !== null);
  return `loopkit repeat paused before iteration ${nextIterationNumber(state)}/${state.max_iterations} of ${JSON.stringify(state.command)}: ${why}. Resume with ${control} --resume, or end it with ${control} --cancel.`;
}

/** What `loopkit repeat` prints when it starts or resumes a loop from a terminal: what runs, how, and how to stop it. */
export function terminalStartText(state: RepeatState, warnings: string[], resumed: boolean): string {
  const terminal = state.terminal!;
  const what = resumed
    ? `loopkit repeat resumed (${state.loop_id}): ${JSON.stringify(state.command)}, iteration ${state.iteration}/${state.max_iterations} runs now`
    : `loopkit repeat started (${state.loop_id}): ${JSON.stringify(state.command)} every ${formatDuration(state.interval_ms)}, at most ${state.max_iterations} iteration(s)`;
  const conversation = terminal.fresh ? "a fresh claude conversation each iteration" : "one claude conversation, continued each iteration";
  const claude = [terminal.claude_bin, ...terminal.claude_args]
    .map((word) => (/^[\w@%+=:,./-]+$/.test(word) ? word : JSON.stringify(word)))
    .join(" ");
  const where = terminal.log_file
    ? [
        `It runs detached in process ${terminal.pid}, in a session of its own; its output goes to ${terminal.log_file}.`,
        "See it with loopkit repeat --status and end it with loopkit repeat --cancel, from any shell in the project.",
      ]
    : ["Ctrl-C pauses it (loopkit repeat --resume goes on); loopkit repeat --cancel from any shell in the project ends it."];
  const timeout = terminal.iteration_timeout_ms
    ? `; an iteration's claude is stopped after ${formatDuration(terminal.iteration_timeout_ms)} (--timeout)`
    : "";
  return [`${what}; ${conversation} (${claude} -p)${timeout}.`, ...warnings, ...where, ""].join("\n");
}
