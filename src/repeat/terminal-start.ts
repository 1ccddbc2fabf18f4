// Starting and resuming a loop that `loopkit repeat` runs from a terminal: its state and its stats
// record. The caller holds the project's runner lock, so no other terminal runner starts or resumes
// one meanwhile; one terminal loop per project is active at a time.
import { randomUUID } from "node:crypto";
import { withLock } from "../state/json-store.js";
import { LoopkitError } from "../shared/errors.js";
import { resumeState } from "./decide.js";
import { newLoopState, recordNewLoop, type RepeatContext, type StartRequest } from "./start.js";
import { isActive, repeatStateFile, TERMINAL_KEY_PREFIX, type RepeatState, type TerminalRun } from "./state.js";
import { loadState, projectLoops, saveState } from "./store.js";

export interface TerminalLoop {
  file: string;
  state: RepeatState;
}

/** The project's active terminal loop, if any (newest first: there is at most one). */
export async function activeTerminalLoop(dataDir: string, projectDir: string): Promise<TerminalLoop | undefined> {
  return (await projectLoops(dataDir, projectDir)).find((loop) => loop.state.terminal !== null && isActive(loop.state));
}

/** Starts a terminal loop, iteration 1 in flight; refused beside another active one of the project (say, one paused by a reboot). */
export async function startTerminalLoop(
  ctx: RepeatContext,
  request: StartRequest,
  terminal: TerminalRun,
): Promise<TerminalLoop & { warnings: string[] }> {
  const other = await activeTerminalLoop(ctx.dataDir, ctx.projectDir);
  if (other) throw activeError(other.state);
  const key = `${TERMINAL_KEY_PREFIX}${randomUUID()}`;
  const file = repeatStateFile(ctx.dataDir, key);
  const created = await withLock(file, () => recordNewLoop(ctx, file, newLoopState(ctx, key, request, terminal)));
  return { file, ...created };
}

/** A start refused: the project's terminal loop, what it is doing, and what to do. */
export function activeError(state: RepeatState): LoopkitError {
  return new LoopkitError(
    "LOOP_ACTIVE",
    `a repeat loop run from a terminal is active in ${state.project_dir}: ${JSON.stringify(state.command)}, iteration ${state.iteration}/${state.max_iterations} (${state.phase})`,
    {
      value: state.loop_id,
      hint: "see loopkit repeat --status; go on with it with loopkit repeat --resume, or end it with loopkit repeat --cancel first",
    },
  );
}

/**
 * --resume from a terminal: the project's terminal loop, which no runner drives now (paused, or left
 * running or waiting by a runner that is gone), runs its next iteration now under the runner `runner`
 * describes; an iteration that was cut off runs again under its own number.
 */
export async function resumeTerminalLoop(ctx: RepeatContext, runner: (terminal: TerminalRun) => TerminalRun): Promise<TerminalLoop> {
  const found = await activeTerminalLoop(ctx.dataDir, ctx.projectDir);
  if (!found) {
    const session = (await projectLoops(ctx.dataDir, ctx.projectDir)).find((loop) => isActive(loop.state));
    throw new LoopkitError("NO_LOOP", `no repeat loop run from a terminal to resume in ${ctx.projectDir}`, {
      hint: session
        ? `the active loop there belongs to Claude Code session ${session.state.session_id}: resume it there with /loopkit:repeat --resume`
        : "see loopkit repeat --status",
    });
  }
  return withLock(found.file, async () => {
    const state = await loadState(found.file, ctx.now);
    if (!state?.terminal || !isActive(state))
      throw new LoopkitError("NO_LOOP", "the loop ended meanwhile", { hint: "see loopkit repeat --status" });
    const next = { ...resumeState(state, ctx.now), terminal: runner(state.terminal) };
    await saveState(found.file, next);
    return { file: found.file, state: next };
  });
}
