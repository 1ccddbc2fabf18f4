// The one way loopkit runs git. The project (its .git/config and includes, attributes, hooks, and the
// environment settings files hand to hooks) is the agent's to write, so nothing it configures may run:
// every command-running config key is overridden from the command scope (which beats every file),
// the repository is named explicitly, the environment is rebuilt, and output and time are bounded.
import { devNull } from "node:os";
import { existsSync, lstatSync } from "node:fs";
import { dirname, join } from "node:path";

/** A repository as loopkit pins it: explicit, so neither discovery nor core.worktree can redirect it. */
export interface GitRepo {
  gitDir: string;
  workTree: string;
}

export interface GitOptions {
  /** Bytes of stdout kept (the head); the rest is counted, streamed to `onChunk`, and dropped. */
  maxBytes?: number;
  onChunk?: (chunk: Buffer) => void;
  /** The base environment (default process.env); every GIT_* variable in it is dropped. */
  env?: NodeJS.ProcessEnv;
  /** A private index (GIT_INDEX_FILE), for plumbing that must not touch the person's index. */
  indexFile?: string;
  /** Extra GIT_* variables the caller means (GIT_AUTHOR_NAME, ...); never config or paths to run. */
  gitEnv?: Record<string, string>;
  input?: string | Buffer;
  timeoutMs?: number;
  /** Where git runs, inside the work tree (default its top): relative pathspecs start there. */
  cwd?: string;
}

export interface GitResult {
  ok: boolean;
  exitCode: number | null;
  timedOut: boolean;
  /** The first `maxBytes` of stdout. */
  stdout: string;
  /** Total stdout bytes, kept or not. */
  bytes: number;
  truncated: boolean;
  /** The first few KB of stderr, for error messages. */
  stderr: string;
}

const DEFAULT_MAX_BYTES = 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 60_000;
const STDERR_BYTES = 4096;

/**
 * Config that runs nothing, set in the command scope. hooksPath points at the null device, so no hook
 * (reference-transaction, post-checkout, ...) can be found under it.
 */
const FIXED_CONFIG: ReadonlyArray<readonly [string, string]> = [
  ["core.fsmonitor", "false"],
  ["core.hooksPath", devNull],
  ["core.pager", "cat"],
  ["core.useReplaceRefs", "false"],
  ["core.untrackedCache", "false"],
  ["diff.external", ""],
  ["diff.ignoreSubmodules", "all"],
  ["status.submoduleSummary", "false"],
  ["submodule.recurse", "false"],
  ["commit.gpgSign", "false"],
  ["tag.gpgSign", "false"],
  ["log.showSignature", "false"],
  ["gc.auto", "0"],
  ["maintenance.auto", "false"],
  ["protocol.allow", "never"],
];

/** Flags for the porcelain commands that would otherwise run diff drivers (textconv, diff.<x>.command). */
const NO_DRIVERS: Record<string, string[]> = {
  diff: ["--no-ext-diff", "--no-textconv"],
  show: ["--no-ext-diff", "--no-textconv"],
  log: ["--no-ext-diff", "--no-textconv"],
  blame: ["--no-textconv"],
};

/** Runs `git <args>` in `repo` with nothing the project configures able to run. Never throws for git's own failures. */
export async function runGit(repo: GitRepo, args: readonly string[], options: GitOptions = {}): Promise<GitResult> {
  const base = {
    gitDir: repo.gitDir,
    workTree: repo.workTree,
    cwd: options.cwd ?? repo.workTree,
    env: options.env,
    timeoutMs: options.timeoutMs,
  };
  const config = await guardConfig(base);
  const [command, ...rest] = args;
  const full = command === undefined ? [] : [command, ...(NO_DRIVERS[command] ?? []), ...rest];
  return spawnGit(base, config, full, options);
}

/**
 * The environment for another program that runs git in `repo` by itself (the audit's Claude Code
 * reads `git status` and `git log`): no GIT_* from `env`, the repository named explicitly, and the
 * same command-scope config, so that its git runs nothing the project configures either. A diff
 * driver it would have run fails instead.
 */
export async function guardedGitEnv(repo: GitRepo, env: NodeJS.ProcessEnv, timeoutMs?: number): Promise<NodeJS.ProcessEnv> {
  const config = await guardConfig({ gitDir: repo.gitDir, workTree: repo.workTree, cwd: repo.workTree, env, timeoutMs });
  return { ...gitEnvironment(env, config, {}), GIT_DIR: repo.gitDir, GIT_WORK_TREE: repo.workTree };
}

/** The fixed overrides plus one for every filter and diff driver configured anywhere (they are named by attributes the project writes). */
async function guardConfig(base: SpawnBase): Promise<Array<readonly [string, string]>> {
  const listed = await spawnGit(base, [], ["config", "--list", "--null"], { maxBytes: DEFAULT_MAX_BYTES });
  return [...FIXED_CONFIG, ...driverOverrides(listed.stdout)];
}

/**
 * The repository that holds `dir`: the nearest `.git` (folder or gitfile) at or above it, and the
 * folder holding that `.git` as the work tree. Null outside a repository.
 */
export function findRepo(dir: string): GitRepo | null {
  for (let current = dir; ; current = dirname(current)) {
    const dotGit = join(current, ".git");
    if (existsSync(dotGit)) {
      const stat = lstatSync(dotGit);
      // A .git that is a link or anything else is not followed: loopkit names no repository then.
      return stat.isDirectory() || stat.isFile() ? { gitDir: dotGit, workTree: current } : null;
    }
    if (dirname(current) === current) return null;
  }
}

/**
 * For every filter named in `git config --list --null` output: empty clean/smudge/process (git then
 * passes content through) and required=false. For every diff driver: empty textconv and command
 * (loopkit's own diffs pass --no-textconv --no-ext-diff; another program's git fails rather than runs).
 */
export function driverOverrides(listing: string): Array<[string, string]> {
  const filters = new Set<string>();
  const drivers = new Set<string>();
  for (const entry of listing.split("\0")) {
    const key = entry.split("\n", 1)[0]!;
    const filter = /^filter\.(.+)\.[^.]+$/s.exec(key);
    if (filter) filters.add(filter[1]!);
    const driver = /^diff\.(.+)\.(textconv|command)$/s.exec(key);
    if (driver) drivers.add(driver[1]!);
  }
  return [
    ...[...filters].flatMap((name): Array<[string, string]> => [
      [`filter.${name}.clean`, ""],
      [`filter.${name}.smudge`, ""],
      [`filter.${name}.process`, ""],
      [`filter.${name}.required`, "false"],
    ]),
    ...[...drivers].flatMap((name): Array<[string, string]> => [
      [`diff.${name}.textconv`, ""],
      [`diff.${name}.command`, ""],
    ]),
  ];
}

interface SpawnBase {
  gitDir: string;
  workTree: string;
  cwd: string;
  env: NodeJS.ProcessEnv | undefined;
  timeoutMs: number | undefined;
}

async function spawnGit(
  base: SpawnBase,
  config: ReadonlyArray<readonly [string, string]>,
  args: string[],
  options: GitOptions,
): Promise<GitResult> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const stdout = new HeadBuffer(maxBytes);
  const stderr = new HeadBuffer(STDERR_BYTES);
  // execa (and its dependencies) load only when a process is spawned, not with every hook or command.
  const { execa } = await import("execa");
  const child = execa(
    "git",
    ["--no-pager", "--no-optional-locks", "--no-replace-objects", `--git-dir=${base.gitDir}`, `--work-tree=${base.workTree}`, ...args],
    {
      cwd: base.cwd,
      env: gitEnvironment(base.env ?? process.env, config, options),
      extendEnv: false,
      buffer: false,
      reject: false,
      stdin: options.input === undefined ? "ignore" : "pipe",
      ...(options.input === undefined ? {} : { input: options.input }),
      timeout: base.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      forceKillAfterDelay: 1_000,
    },
  );
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout.push(chunk);
    options.onChunk?.(chunk);
  });
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk));
  const result = await child;
  const exitCode = typeof result.exitCode === "number" ? result.exitCode : null;
  return {
    ok: exitCode === 0 && !result.timedOut,
    exitCode,
    timedOut: result.timedOut === true,
    stdout: stdout.text(),
    bytes: stdout.total,
    truncated: stdout.total > maxBytes,
    stderr: stderr.text(),
  };
}

/** The caller's environment without any GIT_* variable, plus loopkit's config and the few it means. */
function gitEnvironment(from: NodeJS.ProcessEnv, config: ReadonlyArray<readonly [string, string]>, options: GitOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(from)) if (!/^GIT_/i.test(key)) env[key] = value;
  for (const [key, value] of Object.entries(options.gitEnv ?? {})) if (SAFE_GIT_ENV.test(key)) env[key] = value;
  env.GIT_TERMINAL_PROMPT = "0";
  env.GIT_OPTIONAL_LOCKS = "0";
  if (options.indexFile !== undefined) env.GIT_INDEX_FILE = options.indexFile;
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

/** The identity and date variables commit plumbing reads; nothing that names config, paths or programs. */
const SAFE_GIT_ENV = /^GIT_(AUTHOR|COMMITTER)_(NAME|EMAIL|DATE)$/;

/** Keeps the first `limit` bytes of a stream and counts the rest. */
class HeadBuffer {
  private chunks: Buffer[] = [];
  private kept = 0;
  total = 0;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.total += chunk.length;
    if (this.kept >= this.limit) return;
    const take = chunk.subarray(0, this.limit - this.kept);
    this.chunks.push(take);
    this.kept += take.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}
