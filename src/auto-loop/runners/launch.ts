// What a loop runs with, fixed when it starts: the claude binary of the audit (an absolute path), the
// environment of the verifier and the audit, and loopkit's time knobs. Kept in the true state (the
// data folder, never the project), so environment that reaches a later hook (a settings file's `env`
// block the agent wrote mid-loop: PATH, LOOPKIT_CLAUDE_BIN, a base URL, a proxy) changes none of it.
// Credentials are never stored: only their names are, and their values are read when they are used.
import { resolveClaude } from "../../shared/claude-bin.js";
import { readSettings } from "../core/settings.js";
import { UNMEASURED_SANDBOX, type Launch } from "../core/state.js";

/** A variable whose name says it holds a secret. */
const SECRET_NAME = /API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|PRIVATE_?KEY|AUTH/i;
/** A value that carries a password in a URL (a proxy such as http://user:pass@host). */
const SECRET_VALUE = /:\/\/[^/\s:@]+:[^/\s@]+@/;

const isSecret = (name: string, value: string) => SECRET_NAME.test(name) || SECRET_VALUE.test(value);

/** The launch of a loop starting now in `projectDir` with the environment `env`. */
export function captureLaunch(env: NodeJS.ProcessEnv, projectDir: string): Launch {
  const kept: Record<string, string> = {};
  const credentials: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
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
    agent_sandbox: { ...UNMEASURED_SANDBOX },
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
