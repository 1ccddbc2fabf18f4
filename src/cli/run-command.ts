// `loopkit run`: an auto-loop driven headless as fresh `claude -p` phases (docs/long-runs.md).
import { randomUUID } from "node:crypto";
import os from "node:os";
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { noGoalError, parseWords, startFromGoalFile, type AutoLoopRequest } from "../auto-loop/args.js";
import { argvWords } from "../shared/split-words.js";
import { startLoop, takeOverLoop, type LoopContext } from "../auto-loop/lifecycle/start.js";
import { STATUS_EXIT_CODES } from "../auto-loop/core/status.js";
import { loopFiles } from "../auto-loop/data/store.js";
import { DEFAULT_GOAL_FILE } from "../auto-loop/project/goal-file.js";
import { runClaudePhase } from "../run/claude-phase.js";
import { RUN_HELP } from "../run/help.js";
import { gitHubActions, type ActionsRun } from "../action/github-actions.js";
import { phaseSandbox, phaseSettingsSources, type PhaseSandbox } from "../run/phase-sandbox.js";
import { takeSettingsOption, type Settings } from "../run/phase-settings.js";
import { runPhases } from "../run/phases.js";
import { checkSandbox } from "../sandbox/availability.js";
import { holdRunnerLock } from "../run/runner-lock.js";
import { takeoverStaleMs } from "../run/takeover-window.js";
import { LoopkitError } from "../shared/errors.js";
import { refuseUnderRecursionGuard } from "../shared/recursion-guard.js";
import { optionNamesOf, rawArgsOf, splitAtDoubleDash } from "./double-dash.js";
import { useHelpText } from "./help-text.js";
import { invocation } from "./invocation.js";
import { forTerminal } from "./terminal-commands.js";
import type { CliIo } from "./io.js";

interface Options {
  project?: string;
  pluginDir?: string;
  budgetLimitedOk?: boolean;
  /** False with --no-sandbox. */
  sandbox: boolean;
}

export function registerRunCommand(program: Command, io: CliIo): void {
  const command = program
    .command("run")
    .description("drive an auto-loop headless: one fresh claude -p session per phase, same caps, gate and records (--help for usage)")
    .option("--project <dir>", "the project root (default: $CLAUDE_PROJECT_DIR, else the current directory)")
    .option("--plugin-dir <dir>", "pass --plugin-dir to each phase's claude (when loopkit is not installed as a plugin)")
    .option("--budget-limited-ok", "exit 0, not 6, when the loop ends budget-limited")
    .option(
      "--no-sandbox",
      "do not turn Claude Code's sandbox on for the phases (the verifier then runs sandboxed only if your settings turn it on)",
    )
    .argument("[words...]", "<goal> --verify <cmd> [caps] | --takeover, then -- and claude's own options")
    .allowUnknownOption(true)
    .action(async (words: string[], options: Options, self: Command) => {
      io.exitCode = await run(splitAtDoubleDash(words, rawArgsOf(self)), optionNamesOf(self), options, io);
    });
  useHelpText(command, RUN_HELP);
}

async function run(
  { loopWords, claudeArgs }: { loopWords: string[]; claudeArgs: string[] },
  commandOptions: string[],
  options: Options,
  io: CliIo,
): Promise<number> {
  refuseUnderRecursionGuard(io.env, "loopkit run");
  const claude = takeSettingsOption(claudeArgs, io.cwd);
  const inv = invocation({ project: options.project }, io);
  const request = readRequest(loopWords, claudeArgs, commandOptions, () => inv.projectDir());
  if (request.mode === "usage" || request.mode === "help") {
    io.stdout(RUN_HELP);
    return 0;
  }
  if (request.mode === "status" || request.mode === "cancel") {
    throw new LoopkitError("USAGE", `loopkit run does not take --${request.mode}`, {
      hint: `use loopkit auto-loop --${request.mode} --project <dir>`,
    });
  }
  if (request.mode === "start" && request.codex)
    throw new LoopkitError("USAGE", "loopkit run drives claude; --codex does not apply", {
      hint: "to hand a goal to Codex, use /loopkit:auto-loop --codex",
    });
  const pluginDir = options.pluginDir === undefined ? null : pluginFolder(path.resolve(io.cwd, options.pluginDir));
  const projectDir = inv.projectDir();
  const sandbox = phaseSandbox(
    options.sandbox,
    await phaseSettingsSources(io.env, projectDir, claude.settings),
    io.env.HOME || os.homedir(),
  );
  // Nothing is recorded for phases that could not start: Claude Code's failIfUnavailable would end each one at once.
  if (sandbox.settings) await refuseWithoutSandbox(projectDir, io.env);
  const data = inv.dataDirForStart();
  const files = loopFiles(data, projectDir);
  const release = await holdRunnerLock(files.dir, (error) =>
    io.stderr(`loopkit run: lost the runner lock (${error.message}); another runner may start here\n`),
  );
  try {
    const now = io.now();
    const staleMs = request.mode === "takeover" ? await takeoverStaleMs(data, files, now, inv.settings().staleMs) : inv.settings().staleMs;
    const actions = gitHubActions(io.env, io.stdout);
    // The loop's launch (the verifier's and the audit's environment) and the phases get the same environment.
    const loop: LoopContext = {
      dataDir: data,
      projectDir,
      sessionId: randomUUID(),
      now,
      staleMs,
      env: actions ? actions.phaseEnv(io.env) : io.env,
      agentSandbox: sandbox.agent,
    };
    const instruction = request.mode === "start" ? await startLoop(loop, request) : await takeOverLoop(loop);
    io.stdout(
      `loopkit run: auto-loop in ${projectDir}; each phase is a fresh \`${io.env.LOOPKIT_CLAUDE_BIN || "claude"} -p\` session, ${sandboxLine(sandbox)}.\n`,
    );
    const report = (code: number, stoppedBy?: string) =>
      actions?.report(
        { files, projectDir, now: io.now(), staleMs },
        { code, budgetLimitedOk: Boolean(options.budgetLimitedOk), stoppedBy },
      );
    const stopReporting = actions ? actions.reportOnInterrupt(report) : sayOnInterrupt(io);
    let code: number;
    try {
      code = await runLoop(
        loop,
        instruction,
        { args: claude.rest, settings: claude.settings, sandbox: sandbox.settings },
        pluginDir,
        io,
        actions,
      );
    } catch (error) {
      await report(1)?.catch(() => undefined);
      throw error;
    } finally {
      stopReporting?.();
    }
    if (code === STATUS_EXIT_CODES["budget-limited"] && options.budgetLimitedOk) code = 0;
    await report(code);
    return code;
  } finally {
    await release().catch(() => undefined);
  }
}

const SIGNAL_CAUSE = { SIGINT: " (Ctrl-C)", SIGTERM: "", SIGHUP: " (its terminal or its output closed)" } as const;

/** The loop's words; none but claude's options (`loopkit run -- --model m`) start from the project's goal.md, as bare /loopkit:auto-loop does. */
function readRequest(loopWords: string[], claudeArgs: string[], commandOptions: string[], projectDir: () => string): AutoLoopRequest {
  const request = parseWords(argvWords(loopWords), commandOptions);
  if (request.mode !== "usage" || claudeArgs.length === 0) return request;
  if (!existsSync(path.join(projectDir(), DEFAULT_GOAL_FILE))) throw noGoalError();
  return startFromGoalFile();
}

/** Ctrl-C (or a closed terminal, a kill) outside GitHub Actions: say what became of the loop and how it goes on, then exit as the signal asks. */
function sayOnInterrupt(io: CliIo): () => void {
  const codes = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;
  const handlers = Object.entries(codes).map(([signal, code]) => {
    const handler = () => {
      io.stderr(
        `\nloopkit run: stopped by ${signal}${SIGNAL_CAUSE[signal as keyof typeof SIGNAL_CAUSE]}; the phase's claude is stopped and the loop stays pursuing: ` +
          "`loopkit run --takeover` continues it (at once), `loopkit auto-loop --cancel` ends it.\n",
      );
      process.exit(code);
    };
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  return () => handlers.forEach(([signal, handler]) => process.off(signal, handler));
}

/** `loopkit run` without --no-sandbox: a sandbox must start here, or no phase could. */
async function refuseWithoutSandbox(projectDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  const check = await checkSandbox(projectDir, env);
  if (check.ok) return;
  throw new LoopkitError(
    "SANDBOX_UNAVAILABLE",
    `loopkit run starts its phases under Claude Code's sandbox, and no sandbox can start here: ${check.reason}`,
    {
      hint: "install what it needs (Linux: bubblewrap, socat, ripgrep; `loopkit doctor` checks), or pass --no-sandbox to run the phases unsandboxed; nothing was started",
    },
  );
}

function sandboxLine({ settings, agent }: PhaseSandbox): string {
  if (settings) return "under Claude Code's sandbox (the verifier too; --no-sandbox turns it off)";
  return agent.agent === "sandboxed"
    ? `not sandboxed by loopkit (--no-sandbox), but your settings turn the sandbox on: the verifier runs sandboxed`
    : "unsandboxed (--no-sandbox): the agent and the verifier run with your full rights";
}

/** A --plugin-dir that is no folder would start phases in which loopkit's hook never runs: refused before anything is created. */
function pluginFolder(dir: string): string {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new LoopkitError("USAGE", `--plugin-dir ${dir} is not a folder`, {
      value: dir,
      hint: "give the folder that holds loopkit's .claude-plugin/plugin.json, or leave --plugin-dir out when loopkit is installed as a plugin; nothing was started",
    });
  }
  return dir;
}

function runLoop(
  loop: LoopContext,
  instruction: string,
  claude: { args: string[]; settings: Settings | null; sandbox: Settings | null },
  pluginDir: string | null,
  io: CliIo,
  actions: ActionsRun | null,
): Promise<number> {
  return runPhases(
    {
      dataDir: loop.dataDir,
      projectDir: loop.projectDir,
      env: loop.env,
      pluginDir,
      claudeArgs: claude.args,
      settings: claude.settings,
      sandbox: claude.sandbox,
      now: () => io.now(),
      print: actions ? (line, mark) => actions.print(forTerminal(line), mark) : (line) => io.stdout(`${forTerminal(line)}\n`),
      newSessionId: randomUUID,
      runPhase: runClaudePhase,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    },
    { sessionId: loop.sessionId, instruction },
  );
}
