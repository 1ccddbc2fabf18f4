// The texts of a repeat loop: each iteration's prompt for the model, and the lines for the person.
import { formatDuration } from "../shared/duration.js";
import { splitSlashCommand } from "./args.js";
import type { RepeatState } from "./state.js";

/** The prompt of the iteration in flight (state.iteration). Deterministic: early success compares against it. */
export function iterationPrompt(state: RepeatState): string {
  const slash = splitSlashCommand(state.command);
  const task = slash
    ? [
        `Run the slash command \`${state.command}\` now, exactly as if the person had typed it: call the Skill tool with skill "${slash.name}"${slash.args ? ` and args ${JSON.stringify(slash.args)}` : ""}, then carry out what the command says.`,
      ]
    : ["Do this task now:", "", ...state.command.split(/\r?\n/).map((line) => `> ${line}`)];
  return [
    `loopkit repeat: iteration ${state.iteration}/${state.max_iterations} (every ${formatDuration(state.interval_ms)}).`,
    "",
    ...task,
    "",
    "When you have finished, end your final message with exactly one line of this form:",
    "REPEAT-RESULT: pass - <one-line summary>",
    "or, if the task failed or found a problem:",
    "REPEAT-RESULT: fail - <one-line summary>",
    "Use the words DONE, COMPLETE, SUCCESS, ALL PASS or ALL TESTS PASSED in your final message only when the whole job is finished and no further runs are needed: loopkit then ends the loop early.",
    "Do not wait, sleep or schedule anything yourself: loopkit starts the next iteration on its own timer.",
  ].join("\n");
}

/** What the CLI prints when a loop starts: a heading, any lines for the person, then iteration 1's prompt. */
export function startText(state: RepeatState, warnings: string[]): string {
  const heading = `loopkit repeat started (${state.loop_id}): ${JSON.stringify(state.command)} every ${formatDuration(state.interval_ms)}, at most ${state.max_iterations} iteration(s). Stop it with /loopkit:repeat --cancel.`;
  const notes = warnings.map((warning) => `Tell the person: ${warning}`);
  return [heading, ...notes, "", iterationPrompt(state), ""].join("\n");
}

const passes = (state: RepeatState) => state.iterations.filter((it) => it.result === "pass").length;

/** The progress line after a wait, e.g. `repeat 2/5 - pass - waited 5m - repeat 3/5 starting`. */
export function progressLine(previous: RepeatState, waitedMs: number): string {
  const last = previous.iterations[previous.iterations.length - 1];
  const result = `${last?.result ?? "?"}${last?.summary ? ` (${last.summary})` : ""}`;
  return `repeat ${previous.iteration}/${previous.max_iterations} - ${result} - waited ${formatDuration(waitedMs)} - repeat ${previous.iteration + 1}/${previous.max_iterations} starting`;
}

/** The summary when a loop ends: iterations, passes, failures, final status, elapsed. */
export function summaryLine(state: RepeatState, now: Date): string {
  const end = state.ended_at ? Date.parse(state.ended_at) : now.getTime();
  const p = passes(state);
  return `repeat ended: ${state.final_status ?? "unfinished"} - ${state.iterations.length} iteration(s), ${p} passed, ${state.iterations.length - p} failed, elapsed ${formatDuration(end - Date.parse(state.started_at))} (${JSON.stringify(state.command)})`;
}

/** Said once when a loop pauses; `why` is what interrupted it. */
export function pausedLine(state: RepeatState, why: string): string {
  return `loopkit repeat paused before iteration ${state.iteration + 1}/${state.max_iterations} of ${JSON.stringify(state.command)}: ${why}. Resume with /loopkit:repeat --resume, or end it with /loopkit:repeat --cancel.`;
}
