// The hook's half of a /loopkit:<kind> command the person typed (the other half is the skill's `!`
// line; see src/cli/skill-request.ts). Claude Code fires UserPromptExpansion when a typed slash
// command expands, with the name it resolved and where that command came from; hooks.json narrows the
// hook to loopkit's names (each kind's entry part names its own). Only loopkit's own skill counts: a
// project or user command that takes the name (`.claude/commands/loopkit/repeat.md` does) is someone
// else's, and nothing is done for it. The request is carried out by loopkit's CLI, started here with
// the person's rights (hooks are not sandboxed), which keeps its answer for the skill's command.
// Dependency-free: bundled into hook.cjs.
import path from "node:path";
import { kindOfCommand } from "../loops/entry.js";
import type { LoopKind } from "../shared/loop-kinds.js";
import { typedAnswerOf } from "../shared/typed-answer.js";

/**
 * Under the hook's own timeout in hooks.json (300 s): the CLI is ended first, so nothing it does lands
 * after the skill's command has said that the hook did not answer.
 */
const CLI_TIMEOUT_MS = 280_000;

export interface SkillRequest {
  kind: LoopKind;
  /** The arguments exactly as typed. */
  args: string;
}

/** The loopkit command a UserPromptExpansion payload expands, or null for anything else. */
export function skillRequestOf(payload: Record<string, unknown>): SkillRequest | null {
  if (
    payload.hook_event_name !== "UserPromptExpansion" ||
    payload.expansion_type !== "slash_command" ||
    payload.command_source !== "plugin"
  )
    return null;
  const kind = kindOfCommand(payload.command_name);
  if (!kind) return null;
  return { kind, args: typeof payload.command_args === "string" ? payload.command_args : "" };
}

/**
 * Runs `loopkit <kind> --from-hook` for the session; ok when it ran to its end (its answer is then
 * kept). `answer`: the whole answer to a typed help, status or cancel, which the hook shows in place
 * of the prompt. child_process and url load only here: every other hook event stays as cheap as before.
 */
export async function carryOutSkillRequest(
  request: SkillRequest,
  sessionId: string,
  pluginData: string | undefined,
): Promise<{ ok: boolean; detail: string; answer: string | null }> {
  const { spawnSync } = await import("node:child_process");
  const { fileURLToPath } = await import("node:url");
  const cli = path.join(path.dirname(fileURLToPath(import.meta.url)), "cli.js");
  const args = [
    cli,
    request.kind,
    "--from-hook",
    "--session",
    sessionId,
    "--claude-pid",
    String(process.ppid),
    ...(pluginData ? ["--plugin-data", pluginData] : []),
    "--args-stdin",
  ];
  const run = spawnSync(process.execPath, args, {
    input: request.args,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: CLI_TIMEOUT_MS,
    killSignal: "SIGKILL",
  });
  if (run.error) return { ok: false, detail: run.error.message, answer: null };
  return run.status === 0
    ? { ok: true, detail: "", answer: typedAnswerOf(run.stdout ?? "") }
    : { ok: false, detail: `exit ${run.status ?? run.signal}: ${(run.stderr ?? "").trim()}`, answer: null };
}
