import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  LOG_IN_AGAIN,
  apiErrorSummary,
  monotonicMs,
  noInputError,
  parseOptions,
  reportCommand,
  spanLeft,
  usageError,
  usageTokens,
  valueOf
} from "./chunk-PY5V25UZ.js";
import {
  RETRY_TAG
} from "./chunk-PNKYXAUH.js";
import {
  endGroupOnSignal,
  killGroup,
  killGroupAfter,
  killTagged,
  runTagEnv
} from "./chunk-DTFUBUZW.js";
import {
  ASK_PERSON_MARKER,
  BLOCKED_MARKER,
  HANDOFF_FILE,
  ProbeSchema,
  RESUME_HINT,
  attachSandbox,
  auditPrompt,
  diffLines,
  fenced,
  findRepo,
  guardedGitEnv,
  hunks,
  nextPrompt,
  rules,
  settleSandbox,
  wrapUpPrompt
} from "./chunk-BGGK4KIJ.js";
import {
  compareSnapshots,
  hasHidden,
  readRecordedContent,
  showPath,
  showText,
  splitArguments,
  splitWords,
  typedText
} from "./chunk-P4IBK2I7.js";
import {
  RULE_NAMES,
  auditLabel,
  auditUnmet,
  auditVote,
  capReached,
  elapsedMs,
  gateNext,
  iterationsAgainstCap,
  noProgressReason,
  readSettings,
  recordTestProgress,
  refusedByLoopkit,
  testRuleBreach,
  verifierVerdict
} from "./chunk-4FYXKZ2R.js";
import {
  formatDuration,
  parseDuration
} from "./chunk-7BFHLTUB.js";
import {
  ExecAnswerSchema,
  NODE_OPTIONS_CARRIER
} from "./chunk-63YVBMM7.js";
import {
  loopFiles
} from "./chunk-DXEZUW42.js";
import {
  openRegular,
  readRegularFile
} from "./chunk-QJD4XBMD.js";
import {
  historyEntry
} from "./chunk-SRAQKVGE.js";
import {
  loadJudgingBaseline
} from "./chunk-NGPYFHQX.js";
import {
  DEPENDENCY_FOLDERS,
  GIT_META_NAMES,
  KEEP_BYTES,
  TOOL_FOLDERS,
  checkDeadline,
  deadlineIn,
  decodeTree,
  nameOf,
  openStore,
  readRegularFileSync,
  remainingMs,
  takeSnapshot,
  within,
  writeOwnFileSync
} from "./chunk-5F52TF2U.js";
import {
  AUDIT_VOTES,
  DEFAULT_NO_PROGRESS_LIMIT,
  PERSON_WORDS_CHARS,
  PERSON_WORDS_KEPT,
  UNMEASURED_SANDBOX,
  tokensUsed
} from "./chunk-HALTCE3W.js";
import {
  auditWorkDir
} from "./chunk-PVEHQ6JT.js";
import {
  LoopkitError,
  formatError,
  iso_exports,
  readJson,
  writeJson
} from "./chunk-W3MJS3SN.js";
import {
  KEEP_FAILING,
  READ_NAMES_BYTES,
  Tally,
  countsOf,
  describeTests,
  firstLine,
  ranCount
} from "./chunk-JR3TLBIQ.js";
import {
  _enum,
  array,
  boolean,
  int,
  literal,
  object,
  strictObject,
  string,
  union
} from "./chunk-CW3O4QTE.js";

// src/auto-loop/data/sandbox-probe.ts
import { promises as fs, realpathSync } from "node:fs";
import path from "node:path";
var probeFile = (stateFile) => path.join(path.dirname(stateFile), "sandbox-probe.json");
async function writeProbe(file, loop, env, now) {
  const probe = {
    version: 1,
    loop_id: loop.loop_id,
    session_id: loop.session_id,
    written_at: now.toISOString(),
    sandbox_runtime: env.SANDBOX_RUNTIME === "1"
  };
  try {
    await writeJson(file, ProbeSchema, probe);
    return probe;
  } catch {
    return void 0;
  }
}
async function settleFromProbe(state, stateFile) {
  if (!state.launch.agent_sandbox.measuring) return state;
  const file = probeFile(stateFile);
  const probe = await readJson(file, ProbeSchema).then(
    (read) => read.exists ? read.value : void 0,
    () => void 0
  );
  await fs.rm(file, { force: true });
  return {
    ...state,
    launch: {
      ...state.launch,
      agent_sandbox: settleSandbox(state.launch.agent_sandbox, probe, state, dataInProject(stateFile, state.project_dir))
    }
  };
}
var removeProbe = (file) => fs.rm(file, { force: true });
function dataInProject(stateFile, projectDir) {
  const real = (file) => {
    try {
      return realpathSync(file);
    } catch {
      return path.resolve(file);
    }
  };
  const inside = path.relative(real(projectDir), real(path.dirname(stateFile)));
  return inside === "" || !inside.startsWith("..") && !path.isAbsolute(inside);
}

// src/shared/claude-bin.ts
import { accessSync, constants, realpathSync as realpathSync2, statSync } from "node:fs";
import path2 from "node:path";
function resolveClaude(env, projectDir, purpose) {
  const given = env.LOOPKIT_CLAUDE_BIN;
  const found = given ? path2.isAbsolute(given) ? given : findOnPath(given, env) : findOnPath("claude", env);
  if (!found || !isExecutable(found)) {
    throw new LoopkitError(
      "USAGE",
      given ? `LOOPKIT_CLAUDE_BIN ${given} is not an executable file` : `${purpose} needs the claude CLI, and there is no claude on PATH`,
      {
        value: given ?? env.PATH,
        hint: "install Claude Code, or point LOOPKIT_CLAUDE_BIN at its claude binary (an absolute path); nothing was started"
      }
    );
  }
  const real = realpathSync2(found);
  const inside = path2.relative(realpathSync2(projectDir), real);
  if (!inside.startsWith("..") && !path2.isAbsolute(inside)) {
    throw new LoopkitError("USAGE", `the claude binary for ${purpose} (${real}) is inside the project, where the agent could replace it`, {
      value: real,
      hint: "use a claude installed outside the project (set LOOPKIT_CLAUDE_BIN to its absolute path); nothing was started"
    });
  }
  return real;
}
function findOnPath(name, env) {
  const extensions = process.platform === "win32" ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";")] : [""];
  for (const dir of (env.PATH ?? "").split(path2.delimiter)) {
    if (!dir || !path2.isAbsolute(dir)) continue;
    for (const extension of extensions) {
      const candidate = path2.join(dir, name + extension);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}
function isExecutable(file) {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

// src/auto-loop/runners/launch.ts
var SECRET_NAME = /API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_?KEY|AUTH/i;
var SECRET_VALUE = /:\/\/[^/\s:@]+:[^/\s@]+@/;
var isSecret = (name, value) => SECRET_NAME.test(name) || SECRET_VALUE.test(value);
function captureLaunch(env, projectDir) {
  const kept = {};
  const credentials = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === void 0) continue;
    if (isSecret(name, value)) credentials.push(name);
    else kept[name] = value;
  }
  const settings = readSettings(env);
  return {
    claude_bin: resolveClaude(env, projectDir, "the audit"),
    env: kept,
    credential_names: credentials.sort(),
    verifier_timeout_ms: settings.verifierTimeoutMs,
    audit_timeout_ms: settings.auditTimeoutMs,
    context_window: settings.contextWindow,
    agent_sandbox: { ...UNMEASURED_SANDBOX }
  };
}
function launchEnv(launch, current) {
  const env = { ...launch.env };
  for (const name of launch.credential_names) {
    const value = current[name];
    if (value !== void 0) env[name] = value;
  }
  return env;
}

// src/auto-loop/runners/verifier.ts
import { randomUUID } from "node:crypto";

// src/shared/bounded-output.ts
var BoundedOutput = class {
  constructor(headLimit, tailLimit) {
    this.headLimit = headLimit;
    this.tailLimit = tailLimit;
  }
  headLimit;
  tailLimit;
  head = Buffer.alloc(0);
  tail = [];
  tailBytes = 0;
  total = 0;
  push(chunk) {
    this.total += chunk.length;
    if (this.head.length < this.headLimit) {
      const take = Math.min(this.headLimit - this.head.length, chunk.length);
      this.head = Buffer.concat([this.head, chunk.subarray(0, take)]);
      chunk = chunk.subarray(take);
    }
    if (chunk.length === 0) return;
    this.tail.push(chunk);
    this.tailBytes += chunk.length;
    while (this.tail.length > 1 && this.tailBytes - this.tail[0].length >= this.tailLimit) {
      this.tailBytes -= this.tail.shift().length;
    }
  }
  /** Head and tail joined, with a marker saying how much was left out in between. */
  text() {
    const tail = Buffer.concat(this.tail);
    const kept = tail.subarray(Math.max(0, tail.length - this.tailLimit));
    const omitted = this.total - this.head.length - kept.length;
    const middle = omitted > 0 ? `
[... ${omitted} bytes of output omitted ...]
` : "";
    return `${this.head.toString("utf8")}${middle}${kept.toString("utf8")}`;
  }
  /** The last `bytes` of the output (from the tail, or the head when the output was short). */
  last(bytes2) {
    const all = this.total <= this.headLimit ? this.head : Buffer.concat(this.tail);
    const slice = all.subarray(Math.max(0, all.length - bytes2)).toString("utf8");
    return all.length > bytes2 || this.total > all.length ? `[...]${slice}` : slice;
  }
};

// src/sandbox/choice.ts
function wantsSandbox(agent) {
  return agent.agent !== "unsandboxed";
}
function whenUnavailable(agent, reason) {
  const whose = agent.agent === "sandboxed" ? `the loop's agent is sandboxed (${agent.how})` : `the loop's agent may be sandboxed (${agent.how})`;
  if (agent.fail_if_unavailable) {
    return {
      kind: "refuse",
      message: `loopkit did not run the verifier: ${whose}, and no sandbox can start here: ${reason}. sandbox.failIfUnavailable is true, so it does not run unsandboxed and this turn is not judged passed. Install what the sandbox needs (Linux: bubblewrap, socat, ripgrep) and check \`loopkit doctor\`.`
    };
  }
  return {
    kind: "unsandboxed",
    note: `loopkit: no sandbox can start here: ${reason}. ${capitalize(whose)}, but the verifier ran unsandboxed, with your full rights (sandbox.failIfUnavailable is not set).`
  };
}
var capitalize = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// src/sandbox/launcher.ts
import { existsSync, promises as fs2, realpathSync as realpathSync3 } from "node:fs";
import os2 from "node:os";
import path5 from "node:path";

// src/sandbox/person-settings.ts
import { readdir } from "node:fs/promises";
import os from "node:os";
import path3 from "node:path";
var Paths = array(string()).optional();
var SettingsFileSchema = object({
  sandbox: object({
    enabled: boolean().optional(),
    failIfUnavailable: boolean().optional(),
    network: object({
      allowedDomains: Paths,
      deniedDomains: Paths,
      allowManagedDomainsOnly: boolean().optional(),
      allowUnixSockets: Paths,
      allowAllUnixSockets: boolean().optional(),
      allowLocalBinding: boolean().optional()
    }).optional(),
    filesystem: object({ allowWrite: Paths, denyWrite: Paths, denyRead: Paths, allowRead: Paths }).optional()
  }).optional(),
  permissions: object({ allow: Paths, deny: Paths }).optional()
});
function settingsOf(value) {
  const parsed = SettingsFileSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
function managedDir() {
  if (process.platform === "linux") return "/etc/claude-code";
  if (process.platform === "darwin") return "/Library/Application Support/ClaudeCode";
  return null;
}
async function readPersonSettings(env) {
  const home = env.HOME || os.homedir();
  const config = env.CLAUDE_CONFIG_DIR || path3.join(home, ".claude");
  const files = [{ file: path3.join(config, "settings.json"), managed: false }];
  const managed = managedDir();
  if (managed) {
    files.push({ file: path3.join(managed, "managed-settings.json"), managed: true });
    const dropIns = path3.join(managed, "managed-settings.d");
    const names = await readdir(dropIns).catch(() => []);
    for (const name of names.filter((name2) => name2.endsWith(".json") && !name2.startsWith(".")).sort())
      files.push({ file: path3.join(dropIns, name), managed: true });
  }
  const read = await Promise.all(files.map(async ({ file, managed: managed2 }) => ({ file, managed: managed2, settings: await readSettingsFile(file) })));
  return read.flatMap(({ file, managed: managed2, settings }) => settings ? [{ file, managed: managed2, settings }] : []);
}
var MAX_SETTINGS_BYTES = 1024 * 1024;
async function readSettingsFile(file) {
  const handle = await openRegular(file, true).catch(() => null);
  if (!handle) return null;
  try {
    if ((await handle.stat()).size > MAX_SETTINGS_BYTES) return null;
    return settingsOf(JSON.parse(await handle.readFile("utf8")));
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
var WEB_FETCH_DOMAIN = /^WebFetch\(domain:(.+)\)$/;
function mergePersonSandbox(sources, home) {
  const managedOnly = sources.some((source) => source.managed && source.settings.sandbox?.network?.allowManagedDomainsOnly === true);
  const merged = {
    enabled: false,
    failIfUnavailable: false,
    allowedDomains: [],
    deniedDomains: [],
    allowUnixSockets: [],
    allowAllUnixSockets: false,
    allowLocalBinding: false,
    allowWrite: [],
    denyWrite: [],
    denyRead: [],
    allowRead: []
  };
  for (const { file, managed, settings } of sources) {
    const sandbox = settings.sandbox ?? {};
    const network = sandbox.network ?? {};
    const fsRules = sandbox.filesystem ?? {};
    const resolve = (entry) => resolveSettingsPath(entry, path3.dirname(file), home);
    merged.enabled = sandbox.enabled ?? merged.enabled;
    merged.failIfUnavailable = sandbox.failIfUnavailable ?? merged.failIfUnavailable;
    merged.allowAllUnixSockets = network.allowAllUnixSockets ?? merged.allowAllUnixSockets;
    merged.allowLocalBinding = network.allowLocalBinding ?? merged.allowLocalBinding;
    if (!managedOnly || managed) {
      merged.allowedDomains.push(...network.allowedDomains ?? [], ...webFetchDomains(settings.permissions?.allow));
    }
    merged.deniedDomains.push(...network.deniedDomains ?? [], ...webFetchDomains(settings.permissions?.deny));
    merged.allowUnixSockets.push(...(network.allowUnixSockets ?? []).map(resolve));
    merged.allowWrite.push(...(fsRules.allowWrite ?? []).map(resolve));
    merged.denyWrite.push(...(fsRules.denyWrite ?? []).map(resolve));
    merged.denyRead.push(...(fsRules.denyRead ?? []).map(resolve));
    merged.allowRead.push(...(fsRules.allowRead ?? []).map(resolve));
  }
  return merged;
}
function webFetchDomains(rules2) {
  return (rules2 ?? []).flatMap((rule) => {
    const match = WEB_FETCH_DOMAIN.exec(rule.trim());
    return match ? [match[1]] : [];
  });
}
function resolveSettingsPath(entry, base, home) {
  if (entry === "~") return home;
  if (entry.startsWith("~/")) return path3.join(home, entry.slice(2));
  return path3.resolve(base, entry);
}
async function personSandbox(env) {
  return mergePersonSandbox(await readPersonSettings(env), env.HOME || os.homedir());
}

// src/sandbox/policy.ts
import path4 from "node:path";
var PROJECT_READ_ONLY = [
  ".git/config",
  ".git/hooks",
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".claude/hooks",
  ".claude/skills",
  ".claude/launch.json",
  ".claude/workflows",
  ".claude/routines",
  ".claude/scheduled_tasks.json"
];
var LIBRARY_READ_ONLY = [
  ".gitconfig",
  ".gitmodules",
  ".bashrc",
  ".bash_profile",
  ".zshrc",
  ".zprofile",
  ".profile",
  ".ripgreprc",
  ".mcp.json",
  ".vscode",
  ".idea",
  ".claude/commands",
  ".claude/agents",
  ".git/hooks",
  ".git/config"
];
var SANDBOX_READ_ONLY_IN_PROJECT = [.../* @__PURE__ */ new Set([...PROJECT_READ_ONLY, ...LIBRARY_READ_ONLY])];
function verifierPolicy({ projectDir, tempDir, person }) {
  const switches = {
    ...person.allowUnixSockets.length ? { allowUnixSockets: person.allowUnixSockets } : {},
    ...person.allowAllUnixSockets ? { allowAllUnixSockets: true } : {},
    ...person.allowLocalBinding ? { allowLocalBinding: true } : {}
  };
  return {
    // An empty allow list is what turns the network off: every connection goes through the
    // library's proxy, which refuses what no rule allows.
    network: { allowedDomains: unique(person.allowedDomains), deniedDomains: unique(person.deniedDomains), ...switches },
    filesystem: {
      allowWrite: unique([projectDir, tempDir, ...person.allowWrite]),
      denyWrite: unique([...PROJECT_READ_ONLY.map((entry) => path4.join(projectDir, entry)), ...person.denyWrite]),
      denyRead: unique(person.denyRead),
      allowRead: unique(person.allowRead)
    }
  };
}
var unique = (list) => [...new Set(list)];

// src/sandbox/launcher.ts
function launcherBesideEntry(entry = process.argv[1]) {
  if (!entry) return null;
  const dir = path5.dirname(realEntry(path5.resolve(entry)));
  const beside = path5.join(dir, "sandbox-exec.js");
  if (existsSync(beside)) return beside;
  const fromBin = path5.join(dir, "..", "dist", "sandbox-exec.js");
  return path5.basename(dir) === "bin" && existsSync(fromBin) ? fromBin : null;
}
function realEntry(entry) {
  try {
    return realpathSync3(entry);
  } catch {
    return entry;
  }
}
async function launcherSpawn(launcher, command, cwd, env) {
  const projectDir = realpathSync3(cwd);
  const tempDir = await fs2.mkdtemp(path5.join(realpathSync3(os2.tmpdir()), "loopkit-sandbox-"));
  const cleanup = () => fs2.rm(tempDir, { recursive: true, force: true }).catch(() => void 0);
  try {
    const policy = verifierPolicy({ projectDir, tempDir, person: await personSandbox(env) });
    const request = { version: 1, command, cwd: projectDir, tempDir, policy: { ...policy } };
    const { NODE_OPTIONS: nodeOptions, ...rest } = { ...env, TMPDIR: tempDir, TMP: tempDir, TEMP: tempDir };
    return {
      file: process.execPath,
      args: [launcher, JSON.stringify(request)],
      env: nodeOptions === void 0 ? rest : { ...rest, [NODE_OPTIONS_CARRIER]: nodeOptions },
      cleanup
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
function readAnswer(text) {
  const line = text.split("\n")[0] ?? "";
  try {
    const parsed = ExecAnswerSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
function noAnswerReason(exit, output) {
  return `loopkit's sandbox launcher stopped before it answered (${exit}): ${output.trim().split("\n").slice(-3).join(" ") || "no output"}`;
}

// src/auto-loop/runners/verifier.ts
var KEEP_BYTES2 = 32 * 1024;
var TAIL_BYTES = 4 * 1024;
var DRAIN_MS = 2e3;
async function runVerifier(command, cwd, timeoutMs, env = process.env, options = {}) {
  const plain = { file: command, args: [], shell: true, env };
  const agent = options.sandbox;
  if (!agent || !wantsSandbox(agent)) return (await runTree(plain, cwd, timeoutMs, options.listen)).outcome;
  const sandboxed = await runSandboxed(
    command,
    cwd,
    timeoutMs,
    env,
    options.launcher === void 0 ? launcherBesideEntry() : options.launcher,
    options.listen
  );
  if ("outcome" in sandboxed) return sandboxed.outcome;
  const unavailable = whenUnavailable(agent, sandboxed.reason);
  if (unavailable.kind === "refuse") return notRun(unavailable.message);
  return (await runTree(plain, cwd, timeoutMs, options.listen, `${unavailable.note}
`)).outcome;
}
async function runSandboxed(command, cwd, timeoutMs, env, launcher, listen) {
  if (!launcher) return { reason: "loopkit's sandbox launcher (dist/sandbox-exec.js) is not installed beside it" };
  const spawn = await launcherSpawn(launcher, command, cwd, env);
  try {
    const run = await runTree({ ...spawn, shell: false, answer: true }, cwd, timeoutMs, listen);
    const answer = readAnswer(run.answer);
    if (answer?.status === "started") return { outcome: { ...run.outcome, sandbox: "sandboxed" } };
    if (answer?.status === "unavailable") return { reason: answer.reason };
    return {
      reason: noAnswerReason(run.outcome.timedOut ? "timed out" : `exit ${run.outcome.exitCode ?? "none"}`, run.outcome.outputTail)
    };
  } finally {
    await spawn.cleanup();
  }
}
async function runTree(spawn, cwd, timeoutMs, listen, preface = "") {
  const started = monotonicMs();
  const tag = randomUUID();
  const output = new BoundedOutput(KEEP_BYTES2, KEEP_BYTES2);
  const listener = listen?.();
  if (preface) output.push(Buffer.from(preface));
  const { execa } = await import("./execa-6UQVBNIA.js");
  const child = execa(spawn.file, spawn.args, {
    shell: spawn.shell,
    cwd,
    env: { ...spawn.env, ...runTagEnv(tag) },
    extendEnv: false,
    // Its own process group, ended whole: by the timeout, when it exits, and when loopkit is signalled
    // (execa's `cleanup` skips a detached child); one killed by SIGKILL is found by its tag later.
    detached: true,
    stdio: spawn.answer ? ["ignore", "pipe", "pipe", "pipe"] : ["ignore", "pipe", "pipe"],
    buffer: false,
    all: true,
    reject: false
  });
  child.all?.on("data", (chunk) => {
    output.push(chunk);
    listener?.push(chunk);
  });
  let answer = "";
  const answerStream = spawn.answer ? child.stdio[3] : void 0;
  answerStream?.on("data", (chunk) => {
    if (answer.length < 64 * 1024) answer += chunk.toString("utf8");
  });
  const deadline = killGroupAfter(child, timeoutMs);
  const untrack = endGroupOnSignal(child, tag);
  let drain;
  const endTree = () => {
    killGroup(child, "SIGKILL");
    void killTagged(tag);
  };
  child.on("exit", () => {
    endTree();
    drain = setTimeout(() => [child.stdout, child.stderr, child.all, answerStream].forEach((stream) => stream?.destroy()), DRAIN_MS);
  });
  const result = await child;
  deadline.clear();
  clearTimeout(drain);
  endTree();
  untrack();
  const timedOut = deadline.timedOut();
  if (timedOut)
    output.push(
      Buffer.from(
        `
loopkit: the verifier timed out after ${formatDuration(timeoutMs)} and was stopped, with every process it started${output.total ? "" : "; it printed nothing before that"}.
`
      )
    );
  const exitCode = typeof result.exitCode === "number" ? result.exitCode : null;
  const outcome = {
    exitCode,
    passed: !timedOut && exitCode === 0,
    timedOut,
    durationMs: Math.round(monotonicMs() - started),
    output: output.text(),
    outputTail: output.last(TAIL_BYTES),
    outputBytes: output.total,
    sandbox: "unsandboxed"
  };
  return { outcome, answer };
}
function notRun(message) {
  return {
    exitCode: null,
    passed: false,
    timedOut: false,
    durationMs: 0,
    output: `${message}
`,
    outputTail: message,
    outputBytes: 0,
    sandbox: "not run"
  };
}
function verifierRun(outcome, logFile) {
  return {
    exit_code: outcome.exitCode,
    passed: outcome.passed,
    timed_out: outcome.timedOut,
    duration_ms: outcome.durationMs,
    output_tail: outcome.outputTail,
    output_bytes: outcome.outputBytes,
    log_file: logFile,
    sandbox: outcome.sandbox,
    tests: outcome.tests ?? null,
    breach: outcome.breach ?? null
  };
}

// src/test-results/read.ts
import { promises as fs3 } from "node:fs";
import path6 from "node:path";

// src/test-results/tap.ts
var POINT = /^(\s*)(not ok|ok)\b\s*(\d+)?\s*(?:-\s*)?(.*)$/;
var SUBTEST = /^(\s*)# Subtest: (.*)$/;
var DIRECTIVE = /\s#\s*(SKIP|TODO)\b.*$/i;
var VERSION_OR_PLAN = /^\s*(TAP version \d+|1\.\.\d+(\s+#.*)?)\s*$/;
function parseTap(text, runner = "TAP") {
  const reader = new TapReader(runner);
  for (const line of text.split(/\r?\n/)) reader.line(line);
  return reader.end();
}
var TapReader = class {
  constructor(runner) {
    this.runner = runner;
  }
  runner;
  tally = new Tally();
  tap = false;
  emptyPlan = false;
  subtests = [];
  childSeen = [];
  /** The YAML block after a failing point: its lines until the message is found. */
  yaml = null;
  yamlIndent = 0;
  lastFailed = false;
  parents = 0;
  line(line) {
    if (this.yaml) {
      const open = line.trim() !== "..." && !(POINT.test(line) || SUBTEST.test(line) ? indentOf(line) <= this.yamlIndent : false);
      if (open) {
        if (this.yaml.length < 64) this.yaml.push(line);
        return;
      }
      if (this.lastFailed) this.tally.explainLastFailure(yamlMessage(this.yaml));
      this.yaml = null;
      if (line.trim() === "...") return;
    }
    if (VERSION_OR_PLAN.test(line)) {
      this.tap = true;
      if (/^\s*1\.\.0\b/.test(line)) this.emptyPlan = true;
      return;
    }
    const subtest = SUBTEST.exec(line);
    if (subtest) {
      const depth = depthOf(subtest[1]);
      this.subtests[depth] = subtest[2].trim();
      this.subtests.length = depth + 1;
      return;
    }
    const point = POINT.exec(line);
    if (point) return this.point(depthOf(point[1]), point[2] === "ok", point[4]);
    if (line.trim() === "---" && this.tally.count + this.parents > 0) {
      this.yaml = [];
      this.yamlIndent = indentOf(line);
    }
  }
  point(depth, ok, text) {
    const directive = DIRECTIVE.exec(text)?.[1];
    const bare = text.replace(DIRECTIVE, "").replace(/\s#\s*time=.*$/, "").trim();
    const parent = this.childSeen[depth + 1] === true;
    this.childSeen[depth + 1] = false;
    this.childSeen[depth] = true;
    this.lastFailed = false;
    if (parent) {
      this.parents++;
      return;
    }
    const name = [...this.subtests.slice(0, depth), bare].join(" > ");
    const status = directive ? "skipped" : ok ? "passed" : "failed";
    this.tally.add(name, status);
    this.lastFailed = status === "failed";
  }
  end() {
    if (!this.tap || this.tally.count === 0 && !this.emptyPlan) return null;
    return this.tally.results(this.runner);
  }
};
var indentOf = (line) => /^\s*/.exec(line)[0].replaceAll("	", "    ").length;
var depthOf = (indent) => Math.floor(indent.replaceAll("	", "    ").length / 4);
function yamlMessage(lines) {
  for (const [index, line] of lines.entries()) {
    const field = /^\s*(error|message):\s*(.*)$/.exec(line);
    if (!field) continue;
    const value = field[2].trim();
    if (/^[|>][-+]?$/.test(value)) return lines[index + 1]?.trim() ?? "";
    return value.replace(/^(['"])(.*?)\1?$/, "$2");
  }
  return "";
}

// src/test-results/read.ts
var MAX_REPORT_BYTES = 16 * 1024 * 1024;
function reportFile(projectDir, report) {
  const full = path6.resolve(projectDir, report);
  const relative = path6.relative(projectDir, full);
  return relative === "" || relative.startsWith("..") || path6.isAbsolute(relative) ? null : full;
}
async function stampReport(projectDir, report) {
  const file = report ? reportFile(projectDir, report) : null;
  if (!file) return null;
  const stat = await fs3.lstat(file).catch(() => null);
  return stat ? `${stat.ino}:${stat.size}:${stat.mtimeMs}` : null;
}
async function readTestResults(projectDir, report, before, fromOutput) {
  if (report) {
    const file = reportFile(projectDir, report);
    if (!file) return { results: null, unread: `the test report ${report} is outside the project, so loopkit does not read it` };
    const after = await stampReport(projectDir, report);
    if (after === null) return { results: null, unread: `the verifier wrote no test report at ${report}` };
    if (after === before) return { results: null, unread: `the test report ${report} was not rewritten by this run` };
    const read = await readRegularFile(file, MAX_REPORT_BYTES).catch(() => null);
    if (!read || read.truncated) return { results: null, unread: `the test report ${report} is not a regular file of at most 16 MB` };
    const text = read.bytes.toString("utf8");
    const results = (/<testsuites?\b/.test(text) ? (await import("./junit-NNSGJ4UH.js")).parseJunit(text) : null) ?? parseTap(text);
    return results ? { results, unread: null } : { results: null, unread: `the test report ${report} is neither JUnit XML nor TAP` };
  }
  return fromOutput ? { results: fromOutput, unread: null } : {
    results: null,
    unread: "loopkit found no test results it can read in the verifier's output (it reads node:test, vitest, jest, mocha, pytest, go test -v, cargo test and TAP; name a JUnit XML or TAP report with --test-report <path> for any other runner)"
  };
}
function reportRequestEnv(command, env) {
  if (!/\bgo\s+test\b/.test(command)) return {};
  const flags = env.GOFLAGS ?? "";
  return /(^|\s)-v(=true)?(\s|$)/.test(flags) ? {} : { GOFLAGS: `${flags} -v`.trim() };
}

// src/test-results/output/line-reader.ts
var MAX_DEPTH = 64;
var count = (line, word) => Number(new RegExp(`(\\d+) ${word}`).exec(line ?? "")?.[1] ?? 0);
var TitlePath = class {
  titles = [];
  set(depth, title) {
    if (depth > MAX_DEPTH) return;
    this.titles[depth] = title;
    this.titles.length = depth + 1;
  }
  above(depth) {
    return this.titles.slice(0, depth);
  }
};
var FailureBlocks = class {
  failing = [];
  waiting = null;
  name(name) {
    if (this.failing.length >= KEEP_FAILING || this.failing.some((f) => f.name === name)) return;
    this.waiting = { name, message: "" };
    this.failing.push(this.waiting);
  }
  line(line) {
    if (!this.waiting || line.trim() === "") return;
    this.waiting.message = firstLine(line);
    this.waiting = null;
  }
};
var indentOf2 = (line) => /^\s*/.exec(line)[0].length;
var depthOf2 = (indent) => Math.floor(indent.length / 2);
function agrees(named, counted) {
  const same = named.passed === counted.passed && named.failed === counted.failed && named.skipped === counted.skipped;
  return same && named.count > 0 ? named.results("").ran : null;
}

// src/test-results/output/cargo.ts
var CargoReader = class {
  tally = new Tally();
  sums = { passed: 0, failed: 0, skipped: 0 };
  results = 0;
  panicked = null;
  messages = /* @__PURE__ */ new Map();
  line(line) {
    if (this.panicked !== null) {
      this.messages.set(this.panicked, firstLine(line));
      this.panicked = null;
    }
    const test = /^test (.+?) \.\.\. (ok|FAILED|ignored)\b/.exec(line);
    if (test) this.tally.add(test[1], test[2] === "ok" ? "passed" : test[2] === "FAILED" ? "failed" : "skipped");
    if (/^test result: (ok|FAILED)\. \d+ passed; \d+ failed; \d+ ignored/.test(line)) {
      this.results++;
      this.sums.passed += count(line, "passed");
      this.sums.failed += count(line, "failed");
      this.sums.skipped += count(line, "ignored");
    }
    const panic = /^thread '(.+?)'(?: \(\d+\))? panicked at /.exec(line);
    if (panic && this.tally.failing.some((f) => f.name === panic[1])) this.panicked = panic[1];
  }
  end() {
    if (this.results === 0) return null;
    const failing = this.tally.failing.map((f) => ({ ...f, message: this.messages.get(f.name) ?? f.message }));
    return { runner: "cargo test", ...this.sums, failing, ran: agrees(this.tally, this.sums) };
  }
};

// src/test-results/output/go-test.ts
var GoTestReader = class {
  ran = false;
  tests = [];
  bytes = 0;
  running = null;
  explaining = null;
  line(line) {
    const run = /^=== RUN\s+(\S+)/.exec(line);
    if (run) {
      this.ran = true;
      this.running = { name: run[1], log: "" };
      return;
    }
    const log = /^\s{4,}\S/.test(line) && !/^\s*--- /.test(line);
    if (log && this.explaining) this.explaining.message = firstLine(line);
    this.explaining = null;
    if (log && this.running && !this.running.log) this.running.log = firstLine(line);
    const done = /^\s*--- (PASS|FAIL|SKIP): (\S+)/.exec(line);
    if (!done || !this.tests) return;
    const status = done[1] === "PASS" ? "passed" : done[1] === "FAIL" ? "failed" : "skipped";
    const running = this.running;
    const test = { name: done[2], status, message: status === "failed" && running && running.name === done[2] ? running.log : "" };
    if (status === "failed" && !test.message) this.explaining = test;
    this.bytes += test.name.length * 2;
    if (this.bytes > READ_NAMES_BYTES) this.tests = null;
    else this.tests.push(test);
  }
  end() {
    if (!this.ran || !this.tests || this.tests.length === 0) return null;
    const parents = new Set(this.tests.filter((test) => test.name.includes("/")).map((test) => test.name.replace(/\/[^/]*$/, "")));
    const tally = new Tally();
    for (const test of this.tests) if (!parents.has(test.name)) tally.add(test.name, test.status, test.message);
    return tally.results("go test");
  }
};

// src/test-results/output/jest.ts
var JestReader = class {
  summary;
  named = new Tally();
  titles = new TitlePath();
  file = null;
  console = false;
  failing = [];
  explaining = null;
  explainLines = 0;
  line(line) {
    if (this.explaining && this.explainLines++ < 3 && line.trim() !== "") {
      this.explaining.message = firstLine(line);
      this.explaining = null;
    }
    if (/^Tests:\s+.*\d+ total\s*$/.test(line)) this.summary = line;
    const block = /^\s{2}● (.+)$/.exec(line);
    if (block && this.failing.length < KEEP_FAILING && !/^(Test suite failed to run|Console)\s*$/.test(block[1])) {
      this.explaining = { name: block[1].trim(), message: "" };
      this.explainLines = 0;
      this.failing.push(this.explaining);
    }
    const file = /^\s?(PASS|FAIL)\s+(\S.*?)(?: \([\d.]+ m?s\))?$/.exec(line);
    if (file) {
      this.file = file[2];
      this.console = false;
      return;
    }
    if (this.file === null) return;
    if (/^\s{2}● Console\s*$/.test(line)) this.console = true;
    if (this.console && (line.trim() === "" || indentOf2(line) >= 4 || line.startsWith("  \u25CF Console"))) return;
    this.console = false;
    if (line.trim() === "") {
      this.file = null;
      return;
    }
    const test = /^(\s+)([✓✕○✎]) (?:(?:skipped|todo) )?(.*?)(?: \(\d+ m?s\))?$/.exec(line);
    const depth = Math.floor(indentOf2(line) / 2) - 1;
    if (!test) return this.titles.set(Math.max(0, depth), line.trim());
    const status = test[2] === "\u2713" ? "passed" : test[2] === "\u2715" ? "failed" : "skipped";
    this.named.add([this.file, ...this.titles.above(Math.max(0, depth)), test[3]].join(" > "), status);
  }
  end() {
    if (!this.summary) return null;
    const line = this.summary;
    const counted = { passed: count(line, "passed"), failed: count(line, "failed"), skipped: count(line, "skipped") + count(line, "todo") };
    return { runner: "jest", ...counted, failing: this.failing, ran: agrees(this.named, counted) };
  }
};

// src/test-results/output/mocha.ts
var MochaReader = class {
  passing = null;
  pending = 0;
  failingCount = 0;
  afterSummary = 0;
  named = new Tally();
  titles = new TitlePath();
  failing = [];
  failure = null;
  line(line) {
    const passing = /^\s+(\d+) passing \(\d/.exec(line);
    if (passing) {
      this.passing = Number(passing[1]);
      this.pending = 0;
      this.failingCount = 0;
      this.afterSummary = 1;
      return;
    }
    if (this.passing === null) return this.treeLine(line);
    if (this.afterSummary > 0 && this.afterSummary++ <= 2) {
      if (/^\s+\d+ pending\s*$/.test(line)) this.pending = count(line, "pending");
      if (/^\s+\d+ failing\s*$/.test(line)) this.failingCount = count(line, "failing");
    }
    this.failureLine(line);
  }
  treeLine(line) {
    if (line.trim() === "" || indentOf2(line) < 2) return;
    const depth = Math.floor(indentOf2(line) / 2) - 1;
    const test = /^\s+(?:([✔✓]) (.*?)(?: \(\d+ms\))?|(\d+)\) (.*)|- (.*))$/.exec(line);
    if (!test) return this.titles.set(depth, line.trim());
    const [status, name] = test[1] ? ["passed", test[2]] : test[3] ? ["failed", test[4]] : ["skipped", test[5]];
    this.named.add([...this.titles.above(depth), name].join(" > "), status);
  }
  /** After the summary: `1) suite` then its title lines up to a blank line, then the message. */
  failureLine(line) {
    const numbered = /^\s+\d+\) (.+)$/.exec(line);
    if (numbered && this.failing.length < KEEP_FAILING) {
      this.failure = { names: [numbered[1].trim()], ended: false };
      return;
    }
    if (!this.failure) return;
    if (!this.failure.ended) {
      if (line.trim() === "") this.failure.ended = true;
      else this.failure.names.push(line.trim().replace(/:$/, ""));
      return;
    }
    if (line.trim() === "") return;
    this.failing.push({ name: this.failure.names.join(" "), message: firstLine(line) });
    this.failure = null;
  }
  end() {
    if (this.passing === null) return null;
    const counted = { passed: this.passing, failed: this.failingCount, skipped: this.pending };
    return { runner: "mocha", ...counted, failing: this.failing, ran: agrees(this.named, counted) };
  }
};

// src/test-results/output/node-test.ts
var NodeTestReader = class {
  summary = /* @__PURE__ */ new Map();
  tap = new TapReader("node:test");
  spec = new Tally();
  titles = new TitlePath();
  childSeen = [];
  parents = 0;
  specDone = false;
  explaining = -1;
  line(line) {
    this.tap.line(line);
    const total = /^(?:#|ℹ) (tests|suites|pass|fail|cancelled|skipped|todo) (\d+)\s*$/.exec(line);
    if (total) this.summary.set(total[1], Number(total[2]));
    if (line.trim() === "\u2716 failing tests:") this.specDone = true;
    if (!this.specDone) this.specLine(line);
  }
  specLine(line) {
    const header = /^(\s*)▶ (.*?)(?: \([\d.]+m?s\))?$/.exec(line);
    if (header) return this.titles.set(depthOf2(header[1]), header[2]);
    const point = /^(\s*)([✔✖﹣]) (.*?)(?: \([\d.]+m?s\))?(?: # (SKIP|TODO)\b.*)?$/.exec(line);
    if (!point) {
      if (this.explaining >= 0 && line.trim() !== "" && indentOf2(line) > this.explaining) {
        this.spec.explainLastFailure(line);
        this.explaining = -1;
      }
      return;
    }
    const depth = depthOf2(point[1]);
    const parent = this.childSeen[depth + 1] === true;
    this.childSeen[depth + 1] = false;
    this.childSeen[depth] = true;
    this.explaining = -1;
    if (parent) {
      this.parents++;
      return;
    }
    const status = point[4] || point[2] === "\uFE63" ? "skipped" : point[2] === "\u2714" ? "passed" : "failed";
    this.spec.add([...this.titles.above(depth), point[3]].join(" > "), status);
    if (status === "failed") this.explaining = indentOf2(line);
  }
  end() {
    const pass = this.summary.get("pass");
    const fail = this.summary.get("fail");
    const tests = this.summary.get("tests");
    if (pass === void 0 || fail === void 0 || tests === void 0) return null;
    const tap = this.tap.end();
    if (tap) return tap;
    const points = this.spec.count + this.parents;
    if (this.spec.count > 0 && (points === tests || points === tests + (this.summary.get("suites") ?? 0)))
      return this.spec.results("node:test");
    return {
      runner: "node:test",
      passed: pass,
      failed: fail + (this.summary.get("cancelled") ?? 0),
      skipped: (this.summary.get("skipped") ?? 0) + (this.summary.get("todo") ?? 0),
      failing: this.spec.failing,
      ran: null
    };
  }
};

// src/test-results/output/pytest.ts
var PYTEST_SUMMARY = /^(?:=+ )?(?:no tests ran|\d+ (?:passed|failed|skipped|xfailed|xpassed|errors?|deselected|warnings?|rerun)(?:, \d+ \w+)*) in [\d.]+s\b.*?(?: =+)?$/;
var PytestReader = class {
  summary;
  failing = [];
  verbose = new Tally();
  report = new Tally();
  line(line) {
    if (PYTEST_SUMMARY.test(line)) this.summary = line;
    const verbose = /^(\S+::\S.*?) (PASSED|FAILED|ERROR|XPASS|XFAIL|SKIPPED)\b/.exec(line);
    if (verbose) this.add(this.verbose, verbose[1], verbose[2]);
    const report = /^(PASSED|FAILED|ERROR|XPASS|XFAIL) (\S+::.+?)(?: - .*)?$/.exec(line);
    if (report) this.add(this.report, report[2], report[1]);
    if (/^(FAILED|ERROR) /.test(line) && this.failing.length < KEEP_FAILING) {
      const [name, ...message] = line.replace(/^(FAILED|ERROR) /, "").split(" - ");
      this.failing.push({ name: name.trim(), message: firstLine(message.join(" - ")) });
    }
  }
  add(tally, name, word) {
    tally.add(name, word === "PASSED" || word === "XPASS" ? "passed" : word === "FAILED" || word === "ERROR" ? "failed" : "skipped");
  }
  end() {
    if (!this.summary) return null;
    const line = this.summary;
    const counted = {
      passed: count(line, "passed") + count(line, "xpassed"),
      failed: count(line, "failed") + count(line, "errors?"),
      skipped: count(line, "skipped") + count(line, "xfailed")
    };
    const ranAgrees = (tally) => agrees(tally, { ...counted, skipped: tally.skipped });
    return { runner: "pytest", ...counted, failing: this.failing, ran: ranAgrees(this.verbose) ?? ranAgrees(this.report) };
  }
};

// src/test-results/output/vitest.ts
var VitestReader = class {
  summary;
  files = false;
  failures = new FailureBlocks();
  line(line) {
    this.failures.line(line);
    if (/^\s*Tests\s{2,}.*\(\d+\)\s*$/.test(line)) this.summary = line;
    if (/^\s*Test Files\s/.test(line)) this.files = true;
    const fail = /^\s*FAIL\s+(.+? > .+)$/.exec(line);
    if (fail) this.failures.name(fail[1].trim());
  }
  end() {
    if (!this.summary || !this.files) return null;
    const line = this.summary;
    const skipped = count(line, "skipped") + count(line, "todo");
    return {
      runner: "vitest",
      passed: count(line, "passed"),
      failed: count(line, "failed"),
      skipped,
      failing: this.failures.failing,
      ran: null
    };
  }
};

// src/test-results/text-output.ts
var MAX_LINE = 64 * 1024;
var TestOutputReader = class {
  decoder = new TextDecoder("utf-8");
  partial = "";
  readers = [
    new NodeTestReader(),
    new VitestReader(),
    new JestReader(),
    new MochaReader(),
    new PytestReader(),
    new CargoReader(),
    new GoTestReader(),
    new TapReader("TAP")
  ];
  push(chunk) {
    const lines = (this.partial + this.decoder.decode(chunk, { stream: true })).split("\n");
    this.partial = lines.pop().slice(0, MAX_LINE);
    for (const line of lines) this.feed(line);
  }
  end() {
    this.feed(this.partial + this.decoder.decode());
    this.partial = "";
    for (const reader of this.readers) {
      const results = reader.end();
      if (results) return results;
    }
    return null;
  }
  feed(raw) {
    const line = stripAnsi(raw.slice(0, MAX_LINE)).replace(/\r$/, "");
    for (const reader of this.readers) reader.line(line);
  }
};
var stripAnsi = (text) => text.replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, "");

// src/auto-loop/runners/test-run.ts
async function runAndReadTests(command, projectDir, report, timeoutMs, env, options) {
  const before = await stampReport(projectDir, report);
  const readers = [];
  const listen = () => {
    readers.push(new TestOutputReader());
    return readers.at(-1);
  };
  const runEnv = { ...env, ...reportRequestEnv(command, env) };
  const outcome = await runVerifier(command, projectDir, timeoutMs, runEnv, report ? options : { ...options, listen });
  if (outcome.sandbox === "not run") return { outcome, results: null, unread: "the verifier did not run" };
  const read = await readTestResults(projectDir, report, before, readers.at(-1)?.end() ?? null);
  return { outcome, ...read };
}
async function runLoopVerifier(state, timeoutMs, env, options) {
  const tests = state.test_results;
  const run = await runAndReadTests(state.verify_command, state.project_dir, tests.report, timeoutMs, env, options);
  const breach = run.outcome.sandbox === "not run" ? null : testRuleBreach(ruleBasis(tests), { exitCode: run.outcome.exitCode, results: run.results, unread: run.unread });
  return {
    ...run.outcome,
    passed: run.outcome.passed && breach === null,
    tests: run.results ? countsOf(run.results) : null,
    breach
  };
}
var ruleBasis = (tests) => ({ baseline: tests.baseline, allowRemovedTests: tests.allow_removed_tests !== null });
function cannotRun(outcome) {
  if (outcome.timedOut || outcome.sandbox === "not run") return null;
  const script = /npm (?:ERR!|error) Missing script: "([^"]*)"/.exec(outcome.output)?.[1];
  if (script !== void 0) return `npm has no script "${script}" in this project's package.json`;
  const command = /^Unknown command: "([^"]*)"/.exec(outcome.output)?.[1];
  if (command !== void 0 && /supported npm commands/.test(outcome.output))
    return `npm has no command "${command}" (\`npm test\` or \`npm run <script>\` runs a script)`;
  if (/(yarn|pnpm).*(Command "[^"]*" not found|ERR_PNPM_NO_SCRIPT)/.test(outcome.output)) return "its package manager has no such script";
  if (outcome.exitCode === 127) return "its command was not found (exit 127)";
  if (outcome.exitCode === 126) return "its command is not executable (exit 126)";
  return null;
}
function auditTestsNote(tests) {
  if (!tests.baseline && tests.allow_removed_tests === null) return null;
  const lines = [
    tests.baseline ? `At the start loopkit read ${describeTests(tests.baseline)}.` : "loopkit read no test results at the start.",
    ...tests.trend.length ? [`Failing tests, start to the last judged turn: ${tests.trend.map((point) => point.failed).join(" -> ")}.`] : [],
    ...tests.allow_removed_tests !== null ? [
      `The goal file allows tests to be removed (allow-removed-tests: ${tests.allow_removed_tests}), so loopkit did not hold the agent to the start's tests: judge whether each removed or skipped test really had to go for this goal.`
    ] : []
  ];
  return lines.join("\n");
}
function baselineLine(tests) {
  if (tests.baseline)
    return `Tests at the start: ${describeTests(tests.baseline)}. A verifier pass counts only when at least one test runs, none fails (whatever the exit code), every test that ran at the start still runs (none removed, skipped, made todo or filtered out), read by name where the start was, the number of tests does not fall and no more are skipped${tests.allow_removed_tests !== null ? " (the goal allows tests to be removed: that part is off, and the audit is told)" : ""}.`;
  return `Tests at the start: ${tests.baseline_note ?? "not read"}. The gate judges the verifier by its exit code, as without test results.`;
}

// src/auto-loop/runners/contract-run.ts
import { lstatSync as lstatSync2, mkdirSync as mkdirSync2, mkdtempSync, promises as fs4, readdirSync as readdirSync2, readFileSync, rmSync as rmSync2, statSync as statSync2 } from "node:fs";
import path8 from "node:path";

// src/evidence/copy-tree.ts
import { createHash } from "node:crypto";
import { closeSync, constants as constants2, lstatSync, mkdirSync, openSync, readdirSync, rmSync, symlinkSync, writeSync } from "node:fs";
import path7 from "node:path";
var LINKED_FOLDERS = /* @__PURE__ */ new Set([...DEPENDENCY_FOLDERS, ".gradle"]);
var LEFT_OUT = /* @__PURE__ */ new Set([
  ".git",
  ".auto-loop",
  ".cache",
  ".vite",
  ".vitest",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
  "coverage",
  ".nyc_output",
  ".turbo",
  ".parcel-cache"
]);
var MAX_UNKEPT_BYTES = 512 * 1024 * 1024;
var decode = (store, hash) => decodeTree(store.get(hash, "tree"));
var leftOut = (name) => LEFT_OUT.has(name) || LINKED_FOLDERS.has(name);
function listFiles(store, root) {
  const files = [];
  const walk = (hash, prefix) => {
    for (const entry of decode(store, hash)) {
      const name = entry.name.toString("utf8");
      if (entry.kind === "dir" && !leftOut(name)) walk(entry.hash, `${prefix}${name}/`);
      else if (entry.kind === "file") files.push({ path: `${prefix}${name}`, entry });
    }
  };
  walk(root, "");
  return files;
}
function copyTree(store, projectDir, root, dest, deadline) {
  const counts = { files: 0, bytes: 0, links: 0 };
  writeFolder(store, root, Buffer.from(projectDir), Buffer.from(dest), counts, deadline, true);
  return counts;
}
function entryAt(store, root, key) {
  let hash = root;
  const parts = key.split("/");
  for (const [index, part] of parts.entries()) {
    const entry = decode(store, hash).find((e) => e.name.toString("utf8") === part);
    if (!entry) return null;
    if (index === parts.length - 1) return entry;
    if (entry.kind !== "dir") return null;
    hash = entry.hash;
  }
  return null;
}
function replaceWithRecorded(store, projectDir, entry, key, dest, counts, deadline) {
  const parts = key.split("/");
  for (let depth = 1; depth < parts.length; depth++)
    if (!lstatSync(path7.join(dest, ...parts.slice(0, depth)), { throwIfNoEntry: false })?.isDirectory())
      throw new LoopkitError(
        "EVIDENCE_FAILED",
        `${parts.slice(0, depth).join("/")} is not a folder in the copy, so ${key} cannot be put back`,
        {
          value: key
        }
      );
  const target = path7.join(dest, ...parts);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { mode: entry.mode & 511 | 448 });
  writeFolder(store, entry.hash, Buffer.from(path7.join(projectDir, ...key.split("/"))), Buffer.from(target), counts, deadline, false);
}
function writeFolder(store, hash, from, to, counts, deadline, linking) {
  for (const entry of decode(store, hash)) {
    const name = entry.name.toString("utf8");
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.kind === "dir") {
      if (linking && LEFT_OUT.has(name)) continue;
      mkdirSync(target, { mode: entry.mode & 511 | 448 });
      if (linking && LINKED_FOLDERS.has(name)) counts.links += linkEntries(source, target);
      else writeFolder(store, entry.hash, source, target, counts, deadline, linking);
    } else if (entry.kind === "link") symlinkSync(entry.target, target);
    else if (entry.kind === "file") {
      const content = entry.kept ? store.get(entry.hash, "blob") : unkept(source, entry);
      writeNewFile(target, content, entry.mode);
      if (++counts.files % 512 === 0) checkDeadline(deadline, "the copy for the run on the start's tests");
      counts.bytes += content.length;
    }
  }
}
function writeNewFile(file, content, mode) {
  const fd = openSync(file, constants2.O_WRONLY | constants2.O_CREAT | constants2.O_EXCL | (constants2.O_NOFOLLOW ?? 0), mode & 511);
  try {
    let written = 0;
    while (written < content.length) written += writeSync(fd, content, written, content.length - written);
  } finally {
    closeSync(fd);
  }
}
var join = (dir, name) => Buffer.concat([dir, Buffer.from(path7.sep), name]);
function linkEntries(from, to) {
  let count2 = 0;
  for (const name of readdirSync(from, { encoding: "buffer" })) {
    if (LEFT_OUT.has(name.toString("utf8"))) continue;
    symlinkSync(join(from, name), join(to, name));
    count2++;
  }
  return count2;
}
function unkept(source, entry) {
  const content = readRegularFileSync(source, MAX_UNKEPT_BYTES);
  if (!content || !createHash("sha256").update(content).digest().equals(entry.hash))
    throw new LoopkitError("EVIDENCE_FAILED", `${source.toString()} is no longer what loopkit recorded, so it cannot be copied`, {
      value: source.toString()
    });
  return content;
}

// src/auto-loop/core/test-contract.ts
var TEST_FOLDERS = /* @__PURE__ */ new Set(["test", "tests", "__tests__", "spec", "__snapshots__"]);
var TEST_NAME = /(?:\.(?:test|spec)\.[^./]+$|^test_[^/]*\.py$|_test\.py$|_test\.go$)/;
var RUNNER_CONFIG = /^(?:(?:vitest|vite|jest|playwright|ava|karma)\.(?:config|workspace)\.[^/]+|vitest\.workspace\.[^/]+|\.mocharc(?:\.[^/]+)?|\.taprc|jest\.setup\.[^/]+|conftest\.py|pytest\.ini|pyproject\.toml|setup\.cfg|tox\.ini|\.babelrc(?:\.[^/]+)?|babel\.config\.[^/]+|\.npmrc|\.yarnrc(?:\.yml)?|sitecustomize\.py|usercustomize\.py)$/;
var HELD_PACKAGE_KEYS = ["scripts", "jest", "mocha", "vitest", "ava", "tap", "c8", "nyc"];
var baseName = (key) => key.slice(key.lastIndexOf("/") + 1);
function isTestFile(key) {
  const parts = key.split("/");
  return TEST_NAME.test(baseName(key)) || parts.slice(0, -1).some((part) => TEST_FOLDERS.has(part));
}
var isRunnerConfig = (key) => RUNNER_CONFIG.test(baseName(key));
var isPackageJson = (key) => baseName(key) === "package.json";
function namedFiles(baseline, startPaths) {
  const named = /* @__PURE__ */ new Set();
  for (const name of [...baseline?.ran ?? [], ...baseline?.failing.map((test) => test.name) ?? []])
    for (const token of name.split(/ > | › |::|\s+/)) {
      const key = token.replace(/^\.\//, "");
      if (startPaths.has(key)) named.add(key);
    }
  return named;
}
function planContract(start, now, named) {
  const current = new Map(now.map((file) => [file.path, file.hash]));
  const started = new Set(start.map((file) => file.path));
  const plan = { restore: [], packageKeys: [], remove: [], packages: [], held: 0 };
  for (const file of start) {
    const pkg = isPackageJson(file.path);
    if (!pkg && !isTestFile(file.path) && !isRunnerConfig(file.path) && !named.has(file.path)) continue;
    plan.held++;
    if (current.get(file.path) === file.hash) continue;
    if (pkg && current.has(file.path)) plan.packageKeys.push(file.path);
    else plan.restore.push(file.path);
  }
  for (const file of now) if (isRunnerConfig(file.path) && !started.has(file.path)) plan.remove.push(file.path);
  return plan;
}
var planChanges = (plan) => plan.restore.length + plan.packageKeys.length + plan.remove.length + plan.packages.length;
var RUNNER_PACKAGES = [
  "vitest",
  "@vitest",
  "jest",
  "@jest",
  "jest-circus",
  "jest-cli",
  "jest-runner",
  "jest-jasmine2",
  "expect",
  "mocha",
  "chai",
  "ava",
  "tap",
  "uvu"
];
function withStartKeys(startText, nowText) {
  const start = parseObject(startText);
  const now = parseObject(nowText);
  if (!start || !now) return startText === nowText ? null : startText;
  const merged = { ...now };
  let changed = false;
  for (const key of HELD_PACKAGE_KEYS) {
    if (JSON.stringify(start[key]) === JSON.stringify(now[key])) continue;
    changed = true;
    if (key in start) merged[key] = start[key];
    else delete merged[key];
  }
  return changed ? `${JSON.stringify(merged, null, 2)}
` : null;
}
function parseObject(text) {
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
function contractBreach(baseline, run, plan) {
  const changed = changedLine(plan);
  const withStart = `${changed}: with the start's version`;
  if (run.timedOut) return `${withStart}, the verifier did not finish`;
  const results = run.results;
  if (!results) {
    if (baseline) return `${withStart}, loopkit could read no test results (${run.unread ?? "none found"})`;
    return run.exitCode === 0 ? null : `${withStart}, the verifier exits ${run.exitCode ?? "without a code"}`;
  }
  if (results.failed > 0) {
    const names = results.failing.map((test) => `'${test.name}'${test.message ? ` (${test.message})` : ""}`);
    return `${withStart}, ${results.failed} test(s) fail: ${names.slice(0, 3).join(", ")}${results.failed > 3 ? ", ..." : ""}`;
  }
  if (baseline?.ran && results.ran) {
    const ran = new Set(results.ran);
    const gone = baseline.ran.filter((name) => !ran.has(name));
    if (gone.length > 0)
      return `${withStart}, ${gone.length} test(s) of the start do not run: ${gone.slice(0, 3).map((name) => `'${name}'`).join(", ")}${gone.length > 3 ? ", ..." : ""}`;
  }
  if (baseline && ranCount(results) < ranCount(baseline))
    return `${withStart}, fewer tests run than at the start (${ranCount(baseline)} -> ${describeTests(results)})`;
  if (run.exitCode !== 0) return `${withStart}, the verifier exits ${run.exitCode ?? "without a code"} (${describeTests(results)})`;
  return null;
}
function changedLine(plan) {
  const parts = [
    ...plan.restore.map((file) => file),
    ...plan.packageKeys.map((file) => `${file}'s test keys`),
    ...plan.remove.map((file) => `${file} (added)`),
    ...plan.packages.map((key) => `${key} (the test runner's package)`)
  ];
  const shown = parts.length > 4 ? [...parts.slice(0, 4), `${parts.length - 4} more`] : parts;
  const list = shown.length > 1 ? `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}` : shown[0] ?? "nothing";
  return `${list} ${parts.length === 1 ? "was" : "were"} changed`;
}

// src/auto-loop/runners/contract-run.ts
async function runTestContractNow(input) {
  const { snapshot } = await takeSnapshot({ dataDir: input.dataDir, projectDir: input.state.project_dir, deadline: input.deadline });
  return runTestContract({ ...input, now: snapshot });
}
var contractRunsDir = (dataDir) => path8.join(dataDir, "contract-runs");
var seconds = (ms) => `${(ms / 1e3).toFixed(1)} s`;
async function runTestContract(input) {
  const { state } = input;
  const allowed = state.test_results.allow_test_edits ?? null;
  if (allowed !== null)
    return { breach: null, line: "start's tests not held (the goal file allows test edits; the audit judges them)", durationMs: 0 };
  const started = Date.now();
  const start = await loadJudgingBaseline(loopFiles(input.dataDir, state.project_dir).dir, state.loop_id, /* @__PURE__ */ new Date());
  const deadline = deadlineIn(input.timeoutMs, started);
  if (!start) return { breach: null, line: "start's tests not run: no record of the loop's start", durationMs: 0 };
  removeStaleCopies(contractRunsDir(input.dataDir));
  let store = openStore(input.dataDir, state.project_dir);
  const closeStore = () => {
    store?.close();
    store = null;
  };
  let copy = null;
  try {
    const startFiles = listFiles(store, Buffer.from(start.root, "hex"));
    const nowFiles = listFiles(store, Buffer.from(input.now.root, "hex"));
    const baseline = state.test_results.baseline;
    const plan = planContract(
      startFiles.map(recorded),
      nowFiles.map(recorded),
      namedFiles(baseline, new Set(startFiles.map((file) => file.path)))
    );
    const startRoot = Buffer.from(start.root, "hex");
    const nowRoot = Buffer.from(input.now.root, "hex");
    plan.packages = changedRunnerPackages(store, startRoot, nowRoot);
    if (plan.held === 0 && plan.packages.length === 0)
      return { breach: null, line: "start's tests: no test file or runner config at the start", durationMs: 0 };
    if (planChanges(plan) === 0)
      return { breach: null, line: `start's tests held: ${plan.held} test file(s) and configs unchanged, no extra run`, durationMs: 0 };
    await input.onRun?.();
    copy = makeCopyFolder(contractRunsDir(input.dataDir));
    const counts = copyTree(store, state.project_dir, nowRoot, copy, deadline);
    applyPlan(store, copy, plan, new Map(startFiles.map((file) => [file.path, file])));
    for (const key of plan.packages)
      replaceWithRecorded(store, state.project_dir, entryAt(store, startRoot, key), key, copy, counts, deadline);
    closeStore();
    const copied = Date.now() - started;
    const run = await runAndReadTests(
      commandIn(state.verify_command, state.project_dir, copy),
      copy,
      state.test_results.report,
      remainingMs(deadline),
      { ...input.env, PWD: copy, PYTHONDONTWRITEBYTECODE: "1" },
      input.options
    );
    const breach = run.outcome.sandbox === "not run" ? `the verifier could not run on the start's tests: ${run.outcome.outputTail.trim()}` : contractBreach(
      baseline,
      { exitCode: run.outcome.exitCode, timedOut: run.outcome.timedOut, results: run.results, unread: run.unread },
      plan
    );
    const cost = `copy ${seconds(copied)} (${costOf(counts)}), run ${seconds(run.outcome.durationMs)}${run.outcome.sandbox === "sandboxed" ? " sandboxed" : ""}`;
    const durationMs = Date.now() - started;
    return {
      breach,
      line: breach ? `start's tests not held in ${seconds(durationMs)}: ${cost}` : `start's tests held in ${seconds(durationMs)}: ${planChanges(plan)} file(s) put back as at the start, ${cost}`,
      durationMs
    };
  } finally {
    closeStore();
    if (copy) await fs4.rm(copy, { recursive: true, force: true }).catch(() => void 0);
  }
}
function allowTestEditsLine(tests) {
  const why = tests.allow_test_edits ?? null;
  return why === null ? null : `The goal file allows test edits (allow-test-edits: ${why}): the start's tests will not be run unchanged before the audit, and the audit is told to judge every edit to them. Remove that line from the goal file if the tests must hold as they are.`;
}
function testEditsNote(tests) {
  const why = tests.allow_test_edits ?? null;
  if (why === null) return null;
  return `The goal file allows the tests to be changed (allow-test-edits: ${why}), so loopkit did not run the start's tests unchanged: judge every change to a test file or a test runner's configuration (package.json's scripts included) in the diff. A weakened assertion, a failure caught and ignored, an early return, a test body replaced under the same name or a test marked as expected to fail is not achieved unless this goal really needs it.`;
}
function changedRunnerPackages(store, startRoot, nowRoot) {
  const changed = [];
  for (const name of RUNNER_PACKAGES) {
    const key = `node_modules/${name}`;
    const before = entryAt(store, startRoot, key);
    if (before?.kind !== "dir") continue;
    const now = entryAt(store, nowRoot, key);
    if (now?.kind !== "dir" || !now.hash.equals(before.hash)) changed.push(key);
  }
  return changed;
}
var recorded = (file) => ({ path: file.path, hash: file.entry.hash.toString("hex") });
var costOf = (counts) => `${counts.files} files, ${sizeOf(counts.bytes)}${counts.links ? `, ${counts.links} dependency link(s)` : ""}`;
var sizeOf = (bytes2) => bytes2 < 1024 * 1024 ? `${Math.ceil(bytes2 / 1024)} KB` : `${(bytes2 / 1024 / 1024).toFixed(1)} MB`;
function commandIn(command, projectDir, copy) {
  const folder = projectDir.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return command.replace(new RegExp(`${folder}(?=$|[/\\s'"\`;&|)])`, "g"), () => copy);
}
function applyPlan(store, copy, plan, start) {
  const at = (key) => path8.join(copy, ...key.split("/"));
  for (const key of plan.restore) {
    const { entry } = start.get(key);
    if (!entry.kept) throw new Error(`${key} is over 1 MB at the start, so loopkit did not keep it and cannot put it back`);
    clearPlace(copy, key);
    writeNewFile(at(key), store.get(entry.hash, "blob"), entry.mode);
  }
  for (const key of plan.packageKeys) {
    const { entry } = start.get(key);
    if (!entry.kept) throw new Error(`${key} is over 1 MB at the start, so loopkit did not keep it`);
    const merged = withStartKeys(store.get(entry.hash, "blob").toString("utf8"), readFileSync(at(key), "utf8"));
    if (merged === null) continue;
    rmSync2(at(key), { force: true });
    writeNewFile(at(key), Buffer.from(merged), entry.mode);
  }
  for (const key of plan.remove) rmSync2(at(key), { force: true });
}
function clearPlace(copy, key) {
  const parts = key.split("/");
  let dir = copy;
  for (const part of parts.slice(0, -1)) {
    dir = path8.join(dir, part);
    const stat = lstatSync2(dir, { throwIfNoEntry: false });
    if (stat?.isDirectory()) continue;
    if (stat) rmSync2(dir, { force: true });
    mkdirSync2(dir, { mode: 448 });
  }
  rmSync2(path8.join(dir, parts[parts.length - 1]), { force: true, recursive: true });
}
function makeCopyFolder(base) {
  mkdirSync2(base, { recursive: true, mode: 448 });
  return mkdtempSync(path8.join(base, `${process.pid}-`));
}
function removeStaleCopies(base, nowMs = Date.now()) {
  const removed = [];
  let names;
  try {
    names = readdirSync2(base);
  } catch {
    return removed;
  }
  for (const name of names) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    const dir = path8.join(base, name);
    let old = false;
    try {
      old = nowMs - statSync2(dir).mtimeMs > 24 * 36e5;
    } catch {
      continue;
    }
    if (pid === process.pid && !old) continue;
    if (Number.isInteger(pid) && pid > 0 && alive(pid) && !old) continue;
    try {
      rmSync2(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {
    }
  }
  return removed;
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

// src/auto-loop/core/transitions.ts
var freshTranscript = (now) => ({
  path: null,
  offset: 0,
  recent_message_ids: [],
  subagent_offsets: {},
  since: now,
  context_tokens: 0
});
function startState(loop, now) {
  const at = now.toISOString();
  const state = {
    version: 1,
    loop_id: loop.loopId,
    session_id: loop.sessionId,
    project_dir: loop.projectDir,
    status: "pursuing",
    status_reason: null,
    goal: loop.goal,
    goal_file: loop.goalFile,
    verify_command: loop.verify,
    caps: loop.caps,
    launch: attachSandbox(loop.launch, loop.agentSandbox, "start"),
    protect: { globs: loop.protect.globs, snapshot: loop.protect.snapshot, changed: [] },
    started_at: at,
    updated_at: at,
    heartbeat_at: at,
    ended_at: null,
    iteration: 0,
    tokens: { transcript: 0, audit: 0 },
    transcript: freshTranscript(at),
    evidence: [],
    blocker: null,
    thrash: { streak: 0, tree_hash: loop.treeHash },
    next_action: "Work toward the goal, then end your turn so the verifier can judge it.",
    last_verifier: null,
    test_results: loop.testResults,
    last_audit: null,
    wrap_up: null,
    handoff_note: null,
    handoff_requested: false,
    mirror_sha256: null,
    tamper_count: 0,
    flaky_count: 0,
    api_errors: { count: 0, last: null },
    audit_not_run: { streak: 0, turns: 0 },
    refusals: { rule: null, streak: 0 },
    pause: null
  };
  const { caps, protect } = loop;
  const guarded = protect.globs.length ? `; protected: ${protect.globs.join(", ")} (${Object.keys(protect.snapshot).length} files)` : "";
  const detail = `goal ${loop.goalFile ? `from ${loop.goalFile}` : "inline"}; verifier: ${loop.verify}; caps ${caps.max_iterations} iterations, ${caps.max_tokens} tokens, ${formatDuration(caps.max_wallclock_ms)}${guarded}`;
  return { state, history: [historyEntry(state, now, "start", detail, { goal: loop.goal })] };
}
function replacedState(previous, sessionId, now) {
  const state = {
    ...previous,
    status: "cancelled",
    status_reason: `taken over by session ${sessionId}`,
    ended_at: now.toISOString()
  };
  return { state, history: [historyEntry(state, now, "takeover", state.status_reason)] };
}
function takeOverState(existing, sessionId, agentSandbox, now) {
  const at = now.toISOString();
  const state = {
    ...existing,
    session_id: sessionId,
    heartbeat_at: at,
    updated_at: at,
    // A new session has its own transcript: read it from the start, counting only what follows now.
    transcript: freshTranscript(at),
    // The first idle turn after a takeover does not count toward thrashing (no tree to compare with yet).
    thrash: { streak: 0, tree_hash: null },
    launch: attachSandbox(existing.launch, agentSandbox, "takeover")
  };
  return { state, history: [historyEntry(state, now, "takeover", `taken over from session ${existing.session_id}`)] };
}
function cancelState(state, now) {
  const at = now.toISOString();
  const cancelled = {
    ...state,
    status: "cancelled",
    status_reason: "cancelled with --cancel",
    ended_at: at,
    updated_at: at
  };
  return { state: cancelled, history: [historyEntry(cancelled, now, "cancel", "cancelled with --cancel")] };
}
function resumeState(state, now) {
  const at = now.toISOString();
  const renewed = { ...state, heartbeat_at: at, updated_at: at };
  return { state: renewed, history: [historyEntry(renewed, now, "resume", `session ${renewed.session_id} resumed`)] };
}
function phaseState(state, sessionId, phase, now) {
  const at = now.toISOString();
  const bound = {
    ...state,
    session_id: sessionId,
    heartbeat_at: at,
    updated_at: at,
    transcript: { ...state.transcript, path: null, since: at, context_tokens: 0 }
  };
  return { state: bound, history: [historyEntry(bound, now, "phase", `phase ${phase}: fresh session ${sessionId} (loopkit run)`)] };
}
function pauseState(state, cause, now) {
  const at = now.toISOString();
  const words = keepWords([...state.pause?.words ?? [], ...cause.words]);
  if (state.pause) return { state: { ...state, pause: { ...state.pause, words }, updated_at: at }, history: [] };
  const paused = {
    ...state,
    pause: { at, by: cause.by, reason: cause.reason, words, told: false },
    updated_at: at,
    next_action: "Wait for the person: they go on with /loopkit:auto-loop --resume."
  };
  return { state: paused, history: [historyEntry(paused, now, "pause", cause.reason)] };
}
function keepWords(words) {
  return [...new Set(words.map((word) => word.trim()).filter(Boolean))].map((word) => word.length > PERSON_WORDS_CHARS ? `${word.slice(0, PERSON_WORDS_CHARS)} [cut]` : word).slice(-PERSON_WORDS_KEPT);
}
function unpauseState(state, now) {
  if (!state.pause) throw new Error("unpauseState needs a paused loop");
  const at = now.toISOString();
  const going = {
    ...state,
    pause: null,
    heartbeat_at: at,
    updated_at: at,
    // The turns the person and the model spent while it waited show no thrashing.
    thrash: { ...state.thrash, streak: 0 },
    blocker: null,
    next_action: "Carry on with the goal, taking the person's words into account."
  };
  const words = state.pause.words.length ? `; with ${state.pause.words.length} message(s) of theirs` : "";
  return {
    state: going,
    pause: state.pause,
    history: [historyEntry(going, now, "continue", `resumed by the person with --resume${words}`)]
  };
}

// src/auto-loop/core/decide.ts
var BLOCKER_LIMIT = 3;
var THRASH_LIMIT = 3;
var AUDIT_NOT_RUN_LIMIT = 3;
var KEEP_EVIDENCE = 20;
function end(state, now, status, reason) {
  return { ...state, status, status_reason: reason, ended_at: now.toISOString(), updated_at: now.toISOString() };
}
function finalMarkerLine(message, marker) {
  const last = message.trimEnd().split("\n").pop()?.trim() ?? "";
  if (!last.startsWith(marker)) return null;
  const text = last.slice(marker.length).trim().replace(/\s+/g, " ").slice(0, 500);
  return text || null;
}
var blockedReport = (message) => finalMarkerLine(message, BLOCKED_MARKER);
var askPersonQuestion = (message) => finalMarkerLine(message, ASK_PERSON_MARKER);
var normalize = (reason) => reason.toLowerCase().replace(/\s+/g, " ").trim();
var sameBlocker = (a, b) => normalize(a) === normalize(b);
function endedOutcome(state) {
  const why = state.status === "cancelled" ? `cancelled (${state.status_reason ?? "no reason given"}); the working tree is left as it is` : `${state.status}: ${state.status_reason ?? "ended"}`;
  return { kind: "stop", message: `loopkit auto-loop ${why}.` };
}
function beginTurn(previous, obs) {
  const now = obs.now;
  if (previous.status !== "pursuing") return { kind: "decided", state: previous, outcome: endedOutcome(previous), history: [] };
  const counted = previous.pause?.told ? 0 : obs.transcript.tokens;
  const accounted = {
    ...previous,
    tokens: { ...previous.tokens, transcript: previous.tokens.transcript + counted },
    transcript: {
      path: obs.transcriptPath,
      offset: obs.transcript.offset,
      recent_message_ids: obs.transcript.recentMessageIds,
      subagent_offsets: obs.transcript.subagentOffsets,
      since: previous.transcript.since,
      context_tokens: obs.transcript.contextTokens ?? previous.transcript.context_tokens
    },
    updated_at: now.toISOString(),
    heartbeat_at: now.toISOString()
  };
  const waiting = pausedTurn(accounted, obs);
  if (waiting) return { kind: "decided", ...waiting };
  let state = { ...accounted, iteration: accounted.iteration + 1 };
  const history = [];
  const notes = [];
  const note = obs.handoffNote?.trim() || null;
  if (note && note !== state.handoff_note) state = { ...state, handoff_note: note, handoff_requested: false };
  if (state.wrap_up) {
    state = end(state, now, "budget-limited", state.wrap_up.reason);
    history.push(historyEntry(state, now, "end", `budget-limited: ${state.wrap_up.reason}; hand-off note ${note ? "saved" : "missing"}`));
    const message = `loopkit auto-loop stopped, budget-limited: ${state.wrap_up.reason}. ${note ? "Hand-off note saved." : "No hand-off note was written."} ${summary(state, now)}`;
    return { kind: "decided", state, outcome: { kind: "stop", message }, history };
  }
  if (obs.tamper.length > 0) {
    state = { ...state, tamper_count: state.tamper_count + 1 };
    const detail = `${obs.tamper.join("; ")}; .auto-loop/ was rewritten from loopkit's own state, which alone decides`;
    history.push(historyEntry(state, now, "tamper", detail));
    notes.push(`Tampering detected: ${detail}. This turn is not judged. Do not touch .auto-loop/.`);
    return {
      kind: "decided",
      ...continueOrWrapUp({ ...state, next_action: "Carry on with the goal; leave .auto-loop/ alone." }, now, notes, history)
    };
  }
  const blocker = blockedReport(obs.lastMessage) ?? (obs.personPresent ? null : askPersonQuestion(obs.lastMessage));
  if (blocker) {
    const count2 = state.blocker && sameBlocker(state.blocker.reason, blocker) ? state.blocker.count + 1 : 1;
    state = { ...state, blocker: { reason: blocker, count: count2 } };
    history.push(historyEntry(state, now, "blocked-report", `${blocker} (${count2} in a row)`));
    if (count2 >= BLOCKER_LIMIT) {
      state = end(state, now, "blocked", `the agent reported the same blocker ${count2} times in a row: ${blocker}`);
      history.push(historyEntry(state, now, "end", state.status_reason));
      return {
        kind: "decided",
        state,
        outcome: { kind: "stop", message: `loopkit auto-loop stopped, blocked: ${blocker}. ${summary(state, now)}` },
        history
      };
    }
    notes.push(`You reported a blocker (${count2} of ${BLOCKER_LIMIT} in a row before the loop stops as blocked): ${blocker}`);
  } else {
    state = { ...state, blocker: null };
  }
  const idle = obs.transcript.toolCalls === 0 && obs.treeHash !== null && obs.treeHash === state.thrash.tree_hash;
  const awaitingAudit = state.audit_not_run.streak > 0;
  state = { ...state, thrash: { streak: idle ? state.thrash.streak + (awaitingAudit ? 0 : 1) : 0, tree_hash: obs.treeHash } };
  if (state.thrash.streak >= THRASH_LIMIT) {
    const reason = `thrashing: ${state.thrash.streak} turns in a row made no tool call and changed nothing`;
    state = end(state, now, "unmet", reason);
    history.push(historyEntry(state, now, "end", reason));
    return {
      kind: "decided",
      state,
      outcome: { kind: "stop", message: `loopkit auto-loop stopped, ${reason}. ${summary(state, now)}` },
      history
    };
  }
  state = askForHandoff(state, obs.contextWindow, notes);
  if (state.thrash.streak > 0)
    notes.push(
      `Your last ${state.thrash.streak} turn(s) made no tool call and changed nothing; ${THRASH_LIMIT} in a row stop the loop as thrashing.`
    );
  const moved = obs.protectedFiles ? protectedChanges(state.protect.snapshot, obs.protectedFiles) : [];
  state = { ...state, protect: { ...state.protect, changed: moved } };
  if (moved.length > 0) {
    const detail = `protected files changed since the loop started: ${moved.join(", ")}`;
    history.push(historyEntry(state, now, "protected", detail));
    notes.push(
      `This turn failed before the verifier ran: ${detail}. Restore them exactly as they were (e.g. git checkout -- <file>, or delete a file you added); the goal must be met without changing them.`
    );
    const restore = { ...state, next_action: `Restore the protected files: ${moved.join(", ")}.` };
    return { kind: "decided", ...continueOrWrapUp(restore, now, notes, history) };
  }
  return { kind: "gate", state, notes, history };
}
function pausedTurn(state, obs) {
  const question = obs.personPresent ? askPersonQuestion(obs.lastMessage) : null;
  const cause = obs.personPresent && obs.personWords.length ? { by: "person", reason: "the person wrote to the session while the loop ran", words: obs.personWords } : question ? { by: "agent", reason: `the agent asks the person: ${question}`, words: [] } : null;
  if (!state.pause && !cause) return null;
  const paused = cause ? pauseState(state, cause, obs.now) : { state, history: [] };
  let waiting = paused.state;
  const history = [...paused.history];
  if (obs.tamper.length) {
    waiting = { ...waiting, tamper_count: waiting.tamper_count + 1 };
    history.push(historyEntry(waiting, obs.now, "tamper", `${obs.tamper.join("; ")}; .auto-loop/ was rewritten from loopkit's own state`));
  }
  return { ...pausedOutcome(waiting), history };
}
function pausedOutcome(state) {
  const pause = state.pause;
  if (pause.told) return { state, outcome: { kind: "pause" } };
  const why = pause.by === "person" ? "paused for your message: no loop prompt follows" : `paused, ${pause.reason.replace(/^the agent asks the person: /, "the agent asks you: ")}`;
  return {
    state: { ...state, pause: { ...pause, told: true } },
    outcome: {
      kind: "pause",
      message: `loopkit auto-loop ${why} (iteration ${state.iteration} of ${state.caps.max_iterations}). ${RESUME_HINT}`
    }
  };
}
function askForHandoff(state, contextWindow, notes) {
  const pct = Math.floor(state.transcript.context_tokens / contextWindow * 100);
  if (pct < state.caps.restart_pct) return state.handoff_requested ? { ...state, handoff_requested: false } : state;
  if (state.handoff_requested) return state;
  notes.push(
    `The context is ${pct}% full (--restart-pct ${state.caps.restart_pct}). Before anything else, write a hand-off note to ${HANDOFF_FILE}: what is done, what is next, what failed and why. loopkit keeps it, so a compaction loses nothing.`
  );
  return { ...state, handoff_requested: true };
}
function protectedChanges(snapshot, current) {
  const changes = [];
  for (const file of /* @__PURE__ */ new Set([...Object.keys(snapshot), ...Object.keys(current)])) {
    const before = snapshot[file];
    const now = current[file] === "missing" ? void 0 : current[file];
    const was = before === "missing" ? void 0 : before;
    if (was === now) continue;
    changes.push(`${file} (${was === void 0 ? "added" : now === void 0 ? "deleted" : "changed"})`);
  }
  return changes.sort();
}
function finishTurn(previous, gate, notes, history) {
  const now = gate.now;
  const verdict = verifierVerdict(gate.runs);
  if (verdict === null) throw new Error("finishTurn needs the verifier's verdict");
  const lastRun = gate.runs[gate.runs.length - 1];
  let state = {
    ...previous,
    updated_at: now.toISOString(),
    last_verifier: {
      at: now.toISOString(),
      iteration: previous.iteration,
      verdict,
      runs: gate.runs,
      ...gate.contract ? { contract: gate.contract } : {}
    },
    flaky_count: previous.flaky_count + (verdict === "flaky" ? 1 : 0),
    test_results: recordTestProgress(previous.test_results, previous.iteration, lastRun)
  };
  const audit = verdict === "pass" ? gate.audit ?? auditUnmet("no audit ran", false) : null;
  if (audit) {
    const notRun2 = audit.ran ? { streak: 0, turns: state.audit_not_run.turns } : { streak: state.audit_not_run.streak + 1, turns: state.audit_not_run.turns + 1 };
    state = {
      ...state,
      tokens: { ...state.tokens, audit: state.tokens.audit + audit.tokens },
      last_audit: { at: now.toISOString(), iteration: state.iteration, ...audit },
      audit_not_run: notRun2
    };
  }
  const tests = lastRun.tests ? `, tests ${lastRun.tests.passed} pass ${lastRun.tests.failed} fail ${lastRun.tests.skipped} skipped` : "";
  const notAPass = lastRun.breach ?? (audit?.refused_by ? audit.failure : null);
  const contract = gate.contract ? `; ${gate.contract}` : "";
  const evidence = `iteration ${state.iteration}: verifier ${verdict} (exit ${lastRun.timed_out ? "timeout" : lastRun.exit_code}${tests})${audit ? `, audit ${auditLabel(audit)}` : ""}${notAPass ? `; no pass: ${notAPass}` : ""}${contract}`;
  const refusal = refusalOf(lastRun, audit);
  state = {
    ...state,
    evidence: [...state.evidence, evidence].slice(-KEEP_EVIDENCE),
    refusals: refusal ? { rule: refusal.rule, streak: state.refusals.rule === refusal.rule ? state.refusals.streak + 1 : 1 } : { rule: null, streak: 0 }
  };
  const gateEntry = (s) => historyEntry(s, now, "gate", evidence, {
    verdict,
    exit_code: lastRun.exit_code,
    vote: auditVote(audit),
    ...auditVote(audit) ? { audit_reasons: audit.reasons } : {},
    tests: lastRun.tests ?? null,
    ...notAPass ? { not_a_pass: notAPass } : {}
  });
  const judged = gateNext(gate.runs, audit);
  if (audit && judged.kind === "verdict" && judged.achieved) {
    state = end(
      { ...state, next_action: "Nothing: the goal is achieved." },
      now,
      "achieved",
      "the verifier passed twice and the audit voted achieved"
    );
    history.push(gateEntry(state));
    const reasons2 = audit.reasons.length ? ` Audit: ${audit.reasons.join("; ")}` : "";
    return { state, outcome: { kind: "stop", message: `loopkit auto-loop achieved the goal. ${summary(state, now)}${reasons2}` }, history };
  }
  if (audit && !audit.ran) return auditNotRun(state, now, audit.failure ?? "no reason given", notes, [...history, gateEntry(state)]);
  if (refusal && state.refusals.streak >= REFUSAL_LIMIT) {
    const reason = `loopkit's ${RULE_NAMES[refusal.rule]} rule threw out the verifier's passes ${state.refusals.streak} times in a row (the last: ${refusal.reason})`;
    state = end({ ...state, next_action: "none: the loop has ended" }, now, "blocked", reason);
    history.push(gateEntry(state), historyEntry(state, now, "end", reason));
    return {
      state,
      outcome: {
        kind: "stop",
        message: `loopkit auto-loop stopped, blocked: ${reason}. ${REFUSAL_ADVICE[refusal.rule]} ${summary(state, now)}`
      },
      history
    };
  }
  const stalled = noProgressReason(state.test_results, state.iteration);
  if (stalled) {
    state = end({ ...state, next_action: "none: the loop has ended" }, now, "no-progress", stalled);
    history.push(gateEntry(state), historyEntry(state, now, "end", stalled));
    return { state, outcome: { kind: "stop", message: `loopkit auto-loop stopped, ${stalled}. ${summary(state, now)}` }, history };
  }
  const next = {
    fail: lastRun.breach ? "Make the verifier pass with every test of the start running: restore any test you removed, skipped, made todo or filtered out, and fix the code instead." : "Make the verifier pass: read its output above, fix the cause, and check with the verifier yourself.",
    flaky: "The verifier passed once and then failed: make it pass reliably (look for order dependence, timing, shared state).",
    pass: audit?.refused_by ? REFUSED_NEXT[audit.refused_by] : "The verifier passes but the audit is not convinced: address every audit reason above."
  }[verdict];
  state = { ...state, next_action: next };
  history.push(gateEntry(state));
  const decided = continueOrWrapUp(state, now, notes, history);
  return refusal && decided.outcome.kind === "block" && !decided.state.wrap_up ? {
    ...decided,
    outcome: {
      ...decided.outcome,
      message: `loopkit auto-loop: iteration ${state.iteration}: the verifier's passes were thrown out by loopkit's ${RULE_NAMES[refusal.rule]} rule, not by the audit (${state.refusals.streak} of ${REFUSAL_LIMIT} in a row stop the loop): ${clip(refusal.reason)}`
    }
  } : decided;
}
var REFUSED_NEXT = {
  processes: "Stop what you left running in the project (named above), then end your turn again.",
  verification: "Make sure nothing changes files while the verifier runs: stop what you started, and let the verifier write only build output, caches or the report named with --test-report; then end your turn again.",
  unseen: "Make every change one the audit can be shown (the lines above name those it could not), then end your turn again.",
  contract: "The verifier passes only with the test files or runner configs as you changed them: put them back as they were at the start (add new tests beside them if you like) and fix the code until the start's tests pass unchanged."
};
var REFUSAL_LIMIT = 3;
var REFUSAL_ADVICE = {
  processes: "Close what keeps running in the project while the verifier runs (the line above names it), or say in the goal how to run it inside the verifier, then start a new loop.",
  verification: "Something changes files while the verifier runs: make the verifier write only build output, caches, or the report named with --test-report, and stop anything that writes the project; then start a new loop.",
  unseen: "Some changes cannot be shown to the audit whole (the lines above name them): remove them or make them text the audit can read, then start a new loop.",
  contract: "The verifier passes only with test files or runner configs the agent changed: with the start's versions the tests fail. Fix the code so the start's tests pass unchanged, or, if the goal must change its tests, say so in the goal file (allow-test-edits: <why>) and start a new loop.",
  tests: "The verifier exits 0 but the tests that defined the goal do not all run and pass: restore them, or, if the goal needs them changed, say so in the goal file (allow-removed-tests:) and start a new loop."
};
function refusalOf(lastRun, audit) {
  if (audit?.refused_by) return { rule: audit.refused_by, reason: audit.reasons[0] ?? audit.refused_by };
  if (lastRun.breach && lastRun.exit_code === 0) return { rule: "tests", reason: lastRun.breach };
  return null;
}
var clip = (text) => text.length > 400 ? `${text.slice(0, 400)}...` : text;
function auditNotRun(state, now, why, notes, history) {
  if (state.audit_not_run.streak >= AUDIT_NOT_RUN_LIMIT) {
    const reason = `the audit could not run ${state.audit_not_run.streak} times in a row (the last time: ${why})`;
    state = end({ ...state, next_action: "none: the loop has ended" }, now, "blocked", reason);
    history.push(historyEntry(state, now, "end", reason));
    return {
      state,
      outcome: {
        kind: "stop",
        message: `loopkit auto-loop stopped, blocked: ${reason}. Fix that, then start a new loop. ${summary(state, now)}`
      },
      history
    };
  }
  const line = `The verifier passed twice, but the audit could not run (${why}). That is no verdict on your work, and this turn does not count toward --max-iterations; ${AUDIT_NOT_RUN_LIMIT} such audits in a row stop the loop as blocked.`;
  state = {
    ...state,
    next_action: "The audit could not run, so the goal is not proven yet: check your work once more and end your turn; loopkit then runs the verifier and the audit again."
  };
  const decided = continueOrWrapUp(state, now, [...notes, line], history);
  return decided.outcome.kind === "block" && !decided.state.wrap_up ? {
    ...decided,
    outcome: {
      ...decided.outcome,
      message: `loopkit auto-loop: iteration ${state.iteration}: the audit could not run (${why}); not counted against --max-iterations (${state.audit_not_run.streak} of ${AUDIT_NOT_RUN_LIMIT} in a row).`
    }
  } : decided;
}
function continueOrWrapUp(state, now, notes, history) {
  if (state.pause) return { ...pausedOutcome(state), history };
  const cap = capReached(state, now);
  if (cap) {
    state = { ...state, wrap_up: { reason: cap, at: now.toISOString() }, next_action: "Write the hand-off note." };
    history.push(historyEntry(state, now, "wrap-up", cap));
    return {
      state,
      outcome: {
        kind: "block",
        prompt: wrapUpPrompt(state, cap),
        message: `loopkit auto-loop: ${cap}; asking for a hand-off note, then stopping.`
      },
      history
    };
  }
  const verdict = state.last_verifier?.iteration === state.iteration ? state.last_verifier.verdict : "not run";
  const message = `loopkit auto-loop: iteration ${iterationsAgainstCap(state.iteration, state.audit_not_run.turns, state.caps.max_iterations)}, verifier ${verdict}, tokens ${tokensUsed(state)}/${state.caps.max_tokens}.`;
  return { state, outcome: { kind: "block", prompt: nextPrompt(state, notes), message }, history };
}
function summary(state, now) {
  return `${state.iteration} iteration(s), ${tokensUsed(state)} tokens, ${formatDuration(elapsedMs(state, now))}. The loop's story on one page: ${reportCommand(state.loop_id)}.`;
}
function recordDelegatedProgress(previous, progress) {
  const now = progress.now;
  const history = [];
  let state = {
    ...previous,
    status: progress.status,
    status_reason: progress.reason,
    iteration: progress.iteration,
    tokens: { ...previous.tokens, transcript: progress.tokensUsed },
    next_action: progress.nextAction,
    evidence: progress.threadId && previous.evidence.length === 0 ? [`Codex thread ${progress.threadId}`] : previous.evidence,
    updated_at: now.toISOString(),
    heartbeat_at: now.toISOString()
  };
  const round = progress.verifier;
  if (round) {
    state = {
      ...state,
      last_verifier: round,
      flaky_count: previous.flaky_count + (round.verdict === "flaky" ? 1 : 0),
      test_results: recordTestProgress(previous.test_results, round.iteration, round.runs.at(-1))
    };
    history.push(
      historyEntry(state, now, "gate", `Codex said complete; verifier ${round.verdict}${breachOf(round)}`, {
        verdict: round.verdict,
        exit_code: round.runs.at(-1).exit_code,
        tests: round.runs.at(-1).tests ?? null
      })
    );
  }
  const audit = progress.audit;
  if (audit) {
    state = {
      ...state,
      last_audit: { at: now.toISOString(), ...audit, ran: audit.ran ?? true },
      tokens: { ...state.tokens, audit: state.tokens.audit + audit.tokens }
    };
    history.push(
      historyEntry(state, now, "gate", `verifier pass, audit ${audit.vote}`, {
        verdict: "pass",
        vote: audit.vote,
        audit_reasons: audit.reasons
      })
    );
  }
  if (progress.status !== "pursuing") {
    state = { ...state, ended_at: now.toISOString() };
    history.push(historyEntry(state, now, "end", progress.reason ?? progress.status));
  }
  return { state, history };
}
var breachOf = (round) => round.runs.at(-1).breach ? `; no pass: ${round.runs.at(-1).breach}` : "";
function failLoop(previous, now, reason) {
  const state = {
    ...end(previous, now, "blocked", reason),
    heartbeat_at: now.toISOString(),
    next_action: "none: the loop has ended"
  };
  return { state, history: [historyEntry(state, now, "end", reason)] };
}

// src/auto-loop/runners/audit.ts
import { randomBytes } from "node:crypto";
import { mkdirSync as mkdirSync3, promises as fs5, rmSync as rmSync3 } from "node:fs";
import path9 from "node:path";

// src/evidence/glob.ts
function globMatcher(glob) {
  const regex = new RegExp(`^${globSource(glob.replace(/^\.\//, ""))}$`, "s");
  return (path12) => regex.test(path12);
}
function globSource(glob) {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*" && glob[i + 1] === "*") {
      const atStart = i === 0 || glob[i - 1] === "/";
      const atEnd = i + 2 === glob.length || glob[i + 2] === "/";
      if (atStart && atEnd) {
        if (i + 2 === glob.length) out += ".*";
        else {
          out += "(?:[^/]*/)*";
          i++;
        }
        i++;
        continue;
      }
      out += "[^/]*";
      i++;
      continue;
    }
    if (c === "*") out += "[^/]*";
    else if (c === "?") out += "[^/]";
    else if (c === "[") {
      const close = glob.indexOf("]", i + 2);
      if (close < 0) out += "\\[";
      else {
        const body = glob.slice(i + 1, close).replace(/^!/, "^").replace(/\\/g, "\\\\");
        out += `[${body}]`;
        i = close;
      }
    } else if (c === "\\" && i + 1 < glob.length) out += `\\${glob[++i]}`;
    else out += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return out;
}

// src/evidence/goalposts.ts
var BULK_FOLDERS = /* @__PURE__ */ new Set([...TOOL_FOLDERS, "jspm_packages", ".m2"]);
var LOCKFILES = /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|Cargo\.lock|poetry\.lock|uv\.lock|Pipfile\.lock|composer\.lock|Gemfile\.lock|go\.sum)$/;
var TESTS = /(^|\/)(tests?|__tests__|specs?|e2e|__snapshots__|fixtures?)\/|(^|\/)[^/]*[._-](test|spec)s?\.[^/]+$|(^|\/)test_[^/]*\.py$|(^|\/)[^/]*_test\.(go|py|rb|exs?)$|(^|\/)conftest\.py$/i;
var CONFIG = /(^|\/)(package\.json|tsconfig[^/]*\.json|jsconfig\.json|[^/]*\.config\.[cm]?[jt]s|\.?(babel|eslint|prettier|mocha|jest|vitest|nyc|c8)rc[^/]*|pytest\.ini|tox\.ini|setup\.cfg|setup\.py|pyproject\.toml|Makefile|GNUmakefile|makefile|[^/]*\.mk|Cargo\.toml|go\.mod|Gemfile|Rakefile|build\.gradle[^/]*|pom\.xml|CMakeLists\.txt|justfile|Taskfile\.ya?ml|Dockerfile|docker-compose[^/]*\.ya?ml|\.gitattributes|\.gitignore|\.npmrc|\.nvmrc|\.env[^/]*|CLAUDE(\.local)?\.md|AGENTS\.md)$|(^|\/)(\.github|\.gitlab|\.circleci|\.buildkite|\.claude|\.husky|scripts?)\//;
function rankChanges(changes, context) {
  const named = namedByCommand(context.verifyCommand);
  const protect = context.protect.map(globMatcher);
  const ranked = changes.map((change) => {
    const why = goalpostReason(change.path, change.root, named, protect);
    return { change, tier: why ? "goalpost" : isBulk(change.path) || change.gitObject === true ? "bulk" : "source", why };
  });
  const tierOrder = { goalpost: 0, source: 1, bulk: 2 };
  const howOrder = { changed: 0, added: 1, deleted: 2 };
  const folder = (p) => p.slice(0, Math.max(0, p.lastIndexOf("/")));
  const crowd = /* @__PURE__ */ new Map();
  for (const c of changes) crowd.set(folder(c.path), (crowd.get(folder(c.path)) ?? 0) + 1);
  const crowdOf = (r) => crowd.get(folder(r.change.path));
  return ranked.sort(
    (x, y) => tierOrder[x.tier] - tierOrder[y.tier] || howOrder[x.change.how] - howOrder[y.change.how] || crowdOf(x) - crowdOf(y) || (x.change.path < y.change.path ? -1 : x.change.path > y.change.path ? 1 : 0)
  );
}
function goalpostReason(p, root, named, protect) {
  if (root !== "") return gitMetadata(p) ? "git metadata" : null;
  if (protect.some((match) => match(p))) return "protected";
  if (named.has(p) || [...named].some((n) => p.startsWith(`${n}/`))) return "named by the verifier command";
  if (isBulk(p) || LOCKFILES.test(p)) return null;
  if (TESTS.test(p)) return "test";
  if (CONFIG.test(p)) return "configuration";
  return null;
}
function gitMetadata(p) {
  if (!p.startsWith(".git/")) return true;
  return GIT_META_NAMES.has(p.slice(".git/".length).split("/", 1)[0]);
}
function isBulk(path12) {
  return LOCKFILES.test(path12) || path12.split("/").slice(0, -1).some((part) => BULK_FOLDERS.has(part));
}
function namedByCommand(command) {
  const names = /* @__PURE__ */ new Set();
  let words;
  try {
    words = splitWords(command).map((w) => w.value);
  } catch {
    words = command.split(/\s+/);
  }
  for (const word of words.flatMap((w) => w.split(/[;&|<>()=,]+/))) {
    const clean = word.replace(/^\.\//, "").replace(/\/+$/, "");
    if (clean && !clean.startsWith("-") && !clean.startsWith("/") && /[./]/.test(word) && !clean.includes("..")) names.add(clean);
  }
  return names;
}

// src/evidence/render-diff.ts
var WRAP_CHARS = 1e3;
var RUN_CHARS = 64;
var REPEAT_LINES = 2;
var RECORD_GRAMMAR = [
  `In the diffs, a line starting with " " (context), "-" (removed) or "+" (added) is the file's content; every other line is loopkit's:`,
  '"#### " starts a file, "@@" a hunk, ">>" continues the line above (lines are wrapped at 1,000 characters), "\\ " is a note ("\\ the line above, N more times": that line repeats N more times), "::: " a read check.',
  'Within content, [[N \xD7 "c"]] stands for N copies of the character c in a row, [[N bytes as on the other side]] for a stretch of a long line that its removed and added versions share, \\xNN and \\u{NNNN} for control, invisible or bidirectional characters and bytes that are not UTF-8, and a name that needs it is in double quotes with C-style escapes.'
].join("\n");
function diffText(old, now) {
  const lines = [];
  if (old && hasHidden(old) || now && hasHidden(now))
    lines.push("\\ control characters, invisible or bidirectional formatting characters and bytes that are not UTF-8 are shown escaped");
  const a = old ? splitLines(old) : [];
  const b = now ? splitLines(now) : [];
  let last = "";
  let repeats = 0;
  const flush = () => {
    if (repeats > REPEAT_LINES) lines.push(`\\ the line above, ${(repeats - 1).toLocaleString("en-US")} more times`);
    else for (let i = 1; i < repeats; i++) pushWrapped(lines, last);
  };
  for (const raw of pairLongLines(hunks(a, b, diffLines(a, b)))) {
    const line = showLine(raw);
    if (line === last && !line.startsWith("@@")) {
      repeats++;
      continue;
    }
    flush();
    pushWrapped(lines, line);
    last = line;
    repeats = 1;
  }
  flush();
  return lines;
}
var PAIR_CHARS = 4 * WRAP_CHARS;
var PAIR_CONTEXT = 2;
function pairLongLines(lines) {
  const out = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].startsWith("-")) {
      out.push(lines[i]);
      continue;
    }
    let dels = i;
    while (dels < lines.length && lines[dels].startsWith("-")) dels++;
    let adds = dels;
    while (adds < lines.length && lines[adds].startsWith("+")) adds++;
    const olds = lines.slice(i, dels);
    const news = lines.slice(dels, adds);
    for (let k = 0; k < olds.length && k < news.length; k++) {
      if (olds[k].length < PAIR_CHARS || news[k].length < PAIR_CHARS) continue;
      [olds[k], news[k]] = differingPieces(olds[k], news[k]);
    }
    for (const line of [...olds, ...news]) out.push(line);
    i = adds - 1;
  }
  return out;
}
var SAME = "\uE000";
function differingPieces(old, now) {
  const ending = (line) => line.endsWith("\n") ? "\n" : "";
  const split = (line) => line.slice(1, line.length - ending(line).length).split(/(?<=[;,{}])/);
  const a = split(old);
  const b = split(now);
  const ops = diffLines(a, b);
  const keep = new Uint8Array(ops.length);
  ops.forEach((op, i) => {
    if (op.kind === "same") return;
    for (let j = Math.max(0, i - PAIR_CONTEXT); j <= Math.min(ops.length - 1, i + PAIR_CONTEXT); j++) keep[j] = 1;
  });
  const side = (sign, skip) => {
    let text = sign;
    let same = 0;
    ops.forEach((op, i) => {
      if (op.kind === skip) return;
      const piece = op.kind === "add" ? b[op.line] : a[op.line];
      if (op.kind === "same" && !keep[i]) {
        same += piece.length;
        return;
      }
      if (same) text += `${SAME}${same}${SAME}`;
      same = 0;
      text += piece;
    });
    if (same) text += `${SAME}${same}${SAME}`;
    return text;
  };
  return [side("-", "add") + ending(old), side("+", "del") + ending(now)];
}
function splitLines(content) {
  const text = content.toString("latin1");
  const lines = text.split(/(?<=\n)/);
  return lines[lines.length - 1] === "" ? lines.slice(0, -1) : lines;
}
function showLine(line) {
  if (line.startsWith("@@")) return line;
  const body = line.slice(1);
  const newline = body.endsWith("\n");
  const content = newline ? body.slice(0, -1) : body;
  let shown = "";
  content.split(SAME).forEach((piece, i) => {
    if (i % 2 === 1) shown += `[[${Number(piece).toLocaleString("en-US")} bytes as on the other side]]`;
    else shown += foldRuns(piece);
  });
  return `${line[0]}${shown}${newline ? "" : "\n\\ No newline at end of file"}`;
}
function foldRuns(content) {
  let shown = "";
  let at = 0;
  for (const run of content.matchAll(RUN)) {
    shown += showText(Buffer.from(content.slice(at, run.index), "latin1"));
    shown += `[[${run[0].length.toLocaleString("en-US")} \xD7 "${showText(Buffer.from(run[1], "latin1"))}"]]`;
    at = run.index + run[0].length;
  }
  return shown + showText(Buffer.from(content.slice(at), "latin1"));
}
var RUN = new RegExp(`([\\s\\S])\\1{${RUN_CHARS - 1},}`, "g");
function pushWrapped(out, text) {
  for (const line of text.split("\n")) {
    if (line.length <= WRAP_CHARS) {
      out.push(line);
      continue;
    }
    let at = 0;
    while (at < line.length) {
      let end2 = Math.min(line.length, at + WRAP_CHARS);
      if (end2 < line.length && /[\ud800-\udbff]/.test(line[end2 - 1])) end2--;
      out.push(`${at === 0 ? "" : ">>"}${line.slice(at, end2)}`);
      at = end2;
    }
  }
}

// src/evidence/report.ts
var REPORT_LIMITS = {
  excerptChars: 48 * 1024,
  listChars: 8 * 1024,
  nameChars: 200,
  minShare: 800,
  partChars: 32 * 1024,
  partLines: 1500,
  requiredParts: 10,
  checksPerPart: 3
};
function changeReport(input) {
  const limits = input.limits ?? REPORT_LIMITS;
  const ranked = rankChanges(input.changes, input.context);
  const summary2 = summaryLine(input.changes);
  if (ranked.length === 0)
    return { summary: summary2, excerpt: summary2, index: `${summary2}
`, parts: [], required: [], optional: [], unseen: [], count: 0 };
  const files = renderAll(input, ranked);
  const head = [
    summary2,
    "",
    RECORD_GRAMMAR,
    "",
    `Changed files (${ranked.length}), goalposts and other files taking turns, bulk such as dependencies last:`
  ];
  const list = listSection(inTurns(files), limits);
  const diffBudget = Math.max(0, limits.excerptChars - [...head, ...list].join("\n").length - 400);
  const chosen = new Set(inTurns(files).slice(0, Math.floor(diffBudget / limits.minShare)));
  const shares = fairShares(
    [...chosen].map((f) => chars([f.header, ...f.lines])),
    diffBudget
  );
  const shownLines = /* @__PURE__ */ new Map();
  [...chosen].forEach(
    (f, i) => shownLines.set(
      f,
      chars([f.header, ...f.lines]) <= shares[i] ? f.lines.length : fitting(f.lines, shares[i] - f.header.length - 1 - CUT_NOTE)
    )
  );
  const rest = files.filter((f) => (shownLines.get(f) ?? -1) < f.lines.length);
  const packed = packParts(
    [...rest.filter((f) => !f.skimmable), ...rest.filter((f) => f.skimmable)],
    (f) => shownLines.get(f) ?? -1,
    limits
  );
  const partFile = input.files.part;
  const checks = [];
  const parts = packed.parts.map((lines, i) => {
    const words = Array.from({ length: limits.checksPerPart }, () => input.checkWord());
    words.forEach((word) => checks.push({ part: i + 1, file: partFile(i + 1), word }));
    return withChecks(lines, words, i + 1, packed.parts.length);
  });
  const required = checks.filter((c) => c.part <= limits.requiredParts);
  const unseen = files.filter((f) => f.missing && !f.skimmable).map((f) => `${f.name}: ${f.missing}`);
  const unread = rest.filter((f) => !f.skimmable && packed.where.get(f).some((n) => n > limits.requiredParts));
  if (unread.length)
    unseen.push(
      `more changed code than one audit can read: past this prompt, ${packed.parts.length} parts of up to ${kb(limits.partChars)} each, of which an audit is made to read ${limits.requiredParts}; the code past them is in ${unread.length} file(s): ${unread.slice(0, 10).map((f) => f.name).join(", ")}${unread.length > 10 ? ", ..." : ""}`
    );
  const optional = packed.parts.map((_, i) => i + 1).filter((n) => n > limits.requiredParts).map((n) => ({ file: partFile(n), holds: rest.filter((f) => packed.where.get(f).includes(n)).map((f) => f.name) }));
  const where = (f) => partNames(packed.where.get(f) ?? [], partFile);
  const diffs = ["", "Diffs, each file's share of this prompt; where one is cut, the note says where the rest is:"];
  for (const f of files) {
    const shown = shownLines.get(f);
    if (shown === void 0) continue;
    diffs.push(f.header, ...f.lines.slice(0, shown));
    if (shown < f.lines.length)
      diffs.push(
        `\\ cut here: the other ${(f.lines.length - shown).toLocaleString("en-US")} line(s) of this diff (${chars(f.lines.slice(shown)).toLocaleString("en-US")} characters) are in ${where(f)}`
      );
  }
  const left = files.filter((f) => !chosen.has(f));
  if (left.length)
    diffs.push(
      `\\ the diffs of ${left.length} more file(s) are not in this prompt (too many files for a fair share each); each is whole in the parts: ${partNames(
        [...new Set(left.flatMap((f) => packed.where.get(f) ?? []))].sort((a, b) => a - b),
        partFile
      )}`
    );
  const excerpt = [...head, ...list, ...diffs].join("\n");
  const index = [
    summary2,
    "",
    RECORD_GRAMMAR,
    "",
    packed.parts.length ? "The audit's prompt holds the start of each diff; every line of them that is not there is in these parts, in this order:" : "The audit's prompt holds every line of every diff.",
    ...packed.parts.map(
      (_, i) => `  ${partFile(i + 1)}${i < limits.requiredParts ? " (required reading)" : " (not required: dependencies, data and deleted content only)"}: ${rest.filter((f) => packed.where.get(f).includes(i + 1)).map((f) => f.name).join(", ")}`
    ),
    "",
    "Changed files:",
    ...files.map((f) => listLine(f, Infinity)),
    ""
  ];
  const indexLines = [];
  for (const line of index) pushWrapped(indexLines, line);
  return { summary: summary2, excerpt, index: `${indexLines.join("\n")}
`, parts, required, optional, unseen, count: ranked.length };
}
function summaryLine(changes) {
  const count2 = (how) => changes.filter((c) => c.how === how).length;
  if (changes.length === 0) return "No file changed.";
  return `${changes.length} file(s) changed: ${count2("added")} added, ${count2("changed")} changed, ${count2("deleted")} deleted.`;
}
var bytes = (n) => `${n.toLocaleString("en-US")} bytes`;
var kb = (n) => `${Math.round(n / 1024)} KB`;
var chars = (lines) => lines.reduce((sum, line) => sum + line.length + 1, 0);
function describe(leaf) {
  if (!leaf) return "none";
  if (leaf.kind === "file") return bytes(leaf.size);
  if (leaf.kind === "link") return `link to ${showPath([leaf.target])}`;
  if (leaf.kind === "dir") return "empty folder";
  if (leaf.kind === "unreadable") return "unreadable by loopkit";
  return { fifo: "a named pipe (FIFO)", socket: "a socket", device: "a device" }[leaf.kind];
}
function sizes(change) {
  if (change.how === "added") return describe(change.after);
  if (change.how === "deleted") return describe(change.before);
  const a = describe(change.before);
  const b = describe(change.after);
  const modes = change.before.mode !== change.after.mode ? `, mode ${change.before.mode.toString(8)} -> ${change.after.mode.toString(8)}` : "";
  return `${a === b ? a : `${a} -> ${b}`}${modes}`;
}
function nameOfChange(change) {
  if (change.root === "") return showPath(change.parts);
  const prefix = change.path.slice(0, change.path.length - change.parts.map((p) => nameOf(p).text).join("/").length);
  return showPath(change.parts, prefix);
}
var INSTALLED = /* @__PURE__ */ new Set(["node_modules", "bower_components", "jspm_packages", ".venv", "venv", "site-packages"]);
var DATA = /\.(json|jsonl|ndjson|csv|tsv|txt|dat|xml|ya?ml|lock|lockb|snap|svg|map|log|md|sum|sql|ics|geojson|po|pot|ipynb)$|(^|\/)(yarn\.lock|Cargo\.lock|Gemfile\.lock|poetry\.lock|go\.sum)$/i;
function isSkimmable(change) {
  if (change.how === "deleted") return true;
  if (change.root !== "") return false;
  const parts = change.path.split("/");
  return parts.slice(0, -1).some((part) => INSTALLED.has(part)) || DATA.test(change.path);
}
function render(input, r, withContent) {
  const { change } = r;
  const name = nameOfChange(change);
  const header = `#### ${change.how}: ${name} (${sizes(change)})${r.why ? ` [${r.why}]` : ""}`;
  const lines = [];
  let missing = null;
  const { before, after } = change;
  if (!withContent) return { ranked: r, name, header, lines, skimmable: isSkimmable(change), missing };
  const kept = (leaf) => leaf?.kind === "file" && leaf.kept && leaf.hash ? input.store.get(leaf.hash, "blob") : null;
  let old = kept(before);
  let now = kept(after);
  if (before?.kind === "file" && !before.kept) {
    lines.push(`\\ its content at the loop's start was over ${bytes(KEEP_BYTES)} and was not kept: it cannot be shown as removed lines`);
    old = null;
  }
  if (after?.kind === "file" && !after.kept) {
    now = input.readLarge?.(change) ?? null;
    if (now) lines.push(`\\ over ${bytes(KEEP_BYTES)}: read again from the project for this audit, its content matches loopkit's record`);
    else {
      missing = `over ${bytes(KEEP_BYTES)}, and its content now is not the one recorded (or cannot be read), so it cannot be shown`;
      lines.push(`\\ ${missing}`);
    }
  }
  if (after?.kind === "unreadable") missing = "loopkit may not read it, so its content cannot be shown";
  if (before?.kind === "link") lines.push(`\\ link target was: ${showPath([before.target])}`);
  if (after?.kind === "link") lines.push(`\\ link target now: ${showPath([after.target])}`);
  if (old || now) for (const line of diffText(old, now)) lines.push(line);
  return { ranked: r, name, header, lines, skimmable: isSkimmable(change), missing };
}
var CUT_NOTE = 400;
var RENDER_CHARS = 48 * 1024 * 1024;
function renderAll(input, ranked) {
  let total = 0;
  return ranked.map((r) => {
    if (total > RENDER_CHARS) {
      const f2 = render(input, r, false);
      f2.lines.push(`\\ not rendered: loopkit's record of the changes stops at ${kb(RENDER_CHARS)} of diffs`);
      if (!f2.skimmable) f2.missing = `not rendered: the changes pass ${kb(RENDER_CHARS)} of diffs before it`;
      return f2;
    }
    const f = render(input, r, true);
    total += chars(f.lines);
    return f;
  });
}
function listLine(f, nameChars) {
  const name = f.name.length > nameChars ? `${f.name.slice(0, nameChars)}...[${f.name.length - nameChars} more characters of this name]` : f.name;
  const { change, why } = f.ranked;
  return `  ${change.how.padEnd(7)}  ${name}  (${sizes(change)})${why ? `  [${why}]` : ""}`;
}
function listSection(files, limits) {
  const out = [];
  let used = 0;
  let i = 0;
  for (; i < files.length; i++) {
    const line = listLine(files[i], limits.nameChars);
    if (used + line.length + 1 > limits.listChars - 1024) break;
    out.push(line);
    used += line.length + 1;
  }
  if (i === files.length) return out;
  const groups = /* @__PURE__ */ new Map();
  for (const { ranked } of files.slice(i)) {
    const { change } = ranked;
    const parts = change.parts.slice(0, Math.min(2, change.parts.length - 1));
    const folder = parts.length ? `${showPath(parts).slice(0, limits.nameChars / 2)}/` : "(files at the top)";
    const g = groups.get(folder) ?? { added: 0, changed: 0, deleted: 0, bytes: 0 };
    g[change.how]++;
    g.bytes += (change.after ?? change.before)?.size ?? 0;
    groups.set(folder, g);
  }
  const shown = [...groups].slice(0, 10);
  return [
    ...out,
    `  ... and ${files.length - i} more (all named in changes.txt), by folder:`,
    ...shown.map(([folder, g]) => `    ${folder}: ${g.added} added, ${g.changed} changed, ${g.deleted} deleted (${bytes(g.bytes)})`),
    ...groups.size > shown.length ? [`    ... and ${groups.size - shown.length} more folders`] : []
  ];
}
function inTurns(files) {
  const goalposts = files.filter((f) => f.ranked.tier === "goalpost");
  const sources = files.filter((f) => f.ranked.tier === "source");
  const out = [];
  for (let i = 0; i < Math.max(goalposts.length, sources.length); i++) {
    if (i < sources.length) out.push(sources[i]);
    if (i < goalposts.length) out.push(goalposts[i]);
  }
  return [...out, ...files.filter((f) => f.ranked.tier === "bulk")];
}
function fairShares(wants, budget) {
  const shares = new Array(wants.length).fill(0);
  const order = wants.map((_, i) => i).sort((a, b) => wants[a] - wants[b]);
  let left = budget;
  order.forEach((i, k) => {
    shares[i] = Math.min(wants[i], Math.floor(left / (order.length - k)));
    left -= shares[i];
  });
  return shares;
}
function fitting(lines, room) {
  let used = 0;
  for (let i = 0; i < lines.length; i++) {
    used += lines[i].length + 1;
    if (used > room) return i;
  }
  return lines.length;
}
function packParts(files, from, limits) {
  const room = limits.partChars - 1500;
  const roomLines = limits.partLines - limits.checksPerPart - 2;
  const parts = [];
  const where = /* @__PURE__ */ new Map();
  let part = [];
  let used = 0;
  const close = () => {
    if (part.length) parts.push(part);
    part = [];
    used = 0;
  };
  for (const f of files) {
    const start = Math.max(0, from(f));
    const at = [];
    where.set(f, at);
    const opener = (line) => `${f.header}${line > 0 ? `, continued from line ${(line + 1).toLocaleString("en-US")} of its diff` : ""}`;
    const add = (line) => {
      part.push(line);
      used += line.length + 1;
    };
    if (used + f.header.length + 200 > room || part.length + 2 > roomLines) close();
    for (const piece of wrapped(opener(start))) add(piece);
    at.push(parts.length + 1);
    for (let i = start; i < f.lines.length; i++) {
      const line = f.lines[i];
      if (used + line.length + 1 > room || part.length + 1 > roomLines) {
        close();
        for (const piece of wrapped(opener(i))) add(piece);
        at.push(parts.length + 1);
      }
      add(line);
    }
  }
  close();
  return { parts, where };
}
function wrapped(line) {
  const out = [];
  pushWrapped(out, line);
  return out;
}
function withChecks(lines, words, n, of) {
  const out = [`#### part ${n} of ${of} of loopkit's record of the changes`];
  const at = words.map((_, i) => Math.floor(lines.length * (i + 1) / words.length));
  let next = 0;
  lines.forEach((line, i) => {
    out.push(line);
    while (next < words.length && at[next] === i + 1) {
      out.push(`::: read check ${next + 1} of ${words.length} of part ${n}: ${words[next]}`);
      next++;
    }
  });
  while (next < words.length) out.push(`::: read check ${next + 1} of ${words.length} of part ${n}: ${words[next]}`), next++;
  return `${out.join("\n")}
`;
}
function partNames(numbers, file) {
  if (numbers.length === 0) return "no part";
  if (numbers.length <= 3) return numbers.map(file).join(", ");
  return `${file(numbers[0])} to ${file(numbers[numbers.length - 1])} (${numbers.length} parts)`;
}

// src/shared/recursion-guard.ts
var RECURSION_GUARD = "VD_AUTOLOOP_DEPTH";
function underRecursionGuard(env) {
  return Boolean(env[RECURSION_GUARD]);
}
function refuseUnderRecursionGuard(env, what) {
  if (!underRecursionGuard(env)) return;
  throw new LoopkitError(
    "USAGE",
    `${what} does not start inside a Claude Code run that loopkit itself started (${RECURSION_GUARD} is set)`,
    {
      value: env[RECURSION_GUARD],
      hint: "start loops from your own Claude Code session or terminal"
    }
  );
}

// src/auto-loop/runners/audit-vote.ts
var reasons = array(string().max(4e3)).max(50);
var VoteV2Schema = strictObject({ vote: _enum(AUDIT_VOTES), reasons, read: array(string().max(200)).max(500) });
var VoteV1Schema = strictObject({ vote: _enum(AUDIT_VOTES), reasons });
var VoteSchema = union([VoteV2Schema, VoteV1Schema]).transform((v) => ({ read: [], ...v }));
var VOTE_KEY = /\\*["']vote\\*["']\s*:/gi;
function parseAuditVote(reply) {
  const lines = reply.trimEnd().split("\n");
  const last = lines[lines.length - 1]?.trim() ?? "";
  let raw;
  try {
    raw = JSON.parse(last);
  } catch {
    return { problem: "the audit's reply does not end with a vote object on its final line" };
  }
  const parsed = VoteSchema.safeParse(raw);
  if (!parsed.success) return { problem: "the final line of the audit's reply is not a valid vote object" };
  if ((last.match(VOTE_KEY)?.length ?? 0) !== 1) return { problem: "the final line of the audit's reply is not a plain vote object" };
  const keys = reply.match(VOTE_KEY)?.length ?? 0;
  if (keys !== 1) return { problem: `the audit's reply holds ${keys} vote objects; exactly one, on the final line, counts` };
  return { vote: parsed.data };
}
function unreadParts(vote, required) {
  if (vote.vote !== "achieved") return null;
  const words = new Set(vote.read.flatMap((entry) => entry.split(/[^0-9a-z]+/i)));
  const lacking = [...new Set(required.filter((c) => !words.has(c.word)).map((c) => c.file))];
  if (lacking.length === 0) return null;
  return `the audit voted achieved without the read checks of ${lacking.length} part(s) of loopkit's record it was required to read whole (${lacking.join(", ")}); a turn is judged achieved only when the audit read every changed line`;
}

// src/auto-loop/runners/audit.ts
var READ_ONLY_TOOLS = ["Read", "Grep", "Glob"];
var DENIED_TOOLS = ["Bash", "Edit", "Write", "MultiEdit", "NotebookEdit", "WebFetch", "WebSearch", "Task", "Agent"];
function auditArgs(projectDir) {
  return [
    "-p",
    "--output-format",
    "json",
    "--no-session-persistence",
    "--setting-sources",
    "user",
    "--strict-mcp-config",
    "--add-dir",
    projectDir,
    "--tools",
    READ_ONLY_TOOLS.join(","),
    "--allowedTools",
    READ_ONLY_TOOLS.join(","),
    "--disallowedTools",
    DENIED_TOOLS.join(",")
  ];
}
async function auditLoop(input) {
  const { state } = input;
  const cwd = auditWorkDir(input.dataDir);
  let changes;
  try {
    changes = await describeChanges(input, path9.join(cwd, state.loop_id));
  } catch (error) {
    return auditUnmet(
      `loopkit could not compute its record of what changed since the loop started (${formatError(error)}); no turn is judged achieved without it`,
      false
    );
  }
  if (changes.unseen.length)
    return refusedByLoopkit(
      "unseen",
      `the audit cannot be shown every changed line, so the turn is not judged achieved: ${changes.unseen.join("; ")}`
    );
  const timeoutMs = within(input.deadline, state.launch.audit_timeout_ms);
  if (timeoutMs <= 0) return auditUnmet("no time was left for the audit within the loop's wall clock", false);
  const prompt = auditPrompt({
    projectDir: state.project_dir,
    goal: state.goal,
    verifyCommand: state.verify_command,
    verifierTail: input.verifierTail,
    changes: changes.excerpt,
    duringVerification: input.evidence?.duringVerification ?? [],
    nonce: randomBytes(16).toString("hex"),
    iterationChanges: input.iterationChanges ?? null,
    reading: { index: changes.index, required: [...new Set(changes.required.map((c) => c.file))], optional: changes.optional },
    tests: [auditTestsNote(state.test_results), testEditsNote(state.test_results)].filter(Boolean).join("\n") || null
  });
  await fs5.mkdir(cwd, { recursive: true });
  const env = { ...launchEnv(state.launch, input.env), [RECURSION_GUARD]: "1" };
  delete env.CLAUDE_CODE_ADDITIONAL_DIRECTORIES_CLAUDE_MD;
  return runAudit({ prompt, bin: state.launch.claude_bin, projectDir: state.project_dir, cwd, env, timeoutMs, required: changes.required });
}
async function describeChanges(input, dir) {
  const { state } = input;
  const start = await loadJudgingBaseline(loopFiles(input.dataDir, state.project_dir).dir, state.loop_id, /* @__PURE__ */ new Date());
  if (!start)
    throw new LoopkitError(
      "EVIDENCE_FAILED",
      "there is no record of the project from the loop's start (a loop started by an earlier loopkit, or its record was lost); start a new loop"
    );
  const now = input.evidence?.now ?? (await takeSnapshot({ dataDir: input.dataDir, projectDir: state.project_dir, deadline: input.deadline })).snapshot;
  const store = openStore(input.dataDir, state.project_dir);
  try {
    const files = { index: path9.join(dir, "changes.txt"), part: (n) => path9.join(dir, `changes-${n}.txt`) };
    const report = changeReport({
      store,
      changes: compareSnapshots(store, state.project_dir, start, now),
      context: { verifyCommand: state.verify_command, protect: state.protect.globs },
      files,
      checkWord: () => randomBytes(5).toString("hex"),
      readLarge: (change) => readRecordedContent(state.project_dir, change)
    });
    rmSync3(dir, { recursive: true, force: true });
    mkdirSync3(dir, { recursive: true });
    writeOwnFileSync(files.index, [Buffer.from(report.index)], false);
    report.parts.forEach((text, i) => writeOwnFileSync(files.part(i + 1), [Buffer.from(text)], false));
    return { excerpt: report.excerpt, index: files.index, required: report.required, optional: report.optional, unseen: report.unseen };
  } finally {
    store.close();
  }
}
async function runAudit(options) {
  const { bin } = options;
  const stdout = new BoundedOutput(1024 * 1024, 1024 * 1024);
  const started = monotonicMs();
  const repo = findRepo(options.projectDir);
  const env = repo ? await guardedGitEnv(repo, options.env, options.timeoutMs) : options.env;
  const timeoutMs = options.timeoutMs - (monotonicMs() - started);
  if (timeoutMs <= 0) return auditUnmet("no time was left for the audit within the loop's wall clock", false);
  const { execa } = await import("./execa-6UQVBNIA.js");
  const tag = randomBytes(16).toString("hex");
  const child = execa(bin, auditArgs(options.projectDir), {
    cwd: options.cwd,
    env: { ...env, ...runTagEnv(tag) },
    extendEnv: false,
    input: options.prompt,
    buffer: false,
    stderr: "ignore",
    reject: false,
    // The audit may start tools of its own: its whole process group is ended by a timeout, when
    // loopkit is signalled (execa's `cleanup` skips a detached child), and once it is done.
    detached: true
  });
  const deadline = killGroupAfter(child, timeoutMs);
  const untrack = endGroupOnSignal(child, tag);
  child.stdout?.on("data", (chunk) => stdout.push(chunk));
  const result = await child;
  deadline.clear();
  killGroup(child, "SIGKILL");
  untrack();
  if (deadline.timedOut()) return auditUnmet(`the audit timed out after ${Math.round(timeoutMs / 1e3)} s`, false);
  if (result.failed && result.exitCode === void 0) return auditUnmet(`the audit could not run ${bin}: ${result.shortMessage}`, false);
  return readAuditReply(stdout.text(), result.exitCode ?? null, options.required);
}
function readAuditReply(stdout, exitCode, required = []) {
  let parsed;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return auditUnmet(`the audit's output is not JSON (exit code ${exitCode ?? "none"})`, false);
  }
  const result = Array.isArray(parsed) ? [...parsed].reverse().find((event) => event?.type === "result") : parsed;
  const tokens = usageTokens(result?.usage);
  if (typeof result?.result !== "string")
    return auditUnmet(`the audit's output has no result text (exit code ${exitCode ?? "none"})`, false, tokens);
  if (result.is_error !== false || result.subtype !== void 0 && result.subtype !== "success") {
    const said = result.result.split("\n")[0].trim().slice(0, 300);
    return auditUnmet(`the audit ended with an error${said ? `: ${said}` : ""}`, false, tokens);
  }
  if (exitCode !== 0) return auditUnmet(`the audit exited with code ${exitCode ?? "none"}`, false, tokens);
  const read = parseAuditVote(result.result);
  if ("problem" in read) return auditUnmet(read.problem, true, tokens);
  const unread = unreadParts(read.vote, required);
  if (unread) return { ...auditUnmet(unread, true, tokens), reasons: [unread, ...read.vote.reasons] };
  return { vote: read.vote.vote, reasons: read.vote.reasons, failure: null, tokens, ran: true };
}

// src/auto-loop/core/api-errors.ts
var MAX_API_ERRORS = 3;
var MAX_BACKOFF_MS = 5 * 6e4;
var alreadyRecorded = (state, turn) => turn.promptId !== null && state.api_errors.last?.session_id === turn.sessionId && state.api_errors.last.prompt_id === turn.promptId;
function recordApiError(state, error, turn, now, firstBackoffMs) {
  const summary2 = apiErrorSummary(error);
  const waitsForReset = error.usageLimit && error.resetAt !== null;
  const count2 = waitsForReset ? state.api_errors.count : state.api_errors.count + 1;
  const at = now.toISOString();
  if (count2 >= MAX_API_ERRORS || error.credentialsRefused) {
    const reason = error.credentialsRefused ? `Claude Code's credentials were refused (${summary2}); no retry can get past that. ${LOG_IN_AGAIN.slice(0, -1)}` : `${count2} turns in a row ended in an API error; the last: ${summary2}`;
    return {
      state: {
        ...state,
        status: "blocked",
        status_reason: reason,
        ended_at: at,
        updated_at: at,
        api_errors: { count: count2, last: { session_id: turn.sessionId, prompt_id: turn.promptId, at, summary: summary2, retry_at: at } }
      },
      retryAt: null,
      line: `loopkit auto-loop ended blocked: ${reason}.`
    };
  }
  const retryAt = waitsForReset ? error.resetAt : new Date(now.getTime() + Math.min(MAX_BACKOFF_MS, firstBackoffMs * 2 ** (count2 - 1)));
  return {
    state: {
      ...state,
      updated_at: at,
      api_errors: { count: count2, last: { session_id: turn.sessionId, prompt_id: turn.promptId, at, summary: summary2, retry_at: retryAt.toISOString() } }
    },
    retryAt,
    line: `loopkit auto-loop: the turn ended in an API error (${summary2}); it is not counted as an iteration. ${waitsForReset ? "The usage limit resets" : `Trying again (${count2} of ${MAX_API_ERRORS - 1} retries)`} at ${retryAt.toISOString()}.`
  };
}
function clearApiErrors(state) {
  return state.api_errors.count === 0 && state.api_errors.last === null ? state : { ...state, api_errors: { count: 0, last: null } };
}
function pendingRetry(state, sessionId) {
  const last = state.api_errors.last;
  return state.status === "pursuing" && last && last.session_id === sessionId ? new Date(last.retry_at) : null;
}
function retryPrompt(state) {
  return [
    `${RETRY_TAG} (${state.api_errors.last?.summary ?? "unknown"}); loopkit does not count it against the loop.`,
    `Carry on toward the goal: ${state.goal}`,
    `loopkit's verifier (\`${state.verify_command}\`) judges the next turn as usual.`
  ].join("\n");
}
function retryWaitMs(state, retryAt, now) {
  const at = state.api_errors.last?.at;
  return spanLeft(retryAt, now, at ? retryAt.getTime() - Date.parse(at) : retryAt.getTime() - now.getTime());
}

// src/auto-loop/data/gate-progress.ts
import path10 from "node:path";
var GateStepSchema = object({
  version: literal(1),
  loop_id: string().min(1),
  /** The iteration whose turn the gate judges. */
  iteration: int().positive(),
  /** contract: the verifier on the start's tests, in a copy (runners/contract-run.ts). */
  step: _enum(["verifier", "contract", "audit"]),
  /** The verifier's run (1, or 2 after a pass); 1 for the audit. */
  run: int().min(1).max(2),
  started_at: iso_exports.datetime()
});
var gateStepFile = (files) => path10.join(files.dir, "gate-step.json");
async function noteGateStep(files, step) {
  await writeJson(gateStepFile(files), GateStepSchema, { version: 1, ...step }).catch(() => void 0);
}
async function readGateStep(files) {
  const read = await readJson(gateStepFile(files), GateStepSchema).catch(() => ({ exists: false }));
  return read.exists ? read.value : void 0;
}

// src/auto-loop/args.ts
var AUTO_LOOP_OPTIONS = {
  command: "/loopkit:auto-loop",
  options: [
    { name: "--verify", value: "command", needs: 'a command, e.g. --verify "npm test"' },
    { name: "--goal-file", value: "word", default: "goal.md" },
    { name: "--max-iterations", value: "word", default: "40" },
    { name: "--max-tokens", value: "word", default: "2000000" },
    { name: "--max-wallclock", value: "word", default: "4h" },
    { name: "--restart-pct", value: "word", default: "70" },
    { name: "--protect", value: "word", repeatable: true },
    { name: "--test-report", value: "word" },
    { name: "--no-progress-limit", value: "word", default: String(DEFAULT_NO_PROGRESS_LIMIT) },
    { name: "--takeover", value: "none" },
    { name: "--codex", value: "none" },
    { name: "--new-baseline", value: "none" },
    { name: "--status", value: "none" },
    { name: "--json", value: "none", with: "--status" },
    { name: "--cancel", value: "none" },
    { name: "--resume", value: "none" }
  ],
  unknownHint: "(to use it as goal text, quote it)",
  noInput: "no goal: give a goal and --verify <cmd>, or --goal-file <path>, or put a goal.md in the project, e.g. /loopkit:auto-loop make the tests pass --verify npm test"
};
var MODES = ["--status", "--cancel", "--resume"];
var usage = (message, value) => usageError(AUTO_LOOP_OPTIONS, message, value);
function parseAutoLoopArgs(text) {
  return parseWords(splitArguments(text));
}
function startFromGoalFile() {
  return {
    mode: "start",
    goal: null,
    goalFile: null,
    verify: null,
    caps: {},
    protect: [],
    takeover: false,
    codex: false,
    testReport: null,
    noProgressLimit: null
  };
}
var noGoalError = () => noInputError(AUTO_LOOP_OPTIONS);
function parseWords(words, alsoKnown = []) {
  const parsed = parseOptions(words, AUTO_LOOP_OPTIONS, alsoKnown);
  if (parsed.kind === "help") return { mode: "help" };
  if (parsed.kind === "empty") return { mode: "usage" };
  const has = (name) => parsed.given.has(name);
  const value = (name) => valueOf(parsed, name);
  const verify = value("--verify");
  if (verify !== void 0) checkVerifyCommand(verify, "--verify");
  const protect = (parsed.given.get("--protect") ?? []).map((glob) => checkProtectGlob(glob, "--protect"));
  const goalWords = parsed.text;
  const valueOptions = AUTO_LOOP_OPTIONS.options.filter((option) => option.value !== "none" && has(option.name));
  const modes = MODES.filter(has);
  if (modes.length > 1) throw usage(`${modes.join(" and ")} exclude each other`);
  const mode = modes[0];
  if (mode) {
    if (goalWords.length > 0 || valueOptions.length > 0 || has("--takeover") || has("--codex"))
      throw usage(`${mode} takes no goal, --verify, caps, --protect, --takeover or --codex`);
    if (has("--new-baseline")) throw usage(`${mode} takes no --new-baseline`);
    return mode === "--status" ? { mode: "status", json: has("--json") } : mode === "--cancel" ? { mode: "cancel" } : { mode: "resume" };
  }
  if (has("--codex") && has("--takeover")) throw usage("--codex starts a new loop run by Codex; --takeover does not apply");
  if (has("--takeover") && goalWords.length === 0 && valueOptions.length === 0) {
    if (has("--new-baseline"))
      throw usage("--takeover alone continues the running loop, which keeps its baseline; --new-baseline starts a new one");
    return { mode: "takeover" };
  }
  if (goalWords.length > 0 && goalWords.every((word) => word.raw === word.value && word.value.startsWith("-")))
    throw usage(`${goalWords.map((word) => word.value).join(" ")} is not a goal (to use it as text, quote it)`, goalWords[0].value);
  const goal = (goalWords.every((word) => word.gap !== void 0) ? typedText(goalWords) : goalWords.map((word) => word.value).join(" ")).trim();
  if (goal && has("--goal-file")) throw usage("give the goal inline or with --goal-file, not both");
  if (Buffer.byteLength(goal) > MAX_GOAL_BYTES) {
    throw usage(
      `the goal is ${Buffer.byteLength(goal)} bytes; an inline goal holds at most ${MAX_GOAL_BYTES / 1024} KB (put a longer one in a goal file)`
    );
  }
  return {
    mode: "start",
    goal: goal || null,
    goalFile: value("--goal-file") ?? null,
    verify: verify ?? null,
    caps: parseCaps((flag) => value(flag)),
    protect,
    takeover: has("--takeover"),
    codex: has("--codex"),
    ...has("--new-baseline") ? { newBaseline: true } : {},
    testReport: checkTestReport(value("--test-report"), "--test-report"),
    noProgressLimit: parseNoProgressLimit(value("--no-progress-limit"), "--no-progress-limit")
  };
}
function checkTestReport(report, where) {
  if (report === void 0) return null;
  const clean = report.trim().replaceAll("\\", "/");
  if (clean === "" || clean.includes("\0") || clean.startsWith("/") || /^[A-Za-z]:/.test(clean) || clean.split("/").includes(".."))
    throw usage(`${where} ${JSON.stringify(report)} is not a file inside the project (e.g. "reports/junit.xml")`, report);
  return clean.replace(/^\.\//, "");
}
function parseNoProgressLimit(text, where) {
  if (text === void 0) return null;
  const value = /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!(value >= 1 && value <= 1e3)) throw usage(`invalid ${where} "${text}": expected a whole number of turns from 1 to 1000`, text);
  return value;
}
var MAX_GOAL_BYTES = 64 * 1024;
var CAP_LIMITS = { max_iterations: 1e4, max_tokens: 1e9, max_wallclock_ms: 30 * 24 * 36e5 };
function checkVerifyCommand(command, where) {
  if (command.includes("\0")) throw usage(`${where} holds a NUL byte, which no shell command line can carry`, command);
  return command;
}
var PROTECT_LIMITS = { globs: 100, files: 1e4 };
function checkProtectGlob(glob, where) {
  const clean = glob.trim().replaceAll("\\", "/");
  const bad = clean === "" || clean.includes("\0") || clean.startsWith("/") || /^[A-Za-z]:/.test(clean) || clean.startsWith(":") || clean.split("/").includes("..");
  if (bad) throw usage(`${where} ${JSON.stringify(glob)} is not a glob inside the project (e.g. "test/**", "scripts/verify.sh")`, glob);
  return clean.replace(/^\.\//, "");
}
function parseCaps(get) {
  const caps = {};
  const iterations = get("--max-iterations");
  if (iterations !== void 0) caps.max_iterations = parseCount(iterations, "--max-iterations", 1, CAP_LIMITS.max_iterations, false);
  const tokens = get("--max-tokens");
  if (tokens !== void 0) caps.max_tokens = parseCount(tokens, "--max-tokens", 1, CAP_LIMITS.max_tokens, true);
  const wallclock = get("--max-wallclock");
  if (wallclock !== void 0) {
    caps.max_wallclock_ms = parseDuration(wallclock, "--max-wallclock");
    if (caps.max_wallclock_ms > CAP_LIMITS.max_wallclock_ms) {
      throw usage(
        `invalid --max-wallclock "${wallclock}": the most is ${formatDuration(CAP_LIMITS.max_wallclock_ms)} (30 days)`,
        wallclock
      );
    }
  }
  const pct = get("--restart-pct");
  if (pct !== void 0) caps.restart_pct = parseCount(pct, "--restart-pct", 1, 100, false);
  return caps;
}
var COUNT = /^(\d{1,13})([km]?)$/i;
function parseCount(text, flag, min, max, suffixes) {
  const match = COUNT.exec(text.trim().replaceAll("_", ""));
  if (match?.[2] && !suffixes) throw usage(`invalid ${flag} "${text}": expected a whole number from ${min} to ${max}`, text);
  const factor = match?.[2]?.toLowerCase() === "k" ? 1e3 : match?.[2]?.toLowerCase() === "m" ? 1e6 : 1;
  const value = match ? Number(match[1]) * factor : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw usage(
      `invalid ${flag} "${text}": expected a whole number from ${min} to ${max}${suffixes ? " (k and M suffixes allowed)" : ""}`,
      text
    );
  }
  return value;
}

// src/auto-loop/project/protect.ts
function protectedFiles(stats, globs) {
  if (globs.length === 0) return {};
  const matchers = globs.map(globMatcher);
  const files = {};
  let count2 = 0;
  for (const key of stats.keys()) {
    if (key === "" || key.includes("\0") || !matchers.some((match) => match(key))) continue;
    const record = stats.get(key);
    if (record.kind === "dir") continue;
    if (++count2 > PROTECT_LIMITS.files) {
      throw new LoopkitError("USAGE", `the protect globs name more than ${PROTECT_LIMITS.files} files`, {
        value: globs,
        hint: "protect narrower globs"
      });
    }
    const hex = record.hash?.toString("hex");
    files[key] = record.kind === "file" ? `sha256:${hex}` : record.kind === "link" ? `link:sha256:${hex}` : record.kind;
  }
  return Object.fromEntries(Object.entries(files).sort(([a], [b]) => a < b ? -1 : 1));
}
function keptProtectedFiles(now, earlier) {
  const matchers = earlier.globs.map(globMatcher);
  const onlyNew = Object.entries(now).filter(([file]) => !matchers.some((match) => match(file)));
  return Object.fromEntries([...onlyNew, ...Object.entries(earlier.snapshot)].sort(([a], [b]) => a < b ? -1 : 1));
}

// src/auto-loop/data/next-prompt.ts
import path11 from "node:path";
var NextPromptSchema = object({
  version: literal(1),
  loop_id: string().min(1),
  /** The phase session whose Stop wrote it: the runner takes it only from the phase it just ran. */
  session_id: string().min(1),
  prompt: string().min(1),
  at: iso_exports.datetime()
});
var nextPromptFile = (stateFile) => path11.join(path11.dirname(stateFile), "next-prompt.json");
async function saveNextPrompt(stateFile, next) {
  await writeJson(nextPromptFile(stateFile), NextPromptSchema, { version: 1, ...next });
}
async function loadNextPrompt(stateFile, loopId, sessionId) {
  const read = await readJson(nextPromptFile(stateFile), NextPromptSchema).catch(() => ({ exists: false }));
  return read.exists && read.value.loop_id === loopId && read.value.session_id === sessionId ? read.value.prompt : null;
}

// src/auto-loop/core/loop-context.ts
var HEADLINES = {
  compact: "The conversation was just compacted. This session still drives a loopkit auto-loop; here is where it stands (loopkit's own record, not a summary).",
  resume: "This session was resumed. It still drives a loopkit auto-loop; here is where it stands (loopkit's own record). Wall-clock time kept running while the session was away.",
  phase: "You are a fresh session started by `loopkit run` for the next phase of an auto-loop. You do not have the earlier conversation; here is where the loop stands (loopkit's own record) and the latest hand-off note."
};
var TAIL_CHARS = 2e3;
function loopContext(state, now, reason) {
  const lines = [
    `loopkit auto-loop context (loop ${state.loop_id}). ${HEADLINES[reason]}`,
    "",
    "Goal:",
    fenced(state.goal),
    "",
    `Progress: iteration ${state.iteration} of ${state.caps.max_iterations}; tokens ${tokensUsed(state)} of ${state.caps.max_tokens}; elapsed ${formatDuration(elapsedMs(state, now))} of ${formatDuration(state.caps.max_wallclock_ms)}; hand-off note asked at ${state.caps.restart_pct}% context.`,
    ...lastVerifier(state),
    ...lastAudit(state),
    ...state.evidence.length ? ["", "Evidence so far (newest last):", ...state.evidence.slice(-5).map((line) => `- ${line}`)] : [],
    ...state.blocker ? ["", `Blocker reported ${state.blocker.count} time(s) in a row: ${state.blocker.reason}`] : [],
    ...state.pause ? [
      "",
      `The loop is paused (${state.pause.reason}): answer the person, and go on with the goal only once they type /loopkit:auto-loop --resume.`
    ] : [],
    "",
    state.handoff_note ? `Latest hand-off note (from ${HANDOFF_FILE}):` : `No hand-off note yet (${HANDOFF_FILE}).`,
    ...state.handoff_note ? [fenced(state.handoff_note)] : [],
    "",
    `Next: ${state.next_action}`,
    "",
    rules(state)
  ];
  return lines.join("\n");
}
function lastVerifier(state) {
  const verifier = state.last_verifier;
  if (!verifier) return ["", `Verifier \`${state.verify_command}\`: not run yet.`];
  const run = verifier.runs[verifier.runs.length - 1];
  const exit = run.timed_out ? "timed out" : `exit code ${run.exit_code ?? "none (killed)"}`;
  const tail = run.output_tail.length > TAIL_CHARS ? `[...]${run.output_tail.slice(-TAIL_CHARS)}` : run.output_tail;
  return [
    "",
    `Last verifier result (iteration ${verifier.iteration}) of \`${state.verify_command}\`: ${verifier.verdict} (${exit}). End of its output:`,
    fenced(tail || "(no output)")
  ];
}
function lastAudit(state) {
  const audit = state.last_audit;
  if (!audit) return ["", "Audit: not run yet (it runs after two verifier passes in a row)."];
  return [
    "",
    audit.refused_by ? `Last audit (iteration ${audit.iteration}): none ran; loopkit's own rules did not count the verifier's passes.` : `Last audit vote (iteration ${audit.iteration}): ${audit.vote}${audit.failure ? ` (${audit.failure})` : ""}.`,
    ...audit.reasons.map((reason) => `- ${reason}`)
  ];
}

export {
  parseAutoLoopArgs,
  startFromGoalFile,
  noGoalError,
  parseWords,
  checkTestReport,
  parseNoProgressLimit,
  MAX_GOAL_BYTES,
  checkVerifyCommand,
  PROTECT_LIMITS,
  checkProtectGlob,
  parseCaps,
  probeFile,
  writeProbe,
  settleFromProbe,
  removeProbe,
  dataInProject,
  startState,
  replacedState,
  takeOverState,
  cancelState,
  resumeState,
  phaseState,
  pauseState,
  unpauseState,
  settingsOf,
  readPersonSettings,
  readSettingsFile,
  mergePersonSandbox,
  personSandbox,
  resolveClaude,
  isExecutable,
  captureLaunch,
  launchEnv,
  globMatcher,
  protectedFiles,
  keptProtectedFiles,
  BoundedOutput,
  SANDBOX_READ_ONLY_IN_PROJECT,
  launcherBesideEntry,
  launcherSpawn,
  readAnswer,
  noAnswerReason,
  verifierRun,
  runAndReadTests,
  runLoopVerifier,
  cannotRun,
  baselineLine,
  runTestContractNow,
  runTestContract,
  allowTestEditsLine,
  endedOutcome,
  beginTurn,
  finishTurn,
  recordDelegatedProgress,
  failLoop,
  goalpostReason,
  namedByCommand,
  RECURSION_GUARD,
  refuseUnderRecursionGuard,
  auditLoop,
  MAX_API_ERRORS,
  alreadyRecorded,
  recordApiError,
  clearApiErrors,
  pendingRetry,
  retryPrompt,
  retryWaitMs,
  saveNextPrompt,
  loadNextPrompt,
  loopContext,
  noteGateStep,
  readGateStep
};
