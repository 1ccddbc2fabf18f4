// Resuming the owning session (`claude --resume <id>` / `--continue`). Claude Code 2.1.197 gives the
// SessionStart(resume) hook the *parent's* session id even under --fork-session, so that hook cannot
// tell a fork from the owner. It only notes "resume pending"; the first UserPromptSubmit, which
// carries the session's real id, renews the heartbeat and puts the loop context back.
import { promises as fs } from "node:fs";
import * as z from "zod";
import { readJson, withLock, writeJson } from "../../state/json-store.js";
import type { HookContext } from "../../session/handlers.js";
import { ownsLoop } from "../../session/owner.js";
import type { SessionStartInput, UserPromptSubmitInput } from "../../session/input.js";
import type { ContextDecision } from "../../session/output.js";
import { resumeState } from "../core/transitions.js";
import { resumePendingFile } from "../hook-events.js";
import { loopContext } from "../core/loop-context.js";
import { RESUME_HINT } from "../core/prompts.js";
import { AutoLoopStateSchema, type AutoLoopState } from "../core/state.js";
import { loopFiles, persist } from "../data/store.js";

const ResumePendingSchema = z.object({
  version: z.literal(1),
  loop_id: z.string().min(1),
  session_id: z.string().min(1),
  at: z.iso.datetime(),
});

type Ctx = HookContext<SessionStartInput> | HookContext<UserPromptSubmitInput>;

/** The running loop this session owns, or undefined. A corrupt or missing state is left for the Stop hook to report. */
export async function readOwned(ctx: Ctx): Promise<AutoLoopState | undefined> {
  const read = await readJson(ctx.marker.state_file, AutoLoopStateSchema).catch(() => ({ exists: false as const }));
  if (!read.exists) return undefined;
  const state = read.value;
  return state.status === "pursuing" && ownsLoop(state, ctx) ? state : undefined;
}

/** SessionStart(resume): remember that the owner may be back; nothing else changes yet. */
export async function noteResume(ctx: HookContext<SessionStartInput>): Promise<void> {
  if (!(await readOwned(ctx))) return;
  await writeJson(resumePendingFile(ctx.marker.state_file), ResumePendingSchema, {
    version: 1,
    loop_id: ctx.marker.loop_id,
    session_id: ctx.input.session_id,
    at: ctx.now().toISOString(),
  });
}

/** UserPromptSubmit in the owning session after a resume: heartbeat, history line, loop context. */
export async function resumeOnPrompt(ctx: HookContext<UserPromptSubmitInput>): Promise<ContextDecision | undefined> {
  const file = resumePendingFile(ctx.marker.state_file);
  const files = { ...loopFiles(ctx.dataDir, ctx.marker.project_dir), state: ctx.marker.state_file };
  const state = await withLock(files.state, async () => {
    const pending = await readJson(file, ResumePendingSchema).catch(() => ({ exists: false as const }));
    if (!pending.exists || pending.value.session_id !== ctx.input.session_id || pending.value.loop_id !== ctx.marker.loop_id)
      return undefined;
    await fs.rm(file, { force: true });
    const owned = await readOwned(ctx);
    if (!owned) return undefined;
    const now = ctx.now();
    const renewed = resumeState(owned, now);
    return persist(files, renewed.state, renewed.history, now);
  });
  if (!state) return undefined;
  return {
    kind: "context",
    eventName: "UserPromptSubmit",
    context: loopContext(state, ctx.now(), "resume"),
    message: state.pause
      ? `loopkit auto-loop: paused at iteration ${state.iteration} of ${state.caps.max_iterations} (${state.pause.reason}); loop context restored. ${RESUME_HINT}`
      : `loopkit auto-loop: resumed at iteration ${state.iteration} of ${state.caps.max_iterations}; loop context restored.`,
  };
}
