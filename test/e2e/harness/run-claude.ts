// Runs the real Claude Code CLI (one of the pinned node_modules copies) offline: a throw-away HOME and
// git project whose paths contain a space, every network variable pointed at the fake model on
// 127.0.0.1, and the stream-json output parsed into events.
import { execa, type ResultPromise } from "execa";
import { existsSync, mkdirSync, renameSync, symlinkSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FakeModel, LoggedRequest } from "./fake-model.js";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
/** The shipped plugin folder of this checkout (what `claude --plugin-dir` loads). */
export const PLUGIN_DIR = path.join(REPO_ROOT, "plugins", "loopkit");

/**
 * The Claude Code versions the e2e suite runs against (package.json pins both; the newest is an npm
 * alias). LOOPKIT_E2E_CLAUDE picks one; node_modules/.bin/claude is never used, since both packages
 * claim that name and the last one installed wins.
 */
export const CLAUDE_VERSIONS = {
  "2.1.197": "node_modules/@anthropic-ai/claude-code/bin/claude.exe",
  "2.1.332": "node_modules/claude-code-latest/bin/claude.exe",
} as const;
export type ClaudeVersion = keyof typeof CLAUDE_VERSIONS;

function selectedVersion(): ClaudeVersion {
  const wanted = process.env.LOOPKIT_E2E_CLAUDE || "2.1.197";
  if (!(wanted in CLAUDE_VERSIONS)) throw new Error(`LOOPKIT_E2E_CLAUDE=${wanted}: not one of ${Object.keys(CLAUDE_VERSIONS).join(", ")}`);
  return wanted as ClaudeVersion;
}

export const CLAUDE_VERSION = selectedVersion();
export const CLAUDE_BIN = path.join(REPO_ROOT, CLAUDE_VERSIONS[CLAUDE_VERSION]);

/** A folder holding only `claude` (the selected binary), first on PATH so a nested `claude` (the audit) is the same one. */
const CLAUDE_PATH_DIR = (() => {
  const dir = path.join(REPO_ROOT, ".tmp", `e2e-claude-${CLAUDE_VERSION}`);
  const link = path.join(dir, "claude");
  if (!existsSync(CLAUDE_BIN)) throw new Error(`Claude Code ${CLAUDE_VERSION} is not installed at ${CLAUDE_BIN}: run npm ci`);
  mkdirSync(dir, { recursive: true });
  // Test files load this module in parallel workers: each makes its own link and renames it into place.
  const own = `${link}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  symlinkSync(CLAUDE_BIN, own);
  renameSync(own, link);
  return dir;
})();

export interface Sandbox {
  root: string;
  home: string;
  project: string;
  cleanup(): Promise<void>;
}

export interface ClaudeRunOptions {
  model: FakeModel;
  sandbox: Sandbox;
  prompt: string;
  args?: string[];
  env?: Record<string, string>;
  timeoutMs?: number;
  resume?: string;
  cwd?: string;
  /** Default: the checkout's plugin folder, plugins/loopkit; null: no --plugin-dir (the plugins installed in HOME). */
  pluginDir?: string | null;
}

export interface ClaudeRun {
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  /** Parsed stream-json lines (lines that are not JSON are left in stdout only). */
  events: any[];
  /** The hook_started / hook_progress / hook_response system events. */
  hookEvents: any[];
  sessionId?: string;
  /** The final `result` event. */
  result?: any;
  stdout: string;
  stderr: string;
  /** Requests the fake model received during this run. */
  requests: LoggedRequest[];
}

/** Two temp folders (HOME and a one-commit git project) under a root whose path contains a space. */
export async function makeSandbox(): Promise<Sandbox> {
  const root = await mkdtemp(path.join(os.tmpdir(), "loopkit e2e "));
  const home = path.join(root, "home dir");
  const project = path.join(root, "my project");
  await mkdir(home);
  await mkdir(project);
  const git = (...args: string[]) => execa("git", args, { cwd: project, env: { ...gitEnv(home) }, extendEnv: false });
  await git("init", "-q", "-b", "main");
  await git("config", "user.name", "loopkit test");
  await git("config", "user.email", "test@loopkit.invalid");
  await git("config", "commit.gpgsign", "false");
  await writeFile(path.join(project, "README.md"), "# sandbox project\n");
  await git("add", "README.md");
  await git("commit", "-q", "-m", "initial");
  // A detached background hook (asyncRewake) may still be finishing a write after claude has exited: retry ENOTEMPTY/EBUSY.
  return { root, home, project, cleanup: () => rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 }) };
}

function gitEnv(home: string): Record<string, string> {
  return { PATH: basePath(), HOME: home, GIT_CONFIG_NOSYSTEM: "1", LANG: "C.UTF-8" };
}

/** PATH with the selected claude first, so a nested `claude` (the audit) is the same binary. */
function basePath(): string {
  return [CLAUDE_PATH_DIR, path.join(REPO_ROOT, "node_modules/.bin"), process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin"].join(
    path.delimiter,
  );
}

/**
 * The whole environment of a CLI run, built from scratch: nothing ANTHROPIC_*, CLAUDE* or proxy-
 * related leaks in from the parent, and every way out of the machine points at the fake model.
 */
export function claudeEnv(model: FakeModel, sandbox: Sandbox, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PATH: basePath(),
    HOME: sandbox.home,
    USER: "loopkit-test",
    LANG: "C.UTF-8",
    TERM: "dumb",
    TMPDIR: os.tmpdir(),
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: "sk-ant-fake-key-for-tests",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_BUG_COMMAND: "1",
    HTTP_PROXY: model.url,
    HTTPS_PROXY: model.url,
    ALL_PROXY: model.url,
    http_proxy: model.url,
    https_proxy: model.url,
    all_proxy: model.url,
    NO_PROXY: "127.0.0.1,localhost",
    no_proxy: "127.0.0.1,localhost",
    GIT_CONFIG_NOSYSTEM: "1",
    LOOPKIT_STATS_FILE: path.join(sandbox.root, "stats", "loopkit-stats.jsonl"),
    ...extra,
  };
}

function claudeArgs(options: ClaudeRunOptions): string[] {
  const pluginDir = options.pluginDir === null ? [] : ["--plugin-dir", options.pluginDir ?? PLUGIN_DIR];
  const args = ["-p", options.prompt, ...pluginDir, "--output-format", "stream-json", "--verbose", "--include-hook-events"];
  if (options.resume) args.push("--resume", options.resume);
  return [...args, ...(options.args ?? [])];
}

function parseLines(stdout: string): any[] {
  const events: any[] = [];
  for (const line of stdout.split("\n")) {
    if (!line.trim()) continue;
    try {
      events.push(JSON.parse(line));
    } catch {
      // Not an event (the CLI rarely prints plain text); it stays visible in stdout.
    }
  }
  return events;
}

/** Hook runs appear as system events with subtype hook_started / hook_progress / hook_response. */
export function isHookEvent(event: any): boolean {
  return event?.type === "system" && typeof event.subtype === "string" && event.subtype.startsWith("hook_");
}

/** Starts the CLI; `done` resolves (never rejects) when it exits, is killed, or times out. */
export function startClaude(options: ClaudeRunOptions): { child: ResultPromise; done: Promise<ClaudeRun> } {
  const firstRequest = options.model.requests.length;
  const child = execa(CLAUDE_BIN, claudeArgs(options), {
    cwd: options.cwd ?? options.sandbox.project,
    env: claudeEnv(options.model, options.sandbox, options.env),
    extendEnv: false,
    input: "",
    reject: false,
    timeout: options.timeoutMs ?? 120_000,
    killSignal: "SIGKILL",
    forceKillAfterDelay: false,
    maxBuffer: 64 * 1024 * 1024,
  });
  const done = child.then((result) => {
    const stdout = String(result.stdout ?? "");
    const events = parseLines(stdout);
    const result_ = [...events].reverse().find((event) => event?.type === "result");
    const sessionId = events.find((event) => typeof event?.session_id === "string")?.session_id as string | undefined;
    return {
      exitCode: result.exitCode ?? null,
      signal: result.signal ?? null,
      timedOut: Boolean(result.timedOut),
      events,
      hookEvents: events.filter(isHookEvent),
      sessionId,
      result: result_,
      stdout,
      stderr: String(result.stderr ?? ""),
      requests: options.model.requests.slice(firstRequest),
    };
  });
  return { child, done };
}

export interface NodeTrace {
  /** Add to a run's env: every node process started under it appends its argv and cwd to a file. */
  env: Record<string, string>;
  /** One entry per node process started so far (the CLI itself is a native binary and is not listed). */
  read(): Promise<{ argv: string[]; cwd: string }[]>;
}

/** Proves which node scripts (hooks, skill commands) the CLI really started, through NODE_OPTIONS. */
export async function traceNodeProcesses(sandbox: Sandbox): Promise<NodeTrace> {
  const script = path.join(sandbox.root, "node-trace.cjs");
  const log = path.join(sandbox.root, "node-trace.jsonl");
  await writeFile(
    script,
    `require("node:fs").appendFileSync(${JSON.stringify(log)}, JSON.stringify({ argv: process.argv, cwd: process.cwd() }) + "\\n");\n`,
  );
  return {
    env: { NODE_OPTIONS: `--require "${script}"` },
    read: async () =>
      (await readFile(log, "utf8").catch(() => ""))
        .split("\n")
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

/** Runs a plain CLI subcommand (e.g. `plugin validate <dir>`) in the same offline environment. */
export async function claudeCommand(options: {
  model: FakeModel;
  sandbox: Sandbox;
  args: string[];
  env?: Record<string, string>;
  timeoutMs?: number;
}) {
  const result = await execa(CLAUDE_BIN, options.args, {
    cwd: options.sandbox.project,
    env: claudeEnv(options.model, options.sandbox, options.env),
    extendEnv: false,
    input: "",
    reject: false,
    timeout: options.timeoutMs ?? 60_000,
  });
  return { exitCode: result.exitCode ?? null, stdout: String(result.stdout ?? ""), stderr: String(result.stderr ?? "") };
}

/** Runs the CLI to its end. */
export function runClaude(options: ClaudeRunOptions): Promise<ClaudeRun> {
  return startClaude(options).done;
}
