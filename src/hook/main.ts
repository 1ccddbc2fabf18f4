// Entry point of every loopkit hook (dist/hook.cjs). It must cost next to nothing in a session that
// runs no loop, so it is a small CommonJS file with no dependencies: it parses stdin, checks one
// marker file, asks the loop kind whether the event may change anything (a prompt the person types
// mostly does not), and only then loads the rest of loopkit (zod validation included) from dist/hook-active.js.
// A loopkit slash command the person typed (UserPromptExpansion) is handed to loopkit's CLI instead;
// a typed help, status or cancel is answered by the hook itself, without a model turn.
// It never throws and never blocks a session because of its own failure: problems go to stderr, exit 0.
import { readFileSync } from "node:fs";
import path from "node:path";
import { readPipedInput } from "../shared/read-piped-input.js";
import { entryOf } from "../loops/entry.js";
import { RECURSION_GUARD, underRecursionGuard } from "../shared/recursion-guard.js";
import { carryOutSkillRequest, skillRequestOf } from "./skill-request.js";
import { SESSION_ID_PATTERN } from "../state/paths.js";
import { locateMarker } from "../state/locate.js";

type DispatchModule = {
  dispatchHook(payload: unknown, dataDir: string): Promise<Record<string, unknown> | undefined>;
  dispatchBackground(
    payload: unknown,
    dataDir: string,
  ): Promise<{ kind: "wake"; prompt: string; message?: string } | { kind: "none"; message?: string }>;
};

/**
 * `hook.cjs --background`: the asyncRewake hook hooks.json starts beside the Stop hook. Claude Code
 * runs it without holding the session; its exit code 2 wakes the model with its stderr as a new turn.
 */
const BACKGROUND = process.argv.includes("--background");

/**
 * `--plugin-data <dir>`: hooks.json passes `${CLAUDE_PLUGIN_DATA}`, which Claude Code substitutes from
 * its own value; a settings `env` block cannot change it, while it does change $LOOPKIT_DATA_DIR
 * (measured, docs/claude-code-findings.md).
 */
function pluginDataArg(): string | undefined {
  const at = process.argv.indexOf("--plugin-data");
  const value = at === -1 ? undefined : process.argv[at + 1];
  return value && path.isAbsolute(value) ? value : undefined;
}

function warn(line: string): void {
  process.stderr.write(`loopkit: ${line.replace(/\s+/g, " ").trim()}\n`);
}

/** False only when the marker's loop kind says the event changes nothing; a marker it cannot read goes to the active path, which reports it. */
function mayAct(payload: Record<string, unknown>, markerFile: string): boolean {
  let marker: unknown;
  try {
    marker = JSON.parse(readFileSync(markerFile, "utf8"));
  } catch {
    return true;
  }
  if (typeof marker !== "object" || marker === null) return true;
  const actsOn = entryOf((marker as { kind?: unknown }).kind)?.actsOn;
  return actsOn ? actsOn({ payload, marker: marker as Record<string, unknown>, background: BACKGROUND }) : true;
}

async function main(): Promise<void> {
  let payload: unknown;
  try {
    payload = JSON.parse(await readPipedInput());
  } catch (error) {
    warn(`ignoring hook input that is not valid JSON (${(error as Error).message})`);
    return;
  }
  const sessionId = (payload as { session_id?: unknown } | null)?.session_id;
  if (typeof sessionId !== "string" || !SESSION_ID_PATTERN.test(sessionId)) {
    warn("ignoring hook input without a usable session_id; no loop acts in a session it cannot identify");
    return;
  }
  // A loopkit command the person typed: carried out here, with the person's rights (skill-request.ts).
  const request = skillRequestOf(payload as Record<string, unknown>);
  if (request) {
    const done = await carryOutSkillRequest(request, sessionId, pluginDataArg());
    if (!done.ok) warn(`could not carry out /loopkit:${request.kind}: ${done.detail}`);
    // A help, status or cancel is answered here: the block shows the answer to the person and sends
    // the prompt to no model, and the skill's `!` line does not run (both versions, §22).
    if (done.answer !== null) process.stdout.write(`${JSON.stringify({ decision: "block", reason: done.answer })}\n`);
    return;
  }
  // Claude Code's own data folder first when it holds this session's files: the env cannot redirect or silence it (locate.ts, step 0).
  const found = locateMarker({ env: process.env, pluginData: pluginDataArg(), session: sessionId, pinned: true });
  if (!found || !mayAct(payload as Record<string, unknown>, found.file)) return;
  const data = found.dataDir;
  // A nested Claude Code run started by loopkit itself (the audit) must never drive a loop; its fresh
  // session owns no marker, so it is gone by now. A session that owns one is judged even when the guard
  // is set: it may come from the environment a settings file hands to hooks, and must not end the loop unjudged.
  if (underRecursionGuard(process.env)) warn(`${RECURSION_GUARD} is set in a session that owns a loop; judging it all the same`);
  // Not a literal specifier on purpose: the bundler must leave the active path in its own file.
  const activePath = new URL("./hook-active.js", import.meta.url).href;
  const active = (await import(activePath)) as DispatchModule;
  if (!BACKGROUND) {
    const output = await active.dispatchHook(payload, data);
    if (output) process.stdout.write(`${JSON.stringify(output)}\n`);
    return;
  }
  const wake = await active.dispatchBackground(payload, data);
  if (wake.message) process.stdout.write(`${JSON.stringify({ systemMessage: wake.message })}\n`);
  if (wake.kind !== "wake") return;
  // Claude Code puts text of its own before the first line (claude -p: "[<hook command>]: ", the UI:
  // hooks.json's rewakeMessage); the newline keeps the prompt's own first line ("loopkit repeat:
  // iteration 2/5 ...") a line of its own.
  process.stderr.write(`\n${wake.prompt}`);
  process.exitCode = 2;
}

main().then(
  () => {
    process.exitCode ??= 0;
  },
  (error: unknown) => {
    const line = `loopkit's hook failed before it could judge this session's loop: ${error instanceof Error ? error.message : String(error)}. Check it with /loopkit:auto-loop --status or /loopkit:repeat --status.`;
    warn(line);
    // The person sees a systemMessage; stderr alone reaches only the debug log.
    process.stdout.write(`${JSON.stringify({ systemMessage: line })}\n`);
    process.exitCode = 0;
  },
);
