// Starting, cancelling and resuming a repeat loop: the CLI's side of the loop's life.
import { existsSync } from "node:fs";
import { readJson, withLock } from "../state/json-store.js";
import { sessionMarkerPath } from "../state/paths.js";
import { isLoopkitError, LoopkitError } from "../shared/errors.js";
import { SessionMarkerSchema } from "../session/marker.js";
import type { RepeatRequest } from "./args.js";
import { recordStart, snapshotAtStart } from "./checkpoint.js";
import { endLoop, resumeState } from "./decide.js";
import { iterationPrompt, startText, summaryLine } from "./prompt.js";
import { isActive, repeatStateFile, TERMINAL_KEY_PREFIX, type RepeatState, type TerminalRun } from "./state.js";
import { loopRunOf, newLoopId, saveLoopRun } from "./stats-store.js";
import { loadState, projectLoops, removeMarker, saveState, writeMarker } from "./store.js";

export interface RepeatContext {
  dataDir: string;
  projectDir: string;
  now: Date;
  statsFile: string;
}

export type StartRequest = Extract<RepeatRequest, { mode: "start" }>;

/** Starts a loop in `sessionId`; returns what the skill shows the model: iteration 1's prompt. */
export async function startLoop(ctx: RepeatContext, sessionId: string, request: StartRequest): Promise<string> {
  if (sessionId.startsWith(TERMINAL_KEY_PREFIX))
    throw new LoopkitError("USAGE", `${sessionId} is the key of a loop run from a terminal, not a Claude Code session`, {
      value: sessionId,
      hint: "start a loop from a terminal without --session",
    });
  const file = repeatStateFile(ctx.dataDir, sessionId);
  return withLock(file, async () => {
    const notes = [...request.warnings];
    const existing = await loadState(file, ctx.now).catch((error: unknown) => {
      if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
      notes.push(`loopkit's previous repeat state for this session was corrupt: ${(error as Error).message}.`);
      return undefined;
    });
    if (existing && isActive(existing)) {
      throw new LoopkitError(
        "LOOP_ACTIVE",
        `this session already runs a repeat loop: ${JSON.stringify(existing.command)}, iteration ${existing.iteration}/${existing.max_iterations} (${existing.phase})`,
        {
          value: existing.loop_id,
          hint:
            existing.phase === "paused"
              ? "go on with it with /loopkit:repeat --resume, or end it with /loopkit:repeat --cancel first"
              : "see /loopkit:repeat --status, or end it with /loopkit:repeat --cancel first",
        },
      );
    }
    await refuseOtherLoopKinds(ctx.dataDir, sessionId);
    const created = await recordNewLoop(ctx, file, newLoopState(ctx, sessionId, request, null));
    await writeMarker(ctx.dataDir, created.state, file, ctx.now);
    return startText(created.state, [...notes, ...created.warnings]);
  });
}

/** A new loop's state: iteration 1 in flight from now. */
export function newLoopState(ctx: RepeatContext, sessionId: string, request: StartRequest, terminal: TerminalRun | null): RepeatState {
  const now = ctx.now.toISOString();
  return {
    version: 1,
    loop_id: newLoopId(ctx.now),
    session_id: sessionId,
    project_dir: ctx.projectDir,
    command: request.command,
    interval_ms: request.intervalMs,
    max_iterations: request.maxIterations,
    stats_file: ctx.statsFile,
    started_at: now,
    phase: "running",
    iteration: 1,
    iteration_started_at: now,
    next_at: null,
    wait_token: null,
    wait_owner: null,
    prompt_id: null,
    consecutive_failures: 0,
    iterations: [],
    final_status: null,
    ended_at: null,
    transcript_cursor: null,
    person_wrote: false,
    terminal,
  };
}

/** Records a new loop (the caller holds the state file's lock): its stats record first, then its state under the record's id. */
export async function recordNewLoop(
  ctx: RepeatContext,
  file: string,
  draft: RepeatState,
): Promise<{ state: RepeatState; warnings: string[] }> {
  // Before anything is recorded, so the loop's start is the tree as the person left it.
  const started = await snapshotAtStart(ctx.dataDir, draft.project_dir);
  const created = await saveLoopRun(ctx.statsFile, loopRunOf(draft), "create", ctx.now);
  const state = { ...draft, loop_id: created.id };
  await saveState(file, state);
  const notes = await recordStart(ctx.dataDir, state, file, started, ctx.now);
  return { state, warnings: [...created.warnings, ...notes] };
}

/** A session drives one loop at a time: an auto-loop's marker means this session is taken. */
async function refuseOtherLoopKinds(data: string, sessionId: string): Promise<void> {
  const markerFile = sessionMarkerPath(data, sessionId);
  if (!existsSync(markerFile)) return;
  const marker = await readJson(markerFile, SessionMarkerSchema).catch(() => undefined);
  if (marker?.exists && marker.value.kind === "repeat") return;
  throw new LoopkitError("LOOP_ACTIVE", "this session already drives an auto-loop", {
    value: sessionId,
    hint: "wait for it to end, or cancel it with /loopkit:auto-loop --cancel first",
  });
}

/** The state file of the loop a control command acts on: this session's, else the project's only active one. */
export async function findLoop(ctx: RepeatContext, sessionId: string | undefined): Promise<string> {
  if (sessionId) return repeatStateFile(ctx.dataDir, sessionId);
  const active = (await projectLoops(ctx.dataDir, ctx.projectDir)).filter((loop) => isActive(loop.state));
  if (active.length === 0)
    throw new LoopkitError("NO_LOOP", `no active repeat loop in ${ctx.projectDir}`, { hint: "see /loopkit:repeat --status" });
  if (active.length > 1) {
    const list = active.map((loop) => `${loop.state.session_id} (${JSON.stringify(loop.state.command)})`).join(", ");
    throw new LoopkitError("USAGE", `${active.length} repeat loops are active in ${ctx.projectDir}: ${list}`, {
      hint: "choose one with --session <id>",
    });
  }
  return active[0]!.file;
}

/** --cancel: ends the loop at once. A hook waiting on it notices within a second and lets its session end. */
export async function cancelLoop(ctx: RepeatContext, file: string): Promise<string> {
  return withLock(file, async () => {
    const state = await loadState(file, ctx.now);
    if (!state || !isActive(state)) {
      throw new LoopkitError("NO_LOOP", `no active repeat loop to cancel${state ? ` (the last one ended ${state.final_status})` : ""}`, {
        hint: "see /loopkit:repeat --status",
      });
    }
    const ended = endLoop(state, "CANCELLED", ctx.now);
    await saveState(file, ended);
    const saved = await saveLoopRun(ended.stats_file, loopRunOf(ended), "update", ctx.now);
    await removeMarker(ctx.dataDir, ended.session_id, ended.loop_id);
    return [...saved.warnings, summaryLine(ended, ctx.now), ""].join("\n");
  });
}

/** --resume: a paused loop (or one whose waiting hook is gone) starts its next iteration now. */
export async function resumeLoop(ctx: RepeatContext, sessionId: string): Promise<string> {
  const file = repeatStateFile(ctx.dataDir, sessionId);
  return withLock(file, async () => {
    const state = await loadState(file, ctx.now);
    if (state?.terminal) {
      throw new LoopkitError("USAGE", "this repeat loop runs from a terminal, not in a Claude Code session", {
        value: state.loop_id,
        hint: "resume it with loopkit repeat --resume in a terminal",
      });
    }
    // A waiting loop resumes too: its next iteration runs now, and the waiting hook, its wait token gone, does nothing.
    if (!state || (state.phase !== "paused" && state.phase !== "waiting")) {
      throw new LoopkitError(
        "NO_LOOP",
        `no paused repeat loop in this session${state ? ` (it is ${state.phase === "ended" ? `ended ${state.final_status}` : state.phase})` : ""}`,
        {
          hint: "see /loopkit:repeat --status",
        },
      );
    }
    const next = resumeState(state, ctx.now);
    await saveState(file, next);
    await writeMarker(ctx.dataDir, next, file, ctx.now);
    return `loopkit repeat resumed (${next.loop_id}).\n\n${iterationPrompt(next)}\n`;
  });
}
