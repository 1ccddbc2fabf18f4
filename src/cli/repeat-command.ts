// `loopkit repeat`: what /loopkit:repeat runs. The skill passes the person's text on stdin
// (--args-stdin) so it never goes through a shell; from a terminal, plain words work too.
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { quoteForShell } from "../shared/split-words.js";
import { MIN_INTERVAL_MS, parseRepeatArgs, parseRepeatWords, type RepeatRequest } from "../repeat/args.js";
import { blockCapWarning } from "../repeat/block-cap.js";
import { REPEAT_HELP } from "../repeat/help.js";
import { cancelLoop, findLoop, resumeLoop, startLoop, type RepeatContext } from "../repeat/start.js";
import { formatStatus, repeatStatus } from "../repeat/status.js";
import { loadSummary } from "../checkpoint/summary.js";
import { statsFile } from "../repeat/stats-store.js";
import { loadState, projectLoops } from "../repeat/store.js";
import { isActive } from "../repeat/decide.js";
import { repeatStateFile } from "../repeat/state.js";
import { resolveDataDir } from "../state/find-data-dir.js";
import { SESSION_ID_PATTERN } from "../state/paths.js";
import { LoopkitError } from "../shared/errors.js";
import { answerForSkill } from "./skill-answer.js";
import type { CliIo } from "./io.js";

interface Options {
  session?: string;
  project?: string;
  pluginData?: string;
  argsStdin?: boolean;
}

export function registerRepeatCommand(program: Command, io: CliIo): void {
  program
    .command("repeat")
    .description("run a prompt or slash command on a real timer, with an iteration cap, early success and a failure breaker (--help for usage)")
    .option("--session <id>", "the Claude Code session that owns the loop")
    .option("--project <dir>", "the project root (CLAUDE_PROJECT_DIR; default: the current directory)")
    .option("--plugin-data <dir>", "Claude Code's CLAUDE_PLUGIN_DATA (a skill's shell does not have it; the hook does)")
    .option("--args-stdin", "read the person's arguments from stdin")
    .argument("[words...]", "interval, prompt or /command and options, when not given on stdin")
    // The person's own flags (--iterations, --status, ...) and --help reach loopkit's parser as words.
    .allowUnknownOption(true)
    .helpOption(false)
    .action(async (words: string[], options: Options) => {
      if (options.argsStdin && words.length > 0) throw new LoopkitError("USAGE", "give the arguments on stdin or as words, not both");
      const minInterval = minIntervalMs(io.env);
      const request = options.argsStdin
        ? parseRepeatArgs(await io.readStdin(), minInterval)
        : parseRepeatWords(words.map((value) => ({ value, raw: quoteForShell(value) })), minInterval);
      await answerForSkill(options.argsStdin, io, () => runRequest(request, options, io));
    });
}

async function runRequest(request: RepeatRequest, options: Options, io: CliIo): Promise<void> {
  if (request.mode === "help") {
    io.stdout(REPEAT_HELP);
    return;
  }
  const ctx: RepeatContext = {
    dataDir: resolveDataDir(io.env, options.pluginData),
    projectDir: resolveProject(options, io),
    now: io.now(),
    statsFile: path.resolve(io.cwd, statsFile(io.env)),
  };
  const session = options.session ? requireSession(options.session) : undefined;
  switch (request.mode) {
    case "start":
      if (!session) throw noSession("start a loop");
      {
        const capWarning = blockCapWarning(request.command, request.maxIterations, io.env);
        io.stdout(await startLoop(ctx, session, capWarning ? { ...request, warnings: [...request.warnings, capWarning] } : request));
      }
      return;
    case "cancel":
      io.stdout(await cancelLoop(ctx, await findLoop(ctx, session)));
      return;
    case "resume":
      if (!session) throw noSession("resume a loop");
      io.stdout(await resumeLoop(ctx, session));
      return;
    case "status": {
      const state = await statusTarget(ctx, session);
      const status = repeatStatus(ctx.projectDir, state, ctx.now, await loadSummary(ctx.dataDir, ctx.projectDir, state?.loop_id, ctx.now));
      io.stdout(request.json ? `${JSON.stringify(status, null, 2)}\n` : formatStatus(status, ctx.now));
      return;
    }
  }
}

/** The loop --status shows: this session's; else the project's active one, or its latest. */
async function statusTarget(ctx: RepeatContext, session: string | undefined) {
  if (session) {
    const own = await loadState(repeatStateFile(ctx.dataDir, session), ctx.now);
    if (own) return own;
  }
  const loops = await projectLoops(ctx.dataDir, ctx.projectDir);
  return (loops.find((loop) => isActive(loop.state)) ?? loops[0])?.state;
}

/** The floor intervals are raised to: 1 minute. LOOPKIT_REPEAT_MIN_INTERVAL_MS lowers it, for tests only. */
function minIntervalMs(env: NodeJS.ProcessEnv): number {
  const override = Number(env.LOOPKIT_REPEAT_MIN_INTERVAL_MS);
  return Number.isSafeInteger(override) && override >= 1000 ? override : MIN_INTERVAL_MS;
}

function resolveProject(options: Options, io: CliIo): string {
  const full = path.resolve(io.cwd, options.project || io.env.CLAUDE_PROJECT_DIR || io.cwd);
  if (!existsSync(full)) throw new LoopkitError("USAGE", `project folder ${full} does not exist`, { value: full });
  return realpathSync(full);
}

function requireSession(id: string): string {
  if (!SESSION_ID_PATTERN.test(id)) throw new LoopkitError("NO_SESSION", `session id "${id}" has an unexpected shape`, { value: id });
  return id;
}

/** A loop acts only in the session that started it, so without a session id nothing starts. */
function noSession(what: string): LoopkitError {
  return new LoopkitError("NO_SESSION", `no Claude Code session id was given, so loopkit cannot ${what}`, {
    hint: "use /loopkit:repeat inside Claude Code (it passes --session); nothing was started",
  });
}
