// One normalized invocation for every command: where it works (project, data folder, session: locate()),
// which settings. Each is worked out on first use, so `--help` or a usage error never needs a project or a folder.
import path from "node:path";
import { readSettings, type Settings } from "../auto-loop/core/settings.js";
import { statsFile } from "../repeat/stats-store.js";
import { locate, type Location } from "../state/locate.js";
import { LoopkitError } from "../shared/errors.js";
import type { CliIo } from "./io.js";

/** The options every command that touches loop state shares. */
export interface InvocationOptions {
  project?: string;
  session?: string;
  pluginData?: string;
  /** locate()'s step 0, for both halves of a typed slash command: --plugin-data first when it holds this session's marker or answer. */
  pinned?: boolean;
}

/** Where the command works (src/state/locate.ts, the one order), its session, its settings. */
export interface Invocation extends Location {
  /** The session id, or NO_SESSION: a loop acts only in the session that started it. */
  requireSession(what: string, hint: string): string;
  settings(): Settings;
  /** The stats log: $LOOPKIT_STATS_FILE, else ~/.softspark/ai-toolkit/stats.json. */
  statsFile(): string;
}

export function invocation(options: InvocationOptions, io: CliIo): Invocation {
  const { project, session, pluginData, pinned } = options;
  const where = locate({ env: io.env, cwd: io.cwd, project, session, pluginData, pinned });
  const once = <T>(make: () => T): (() => T) => {
    let value: { v: T } | undefined;
    return () => (value ??= { v: make() }).v;
  };
  return {
    ...where,
    requireSession(what, hint) {
      const id = where.session();
      if (id === undefined)
        throw new LoopkitError("NO_SESSION", `no Claude Code session id was given, so loopkit cannot ${what}`, { hint });
      return id;
    },
    settings: once(() => readSettings(io.env)),
    statsFile: once(() => path.resolve(io.cwd, statsFile(io.env))),
  };
}
