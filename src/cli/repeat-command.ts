// `loopkit repeat`: what /loopkit:repeat runs. The skill passes the person's text on stdin
// (--args-stdin) so it never goes through a shell; from a terminal, plain words work too. Typed in a
// terminal with no session id, a start or --resume runs the loop right there (repeat-terminal.ts).
// Inside Claude Code the command has two halves, the hook's and the skill's (skill-request.ts).
import path from "node:path";
import { Option, type Command } from "commander";
import { argvWords } from "../shared/split-words.js";
import { MIN_INTERVAL_MS, parseRepeatArgs, parseRepeatWords, type RepeatRequest } from "../repeat/args.js";
import { blockCapWarning } from "../repeat/block-cap.js";
import { REPEAT_HELP } from "../repeat/help.js";
import { cancelLoop, findLoop, resumeLoop, startLoop, type RepeatContext } from "../repeat/start.js";
import { formatStatus, repeatStatus } from "../repeat/status.js";
import { loadSummary } from "../checkpoint/summary.js";
import { scanLoops } from "../repeat/store.js";
import { pruneEndedLoops } from "../repeat/prune.js";
import { isActive, RepeatStateSchema, repeatStateFile, terminalRunDir } from "../repeat/state.js";
import { runnerAlive } from "../run/runner-lock.js";
import { agentLine, measuringSandbox, settleSandbox } from "../auto-loop/core/agent-sandbox.js";
import { dataInProject, removeProbe, writeProbe } from "../auto-loop/data/sandbox-probe.js";
import { LoopkitError } from "../shared/errors.js";
import { refuseUnderRecursionGuard } from "../shared/recursion-guard.js";
import { invocation, type Invocation } from "./invocation.js";
import { readForStatus, withProblem } from "./read-for-status.js";
import { dataFolderProblem } from "../state/data-folder.js";
import { runFromTerminal, type TerminalOptions } from "./repeat-terminal.js";
import { answerForSkill } from "./skill-answer.js";
import { messagePrinter } from "./terminal-commands.js";
import { answerInHook, answerInSkill, type SkillCommand } from "./skill-request.js";
import { addSkillOptions, type SkillOptions } from "./skill-options.js";
import { optionNamesOf, rawArgsOf, splitAtDoubleDash } from "./double-dash.js";
import { useHelpText } from "./help-text.js";
import { withWord } from "./tell.js";
import type { CliIo } from "./io.js";

interface Options extends SkillOptions, TerminalOptions {}

const SESSION_HINT = "use /loopkit:repeat inside Claude Code (it passes --session); nothing was started";

export function registerRepeatCommand(program: Command, io: CliIo): void {
  const command = addSkillOptions(
    program
      .command("repeat")
      .description("run a prompt or slash command on a real timer, with an iteration cap, early success and a failure breaker")
      .option("--session <id>", "the Claude Code session that owns the loop")
      .option("--project <dir>", "the project root (default: $CLAUDE_PROJECT_DIR, else the current directory)")
      .option("--plugin-data <dir>", "loopkit's data folder (the skill passes CLAUDE_PLUGIN_DATA)")
      .option("--args-stdin", "read the person's arguments from stdin")
      .option("--detach", "from a terminal: run the loop in a process of its own that outlives the terminal")
      .option("--fresh", "from a terminal: a fresh claude conversation each iteration")
      .option("--timeout <duration>", "from a terminal: stop an iteration's claude after this long (it counts as failed)")
      .addOption(new Option("--runner-log <file>", "the log of a detached runner (set by --detach)").hideHelp()),
  )
    .argument("[words...]", "interval, prompt or /command and options, when not given on stdin")
    // The person's own flags (--iterations, --status, ...) and --help reach loopkit's parser as words.
    .allowUnknownOption(true)
    .action(async (words: string[], options: Options, self: Command) => {
      if (options.argsStdin && words.length > 0)
        throw new LoopkitError("USAGE", "give the arguments on stdin or as words, not both", {
          hint: "drop --args-stdin, or pass no words",
        });
      const minInterval = minIntervalMs(io.env);
      if (options.session === undefined && !options.argsStdin) {
        io.exitCode = await fromTerminal(words, self, minInterval, options, io);
        return;
      }
      if (options.detach || options.fresh || options.timeout !== undefined)
        throw new LoopkitError("USAGE", "--detach, --fresh and --timeout are for a loop started from a terminal, without --session", {
          hint: "inside Claude Code the loop runs in its session",
        });
      // Both halves of a typed command find the session's folder as its hooks do (locate.ts, step 0).
      const inv = invocation({ ...options, pinned: options.fromHook || options.fromSkill }, io);
      const skill: SkillCommand<RepeatRequest> = {
        kind: "repeat",
        parse: (text) => parseRepeatArgs(text, minInterval),
        readOnly: (request) => request.mode === "help" || request.mode === "status",
        answeredAlone: (request) => request.mode === "help" || request.mode === "status" || request.mode === "cancel",
        run: (request, out) => answerForSkill(true, out, () => runRequest(request, inv, out, messagePrinter(out.stdout, false))),
        sandboxLine: (request, answer) => measureHere(request, answer, inv, io),
      };
      if (options.fromHook) return answerInHook(skill, await io.readStdin(), inv, io);
      if (options.fromSkill) return answerInSkill(skill, await io.readStdin(), inv, io);
      const request = options.argsStdin
        ? parseRepeatArgs(await io.readStdin(), minInterval)
        : parseRepeatWords(argvWords(words), minInterval);
      await answerForSkill(options.argsStdin, io, () => runRequest(request, inv, io, messagePrinter(io.stdout, !options.argsStdin)));
    });
  useHelpText(command, REPEAT_HELP);
}

/**
 * The skill's command, after a start, a resume or a status: whether it (and so the agent, whose
 * commands run where it runs) is in a sandbox, by the auto-loop's rule. A repeat loop runs no project
 * code from its hooks, so that is all the sandbox means for it: nothing is kept.
 */
async function measureHere(
  request: RepeatRequest,
  answer: { exit_code: number } | null,
  inv: Invocation,
  io: CliIo,
): Promise<string | null> {
  const shown = request.mode === "status" ? !request.json : request.mode === "start" || request.mode === "resume";
  const session = inv.session();
  if (!shown || !session || (answer && answer.exit_code !== 0)) return null;
  const file = path.join(inv.dataDirForStart(), "answers", `${session}.sandbox-probe.json`);
  const here = { loop_id: "repeat", session_id: session };
  const probe = await writeProbe(file, here, io.env, io.now());
  if (probe) await removeProbe(file);
  const found = settleSandbox(measuringSandbox(false), probe, here, dataInProject(file, inv.projectDir()));
  return `Sandbox: ${agentLine(found)}. A repeat loop runs no project code from its hooks: every iteration is the agent's own turn, under this session's own sandbox and permissions.`;
}

/**
 * A terminal's words: from a terminal, `--` starts claude's own options (as for `loopkit run`), so a
 * command with flags of its own is quoted. A start or --resume runs the loop here; the rest is as in the skill.
 */
async function fromTerminal(words: string[], self: Command, minInterval: number, options: Options, io: CliIo): Promise<number> {
  const { loopWords, claudeArgs } = splitAtDoubleDash(words, rawArgsOf(self));
  const request = parseRepeatWords(argvWords(loopWords), minInterval, optionNamesOf(self));
  const inv = invocation(options, io);
  if (request.mode === "start" || request.mode === "resume") {
    refuseUnderRecursionGuard(io.env, "a repeat loop");
    return runFromTerminal(request, claudeArgs, loopWords, options, inv, io);
  }
  if (claudeArgs.length > 0 || options.detach || options.fresh || options.timeout !== undefined) {
    throw new LoopkitError(
      "USAGE",
      `--detach, --fresh, --timeout and claude options (after --) go with a start or --resume, not with --${request.mode}`,
      { hint: "run loopkit repeat --help for usage" },
    );
  }
  await runRequest(request, inv, io, messagePrinter(io.stdout, true));
  return io.exitCode;
}

/** `say` prints loopkit's messages for where they are read (terminal-commands.ts). */
async function runRequest(request: RepeatRequest, inv: Invocation, io: CliIo, say: (text: string) => void): Promise<void> {
  if (request.mode === "help") {
    io.stdout(REPEAT_HELP);
    return;
  }
  const projectDir = inv.projectDir();
  const session = inv.session();
  const now = io.now();
  if (request.mode === "status") {
    const data = inv.dataDir();
    const { state, unreadable } = data === null ? { state: undefined, unreadable: [] } : await statusTarget(data, projectDir, session);
    for (const line of unreadable) io.stderr(`${line}\n`);
    const alive = data !== null && state?.terminal ? await runnerAlive(terminalRunDir(data, state.project_dir)) : true;
    const status = repeatStatus(projectDir, state, now, await loadSummary(data, projectDir, state?.loop_id, now), alive);
    if (request.json) io.stdout(`${JSON.stringify(status, null, 2)}\n`);
    else say(withProblem(formatStatus(status, now), data && (await dataFolderProblem(data))));
    io.exitCode = status.exit_code;
    return;
  }
  if (request.mode === "cancel") {
    const data = inv.dataDir();
    if (data === null)
      throw new LoopkitError("NO_LOOP", `no active repeat loop in ${projectDir}`, { hint: "see /loopkit:repeat --status" });
    const ctx = context(data, projectDir, inv, now);
    const file = await findLoop(ctx, session);
    const { result, lines } = await withWord(io, "repeat", file, () => cancelLoop(ctx, file), data);
    say([result, ...lines.map((line) => `${line}\n`)].join(""));
    return;
  }
  refuseUnderRecursionGuard(io.env, "a repeat loop");
  const ctx = context(inv.dataDirForStart(), projectDir, inv, now);
  if (request.mode === "resume") {
    io.stdout(await resumeLoop(ctx, inv.requireSession("resume a loop", SESSION_HINT)));
    return;
  }
  const sessionId = inv.requireSession("start a loop", SESSION_HINT);
  const capWarning = blockCapWarning(request.command, request.maxIterations, io.env);
  io.stdout(await startLoop(ctx, sessionId, capWarning ? { ...request, warnings: [...request.warnings, capWarning] } : request));
  await pruneEndedLoops(ctx.dataDir);
}

function context(dataDir: string, projectDir: string, inv: Invocation, now: Date): RepeatContext {
  return { dataDir, projectDir, now, statsFile: inv.statsFile() };
}

/** The loop --status shows: this session's; else the project's active one, or its latest. A state file
 * written after that one's start that cannot be read may be this project's newer loop: said, never skipped in silence. */
async function statusTarget(data: string, projectDir: string, session: string | undefined) {
  if (session) {
    const own = await readForStatus(repeatStateFile(data, session), RepeatStateSchema, "start a new loop with /loopkit:repeat");
    if (own) return { state: own, unreadable: [] };
  }
  const { loops, unreadable } = await scanLoops(data, projectDir);
  const state = (loops.find((loop) => isActive(loop.state)) ?? loops[0])?.state;
  const since = state ? Date.parse(state.started_at) : -Infinity;
  const newer = unreadable.filter((entry) => entry.modified.getTime() >= since);
  return {
    state,
    unreadable: newer.map(
      (entry) =>
        `loopkit: ${entry.file} (written ${entry.modified.toISOString()}) is not a readable repeat loop state; it may be this project's ${state ? "newer loop, so the loop below may not be the current one" : "loop"}. Look at it, then delete it or move it aside.`,
    ),
  };
}

/** The floor intervals are raised to: 1 minute. LOOPKIT_REPEAT_MIN_INTERVAL_MS lowers it, for tests only. */
function minIntervalMs(env: NodeJS.ProcessEnv): number {
  const override = Number(env.LOOPKIT_REPEAT_MIN_INTERVAL_MS);
  return Number.isSafeInteger(override) && override >= 1000 ? override : MIN_INTERVAL_MS;
}
