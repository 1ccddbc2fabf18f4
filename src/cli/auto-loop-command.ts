// `loopkit auto-loop`: what /loopkit:auto-loop runs. The skill passes the person's text on stdin
// (--args-stdin) so it never goes through a shell; from a terminal, plain words work too.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { parseAutoLoopArgs, parseWords, startFromGoalFile, type AutoLoopRequest } from "../auto-loop/args.js";
import { DEFAULT_GOAL_FILE } from "../auto-loop/goal-file.js";
import { argvWords } from "../shared/split-words.js";
import { cancelLoop } from "../auto-loop/cancel.js";
import { AUTO_LOOP_HELP } from "../auto-loop/help.js";
import { startLoop, takeOverLoop, type LoopContext } from "../auto-loop/start.js";
import { AutoLoopStateSchema } from "../auto-loop/state.js";
import { formatStatus, loopStatus } from "../auto-loop/status.js";
import { loadSummary } from "../checkpoint/summary.js";
import { loopFiles } from "../auto-loop/store.js";
import { runCodexLoopCommand } from "../codex/auto-loop-run.js";
import { LoopkitError } from "../shared/errors.js";
import { refuseUnderRecursionGuard } from "../shared/recursion-guard.js";
import { useHelpText } from "./help-text.js";
import { withWord } from "./tell.js";
import { invocation, type Invocation, type InvocationOptions } from "./invocation.js";
import { readForStatus } from "./read-for-status.js";
import { answerForSkill } from "./skill-answer.js";
import { messagePrinter } from "./terminal-commands.js";
import type { CliIo } from "./io.js";

interface Options extends InvocationOptions {
  argsStdin?: boolean;
}

export function registerAutoLoopCommand(program: Command, io: CliIo): void {
  const command = program
    .command("auto-loop")
    .description("drive this session to a goal proven by a verifier and an audit, within hard caps")
    .option("--session <id>", "the Claude Code session that owns the loop")
    .option("--project <dir>", "the project root (default: $CLAUDE_PROJECT_DIR, else the current directory)")
    .option("--plugin-data <dir>", "loopkit's data folder (the skill passes CLAUDE_PLUGIN_DATA)")
    .option("--args-stdin", "read the person's arguments from stdin")
    .argument("[words...]", "the goal and options, when not given on stdin")
    .allowUnknownOption(true)
    .action(async (words: string[], options: Options) => {
      if (options.argsStdin && words.length > 0) throw new LoopkitError("USAGE", "give the arguments on stdin or as words, not both", { hint: "drop --args-stdin, or pass no words" });
      const request = options.argsStdin ? parseAutoLoopArgs(await io.readStdin()) : parseWords(argvWords(words));
      await answerForSkill(options.argsStdin, io, () => runRequest(request, invocation(options, io), options.session !== undefined, io, messagePrinter(io.stdout, !options.argsStdin)));
    });
  useHelpText(command, AUTO_LOOP_HELP);
}

/** `say` prints loopkit's messages for where they are read (terminal-commands.ts). */
async function runRequest(request: AutoLoopRequest, inv: Invocation, fromSkill: boolean, io: CliIo, say: (text: string) => void): Promise<void> {
  const now = io.now();
  switch (request.mode) {
    case "usage":
      // Bare /loopkit:auto-loop reads the project's goal.md (usage.md); with none there, it shows the usage.
      if (fromSkill && existsSync(path.join(inv.projectDir(), DEFAULT_GOAL_FILE))) return runRequest(startFromGoalFile(), inv, fromSkill, io, say);
      io.stdout(AUTO_LOOP_HELP);
      return;
    case "help":
      io.stdout(AUTO_LOOP_HELP);
      return;
    case "status": {
      const projectDir = inv.projectDir();
      const data = inv.dataDir();
      const state = data === null ? undefined : await readForStatus(loopFiles(data, projectDir).state, AutoLoopStateSchema, "start a new loop with /loopkit:auto-loop");
      const status = loopStatus(projectDir, state, now, inv.settings().staleMs, await loadSummary(data, projectDir, state?.loop_id, now));
      if (request.json) io.stdout(`${JSON.stringify(status, null, 2)}\n`);
      else say(formatStatus(status));
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
      const { result, lines } = await withWord(io, "auto-loop", loopFiles(data, projectDir).state, () => cancelLoop(data, projectDir, now));
      say([result, ...lines.map((line) => `${line}\n`)].join(""));
      return;
    }
    case "start":
    case "takeover": {
      refuseUnderRecursionGuard(io.env, "an auto-loop");
      const dataDir = inv.dataDirForStart();
      if (request.mode === "start" && request.codex) {
        const codexCtx = { dataDir, projectDir: inv.projectDir(), env: io.env, now: io.now, print: (line: string) => say(`${line}\n`) };
        // From a skill (--session), whose commands may run 2 minutes, Codex works in a detached process.
        const { result, lines } = await withWord(io, "auto-loop", loopFiles(dataDir, codexCtx.projectDir).state, () =>
          runCodexLoopCommand(codexCtx, request, fromSkill ? { cliEntry: process.argv[1] ?? "" } : null),
        );
        for (const line of lines) say(`${line}\n`);
        io.exitCode = result;
        return;
      }
      const sessionId = inv.requireSession("start a loop", "start the loop from Claude Code with /loopkit:auto-loop; nothing was started");
      const ctx: LoopContext = { dataDir, projectDir: inv.projectDir(), sessionId, now, staleMs: inv.settings().staleMs, env: io.env };
      io.stdout(`${request.mode === "start" ? await startLoop(ctx, request) : await takeOverLoop(ctx)}\n`);
      return;
    }
  }
}
