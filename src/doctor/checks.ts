// `loopkit doctor`: what loopkit depends on, checked where a person's setup lives. Each check is one
// line, ok or not with what to do; nothing is changed or created.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { dataFolderBytes, megabytes, pruneRule, prunePolicy } from "../checkpoint/auto-prune.js";
import { userHome } from "../state/person-settings.js";
import { mkdtemp, rm } from "node:fs/promises";
import { promisify } from "node:util";
import { preflightCodex } from "../codex/preflight.js";
import { checkSandbox } from "../sandbox/availability.js";
import { personSandbox } from "../sandbox/person-settings.js";
import { compareVersions, type CodexVersion } from "../codex/version.js";
import { locateDataDir, type DataDir } from "../state/locate.js";
import { formatError } from "../shared/errors.js";

const run = promisify(execFile);

/** The Claude Code versions loopkit's tests run against (package.json pins the first, the oldest; the second is the newest). */
export const TESTED_CLAUDE_VERSIONS = ["2.1.197", "2.1.332"];
/** Every event hooks/hooks.json registers loopkit's hook for, with the names its matcher must take in (UserPromptExpansion: each typed command). */
const HOOK_EVENTS: Readonly<Record<string, readonly string[]>> = {
  Stop: [],
  SessionStart: [],
  UserPromptSubmit: [],
  UserPromptExpansion: ["loopkit:repeat", "loopkit:auto-loop"],
  StopFailure: [],
  SessionEnd: [],
};

type HookGroup = { matcher?: string; hooks?: { args?: string[] }[] };

/** A hooks.json group that runs loopkit's hook for every name in `names` (no matcher: for all). */
function runsLoopkitFor(group: HookGroup, names: readonly string[]): boolean {
  if (!group.hooks?.some((hook) => hook.args?.some((arg) => arg.endsWith("dist/hook.cjs")))) return false;
  try {
    const matcher = group.matcher ? new RegExp(group.matcher) : null;
    return names.every((name) => !matcher || matcher.test(name));
  } catch {
    return false;
  }
}

export interface Check {
  ok: boolean;
  /** "warn": worth knowing, not broken (e.g. an untested version, no codex). */
  level?: "warn";
  title: string;
  detail: string;
}

export async function runChecks(env: NodeJS.ProcessEnv, statsFile: string): Promise<Check[]> {
  const config = env.CLAUDE_CONFIG_DIR || path.join(env.HOME || os.homedir(), ".claude");
  return [
    await claudeCheck(env),
    await dataCheck(env),
    statsCheck(statsFile),
    pluginCheck(config),
    await sandboxCheck(env),
    await codexCheck(env),
  ];
}

/** Whether loopkit's sandbox starts here, tried for real in an empty temp folder (the person's folders stay untouched). */
async function sandboxCheck(env: NodeJS.ProcessEnv): Promise<Check> {
  const title = "sandbox";
  const scratch = await mkdtemp(path.join(os.tmpdir(), "loopkit-doctor-"));
  try {
    const check = await checkSandbox(scratch, env);
    if (check.ok)
      return {
        ok: true,
        title,
        detail: "starts here: a verifier runs under it when the loop's agent is sandboxed, and loopkit run turns it on for its phases",
      };
    const person = await personSandbox(env);
    const required = person.enabled && person.failIfUnavailable;
    const detail = `cannot start here: ${check.reason}. ${required ? "Your settings require it (sandbox.failIfUnavailable): loops will not run their verifier" : "A sandboxed agent's verifier would run unsandboxed; loopkit run needs --no-sandbox"}`;
    return required ? { ok: false, title, detail } : { ok: false, level: "warn", title, detail };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

async function claudeCheck(env: NodeJS.ProcessEnv): Promise<Check> {
  const bin = env.LOOPKIT_CLAUDE_BIN || "claude";
  try {
    const { stdout } = await run(bin, ["--version"], { env, timeout: 20_000, windowsHide: true, shell: process.platform === "win32" });
    const version = /\d+\.\d+\.\d+/.exec(stdout)?.[0];
    if (!version)
      return { ok: false, title: "Claude Code", detail: `"${bin} --version" printed no version: ${stdout.trim().slice(0, 80)}` };
    const oldest = TESTED_CLAUDE_VERSIONS[0]!;
    if (compareVersions(triple(version), triple(oldest)) < 0) {
      return {
        ok: false,
        title: "Claude Code",
        detail: `${version} (${bin}) is older than ${oldest}, the oldest version loopkit is tested with; hooks it relies on may be missing: upgrade Claude Code`,
      };
    }
    const tested = TESTED_CLAUDE_VERSIONS.includes(version);
    return {
      ok: true,
      ...(tested ? {} : { level: "warn" as const }),
      title: "Claude Code",
      detail: `${version} (${bin})${tested ? ", a version loopkit is tested with" : `; loopkit is tested with ${TESTED_CLAUDE_VERSIONS.join(" and ")}`}`,
    };
  } catch (error) {
    return {
      ok: false,
      title: "Claude Code",
      detail: `"${bin}" could not be run (${(error as Error).message.split("\n")[0]}); install it or set LOOPKIT_CLAUDE_BIN`,
    };
  }
}

/** The folder, and why terminal commands use it. */
function dataDirNamed({ dir, by, others }: DataDir): string {
  if (by === "holds loopkit state") return dir;
  if (by === "written to last of several")
    return `${dir} (written to last; ${others!.join(", ")} holds state too: --plugin-data <dir> or LOOPKIT_DATA_DIR picks it)`;
  return `${dir} (named by ${by})`;
}

/** The folder terminal commands use, by locate()'s one order (doctor names no session and no --plugin-data). */
async function dataCheck(env: NodeJS.ProcessEnv): Promise<Check> {
  const found = locateDataDir({ env });
  if (found === null)
    return {
      ok: true,
      title: "loopkit data",
      detail: "none yet: no loop has run here (the plugin keeps it in ~/.claude/plugins/data/loopkit-<marketplace>)",
    };
  return {
    ok: true,
    title: "loopkit data",
    detail: `${dataDirNamed(found)}, holding ${megabytes(await dataFolderBytes(found.dir))}; ${pruneRule(prunePolicy(userHome()))}`,
  };
}

function statsCheck(file: string): Check {
  if (!existsSync(file)) return { ok: true, title: "stats log", detail: `${file} (not written yet)` };
  try {
    const runs = (JSON.parse(readFileSync(file, "utf8")) as { loop_runs?: unknown[] }).loop_runs;
    return { ok: true, title: "stats log", detail: `${file} (${Array.isArray(runs) ? runs.length : 0} loop run(s))` };
  } catch (error) {
    return {
      ok: false,
      title: "stats log",
      detail: `${file} is not valid JSON (${(error as Error).message}); the next repeat loop keeps it aside and starts a fresh one`,
    };
  }
}

/** Installed loopkit plugins (installed_plugins.json), enabled in settings, whose hooks.json registers loopkit's hook. */
function pluginCheck(config: string): Check {
  const title = "plugin hooks";
  const installed = readJsonFile(path.join(config, "plugins", "installed_plugins.json")) as
    { plugins?: Record<string, { installPath?: string }[]> } | undefined;
  const ids = Object.keys(installed?.plugins ?? {}).filter((id) => id.split("@")[0] === "loopkit");
  if (ids.length === 0)
    return {
      ok: false,
      level: "warn",
      title,
      detail:
        "loopkit is not installed as a plugin here (install it with /plugin install, or load a checkout with claude --plugin-dir <dir>)",
    };
  const enabled =
    (readJsonFile(path.join(config, "settings.json")) as { enabledPlugins?: Record<string, unknown> } | undefined)?.enabledPlugins ?? {};
  const lines: string[] = [];
  let ok = true;
  for (const id of ids) {
    const where = installed!.plugins![id]![0]?.installPath ?? "";
    const hooks = readJsonFile(path.join(where, "hooks", "hooks.json")) as { hooks?: Record<string, HookGroup[]> } | undefined;
    const events = Object.keys(HOOK_EVENTS);
    const registered = events.filter((event) => hooks?.hooks?.[event]?.some((group) => runsLoopkitFor(group, HOOK_EVENTS[event]!)));
    const missing = events.filter((event) => !registered.includes(event));
    const bundled = existsSync(path.join(where, "dist", "hook.cjs"));
    const good = enabled[id] === true && missing.length === 0 && bundled;
    ok &&= good;
    const typed = missing.includes("UserPromptExpansion") ? " (typed /loopkit:repeat and /loopkit:auto-loop do nothing without it)" : "";
    lines.push(
      `${id} ${enabled[id] === true ? "enabled" : "NOT enabled"}, hooks ${registered.join(", ") || "none"}${missing.length ? `, MISSING ${missing.join(", ")}${typed}` : ""}${bundled ? "" : ", dist/hook.cjs missing"} (${where})`,
    );
  }
  return { ok, title, detail: lines.join("; ") };
}

async function codexCheck(env: NodeJS.ProcessEnv): Promise<Check> {
  try {
    const codex = await preflightCodex(env);
    const what = `${codex.bin} ${codex.version.join(".")}, goals on`;
    if (!codex.loggedIn) {
      return {
        ok: false,
        level: "warn",
        title: "codex (--codex)",
        detail: `${what}, NOT logged in: --codex needs \`codex login\` (or a model provider of your own with its API key set)`,
      };
    }
    return { ok: true, title: "codex (--codex)", detail: `${what}, logged in` };
  } catch (error) {
    return { ok: false, level: "warn", title: "codex (--codex)", detail: `not usable: ${formatError(error)}` };
  }
}

/** "2.1.197" as numbers, to compare like Codex's versions (the same X.Y.Z shape). */
const triple = (version: string) => version.split(".").map(Number) as unknown as CodexVersion;

function readJsonFile(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

export function formatChecks(checks: Check[]): string {
  const mark = (check: Check) => (check.level === "warn" ? "!" : check.ok ? "✓" : "✗");
  return `${checks.map((check) => `${mark(check)} ${check.title.padEnd(16)} ${check.detail.replace(/\s*\n\s*/g, " ")}`).join("\n")}\n`;
}
