import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  RUN_TAG_VAR,
  killGroup,
  killGroupAfter,
  killTagged
} from "./chunk-PZX5E6UV.js";
import {
  AUDIT_VOTES,
  AutoLoopStateSchema,
  LOOP_STATUSES,
  tokensUsed
} from "./chunk-KW4QHIV5.js";
import {
  ExecAnswerSchema,
  NODE_OPTIONS_CARRIER
} from "./chunk-5KW5UY5D.js";
import {
  GuardedFolder,
  MIRROR_DIR,
  MIRROR_FILES,
  MIRROR_FOLDERS,
  openRegular
} from "./chunk-JT4DUFEH.js";
import {
  iso_exports,
  projectKey,
  readJson,
  readOrKeepAside,
  writeJson,
  writeSessionMarker
} from "./chunk-TRWB2N7Z.js";
import {
  _enum,
  array,
  boolean,
  int,
  literal,
  object,
  string
} from "./chunk-PGQLL66H.js";

// src/auto-loop/agent-sandbox.ts
import { promises as fs, realpathSync } from "node:fs";
import path from "node:path";
var ProbeSchema = object({
  version: literal(1),
  loop_id: string().min(1),
  session_id: string().min(1),
  written_at: iso_exports.datetime(),
  /** SANDBOX_RUNTIME=1 in the command's environment: Claude Code ran it under its sandbox all the same. */
  sandbox_runtime: boolean()
});
var probeFile = (stateFile) => path.join(path.dirname(stateFile), "sandbox-probe.json");
function measuringSandbox(failIfUnavailable) {
  return {
    agent: "unknown",
    how: "loopkit's skill command probes it right after the start; the loop's first Stop settles it",
    fail_if_unavailable: failIfUnavailable,
    measuring: true
  };
}
var WHERE = "loopkit's skill command, which runs where the agent's commands run,";
function settleSandbox(current, probe, loop, dataInProject2) {
  if (!current.measuring) return current;
  const keep = { fail_if_unavailable: current.fail_if_unavailable };
  if (dataInProject2)
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

// src/auto-loop/mirror.ts
import { createHash } from "node:crypto";
import { constants, promises as fs2 } from "node:fs";
import path2 from "node:path";

// src/auto-loop/history.ts
var HistoryEntrySchema = object({
  version: literal(1),
  at: iso_exports.datetime(),
  loop_id: string(),
  session_id: string(),
  iteration: int().nonnegative(),
  event: _enum([
    "start",
    "gate",
    "tamper",
    "blocked-report",
    "wrap-up",
    "end",
    "cancel",
    "takeover",
    "foreign-kept-aside",
    "resume",
    "phase",
    "protected"
  ]),
  status: _enum(LOOP_STATUSES),
  verdict: _enum(["pass", "flaky", "fail"]).nullable(),
  exit_code: int().nullable(),
  vote: _enum(AUDIT_VOTES).nullable(),
  tokens: int().nonnegative(),
  detail: string(),
  /** On "start" only: the goal, so `loopkit history` can name a loop after the project's next one replaced it. */
  goal: string().optional()
});
function historyEntry(state, now, event, detail, extra = {}) {
  return {
    version: 1,
    at: now.toISOString(),
    loop_id: state.loop_id,
    session_id: state.session_id,
    iteration: state.iteration,
    event,
    status: state.status,
    verdict: null,
    exit_code: null,
    vote: null,
    tokens: tokensUsed(state),
    detail,
    ...extra
  };
}

// src/auto-loop/mirror.ts
var KEEP_LOGS = 20;
var MAX_HANDOFF_BYTES = 32 * 1024;
var MAX_MIRROR_BYTES = 4 * 1024 * 1024;
var GITIGNORE = "# written by loopkit: keep the loop's records out of git\n*\n";
var rel = (...parts) => path2.join(MIRROR_DIR, ...parts);
var stamp = (now) => now.toISOString().replace(/[:.]/g, "-");
var guard = (projectDir, now) => new GuardedFolder(projectDir, () => now);
function mirrorText(state) {
  return `${JSON.stringify({ ...state, mirror_sha256: null }, null, 2)}
`;
}
var sha256 = (text) => createHash("sha256").update(text).digest("hex");
async function writeMirror(projectDir, state, text, now) {
  const folder = guard(projectDir, now);
  await folder.writeFile(rel(".gitignore"), GITIGNORE);
  await folder.writeFile(rel("goal-state.json"), text);
  const heartbeat = {
    version: 1,
    loop_id: state.loop_id,
    session_id: state.session_id,
    status: state.status,
    iteration: state.iteration,
    at: state.heartbeat_at
  };
  await folder.writeFile(rel("heartbeat.json"), `${JSON.stringify(heartbeat, null, 2)}
`);
  return folder.planted;
}
async function appendJsonl(file, entries) {
  if (entries.length === 0) return;
  await fs2.mkdir(path2.dirname(file), { recursive: true });
  const handle = await fs2.open(
    file,
    constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
    420
  );
  try {
    if (!(await handle.stat()).isFile()) throw new Error(`${file} is not a regular file`);
    await handle.write(historyLines(entries));
  } finally {
    await handle.close();
  }
}
async function appendMirrorHistory(projectDir, entries, now) {
  if (entries.length === 0) return [];
  const folder = guard(projectDir, now);
  await folder.append(rel("gate-history.jsonl"), historyLines(entries));
  return folder.planted;
}
var historyLines = (entries) => entries.map((e) => `${JSON.stringify(HistoryEntrySchema.parse(e))}
`).join("");
async function inspectMirror(projectDir, expectedSha, now) {
  if (expectedSha === null) return [];
  const folder = guard(projectDir, now);
  const found = [];
  await folder.checkDir(MIRROR_DIR);
  for (const name of MIRROR_FOLDERS) await folder.checkDir(rel(name));
  for (const name of MIRROR_FILES) await folder.checkFile(rel(name));
  const logs = await fs2.readdir(path2.join(projectDir, MIRROR_DIR, "logs")).catch(() => []);
  for (const name of logs.filter((n) => !n.includes("-foreign-"))) await folder.checkFile(rel("logs", name));
  const mirror = await folder.read(rel("goal-state.json"), MAX_MIRROR_BYTES);
  if (mirror === null) {
    if (!folder.planted.some((p) => p.path === rel("goal-state.json"))) found.push(".auto-loop/goal-state.json was deleted");
  } else if (mirror.truncated || sha256(mirror.bytes) !== expectedSha) {
    const keptAs = await folder.keepAside(rel("goal-state.json"), rel("tampered"), `goal-state-${stamp(now)}.json`);
    found.push(`.auto-loop/goal-state.json was edited${keptAs ? ` (the edited copy is kept as ${keptAs})` : ""}`);
  }
  for (const p of folder.planted)
    found.unshift(`${p.path} was ${p.found}, not loopkit's; it was moved to ${p.keptAs} without following it`);
  return found;
}
async function mirrorIsOurs(projectDir, expectedSha) {
  if (expectedSha === null) return false;
  const mirror = await new GuardedFolder(projectDir).read(rel("goal-state.json"), MAX_MIRROR_BYTES);
  return mirror !== null && !mirror.truncated && sha256(mirror.bytes) === expectedSha;
}
async function keepForeignAside(projectDir, now) {
  return (await guard(projectDir, now).moveAsideIfPresent(MIRROR_DIR))?.keptAs ?? null;
}
async function writeVerifierLog(projectDir, iteration, run, output, now) {
  const folder = guard(projectDir, now);
  const name = `verifier-${String(iteration).padStart(4, "0")}-${run}.log`;
  await folder.writeFile(rel("logs", name), output);
  const dir = path2.join(projectDir, MIRROR_DIR, "logs");
  const logs = (await fs2.readdir(dir)).filter((file) => /^verifier-\d+-\d\.log$/.test(file)).sort();
  await Promise.all(logs.slice(0, Math.max(0, logs.length - KEEP_LOGS)).map((file) => fs2.rm(path2.join(dir, file), { force: true })));
  return rel("logs", name);
}
function openMirrorLog(projectDir, name, now) {
  return guard(projectDir, now).openForAppend(rel(name));
}
async function readHandoff(projectDir) {
  const read = await new GuardedFolder(projectDir).read(rel("handoff.md"), MAX_HANDOFF_BYTES);
  if (!read) return null;
  const text = read.bytes.toString("utf8").replace(/\uFFFD+$/, "").trim();
  return text === "" ? null : text;
}

// src/auto-loop/store.ts
import path3 from "node:path";
function loopFiles(data, projectDir) {
  const dir = path3.join(data, "auto-loop", projectKey(projectDir));
  return { dir, state: path3.join(dir, "state.json"), history: path3.join(dir, "gate-history.jsonl") };
}
function loadState(file, now) {
  return readOrKeepAside(file, AutoLoopStateSchema, now, "the loop stopped and will not be judged achieved; start a new one when ready");
}
async function persist(files, state, history, now) {
  const text = mirrorText(state);
  const saved = { ...state, mirror_sha256: sha256(text) };
  await writeJson(files.state, AutoLoopStateSchema, saved);
  const planted = await writeMirror(state.project_dir, state, text, now);
  const all = [
    ...history,
    ...planted.map((p) => historyEntry(saved, now, "tamper", `${p.path} was ${p.found}; moved to ${p.keptAs} without following it`))
  ];
  await appendJsonl(files.history, all);
  await appendMirrorHistory(state.project_dir, all, now);
  return saved;
}
function writeMarker(data, state, files, now, driver = "session") {
  return writeSessionMarker(
    data,
    state.session_id,
    { kind: "auto-loop", loop_id: state.loop_id, project_dir: state.project_dir, state_file: files.state, driver },
    now
  );
}

// src/auto-loop/verifier.ts
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
  last(bytes) {
    const all = this.total <= this.headLimit ? this.head : Buffer.concat(this.tail);
    const slice = all.subarray(Math.max(0, all.length - bytes)).toString("utf8");
    return all.length > bytes || this.total > all.length ? `[...]${slice}` : slice;
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
import { existsSync, promises as fs3, realpathSync as realpathSync2 } from "node:fs";
import os2 from "node:os";
import path6 from "node:path";

// src/sandbox/person-settings.ts
import { readdir } from "node:fs/promises";
import os from "node:os";
import path4 from "node:path";
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
  const config = env.CLAUDE_CONFIG_DIR || path4.join(home, ".claude");
  const files = [{ file: path4.join(config, "settings.json"), managed: false }];
  const managed = managedDir();
  if (managed) {
    files.push({ file: path4.join(managed, "managed-settings.json"), managed: true });
    const dropIns = path4.join(managed, "managed-settings.d");
    const names = await readdir(dropIns).catch(() => []);
    for (const name of names.filter((name2) => name2.endsWith(".json") && !name2.startsWith(".")).sort())
      files.push({ file: path4.join(dropIns, name), managed: true });
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
    const resolve = (entry) => resolveSettingsPath(entry, path4.dirname(file), home);
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
function webFetchDomains(rules) {
  return (rules ?? []).flatMap((rule) => {
    const match = WEB_FETCH_DOMAIN.exec(rule.trim());
    return match ? [match[1]] : [];
  });
}
function resolveSettingsPath(entry, base, home) {
  if (entry === "~") return home;
  if (entry.startsWith("~/")) return path4.join(home, entry.slice(2));
  return path4.resolve(base, entry);
}
async function personSandbox(env) {
  return mergePersonSandbox(await readPersonSettings(env), env.HOME || os.homedir());
}

// src/sandbox/policy.ts
import path5 from "node:path";
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
      denyWrite: unique([...PROJECT_READ_ONLY.map((entry) => path5.join(projectDir, entry)), ...person.denyWrite]),
      denyRead: unique(person.denyRead),
      allowRead: unique(person.allowRead)
    }
  };
}
var unique = (list) => [...new Set(list)];

// src/sandbox/launcher.ts
function launcherBesideEntry(entry = process.argv[1]) {
  if (!entry) return null;
  const file = path6.join(path6.dirname(path6.resolve(entry)), "sandbox-exec.js");
  return existsSync(file) ? file : null;
}
async function launcherSpawn(launcher, command, cwd, env) {
  const projectDir = realpathSync2(cwd);
  const tempDir = await fs3.mkdtemp(path6.join(realpathSync2(os2.tmpdir()), "loopkit-sandbox-"));
  const cleanup = () => fs3.rm(tempDir, { recursive: true, force: true }).catch(() => void 0);
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

// src/auto-loop/verifier.ts
var DEFAULT_VERIFIER_TIMEOUT_MS = 10 * 6e4;
var KEEP_BYTES = 32 * 1024;
var TAIL_BYTES = 4 * 1024;
var DRAIN_MS = 2e3;
async function runVerifier(command, cwd, timeoutMs, env = process.env, options = {}) {
  const plain = { file: command, args: [], shell: true, env };
  const agent = options.sandbox;
  if (!agent || !wantsSandbox(agent)) return (await runTree(plain, cwd, timeoutMs)).outcome;
  const sandboxed = await runSandboxed(
    command,
    cwd,
    timeoutMs,
    env,
    options.launcher === void 0 ? launcherBesideEntry() : options.launcher
  );
  if ("outcome" in sandboxed) return sandboxed.outcome;
  const unavailable = whenUnavailable(agent, sandboxed.reason);
  if (unavailable.kind === "refuse") return notRun(unavailable.message);
  return (await runTree(plain, cwd, timeoutMs, `${unavailable.note}
`)).outcome;
}
async function runSandboxed(command, cwd, timeoutMs, env, launcher) {
  if (!launcher) return { reason: "loopkit's sandbox launcher (dist/sandbox-exec.js) is not installed beside it" };
  const spawn = await launcherSpawn(launcher, command, cwd, env);
  try {
    const run = await runTree({ ...spawn, shell: false, answer: true }, cwd, timeoutMs);
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
async function runTree(spawn, cwd, timeoutMs, preface = "") {
  const started = Date.now();
  const tag = randomUUID();
  const output = new BoundedOutput(KEEP_BYTES, KEEP_BYTES);
  if (preface) output.push(Buffer.from(preface));
  const { execa } = await import("./execa-6UQVBNIA.js");
  const child = execa(spawn.file, spawn.args, {
    shell: spawn.shell,
    cwd,
    env: { ...spawn.env, [RUN_TAG_VAR]: tag },
    extendEnv: false,
    detached: true,
    cleanup: true,
    stdio: spawn.answer ? ["ignore", "pipe", "pipe", "pipe"] : ["ignore", "pipe", "pipe"],
    buffer: false,
    all: true,
    reject: false
  });
  child.all?.on("data", (chunk) => output.push(chunk));
  let answer = "";
  const answerStream = spawn.answer ? child.stdio[3] : void 0;
  answerStream?.on("data", (chunk) => {
    if (answer.length < 64 * 1024) answer += chunk.toString("utf8");
  });
  const deadline = killGroupAfter(child, timeoutMs);
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
  const timedOut = deadline.timedOut();
  const exitCode = typeof result.exitCode === "number" ? result.exitCode : null;
  const outcome = {
    exitCode,
    passed: !timedOut && exitCode === 0,
    timedOut,
    durationMs: Date.now() - started,
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
    sandbox: outcome.sandbox
  };
}

// src/auto-loop/settings.ts
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

// src/shared/git.ts
import { devNull } from "node:os";
import { existsSync as existsSync2, lstatSync } from "node:fs";
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
    if (existsSync2(dotGit)) {
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
  probeFile,
  measuringSandbox,
  settleSandbox,
  agentLine,
  sandboxLine,
  sandboxMeaning,
  writeProbe,
  settleFromProbe,
  removeProbe,
  dataInProject,
  HistoryEntrySchema,
  historyEntry,
  inspectMirror,
  mirrorIsOurs,
  keepForeignAside,
  writeVerifierLog,
  openMirrorLog,
  readHandoff,
  loopFiles,
  loadState,
  persist,
  writeMarker,
  settingsOf,
  readPersonSettings,
  readSettingsFile,
  mergePersonSandbox,
  personSandbox,
  BoundedOutput,
  launcherBesideEntry,
  launcherSpawn,
  readAnswer,
  noAnswerReason,
  runVerifier,
  verifierRun,
  readSettings,
  runGit,
  guardedGitEnv,
  findRepo
};
