// `loopkit auto-loop`: what /loopkit:auto-loop runs. The skill passes the person's text on stdin
// (--args-stdin) so it never goes through a shell; from a terminal, plain words work too.
import { existsSync, promises as fs, realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Command } from "commander";
import { parseAutoLoopArgs, parseWords, type AutoLoopRequest } from "../auto-loop/args.js";
import { quoteForShell } from "../shared/split-words.js";
import { cancelLoop } from "../auto-loop/cancel.js";
import { readSettings } from "../auto-loop/settings.js";
import { startLoop, takeOverLoop, type LoopContext } from "../auto-loop/start.js";
import { AutoLoopStateSchema } from "../auto-loop/state.js";
import { formatStatus, loopStatus } from "../auto-loop/status.js";
import { loadSummary } from "../checkpoint/summary.js";
import { loopFiles } from "../auto-loop/store.js";
import { runCodexLoopCommand } from "../codex/auto-loop-run.js";
import { readJson } from "../state/json-store.js";
import { resolveDataDir } from "../state/find-data-dir.js";
import { SESSION_ID_PATTERN } from "../state/paths.js";
import { LoopkitError } from "../shared/errors.js";
import { answerForSkill } from "./skill-answer.js";
import type { CliIo } from "./io.js";

interface Options {
  session?: string;
  pluginData?: string;
  project?: string;
  argsStdin?: boolean;
}

export function registerAutoLoopCommand(program: Command, io: CliIo): void {
  program
    .command("auto-loop")
    .description("drive this session to a goal proven by a verifier and an audit (see skills/auto-loop/references/usage.md)")
    .option("--session <id>", "the Claude Code session that owns the loop")
    .option("--project <dir>", "the project root (CLAUDE_PROJECT_DIR)")
    .option("--plugin-data <dir>", "Claude Code's CLAUDE_PLUGIN_DATA (a skill's shell does not have it; the hook does)")
    .option("--args-stdin", "read the person's arguments from stdin")
    .argument("[words...]", "the goal and options, when not given on stdin")
    .allowUnknownOption(true)
    .helpOption(false)
    .action(async (words: string[], options: Options) => {
      if (options.argsStdin && words.length > 0) throw new LoopkitError("USAGE", "give the arguments on stdin or as words, not both");
      const request = options.argsStdin ? parseAutoLoopArgs(await io.readStdin()) : parseWords(words.map(argvWord));
      await answerForSkill(options.argsStdin, io, () => runRequest(request, options, io));
    });
}

/** Words from argv were already unquoted by the person's shell; quote them again for the verifier's shell. */
const argvWord = (value: string) => ({ value, raw: quoteForShell(value) });

async function runRequest(request: AutoLoopRequest, options: Options, io: CliIo): Promise<void> {
  const now = io.now();
  const data = resolveDataDir(io.env, options.pluginData);
  switch (request.mode) {
    case "usage":
    case "help":
      io.stdout(await fs.readFile(usageFile(), "utf8"));
      return;
    case "status": {
      const projectDir = resolveProject(options, io);
      const read = await readJson(loopFiles(data, projectDir).state, AutoLoopStateSchema);
      const state = read.exists ? read.value : undefined;
      const status = loopStatus(projectDir, state, now, readSettings(io.env).staleMs, await loadSummary(data, projectDir, state?.loop_id, now));
      io.stdout(request.json ? `${JSON.stringify(status, null, 2)}\n` : formatStatus(status));
      io.exitCode = status.exit_code;
      return;
    }
    case "cancel":
      io.stdout(await cancelLoop(data, resolveProject(options, io), now));
      return;
    case "start":
    case "takeover": {
      if (request.mode === "start" && request.codex) {
        const codexCtx = { dataDir: data, projectDir: resolveProject(options, io), env: io.env, now: io.now, print: (line: string) => io.stdout(`${line}\n`) };
        // From a skill (--session), whose commands may run 2 minutes, Codex works in a detached process.
        io.exitCode = await runCodexLoopCommand(codexCtx, request, options.session === undefined ? null : { cliEntry: process.argv[1] ?? "" });
        return;
      }
      const ctx: LoopContext = { dataDir: data, projectDir: resolveProject(options, io), sessionId: requireSession(options), now, staleMs: readSettings(io.env).staleMs };
      io.stdout(`${request.mode === "start" ? await startLoop(ctx, request) : await takeOverLoop(ctx)}\n`);
      return;
    }
  }
}

/** The project root: --project, else $CLAUDE_PROJECT_DIR; never the current directory (a `cd` must not move the loop). */
function resolveProject(options: Options, io: CliIo): string {
  const given = options.project || io.env.CLAUDE_PROJECT_DIR;
  if (!given) throw new LoopkitError("USAGE", "no project folder: pass --project <dir> or set CLAUDE_PROJECT_DIR");
  const full = path.resolve(io.cwd, given);
  if (!existsSync(full)) throw new LoopkitError("USAGE", `project folder ${full} does not exist`, { value: full });
  return realpathSync(full);
}

/** A loop acts only in the session that started it, so a start without a usable session id starts nothing. */
function requireSession(options: Options): string {
  const id = options.session ?? "";
  if (!SESSION_ID_PATTERN.test(id)) {
    throw new LoopkitError("NO_SESSION", id ? `session id "${id}" has an unexpected shape` : "no Claude Code session id was given", {
      value: id,
      hint: "start the loop from Claude Code with /loopkit:auto-loop; nothing was started",
    });
  }
  return id;
}

/** skills/auto-loop/references/usage.md, found from this file whether it runs from src/ or a dist/ chunk. */
function usageFile(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 5; up += 1) {
    const candidate = path.join(dir, "skills", "auto-loop", "references", "usage.md");
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new LoopkitError("USAGE", "cannot find skills/auto-loop/references/usage.md next to loopkit");
}
