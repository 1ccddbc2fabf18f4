// `loopkit run`: an auto-loop driven headless as fresh `claude -p` phases (skills/auto-loop/references/long-runs.md).
import { randomUUID } from "node:crypto";
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import type { Command } from "commander";
import { parseWords } from "../auto-loop/args.js";
import { readSettings } from "../auto-loop/settings.js";
import { quoteForShell } from "../shared/split-words.js";
import { startLoop, takeOverLoop, type LoopContext } from "../auto-loop/start.js";
import { loopFiles } from "../auto-loop/store.js";
import { runClaudePhase } from "../run/claude-phase.js";
import { RUN_HELP } from "../run/help.js";
import { runPhases } from "../run/phases.js";
import { holdRunnerLock } from "../run/runner-lock.js";
import { takeoverStaleMs } from "../run/takeover-window.js";
import { resolveDataDir } from "../state/find-data-dir.js";
import { LoopkitError } from "../shared/errors.js";
import { refuseUnderRecursionGuard } from "../shared/recursion-guard.js";
import type { CliIo } from "./io.js";

interface Options {
  project?: string;
  pluginDir?: string;
}

export function registerRunCommand(program: Command, io: CliIo): void {
  program
    .command("run")
    .description("drive an auto-loop headless: one fresh claude -p session per phase, same caps, gate and records (--help for usage)")
    .option("--project <dir>", "the project root (default: the current directory)")
    .option("--plugin-dir <dir>", "pass --plugin-dir to each phase's claude (when loopkit is not installed as a plugin)")
    .argument("[words...]", "<goal> --verify <cmd> [caps] | --takeover, then -- and claude's own options")
    .allowUnknownOption(true)
    .helpOption(false)
    .action(async (words: string[], options: Options) => {
      io.exitCode = await run(words, options, io);
    });
}

async function run(words: string[], options: Options, io: CliIo): Promise<number> {
  refuseUnderRecursionGuard(io.env, "loopkit run");
  const split = words.indexOf("--");
  const loopWords = split === -1 ? words : words.slice(0, split);
  const claudeArgs = split === -1 ? [] : words.slice(split + 1);
  const request = parseWords(loopWords.map((value) => ({ value, raw: quoteForShell(value) })));
  if (request.mode === "usage" || request.mode === "help") {
    io.stdout(RUN_HELP);
    return 0;
  }
  if (request.mode === "status" || request.mode === "cancel") {
    throw new LoopkitError("USAGE", `loopkit run does not take --${request.mode}`, { hint: `use loopkit auto-loop --${request.mode} --project <dir>` });
  }
  if (request.mode === "start" && request.codex) throw new LoopkitError("USAGE", "loopkit run drives claude; --codex does not apply");
  const projectDir = resolveProject(path.resolve(io.cwd, options.project ?? "."));
  const data = resolveDataDir(io.env);
  const files = loopFiles(data, projectDir);
  const release = await holdRunnerLock(files.dir, (error) => io.stderr(`loopkit run: lost the runner lock (${error.message}); another runner may start here\n`));
  try {
    const now = io.now();
    const staleMs = request.mode === "takeover" ? await takeoverStaleMs(data, files, now, readSettings(io.env).staleMs) : readSettings(io.env).staleMs;
    const loop: LoopContext = { dataDir: data, projectDir, sessionId: randomUUID(), now, staleMs };
    const instruction = request.mode === "start" ? await startLoop(loop, request) : await takeOverLoop(loop);
    io.stdout(`loopkit run: auto-loop in ${projectDir}; each phase is a fresh \`${io.env.LOOPKIT_CLAUDE_BIN || "claude"} -p\` session.\n`);
    return await runLoop(loop, instruction, claudeArgs, options, io);
  } finally {
    await release().catch(() => undefined);
  }
}

function runLoop(loop: LoopContext, instruction: string, claudeArgs: string[], options: Options, io: CliIo): Promise<number> {
  return runPhases(
    {
      dataDir: loop.dataDir,
      projectDir: loop.projectDir,
      env: io.env,
      pluginDir: options.pluginDir ? path.resolve(io.cwd, options.pluginDir) : null,
      claudeArgs,
      now: () => io.now(),
      print: (line) => io.stdout(`${line}\n`),
      newSessionId: randomUUID,
      runPhase: runClaudePhase,
    },
    { sessionId: loop.sessionId, instruction },
  );
}

function resolveProject(full: string): string {
  if (!existsSync(full)) throw new LoopkitError("USAGE", `project folder ${full} does not exist`, { value: full });
  return realpathSync(full);
}
