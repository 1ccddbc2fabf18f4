// What a loop runs with, fixed when it starts: the claude binary of the audit (an absolute path), the
// environment of the verifier and the audit, and loopkit's time knobs. Kept in the true state (the
// data folder, never the project), so environment that reaches a later hook (a settings file's `env`
// block the agent wrote mid-loop: PATH, LOOPKIT_CLAUDE_BIN, a base URL, a proxy) changes none of it.
// Credentials are never stored: only their names are, and their values are read when they are used.
import { accessSync, constants, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { LoopkitError } from "../shared/errors.js";
import { readSettings } from "./settings.js";
import type { AgentSandbox } from "./agent-sandbox.js";
import { UNMEASURED_SANDBOX, type Launch } from "./state.js";

/** A variable whose name says it holds a secret. */
const SECRET_NAME = /API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_?KEY|AUTH/i;
/** A value that carries a password in a URL (a proxy such as http://user:pass@host). */
const SECRET_VALUE = /:\/\/[^/\s:@]+:[^/\s@]+@/;

const isSecret = (name: string, value: string) => SECRET_NAME.test(name) || SECRET_VALUE.test(value);

/** The launch of a loop starting now in `projectDir` with the environment `env`; `agentSandbox` as measured (agent-sandbox.ts). */
export function captureLaunch(env: NodeJS.ProcessEnv, projectDir: string, agentSandbox: AgentSandbox = UNMEASURED_SANDBOX): Launch {
  const kept: Record<string, string> = {};
  const credentials: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (isSecret(name, value)) credentials.push(name);
    else kept[name] = value;
  }
  const settings = readSettings(env);
  return {
    claude_bin: resolveClaude(env, projectDir),
    env: kept,
    credential_names: credentials.sort(),
    verifier_timeout_ms: settings.verifierTimeoutMs,
    audit_timeout_ms: settings.auditTimeoutMs,
    context_window: settings.contextWindow,
    agent_sandbox: { ...agentSandbox },
  };
}

/** The environment for the verifier and the audit: the one of the start, with the credentials' current values. */
export function launchEnv(launch: Launch, current: NodeJS.ProcessEnv): Record<string, string> {
  const env = { ...launch.env };
  for (const name of launch.credential_names) {
    const value = current[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

/** $LOOPKIT_CLAUDE_BIN, else `claude` on PATH, as a real absolute path outside the project (the agent could replace one inside). */
function resolveClaude(env: NodeJS.ProcessEnv, projectDir: string): string {
  const given = env.LOOPKIT_CLAUDE_BIN;
  const found = given ? (path.isAbsolute(given) ? given : findOnPath(given, env)) : findOnPath("claude", env);
  if (!found || !isExecutable(found)) {
    throw new LoopkitError("USAGE", given ? `LOOPKIT_CLAUDE_BIN ${given} is not an executable file` : "the audit needs the claude CLI, and there is no claude on PATH", {
      value: given ?? env.PATH,
      hint: "install Claude Code, or point LOOPKIT_CLAUDE_BIN at its claude binary (an absolute path); nothing was started",
    });
  }
  const real = realpathSync(found);
  const inside = path.relative(realpathSync(projectDir), real);
  if (!inside.startsWith("..") && !path.isAbsolute(inside)) {
    throw new LoopkitError("USAGE", `the claude binary for the audit (${real}) is inside the project, where the agent could replace it`, {
      value: real,
      hint: "use a claude installed outside the project (set LOOPKIT_CLAUDE_BIN to its absolute path); nothing was started",
    });
  }
  return real;
}

function findOnPath(name: string, env: NodeJS.ProcessEnv): string | null {
  const extensions = process.platform === "win32" ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT").split(";")] : [""];
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue;
    for (const extension of extensions) {
      const candidate = path.join(dir, name + extension);
      if (isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

function isExecutable(file: string): boolean {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
