// What loopkit's UserPromptExpansion hook did with a typed /loopkit:<kind> command, kept for the
// skill's `!` line that runs right after it: exactly the output and exit code the command produced,
// which the `!` line shows as its own. One file per session, in loopkit's data folder (outside the
// project: a sandboxed agent can read it but never write one).
import { promises as fs } from "node:fs";
import path from "node:path";
import * as z from "zod";
import { LOOP_KINDS } from "../shared/loop-kinds.js";
import { readJson, writeJson } from "../state/json-store.js";
import { sessionAnswerPath } from "../state/paths.js";

/** How long after the hook its answer still belongs to the command that follows it (that runs within a second or so). */
export const ANSWER_FRESH_MS = 60_000;
/** Answers older than this are removed when another is kept. */
const STALE_ANSWER_MS = 24 * 3_600_000;

const HookAnswerSchema = z.object({
  version: z.literal(1),
  kind: z.enum(LOOP_KINDS),
  session_id: z.string().min(1),
  /** The command's arguments exactly as typed (Claude Code's command_args). */
  args: z.string(),
  at: z.iso.datetime(),
  stdout: z.string(),
  stderr: z.string(),
  exit_code: z.int(),
  /** The loop the command started or took over in this session, when it did. */
  loop_id: z.string().nullable(),
});
export type HookAnswer = z.infer<typeof HookAnswerSchema>;

export const hookAnswerFile = sessionAnswerPath;

/** Keeps `answer` for the skill's command, and drops other sessions' answers no command can use any more (a day old). */
export async function saveHookAnswer(data: string, answer: HookAnswer, now: Date): Promise<void> {
  await writeJson(hookAnswerFile(data, answer.session_id), HookAnswerSchema, answer);
  const dir = path.dirname(hookAnswerFile(data, answer.session_id));
  for (const name of await fs.readdir(dir).catch(() => [])) {
    const file = path.join(dir, name);
    const stat = await fs.lstat(file).catch(() => null);
    if (stat?.isFile() && now.getTime() - stat.mtimeMs > STALE_ANSWER_MS) await fs.rm(file, { force: true });
  }
}

const plain = (text: string) => text.replace(/[\s\\`]/g, "");

/**
 * The `!` line's copy of the arguments differs from what was typed: Claude Code writes `\!` for a `!`
 * at a word start, drops `\r`, and the heredoc adds a line break (docs/claude-code-findings.md §1, §20).
 * Both sides compare equal when they differ only in that.
 */
export function sameArguments(typed: string, copy: string): boolean {
  return plain(typed) === plain(copy);
}

/** An answer belongs to the `!` line's copy when the arguments are the same, or when it refused arguments the copy is cut from (a ``` line ends the `!` block early). */
function answers(answer: HookAnswer, copy: string): boolean {
  return sameArguments(answer.args, copy) || (answer.exit_code !== 0 && plain(answer.args).startsWith(plain(copy)));
}

/** The hook's answer to this very command: this session's, this kind's, fresh, for the same arguments; else undefined. */
export async function hookAnswerFor(
  data: string,
  sessionId: string,
  kind: HookAnswer["kind"],
  copy: string,
  now: Date,
): Promise<HookAnswer | undefined> {
  const read = await readJson(hookAnswerFile(data, sessionId), HookAnswerSchema).catch(() => ({ exists: false as const }));
  if (!read.exists) return undefined;
  const answer = read.value;
  const age = now.getTime() - Date.parse(answer.at);
  const matches = answer.session_id === sessionId && answer.kind === kind && age >= 0 && age <= ANSWER_FRESH_MS && answers(answer, copy);
  return matches ? answer : undefined;
}
