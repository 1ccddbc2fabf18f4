// A /loopkit:<kind> command in two halves. When the person types it, Claude Code runs loopkit's
// UserPromptExpansion hook first and the skill's `!` line right after (both CLI versions, measured:
// docs/claude-code-findings.md §20). The `!` line runs where the agent's commands run: inside Claude
// Code's sandbox, when it is on, where loopkit's data folder is read-only. The hook is not sandboxed.
// So the hook's half (`--from-hook`) carries out every request that writes and keeps its answer; the
// `!` line's half (`--from-skill`) answers read-only requests itself and shows the hook's answer for
// the rest. Only a command the person types fires that hook: neither a Skill tool call nor a prompt
// the agent schedules (CronCreate) does, so nothing the agent runs can start, cancel or take over a loop.
// A help, status or cancel is answered by the hook's half alone: the hook shows the answer and stops
// the prompt, so neither the `!` line nor the model runs for it (answeredAlone).
import { readJson } from "../state/json-store.js";
import { sessionMarkerPath } from "../state/paths.js";
import { LoopkitError } from "../shared/errors.js";
import { SessionMarkerSchema } from "../session/marker.js";
import { hookAnswerFor, saveHookAnswer, type HookAnswer } from "./hook-answer.js";
import type { Invocation } from "./invocation.js";
import type { CliIo } from "./io.js";
import { reportError } from "./report-error.js";
import { typedAnswerLine } from "../shared/typed-answer.js";
import { endWithParent } from "../shared/parent-watch.js";

/** What a loop kind's command tells the two halves. */
export interface SkillCommand<R> {
  kind: HookAnswer["kind"];
  parse(text: string): R;
  /** Requests that only read (help, status): the skill's own command answers them, under any sandbox. */
  readOnly(request: R): boolean;
  /**
   * Requests whose answer is all there is (help, status, cancel): the hook shows it to the person
   * itself and stops the prompt there, so no model turn is spent on it (typedAnswerLine).
   */
  answeredAlone(request: R): boolean;
  /** Carries the request out and prints its answer on `io`. */
  run(request: R, io: CliIo): Promise<void>;
  /** The skill's line about the agent's sandbox after `request` was answered (a replayed answer, or a read-only one), or null. */
  sandboxLine(request: R, answer: HookAnswer | null): Promise<string | null>;
}

/**
 * `--from-hook`: carries out a request that writes and keeps what it printed for the skill's command.
 * A request answered alone (help, status, cancel) is also carried out here, and its answer printed as
 * one JSON line (typedAnswerLine) for the hook to show in place of the prompt; a read-only one then
 * keeps nothing (should the skill's command run after all, it answers it itself). Prints nothing else.
 */
export async function answerInHook<R>(command: SkillCommand<R>, text: string, inv: Invocation, io: CliIo): Promise<void> {
  const session = inv.requireSession("carry out a slash command", "loopkit's hook passes the session id; nothing was started");
  // The hook waits for this answer: a hook that is ended takes this run (and what it started) with it.
  endWithParent();
  let stdout = "";
  let stderr = "";
  const captured: CliIo = { ...io, stdout: (out) => void (stdout += out), stderr: (err) => void (stderr += err), exitCode: 0 };
  let alone = false;
  let readOnly = false;
  try {
    refuseUnpassable(command.kind, text);
    const request = command.parse(text);
    alone = command.answeredAlone(request);
    readOnly = command.readOnly(request);
    if (readOnly && !alone) return;
    await command.run(request, captured);
  } catch (error) {
    captured.exitCode = reportError(error, captured);
  }
  if (alone && captured.exitCode === 0) io.stdout(typedAnswerLine(`${stdout}${stderr}`));
  if (readOnly) return;
  const data = inv.dataDirForStart();
  const marker =
    captured.exitCode === 0
      ? await readJson(sessionMarkerPath(data, session), SessionMarkerSchema).catch(() => ({ exists: false as const }))
      : { exists: false as const };
  const loopId = marker.exists && marker.value.kind === command.kind ? marker.value.loop_id : null;
  await saveHookAnswer(
    data,
    {
      version: 1,
      kind: command.kind,
      session_id: session,
      args: text,
      at: io.now().toISOString(),
      stdout,
      stderr,
      exit_code: captured.exitCode,
      loop_id: loopId,
    },
    io.now(),
  );
}

/**
 * Arguments that Claude Code will not hand to the skill's `!` line whole, though the hook (which runs
 * first) sees them: its permission check refuses a backslash before whitespace or at the end (both
 * versions) and a carriage return (2.1.197), and a line starting with three backticks ends the `!`
 * block early (docs/claude-code-findings.md §1, §20). Carried out, such a command would start a loop
 * whose skill never runs; so it is refused here, before anything is done.
 */
function refuseUnpassable(kind: string, text: string): void {
  const why = /\\(\s|$)/.test(text)
    ? "a backslash before a space, a line break or the end"
    : text.includes("\r")
      ? "a carriage return (Windows line ends)"
      : /^\s*```/m.test(text)
        ? "a line that starts with ```"
        : null;
  if (why) {
    throw new LoopkitError(
      "USAGE",
      `the arguments hold ${why}, which Claude Code does not pass to loopkit's skill command whole: nothing was started or changed`,
      {
        hint: `quote the text instead, or leave that out, and type /loopkit:${kind} again`,
      },
    );
  }
}

/** `--from-skill`: the hook's answer to this command when there is one; else a read-only request answered here; else NO_HOOK. */
export async function answerInSkill<R>(command: SkillCommand<R>, text: string, inv: Invocation, io: CliIo): Promise<void> {
  const session = inv.session();
  const answer = session === undefined ? undefined : await hookAnswerFor(inv.dataDirForStart(), session, command.kind, text, io.now());
  if (answer) {
    io.stdout(answer.stdout);
    io.stderr(answer.stderr);
    io.exitCode = answer.exit_code;
    if (answer.exit_code !== 0) return;
    const line = await lineFor(command, text, answer);
    if (line) io.stdout(`${line}\n`);
    return;
  }
  const request = command.parse(text);
  if (!command.readOnly(request)) {
    const typed = text.trim().length > 60 ? `${text.trim().slice(0, 57)}...` : text.trim();
    throw new LoopkitError(
      "NO_HOOK",
      `/loopkit:${command.kind} ${typed} needs loopkit's UserPromptExpansion hook, which did not answer this command: nothing was started or changed`,
      {
        hint: "loopkit's hooks must be on (not disableAllHooks, not --bare); check them with /hooks, then type the command again",
      },
    );
  }
  await command.run(request, io);
  const line = await command.sandboxLine(request, null);
  if (line) io.stdout(`${line}\n`);
}

/** The sandbox line after a replayed answer; the `!` line's copy of the arguments parses as the typed text did, or no line is added. */
async function lineFor<R>(command: SkillCommand<R>, text: string, answer: HookAnswer): Promise<string | null> {
  let request: R;
  try {
    request = command.parse(text);
  } catch {
    return null;
  }
  return command.sandboxLine(request, answer);
}
