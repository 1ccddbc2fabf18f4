// Checks that the Codex CLI can run a goal before loopkit starts anything: installed, recent enough,
// goals feature on, and able to reach a model (logged in, or a custom provider with its API key).
import { execa } from "execa";
import { LoopkitError } from "../shared/errors.js";
import { AppServerClient } from "./app-server-client.js";
import {
  AccountReadResultSchema,
  ConfigReadResultSchema,
  InitializeResultSchema,
  type AccountReadResult,
  type ConfigReadResult,
} from "./protocol.js";
import { compareVersions, formatVersion, MIN_CODEX_VERSION, parseCodexVersion, type CodexVersion } from "./version.js";

export interface CodexPreflight {
  bin: string;
  version: CodexVersion;
  /** `codex login status` succeeded; when false the app-server's account check decides (see checkModelAccess). */
  loggedIn: boolean;
}

const COMMAND_TIMEOUT_MS = 30_000;
const INSTALL = "npm install -g @openai/codex";

/** The Codex binary: $LOOPKIT_CODEX_BIN, else `codex` on PATH. */
function codexBin(env: NodeJS.ProcessEnv): string {
  return env.LOOPKIT_CODEX_BIN || "codex";
}

/** Runs the CLI checks in order; each failure is a LoopkitError that names the fix. */
export async function preflightCodex(env: NodeJS.ProcessEnv): Promise<CodexPreflight> {
  const bin = codexBin(env);
  const run = (args: string[]) => execa(bin, args, { env, extendEnv: false, reject: false, timeout: COMMAND_TIMEOUT_MS, stdin: "ignore" });

  const versionRun = await run(["--version"]);
  if (versionRun.exitCode === undefined || versionRun.exitCode !== 0) {
    throw new LoopkitError("CODEX_UNAVAILABLE", `the Codex CLI could not be run as "${bin}" (${versionRun.shortMessage ?? "no output"})`, {
      value: bin,
      hint: `install it with \`${INSTALL}\`, or set LOOPKIT_CODEX_BIN to its path`,
    });
  }
  const version = parseCodexVersion(String(versionRun.stdout));
  if (!version) {
    throw new LoopkitError("CODEX_UNAVAILABLE", `"${bin} --version" did not print a codex-cli version`, {
      value: String(versionRun.stdout).slice(0, 200),
      hint: `install the Codex CLI with \`${INSTALL}\`, or point LOOPKIT_CODEX_BIN at it`,
    });
  }
  if (compareVersions(version, MIN_CODEX_VERSION) < 0) {
    throw new LoopkitError(
      "CODEX_TOO_OLD",
      `Codex CLI ${formatVersion(version)} is too old: goal mode needs ${formatVersion(MIN_CODEX_VERSION)} or later`,
      { value: formatVersion(version), hint: `upgrade with \`${INSTALL}@latest\`` },
    );
  }

  const features = await run(["features", "list"]);
  if (goalsFeatureEnabled(String(features.stdout)) !== true) {
    throw new LoopkitError("CODEX_GOALS_DISABLED", "the Codex goals feature is off in your Codex configuration", {
      hint: "turn it on with `codex features enable goals` (or set `goals = true` under [features] in ~/.codex/config.toml)",
    });
  }

  const login = await run(["login", "status"]);
  return { bin, version, loggedIn: login.exitCode === 0 };
}

/** The effective state of `goals` in `codex features list` output (name, stage, state), or undefined if absent. */
export function goalsFeatureEnabled(featuresList: string): boolean | undefined {
  for (const line of featuresList.split(/\r?\n/)) {
    const fields = line.trim().split(/\s+/);
    if (fields[0] !== "goals" || fields.length < 3) continue;
    const state = fields[fields.length - 1];
    if (state === "true") return true;
    if (state === "false") return false;
  }
  return undefined;
}

/**
 * The rule for "can this Codex reach a model" when `codex login status` fails: the configured model
 * provider does not need an OpenAI login (`requiresOpenaiAuth: false`, i.e. a custom provider), and
 * the environment variable that provider takes its key from, if it names one, is set.
 * Returns the problem, or undefined when usable.
 */
export function modelAccessProblem(account: AccountReadResult, config: ConfigReadResult, env: NodeJS.ProcessEnv): string | undefined {
  if (account.account !== null) return undefined;
  if (account.requiresOpenaiAuth) return "Codex is not logged in";
  const providerId = config.config.model_provider ?? "openai";
  const envKey = config.config.model_providers?.[providerId]?.env_key;
  if (envKey && !env[envKey]) return `Codex's model provider "${providerId}" takes its API key from $${envKey}, which is not set`;
  return undefined;
}

/** The app-server handshake. clientInfo only names us in Codex's user agent; the goal API needs experimentalApi. */
export async function initialize(client: AppServerClient): Promise<void> {
  await client.request(
    "initialize",
    { clientInfo: { name: "loopkit", title: "loopkit", version: "0.1.0" }, capabilities: { experimentalApi: true } },
    InitializeResultSchema,
  );
  client.notify("initialized");
}

/**
 * Before a loop is recorded: whether this Codex can reach a model. Logged in, it can; otherwise a
 * short-lived app-server answers (a custom provider needs no login). Throws CODEX_NOT_LOGGED_IN.
 */
export async function confirmModelAccess(preflight: CodexPreflight, env: NodeJS.ProcessEnv, cwd: string): Promise<void> {
  if (preflight.loggedIn) return;
  const client = AppServerClient.start({ bin: preflight.bin, cwd, env });
  try {
    await initialize(client);
    await checkModelAccess(client, preflight, env);
  } finally {
    await client.close();
  }
}

/** Asks the running app-server whether it can reach a model; throws CODEX_NOT_LOGGED_IN with the fix if not. */
export async function checkModelAccess(client: AppServerClient, preflight: CodexPreflight, env: NodeJS.ProcessEnv): Promise<void> {
  if (preflight.loggedIn) return;
  const account = await client.request("account/read", {}, AccountReadResultSchema);
  const config = await client.request("config/read", {}, ConfigReadResultSchema);
  const problem = modelAccessProblem(account, config, env);
  if (problem) {
    throw new LoopkitError("CODEX_NOT_LOGGED_IN", problem, {
      hint: "run `codex login` (or `printenv OPENAI_API_KEY | codex login --with-api-key`), or set the provider's API key variable",
    });
  }
}
