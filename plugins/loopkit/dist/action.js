import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  exportToBranch,
  findStory,
  loopStatus,
  renderOutputs,
  renderReport,
  writeReport
} from "./chunks/chunk-TRYFI5TU.js";
import {
  execa
} from "./chunks/chunk-SQ7OBHLA.js";
import "./chunks/chunk-VN5KYKVC.js";
import {
  findRepo,
  runGit
} from "./chunks/chunk-BGGK4KIJ.js";
import {
  splitWords
} from "./chunks/chunk-P4IBK2I7.js";
import {
  readSettings
} from "./chunks/chunk-4FYXKZ2R.js";
import "./chunks/chunk-7BFHLTUB.js";
import {
  findRecord,
  lastCheckpoint
} from "./chunks/chunk-BUUOZ462.js";
import {
  loadState,
  loopFiles
} from "./chunks/chunk-DXEZUW42.js";
import "./chunks/chunk-QJD4XBMD.js";
import "./chunks/chunk-SRAQKVGE.js";
import "./chunks/chunk-HY7BSOUE.js";
import "./chunks/chunk-WZLN5BNR.js";
import "./chunks/chunk-5F52TF2U.js";
import "./chunks/chunk-HALTCE3W.js";
import {
  MIRROR_DIR
} from "./chunks/chunk-T4GQSL4B.js";
import "./chunks/chunk-PVEHQ6JT.js";
import {
  LoopkitError,
  formatError,
  isLoopkitError
} from "./chunks/chunk-W3MJS3SN.js";
import "./chunks/chunk-JR3TLBIQ.js";
import "./chunks/chunk-CW3O4QTE.js";
import "./chunks/chunk-JXA4W5PX.js";

// src/action/main.ts
import { randomUUID } from "node:crypto";
import { statSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import os from "node:os";
import path3 from "node:path";
import { fileURLToPath } from "node:url";

// src/action/inputs.ts
var VALUE_FLAGS = {
  "goal-file": "--goal-file",
  verify: "--verify",
  "max-iterations": "--max-iterations",
  "max-tokens": "--max-tokens",
  "max-wallclock": "--max-wallclock",
  "restart-pct": "--restart-pct"
};
var RUN_INPUTS = [
  "goal",
  ...Object.keys(VALUE_FLAGS),
  "protect",
  "claude-args",
  "budget-limited-ok",
  "sandbox",
  "anthropic-api-key"
];
var inputVariable = (name) => `LOOPKIT_INPUT_${name.toUpperCase().replace(/-/g, "_")}`;
function usage(message, value) {
  return new LoopkitError("USAGE", message, { value, hint: "see the inputs in action.yml and docs/ci.md" });
}
var PERMISSION_OPTION = /^--(allowedTools|allowed-tools|permission-mode|dangerously-skip-permissions|settings)(=|$)/;
function runArguments(env, paths) {
  const input = (name) => (env[inputVariable(name)] ?? "").trim();
  const goal = input("goal");
  if (goal === "" && input("goal-file") === "") throw usage("give the goal as the goal input or a goal-file");
  if (goal !== "" && input("goal-file") !== "") throw usage("give goal or goal-file, not both");
  const ok = input("budget-limited-ok");
  if (!["", "true", "false"].includes(ok)) throw usage(`budget-limited-ok must be true or false, not "${ok}"`, ok);
  const sandbox = input("sandbox");
  if (!["", "true", "false"].includes(sandbox)) throw usage(`sandbox must be true or false, not "${sandbox}"`, sandbox);
  const loop = goal === "" ? [] : [goal];
  for (const [name, flag] of Object.entries(VALUE_FLAGS)) {
    const value = input(name);
    if (value !== "") loop.push(flag, value);
  }
  for (const glob of input("protect").split(/\r?\n/)) if (glob.trim() !== "") loop.push("--protect", glob.trim());
  const claude = splitWords(input("claude-args")).map((word) => word.value);
  const args = [
    "--project",
    paths.project,
    "--plugin-dir",
    paths.pluginDir,
    ...ok === "true" ? ["--budget-limited-ok"] : [],
    ...sandbox === "false" ? ["--no-sandbox"] : [],
    ...loop,
    ...claude.length ? ["--", ...claude] : []
  ];
  const warnings = claude.some((word) => PERMISSION_OPTION.test(word)) ? [] : [
    `claude-args gives no --allowedTools or --permission-mode: unless the project's .claude/settings.json allows tools, the agent can change nothing (e.g. claude-args: --allowedTools "Bash,Edit,Write")`
  ];
  return { args, apiKey: input("anthropic-api-key") || null, warnings };
}
var CREDENTIALS = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "CLAUDE_CODE_USE_BEDROCK",
  "CLAUDE_CODE_USE_VERTEX",
  "CLAUDE_CODE_USE_FOUNDRY"
];
function checkCredentials(env) {
  if (CREDENTIALS.some((name) => (env[name] ?? "") !== "")) return;
  throw new LoopkitError("USAGE", "no credentials for Claude Code in this step", {
    hint: "set the anthropic-api-key input from a secret, or env ANTHROPIC_API_KEY, or CLAUDE_CODE_USE_BEDROCK / CLAUDE_CODE_USE_VERTEX with the cloud's own variables"
  });
}

// src/action/record.ts
import { promises as fs2 } from "node:fs";
import path2 from "node:path";

// src/action/checkpoint-export.ts
import { promises as fs } from "node:fs";
import path from "node:path";
var BUNDLE = "checkpoints.bundle";
async function exportCheckpoints(dir, dataDir, projectDir, loopId, now = /* @__PURE__ */ new Date()) {
  const record = await findRecord(dataDir, loopId);
  if (!record) return [`no checkpoints of loop ${loopId}: checkpoints are taken at each iteration`];
  await fs.writeFile(path.join(dir, "checkpoints.json"), `${JSON.stringify(record, null, 2)}
`);
  const last = lastCheckpoint(record);
  const repo = findRepo(projectDir);
  if (!last || !repo) return [];
  try {
    const branch = `loopkit/${loopId}`;
    await exportToBranch(dataDir, record, last, branch, now);
    const head = await runGit(repo, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
    const since = head.ok ? [`^${head.stdout.trim()}`] : [];
    const bundle = await runGit(repo, ["bundle", "create", path.join(dir, BUNDLE), `refs/heads/${branch}`, ...since]);
    return bundle.ok ? [] : [`no ${BUNDLE}: git bundle create failed: ${bundle.stderr.trim()}`];
  } catch (error) {
    return [`no ${BUNDLE}: ${formatError(error)}`];
  }
}

// src/action/record.ts
var REPORT_FILE = "report.html";
var MAX_COPY_BYTES = 10 * 1024 * 1024;
async function writeRecord(dir, from) {
  await fs2.mkdir(dir, { recursive: true });
  const skipped = [];
  const files = loopFiles(from.dataDir, from.projectDir);
  await copyRegularFiles(path2.join(from.projectDir, MIRROR_DIR), path2.join(dir, "auto-loop"), skipped);
  await copyRegularFiles(files.dir, path2.join(dir, "record"), skipped);
  const status = loopStatus(from.projectDir, await loadState(files.state, from.now).catch(() => void 0), from.now, from.staleMs);
  await fs2.writeFile(path2.join(dir, "status.json"), `${JSON.stringify(status, null, 2)}
`);
  if (from.summary) await fs2.writeFile(path2.join(dir, "summary.md"), await readFrom(from.summary.file, from.summary.from));
  if (status.loop_id) await writeLoopReport(path2.join(dir, REPORT_FILE), from, status.loop_id, skipped);
  const missing = status.loop_id ? await exportCheckpoints(dir, from.dataDir, from.projectDir, status.loop_id) : [];
  if (missing.length) await fs2.writeFile(path2.join(dir, "checkpoints.txt"), `${missing.join("\n")}
`);
  if (skipped.length) await fs2.writeFile(path2.join(dir, "skipped.txt"), `${skipped.join("\n")}
`);
  return skipped;
}
async function copyRegularFiles(from, to, skipped) {
  const entries = await fs2.readdir(from, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const source = path2.join(from, entry.name);
    if (entry.isDirectory()) {
      await copyRegularFiles(source, path2.join(to, entry.name), skipped);
    } else if (!entry.isFile()) {
      skipped.push(`${source} (not a regular file)`);
    } else if ((await fs2.lstat(source)).size > MAX_COPY_BYTES) {
      skipped.push(`${source} (over ${MAX_COPY_BYTES} bytes)`);
    } else {
      await fs2.mkdir(to, { recursive: true });
      await fs2.copyFile(source, path2.join(to, entry.name));
    }
  }
}
async function writeLoopReport(file, from, loopId, skipped) {
  try {
    const story = await findStory({ dataDir: from.dataDir, statsFile: null, projectDir: () => from.projectDir, now: from.now }, loopId);
    await writeReport(file, renderReport(story, from.now));
  } catch (error) {
    skipped.push(`${REPORT_FILE} (${formatError(error)})`);
  }
}
async function readFrom(file, offset) {
  const text = await fs2.readFile(file).catch(() => Buffer.alloc(0));
  return text.subarray(Math.min(offset, text.length)).toString("utf8");
}

// src/action/main.ts
var pluginDir = path3.resolve(path3.dirname(fileURLToPath(import.meta.url)), "..");
var cli = path3.join(pluginDir, "dist", "cli.js");
async function main(env) {
  const projectDir = process.cwd();
  const { args, apiKey, warnings } = runArguments(env, { project: projectDir, pluginDir });
  for (const warning of warnings) process.stdout.write(`::warning::${warning}
`);
  const dataDir = env.LOOPKIT_DATA_DIR || path3.join(env.RUNNER_TEMP || os.tmpdir(), "loopkit-data");
  const runEnv = { ...env, LOOPKIT_DATA_DIR: dataDir, ...apiKey ? { ANTHROPIC_API_KEY: apiKey } : {} };
  for (const name of RUN_INPUTS) delete runEnv[inputVariable(name)];
  checkCredentials(runEnv);
  const summaryFile = env.GITHUB_STEP_SUMMARY || null;
  const summary = summaryFile ? { file: summaryFile, from: sizeOf(summaryFile) } : null;
  const child = execa(process.execPath, [cli, "run", ...args], { env: runEnv, extendEnv: false, stdio: "inherit", reject: false });
  const forward = (signal) => void child.kill(signal);
  process.on("SIGINT", forward);
  process.on("SIGTERM", forward);
  const run = await child;
  const code = run.exitCode ?? (run.signal === "SIGTERM" ? 143 : 130);
  if (env.LOOPKIT_ARTIFACT_DIR) {
    const skipped = await writeRecord(env.LOOPKIT_ARTIFACT_DIR, {
      projectDir,
      dataDir,
      summary,
      now: /* @__PURE__ */ new Date(),
      staleMs: readSettings(env).staleMs
    });
    for (const file of skipped) process.stdout.write(`loopkit action: left out of the artifact: ${file}
`);
    if (env.GITHUB_OUTPUT)
      await appendFile(env.GITHUB_OUTPUT, renderOutputs({ record_dir: env.LOOPKIT_ARTIFACT_DIR }, `loopkit_${randomUUID()}`));
  }
  return code;
}
function sizeOf(file) {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
try {
  process.exitCode = await main(process.env);
} catch (error) {
  process.stderr.write(`loopkit action: ${formatError(error)}
`);
  process.exitCode = isLoopkitError(error, "USAGE") ? 2 : 1;
}
