// `loopkit auto-loop`: what /loopkit:auto-loop runs. The skill passes the person's text on stdin
// (--args-stdin) so it never goes through a shell; from a terminal, plain words work too. Inside Claude
// Code the command has two halves, the hook's and the skill's (skill-request.ts).
import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { noGoalError, parseAutoLoopArgs, parseWords, startFromGoalFile, type AutoLoopRequest } from "../auto-loop/args.js";
import { DEFAULT_GOAL_FILE } from "../auto-loop/project/goal-file.js";
import { argvWords } from "../shared/split-words.js";
import { measuringSandbox, sandboxLine, settleSandbox, type AgentSandbox } from "../auto-loop/core/agent-sandbox.js";
import { dataInProject, probeFile, writeProbe } from "../auto-loop/data/sandbox-probe.js";
import { cancelLoop } from "../auto-loop/lifecycle/cancel.js";
import { resumePausedLoop } from "../auto-loop/lifecycle/unpause.js";
import { AUTO_LOOP_HELP } from "../auto-loop/help.js";
import { sessionFailIfUnavailable } from "../sandbox/fail-if-unavailable.js";
import { startLoop, takeOverLoop, type LoopContext } from "../auto-loop/lifecycle/start.js";
import { AutoLoopStateSchema } from "../auto-loop/core/state.js";
import { formatStatus, loopStatus } from "../auto-loop/core/status.js";
import { loadSummary } from "../checkpoint/summary.js";
import { loopFiles } from "../auto-loop/data/store.js";
import { runCodexLoopCommand } from "../codex/auto-loop-run.js";
import { LoopkitError } from "../shared/errors.js";
import { refuseUnderRecursionGuard } from "../shared/recursion-guard.js";
import { optionNamesOf } from "./double-dash.js";
import { useHelpText } from "./help-text.js";
import type { HookAnswer } from "./hook-answer.js";
import { withWord } from "./tell.js";
import { invocation, type Invocation } from "./invocation.js";
import { readForStatus, withProblem } from "./read-for-status.js";
import { dataFolderProblem } from "../state/data-folder.js";
import { answerForSkill } from "./skill-answer.js";
import { messagePrinter } from "./terminal-commands.js";
import { answerInHook, answerInSkill, type SkillCommand } from "./skill-request.js";
import { addSkillOptions, type SkillOptions } from "./skill-options.js";
import type { CliIo } from "./io.js";
import { runnerAlive } from "../run/runner-lock.js";
import { takeoverStaleMs } from "../run/takeover-window.js";

export function registerAutoLoopCommand(program: Command, io: CliIo): void {
  const command = addSkillOptions(
    program
      .command("auto-loop")
      .description("drive this session to a goal proven by a verifier and an audit, within hard caps")
      .option("--session <id>", "the Claude Code session that owns the loop")
      .option("--project <dir>", "the project root (default: $CLAUDE_PROJECT_DIR, else the current directory)")
      .option("--plugin-data <dir>", "loopkit's data folder (the skill passes CLAUDE_PLUGIN_DATA)")
      .option("--args-stdin", "read the person's arguments from stdin"),
  )
    .argument("[words...]", "the goal and options, when not given on stdin")
    .allowUnknownOption(true)
    .action(async (words: string[], options: SkillOptions, self: Command) => {
      if (options.argsStdin && words.length > 0)
        throw new LoopkitError("USAGE", "give the arguments on stdin or as words, not both", {
          hint: "drop --args-stdin, or pass no words",
        });
      // Both halves of a typed command find the session's folder as its hooks do (locate.ts, step 0).
      const inv = invocation({ ...options, pinned: options.fromHook || options.fromSkill }, io);
      const fromSession = options.session !== undefined;
      // From loopkit's hook the agent's sandbox is measured (the skill's command probes it next).
      const sandbox = async (): Promise<AgentSandbox | undefined> =>
        options.fromHook ? measuringSandbox(await sessionFailIfUnavailable(io.env, inv.projectDir(), options.claudePid)) : undefined;
      const skill: SkillCommand<AutoLoopRequest> = {
        kind: "auto-loop",
        parse: parseAutoLoopArgs,
        // Bare /loopkit:auto-loop starts from the project's goal.md, a write: only without one is it the usage.
        readOnly: (request) =>
          request.mode === "help" ||
          request.mode === "status" ||
          (request.mode === "usage" && !existsSync(path.join(inv.projectDir(), DEFAULT_GOAL_FILE))),
        answeredAlone: (request) => request.mode === "help" || request.mode === "status" || request.mode === "cancel",
        run: (request, out) =>
          answerForSkill(true, out, () =>
            runRequest(request, inv, fromSession, out, sandbox, messagePrinter(out.stdout, false), options.fromHook === true),
          ),
        sandboxLine: (request, answer) => probeAfterStart(request, answer, inv, io),
      };
      if (options.fromHook) return answerInHook(skill, await io.readStdin(), inv, io);
      if (options.fromSkill) return answerInSkill(skill, await io.readStdin(), inv, io);
      const request = options.argsStdin ? parseAutoLoopArgs(await io.readStdin()) : parseWords(argvWords(words), optionNamesOf(self));
      await answerForSkill(options.argsStdin, io, () =>
        runRequest(request, inv, fromSession, io, sandbox, messagePrinter(io.stdout, !options.argsStdin), false),
      );
    });
  useHelpText(command, AUTO_LOOP_HELP);
}

/**
 * The skill's command after the hook started (or took over) a loop in this session: it leaves the
 * probe that measures the agent's sandbox, and says what it found. Nothing for other requests.
 */
async function probeAfterStart(request: AutoLoopRequest, answer: HookAnswer | null, inv: Invocation, io: CliIo): Promise<string | null> {
  // A bare /loopkit:auto-loop ("usage") starts from the project's goal.md: a start like any other.
  const starts = request.mode === "takeover" || request.mode === "usage" || (request.mode === "start" && !request.codex);
  if (!answer?.loop_id || !starts) return null;
  const projectDir = inv.projectDir();
  const { state: stateFile } = loopFiles(inv.dataDirForStart(), projectDir);
  const state = await readForStatus(stateFile, AutoLoopStateSchema, "start a new loop with /loopkit:auto-loop");
  if (state?.loop_id !== answer.loop_id || state.session_id !== answer.session_id) return null;
  const probe = await writeProbe(probeFile(stateFile), state, io.env, io.now());
  return `Sandbox: ${sandboxLine(settleSandbox(state.launch.agent_sandbox, probe, state, dataInProject(stateFile, projectDir)))}.`;
}

/** `say` prints loopkit's messages for where they are read (terminal-commands.ts); `typedByPerson`: the hook's half of a typed command. */
async function runRequest(
  request: AutoLoopRequest,
  inv: Invocation,
  fromSkill: boolean,
  io: CliIo,
  agentSandbox: () => Promise<AgentSandbox | undefined>,
  say: (text: string) => void,
  typedByPerson: boolean,
): Promise<void> {
  const now = io.now();
  switch (request.mode) {
    case "usage":
      // Bare /loopkit:auto-loop reads the project's goal.md (usage.md); with none there, it is the grammar's "no goal" error.
      if (fromSkill && existsSync(path.join(inv.projectDir(), DEFAULT_GOAL_FILE)))
        return runRequest(startFromGoalFile(), inv, fromSkill, io, agentSandbox, say, typedByPerson);
      throw noGoalError();
    case "help":
      io.stdout(AUTO_LOOP_HELP);
      return;
    case "status": {
      const projectDir = inv.projectDir();
      const data = inv.dataDir();
      const state =
        data === null
          ? undefined
          : await readForStatus(loopFiles(data, projectDir).state, AutoLoopStateSchema, "start a new loop with /loopkit:auto-loop");
      // A loop that a stopped `loopkit run` left may be taken over at once, as run --takeover does: say so now.
      const staleMs =
        data !== null && !(await runnerAlive(loopFiles(data, projectDir).dir))
          ? await takeoverStaleMs(data, loopFiles(data, projectDir), now, inv.settings().staleMs)
          : inv.settings().staleMs;
      const status = loopStatus(projectDir, state, now, staleMs, await loadSummary(data, projectDir, state?.loop_id, now));
      if (request.json) io.stdout(`${JSON.stringify(status, null, 2)}\n`);
      else say(withProblem(formatStatus(status), data && (await dataFolderProblem(data))));
      io.exitCode = status.exit_code;
      return;
    }
    case "cancel": {
      const projectDir = inv.projectDir();
      const data = inv.dataDir();
      // Nothing to cancel is an answer that leaves no folder or lock behind.
      if (data === null || !existsSync(loopFiles(data, projectDir).state)) {
        throw new LoopkitError("NO_LOOP", `no running auto-loop in ${projectDir}`, { hint: "see /loopkit:auto-loop --status" });
      }
      const { result, lines } = await withWord(
        io,
        "auto-loop",
        loopFiles(data, projectDir).state,
        () => cancelLoop(data, projectDir, now),
        data,
      );
      say([result, ...lines.map((line) => `${line}\n`)].join(""));
      return;
    }
    case "resume": {
      // Going on over a pause needs the person: only a command they typed reaches loopkit's hook.
      if (!typedByPerson)
        throw new LoopkitError(
          "USAGE",
          "only the person resumes a paused auto-loop, by typing /loopkit:auto-loop --resume in its session",
          {
            hint: "type it in the Claude Code session that runs the loop; see /loopkit:auto-loop --status",
          },
        );
      const sessionId = inv.requireSession("resume a loop", "type /loopkit:auto-loop --resume in the loop's session");
      const dataDir = inv.dataDir();
      if (dataDir === null)
        throw new LoopkitError("NO_LOOP", `no running auto-loop in ${inv.projectDir()}`, { hint: "see /loopkit:auto-loop --status" });
      io.stdout(`${await resumePausedLoop({ dataDir, projectDir: inv.projectDir(), sessionId, now })}\n`);
      return;
    }
    case "start":
    case "takeover": {
      refuseUnderRecursionGuard(io.env, "an auto-loop");
      const dataDir = inv.dataDirForStart();
      if (request.mode === "start" && request.codex) {
        const codexCtx = { dataDir, projectDir: inv.projectDir(), env: io.env, now: io.now, print: (line: string) => say(`${line}\n`) };
        // From a skill (--session), whose commands may run 2 minutes, Codex works in a detached process.
        const { result, lines } = await withWord(
          io,
          "auto-loop",
          loopFiles(dataDir, codexCtx.projectDir).state,
          () => runCodexLoopCommand(codexCtx, request, fromSkill ? { cliEntry: process.argv[1] ?? "" } : null),
          dataDir,
        );
        for (const line of lines) say(`${line}\n`);
        io.exitCode = result;
        return;
      }
      const sessionId = inv.requireSession(
        "start a loop",
        "start the loop from Claude Code with /loopkit:auto-loop, or from a terminal with loopkit run; nothing was started",
      );
      const ctx: LoopContext = {
        dataDir,
        projectDir: inv.projectDir(),
        sessionId,
        now,
        staleMs: inv.settings().staleMs,
        env: io.env,
        agentSandbox: await agentSandbox(),
      };
      io.stdout(`${request.mode === "start" ? await startLoop(ctx, request) : await takeOverLoop(ctx)}\n`);
      return;
    }
  }
}
