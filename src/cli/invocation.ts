// One normalized invocation for every command: which project, which data folder, which session, which
// settings. Each is worked out on first use, so `--help` or a usage error never needs a project or a folder.
import { existsSync, realpathSync } from "node:fs";
import path from "node:path";
import { readSettings, type Settings } from "../auto-loop/core/settings.js";
import { statsFile } from "../repeat/stats-store.js";
import { defaultDataDir, findDataDir } from "../state/find-data-dir.js";
import { SESSION_ID_PATTERN } from "../state/paths.js";
import { LoopkitError } from "../shared/errors.js";
import type { CliIo } from "./io.js";

/** The options every command that touches loop state shares. */
export interface InvocationOptions {
  project?: string;
  session?: string;
  pluginData?: string;
}

export interface Invocation {
  /** --project, else $CLAUDE_PROJECT_DIR, else the current directory; resolved through symlinks; must exist. */
  projectDir(): string;
  /** The data folder that holds loopkit state, or null when none does (a read finds nothing; nothing is created). */
  dataDir(): string | null;
  /** The folder a command that starts a loop writes to: the one found, else ~/.loopkit. */
  dataDirForStart(): string;
  /** The --session id (checked for a safe shape), or undefined when none was given. */
  session(): string | undefined;
  /** The session id, or NO_SESSION: a loop acts only in the session that started it. */
  requireSession(what: string, hint: string): string;
  settings(): Settings;
  /** The stats log: $LOOPKIT_STATS_FILE, else ~/.softspark/ai-toolkit/stats.json. */
  statsFile(): string;
}

export function invocation(options: InvocationOptions, io: CliIo): Invocation {
  const once = <T>(make: () => T): (() => T) => {
    let value: { v: T } | undefined;
    return () => (value ??= { v: make() }).v;
  };
  const dataDir = once(() => findDataDir(io.env, options.pluginData));
  const session = once(() => {
    const id = options.session;
    if (id === undefined) return undefined;
    if (!SESSION_ID_PATTERN.test(id))
      throw new LoopkitError("NO_SESSION", `session id "${id}" has an unexpected shape`, {
        value: id,
        hint: "nothing was started or changed",
      });
    return id;
  });
  return {
    projectDir: once(() => resolveProject(options.project || io.env.CLAUDE_PROJECT_DIR || io.cwd, io.cwd)),
    dataDir,
    dataDirForStart: () => dataDir() ?? defaultDataDir(io.env),
    session,
    requireSession(what, hint) {
      const id = session();
      if (id === undefined)
        throw new LoopkitError("NO_SESSION", `no Claude Code session id was given, so loopkit cannot ${what}`, { hint });
      return id;
    },
    settings: once(() => readSettings(io.env)),
    statsFile: once(() => path.resolve(io.cwd, statsFile(io.env))),
  };
}

function resolveProject(given: string, cwd: string): string {
  const full = path.resolve(cwd, given);
  if (!existsSync(full))
    throw new LoopkitError("USAGE", `project folder ${full} does not exist`, { value: full, hint: "pass --project <dir>" });
  return realpathSync(full);
}
