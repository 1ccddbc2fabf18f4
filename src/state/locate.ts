// Where loopkit works: its data folder, a session's marker in it, the project and the session. One
// order for every caller, the CLI, the skills' two halves, doctor, the status line and the hooks
// (docs/architecture.md, "Where state lives"):
//   0. only with `pinned` (the hooks, and both halves of a typed slash command): --plugin-data, when it
//      holds this session's marker or the hook's answer to its last typed command. hooks.json and the
//      skills pass Claude Code's own ${CLAUDE_PLUGIN_DATA}, which a settings `env` block cannot change
//      while it can change $LOOPKIT_DATA_DIR (docs/claude-code-findings.md §14): the environment the
//      agent writes cannot move, or silence, the hooks of a loop kept there, nor a /loopkit command the
//      person types for it. The answer counts so that the skill's half finds the hook's answer where
//      the hook's half kept it, also after a --cancel removed the marker.
//   1. $LOOPKIT_DATA_DIR
//   2. --plugin-data <dir> (the skills pass ${CLAUDE_PLUGIN_DATA}; a skill's shell does not have it)
//   3. an inherited $CLAUDE_PLUGIN_DATA (what a hook gets)
//   4. from a terminal: the one folder that holds loopkit state among <config>/plugins/data/loopkit-*
//      and ~/.loopkit; with a session id, the one of them that holds its marker. Several (the plugin
//      loaded with --plugin-dir once and installed from a marketplace since): the one a loop wrote to
//      last, the others named for `loopkit doctor`.
//   5. none: a read finds nothing and nothing is created; a start uses ~/.loopkit.
// No folder is ever created here. Node built-ins only: the hook entry and the status line bundle it.
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { LoopkitError } from "../shared/errors.js";
import { LOOP_KINDS } from "../shared/loop-kinds.js";
import { SESSION_ID_PATTERN, sessionAnswerPath, sessionMarkerPath } from "./paths.js";

export interface LocateFrom {
  env: NodeJS.ProcessEnv;
  /** --plugin-data <dir>. */
  pluginData?: string;
  /** The session the caller acts for (its marker settles steps 0 and 4); an id of another shape is ignored. */
  session?: string;
  /** The hook's rule, step 0: an absolute --plugin-data that holds this session's marker or answer comes first. */
  pinned?: boolean;
}

/** The step that named the folder, for `loopkit doctor`. */
export type DataDirSource =
  "pinned" | "LOOPKIT_DATA_DIR" | "--plugin-data" | "CLAUDE_PLUGIN_DATA" | "holds loopkit state" | "written to last of several";

export interface DataDir {
  dir: string;
  by: DataDirSource;
  /** With "written to last of several": the other folders that hold loopkit state. */
  others?: string[];
}

/** Each kind keeps its state in a folder of its name, beside the session markers. */
const STATE_FOLDERS = ["sessions", ...LOOP_KINDS];

const homeOf = (env: NodeJS.ProcessEnv) => env.HOME || os.homedir();

const markerIn = (dir: string, session: string | undefined) => session !== undefined && existsSync(sessionMarkerPath(dir, session));

/** Step 0: the session's files are there (its marker, or the hook's answer to its last typed command). */
const holdsSession = (dir: string, session: string | undefined) =>
  markerIn(dir, session) || (session !== undefined && existsSync(sessionAnswerPath(dir, session)));

/** The data folder by the one order, or null when none is named and none holds loopkit state (step 5). */
export function locateDataDir(from: LocateFrom): DataDir | null {
  const { env, pluginData } = from;
  const session = from.session !== undefined && SESSION_ID_PATTERN.test(from.session) ? from.session : undefined;
  if (from.pinned && pluginData && path.isAbsolute(pluginData) && holdsSession(pluginData, session))
    return { dir: pluginData, by: "pinned" };
  if (env.LOOPKIT_DATA_DIR) return { dir: env.LOOPKIT_DATA_DIR, by: "LOOPKIT_DATA_DIR" };
  if (pluginData) return { dir: pluginData, by: "--plugin-data" };
  if (env.CLAUDE_PLUGIN_DATA) return { dir: env.CLAUDE_PLUGIN_DATA, by: "CLAUDE_PLUGIN_DATA" };
  const holding = foldersWithState(env);
  const withMarker = holding.filter((dir) => markerIn(dir, session));
  const found = withMarker.length > 0 ? withMarker : holding;
  if (found.length > 1) {
    const [dir, ...others] = [...found].sort((a, b) => lastWritten(b) - lastWritten(a));
    return { dir: dir!, by: "written to last of several", others };
  }
  return found[0] ? { dir: found[0], by: "holds loopkit state" } : null;
}

/** When loopkit last wrote `dir`'s state: the newest of its state folders and what they hold (a write renames into one of them). */
function lastWritten(dir: string): number {
  let newest = 0;
  for (const folder of STATE_FOLDERS.map((name) => path.join(dir, name))) {
    let entries: string[] = [];
    try {
      entries = readdirSync(folder);
    } catch {
      continue;
    }
    for (const entry of [folder, ...entries.map((name) => path.join(folder, name))])
      newest = Math.max(newest, statSync(entry, { throwIfNoEntry: false })?.mtimeMs ?? 0);
  }
  return newest;
}

/** Step 4's folders: Claude Code's per-plugin data folders of loopkit, then ~/.loopkit, those that hold loopkit state. */
function foldersWithState(env: NodeJS.ProcessEnv): string[] {
  const pluginData = path.join(env.CLAUDE_CONFIG_DIR || path.join(homeOf(env), ".claude"), "plugins", "data");
  let installed: string[] = [];
  try {
    installed = readdirSync(pluginData)
      .filter((name) => name === "loopkit" || name.startsWith("loopkit-"))
      .sort()
      .map((name) => path.join(pluginData, name));
  } catch {
    // No plugin data at all: nothing of loopkit's there.
  }
  return [...installed, startDataDir(env)].filter((dir) => STATE_FOLDERS.some((folder) => existsSync(path.join(dir, folder))));
}

/** Step 5's folder for a command that starts a loop: ~/.loopkit. */
export function startDataDir(env: NodeJS.ProcessEnv): string {
  return path.join(homeOf(env), ".loopkit");
}

/**
 * The session's marker (it routes the session's hooks to its loop) in the folder the one order finds,
 * or undefined when it is not there. Never throws.
 */
export function locateMarker(from: LocateFrom & { session: string }): { dataDir: string; file: string } | undefined {
  if (!SESSION_ID_PATTERN.test(from.session)) return undefined;
  let found: DataDir | null;
  try {
    found = locateDataDir(from);
  } catch {
    return undefined;
  }
  const file = found && sessionMarkerPath(found.dir, from.session);
  return found && file && existsSync(file) ? { dataDir: found.dir, file } : undefined;
}

/** A command's whereabouts, each worked out on first use (so `--help` or a usage error needs no project or folder). */
export interface Location {
  /** The data folder, or null when none is named and none holds loopkit state (a read finds nothing). */
  dataDir(): string | null;
  /** The folder a command that starts a loop writes to: the one found, else ~/.loopkit. */
  dataDirForStart(): string;
  /** --session, checked for a safe shape (NO_SESSION otherwise), or undefined when none was given. */
  session(): string | undefined;
  /** --project, else $CLAUDE_PROJECT_DIR, else the current directory; resolved through symlinks; must exist. */
  projectDir(): string;
}

export function locate(from: LocateFrom & { project?: string; cwd: string }): Location {
  const once = <T>(make: () => T): (() => T) => {
    let value: { v: T } | undefined;
    return () => (value ??= { v: make() }).v;
  };
  const session = once(() => {
    const id = from.session;
    if (id !== undefined && !SESSION_ID_PATTERN.test(id))
      throw new LoopkitError("NO_SESSION", `session id "${id}" has an unexpected shape`, {
        value: id,
        hint: "nothing was started or changed",
      });
    return id;
  });
  const dataDir = once(
    () => locateDataDir({ env: from.env, pluginData: from.pluginData, session: session(), pinned: from.pinned })?.dir ?? null,
  );
  return {
    dataDir,
    dataDirForStart: () => dataDir() ?? startDataDir(from.env),
    session,
    projectDir: once(() => resolveProject(from.project || from.env.CLAUDE_PROJECT_DIR || from.cwd, from.cwd)),
  };
}

function resolveProject(given: string, cwd: string): string {
  const full = path.resolve(cwd, given);
  if (!existsSync(full))
    throw new LoopkitError("USAGE", `project folder ${full} does not exist`, { value: full, hint: "pass --project <dir>" });
  return realpathSync(full);
}
