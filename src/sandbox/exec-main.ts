// loopkit's sandbox launcher, dist/sandbox-exec.js: runs one command under @anthropic-ai/sandbox-runtime
// (Claude Code's own sandbox as a library) with the policy it is given, in a process of its own, so
// that the library's proxies, its process-wide state and its clean-up live and die with the command.
// First it makes sure a sandbox really starts here (the programs it needs, outside the project; the
// library's own start; a trial run, since bubblewrap can be installed and still be refused by the
// kernel), and says on fd 3 whether it did; then it runs the command with stdio inherited and exits
// with the command's code.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, writeSync } from "node:fs";
import { constants } from "node:os";
import { SandboxManager, SandboxRuntimeConfigSchema } from "@anthropic-ai/sandbox-runtime";
import { ANSWER_FD, ExecRequestSchema, NODE_OPTIONS_CARRIER, UNAVAILABLE_EXIT, type ExecAnswer } from "./exec-protocol.js";
import { findTool, SANDBOX_TOOLS } from "./tools.js";

const SHELL = "/bin/sh";
const TRIAL_TIMEOUT_MS = 30_000;

function answer(message: ExecAnswer): void {
  try {
    writeSync(ANSWER_FD, `${JSON.stringify(message)}\n`);
    closeSync(ANSWER_FD);
  } catch {
    // Started without fd 3 (by hand): the exit code still tells.
  }
}

async function unavailable(reason: string): Promise<never> {
  answer({ status: "unavailable", reason });
  await SandboxManager.reset().catch(() => undefined);
  process.exit(UNAVAILABLE_EXIT);
}

async function main(): Promise<void> {
  const request = ExecRequestSchema.parse(JSON.parse(process.argv[2] ?? ""));
  process.chdir(request.cwd);
  // The library hands the command this TMPDIR (it reads the variable from its own environment).
  process.env.CLAUDE_CODE_TMPDIR = request.tempDir;
  const nodeOptions = process.env[NODE_OPTIONS_CARRIER];
  delete process.env[NODE_OPTIONS_CARRIER];
  if (nodeOptions !== undefined) process.env.NODE_OPTIONS = nodeOptions;
  const tools = SANDBOX_TOOLS[process.platform];
  if (!tools || !SandboxManager.isSupportedPlatform()) return unavailable(`the sandbox does not run on ${process.platform}`);
  const found = Object.fromEntries(tools.map((name) => [name, findTool(name, process.env.PATH ?? "", request.cwd)]));
  const missing = tools.filter((name) => !found[name]);
  if (missing.length > 0) return unavailable(`${missing.join(", ")} not found on PATH outside the project (it needs ${tools.join(", ")})`);
  const config = SandboxRuntimeConfigSchema.safeParse({
    ...request.policy,
    ripgrep: { command: found.rg },
    ...(found.bwrap ? { bwrapPath: found.bwrap, socatPath: found.socat } : {}),
  });
  if (!config.success)
    return unavailable(`the sandbox settings are not valid: ${config.error.issues.map((issue) => issue.message).join("; ")}`);
  try {
    await SandboxManager.initialize(config.data);
  } catch (error) {
    return unavailable(`the sandbox did not start: ${(error as Error).message}`);
  }
  const trial = spawnSync(await SandboxManager.wrapWithSandbox("true", SHELL), {
    shell: SHELL,
    stdio: ["ignore", "ignore", "pipe"],
    timeout: TRIAL_TIMEOUT_MS,
  });
  SandboxManager.cleanupAfterCommand();
  if (trial.status !== 0) {
    const said = String(trial.stderr ?? "")
      .trim()
      .split("\n")
      .slice(-3)
      .join(" ");
    return unavailable(`a trial run under the sandbox failed (${trial.error?.message || said || `exit ${trial.status}`})`);
  }
  const wrapped = await SandboxManager.wrapWithSandbox(request.command, SHELL);
  answer({ status: "started" });
  const child = spawn(wrapped, { shell: SHELL, stdio: ["ignore", "inherit", "inherit"] });
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    // The library removes the mount points it made in the project (for denied paths that were absent).
    SandboxManager.cleanupAfterCommand();
    void SandboxManager.reset()
      .catch(() => undefined)
      .finally(() => process.exit(code ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`loopkit sandbox-exec: ${(error as Error).message}\n`);
  answer({ status: "unavailable", reason: `loopkit's sandbox launcher failed: ${(error as Error).message}` });
  process.exit(UNAVAILABLE_EXIT);
});
