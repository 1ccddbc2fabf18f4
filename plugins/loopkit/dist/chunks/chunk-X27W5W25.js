import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  UNMEASURED_SANDBOX
} from "./chunk-5AUT7LJL.js";
import {
  iso_exports
} from "./chunk-32X6X3F3.js";
import {
  boolean,
  literal,
  object,
  string
} from "./chunk-PGQLL66H.js";

// src/auto-loop/core/settings.ts
var DEFAULT_VERIFIER_TIMEOUT_MS = 10 * 6e4;
var DEFAULT_AUDIT_TIMEOUT_MS = 10 * 6e4;
var DEFAULT_STALE_MS = 30 * 6e4;
var DEFAULT_API_RETRY_MS = 3e4;
var DEFAULT_PROGRESS_MS = 6e4;
var DEFAULT_CONTEXT_WINDOW = 2e5;
function positive(env, name, fallback) {
  const value = Number(env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}
function readSettings(env) {
  return {
    contextWindow: positive(env, "LOOPKIT_CONTEXT_WINDOW", DEFAULT_CONTEXT_WINDOW),
    verifierTimeoutMs: positive(env, "LOOPKIT_VERIFIER_TIMEOUT_MS", DEFAULT_VERIFIER_TIMEOUT_MS),
    auditTimeoutMs: positive(env, "LOOPKIT_AUDIT_TIMEOUT_MS", DEFAULT_AUDIT_TIMEOUT_MS),
    staleMs: positive(env, "LOOPKIT_STALE_MS", DEFAULT_STALE_MS),
    apiRetryMs: positive(env, "LOOPKIT_API_RETRY_MS", DEFAULT_API_RETRY_MS),
    progressMs: positive(env, "LOOPKIT_PROGRESS_MS", DEFAULT_PROGRESS_MS)
  };
}

// src/auto-loop/core/agent-sandbox.ts
var ProbeSchema = object({
  version: literal(1),
  loop_id: string().min(1),
  session_id: string().min(1),
  written_at: iso_exports.datetime(),
  /** SANDBOX_RUNTIME=1 in the command's environment: Claude Code ran it under its sandbox all the same. */
  sandbox_runtime: boolean()
});
function measuringSandbox(failIfUnavailable) {
  return {
    agent: "unknown",
    how: "loopkit's skill command probes it right after the start; the loop's first Stop settles it",
    fail_if_unavailable: failIfUnavailable,
    measuring: true
  };
}
function attachSandbox(launch, driver, attach) {
  if (driver) return { ...launch, agent_sandbox: driver };
  return attach === "start" ? launch : { ...launch, agent_sandbox: UNMEASURED_SANDBOX };
}
var WHERE = "loopkit's skill command, which runs where the agent's commands run,";
function settleSandbox(current, probe, loop, dataInProject) {
  if (!current.measuring) return current;
  const keep = { fail_if_unavailable: current.fail_if_unavailable };
  if (dataInProject)
    return {
      agent: "unknown",
      how: "not measurable: loopkit's data folder is inside the project, where a sandboxed agent can write too",
      ...keep
    };
  if (!probe || probe.loop_id !== loop.loop_id || probe.session_id !== loop.session_id) {
    return {
      agent: "sandboxed",
      how: `${WHERE} could not write loopkit's data folder, which Claude Code's sandbox keeps read-only`,
      ...keep
    };
  }
  if (probe.sandbox_runtime) {
    return {
      agent: "sandboxed",
      how: `${WHERE} ran in Claude Code's sandbox, SANDBOX_RUNTIME=1, though the sandbox lets it write loopkit's data folder`,
      ...keep
    };
  }
  return { agent: "unsandboxed", how: `${WHERE} wrote to loopkit's data folder at ${probe.written_at}, which no sandbox allows`, ...keep };
}
function agentLine(sandbox) {
  if (sandbox.measuring) return `the agent's sandbox is being measured (${sandbox.how})`;
  const where = {
    sandboxed: "runs in Claude Code's sandbox",
    unsandboxed: "runs in no sandbox",
    unknown: "is in a sandbox or not, loopkit does not know"
  }[sandbox.agent];
  return `the agent ${where} (${sandbox.how})`;
}
var sandboxLine = (sandbox) => `${agentLine(sandbox)}: ${sandboxMeaning(sandbox)}`;
function sandboxMeaning(sandbox) {
  if (sandbox.measuring) return "until then it counts as sandboxed";
  const fallback = sandbox.fail_if_unavailable ? "where no sandbox can start, the verifier is not run (failIfUnavailable)" : "where no sandbox can start, it runs unsandboxed, and says so";
  switch (sandbox.agent) {
    case "unsandboxed":
      return "the verifier runs with your rights, as the agent's own commands do";
    case "sandboxed":
      return `the verifier runs under the same sandbox policy, so the agent's code gets no more rights through it; ${fallback}`;
    case "unknown":
      return `treated as sandboxed: the verifier runs sandboxed wherever a sandbox can start; ${fallback}`;
  }
}

// src/shared/git.ts
import { devNull } from "node:os";
import { existsSync, lstatSync } from "node:fs";
import { dirname, join } from "node:path";
var DEFAULT_MAX_BYTES = 1024 * 1024;
var DEFAULT_TIMEOUT_MS = 6e4;
var STDERR_BYTES = 4096;
var FIXED_CONFIG = [
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
  ["protocol.allow", "never"]
];
var NO_DRIVERS = {
  diff: ["--no-ext-diff", "--no-textconv"],
  show: ["--no-ext-diff", "--no-textconv"],
  log: ["--no-ext-diff", "--no-textconv"],
  blame: ["--no-textconv"]
};
async function runGit(repo, args, options = {}) {
  const base = {
    gitDir: repo.gitDir,
    workTree: repo.workTree,
    cwd: options.cwd ?? repo.workTree,
    env: options.env,
    timeoutMs: options.timeoutMs
  };
  const config = await guardConfig(base);
  const [command, ...rest] = args;
  const full = command === void 0 ? [] : [command, ...NO_DRIVERS[command] ?? [], ...rest];
  return spawnGit(base, config, full, options);
}
async function guardedGitEnv(repo, env, timeoutMs) {
  const config = await guardConfig({ gitDir: repo.gitDir, workTree: repo.workTree, cwd: repo.workTree, env, timeoutMs });
  return { ...gitEnvironment(env, config, {}), GIT_DIR: repo.gitDir, GIT_WORK_TREE: repo.workTree };
}
async function guardConfig(base) {
  const listed = await spawnGit(base, [], ["config", "--list", "--null"], { maxBytes: DEFAULT_MAX_BYTES });
  return [...FIXED_CONFIG, ...driverOverrides(listed.stdout)];
}
function findRepo(dir) {
  for (let current = dir; ; current = dirname(current)) {
    const dotGit = join(current, ".git");
    if (existsSync(dotGit)) {
      const stat = lstatSync(dotGit);
      return stat.isDirectory() || stat.isFile() ? { gitDir: dotGit, workTree: current } : null;
    }
    if (dirname(current) === current) return null;
  }
}
function driverOverrides(listing) {
  const filters = /* @__PURE__ */ new Set();
  const drivers = /* @__PURE__ */ new Set();
  for (const entry of listing.split("\0")) {
    const key = entry.split("\n", 1)[0];
    const filter = /^filter\.(.+)\.[^.]+$/s.exec(key);
    if (filter) filters.add(filter[1]);
    const driver = /^diff\.(.+)\.(textconv|command)$/s.exec(key);
    if (driver) drivers.add(driver[1]);
  }
  return [
    ...[...filters].flatMap((name) => [
      [`filter.${name}.clean`, ""],
      [`filter.${name}.smudge`, ""],
      [`filter.${name}.process`, ""],
      [`filter.${name}.required`, "false"]
    ]),
    ...[...drivers].flatMap((name) => [
      [`diff.${name}.textconv`, ""],
      [`diff.${name}.command`, ""]
    ])
  ];
}
async function spawnGit(base, config, args, options) {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const stdout = new HeadBuffer(maxBytes);
  const stderr = new HeadBuffer(STDERR_BYTES);
  const { execa } = await import("./execa-6UQVBNIA.js");
  const child = execa(
    "git",
    ["--no-pager", "--no-optional-locks", "--no-replace-objects", `--git-dir=${base.gitDir}`, `--work-tree=${base.workTree}`, ...args],
    {
      cwd: base.cwd,
      env: gitEnvironment(base.env ?? process.env, config, options),
      extendEnv: false,
      buffer: false,
      reject: false,
      stdin: options.input === void 0 ? "ignore" : "pipe",
      ...options.input === void 0 ? {} : { input: options.input },
      timeout: base.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      forceKillAfterDelay: 1e3
    }
  );
  child.stdout?.on("data", (chunk) => {
    stdout.push(chunk);
    options.onChunk?.(chunk);
  });
  child.stderr?.on("data", (chunk) => stderr.push(chunk));
  const result = await child;
  const exitCode = typeof result.exitCode === "number" ? result.exitCode : null;
  return {
    ok: exitCode === 0 && !result.timedOut,
    exitCode,
    timedOut: result.timedOut === true,
    stdout: stdout.text(),
    bytes: stdout.total,
    truncated: stdout.total > maxBytes,
    stderr: stderr.text()
  };
}
function gitEnvironment(from, config, options) {
  const env = {};
  for (const [key, value] of Object.entries(from)) if (!/^GIT_/i.test(key)) env[key] = value;
  for (const [key, value] of Object.entries(options.gitEnv ?? {})) if (SAFE_GIT_ENV.test(key)) env[key] = value;
  env.GIT_TERMINAL_PROMPT = "0";
  env.GIT_OPTIONAL_LOCKS = "0";
  if (options.indexFile !== void 0) env.GIT_INDEX_FILE = options.indexFile;
  env.GIT_CONFIG_COUNT = String(config.length);
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}
var SAFE_GIT_ENV = /^GIT_(AUTHOR|COMMITTER)_(NAME|EMAIL|DATE)$/;
var HeadBuffer = class {
  constructor(limit) {
    this.limit = limit;
  }
  limit;
  chunks = [];
  kept = 0;
  total = 0;
  push(chunk) {
    this.total += chunk.length;
    if (this.kept >= this.limit) return;
    const take = chunk.subarray(0, this.limit - this.kept);
    this.chunks.push(take);
    this.kept += take.length;
  }
  text() {
    return Buffer.concat(this.chunks).toString("utf8");
  }
};

export {
  ProbeSchema,
  measuringSandbox,
  attachSandbox,
  settleSandbox,
  agentLine,
  sandboxLine,
  sandboxMeaning,
  readSettings,
  runGit,
  guardedGitEnv,
  findRepo
};
