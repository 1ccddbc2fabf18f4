// The composite action's inputs (action.yml hands each one over as LOOPKIT_INPUT_<NAME>, never
// spliced into a script) and the `loopkit run` command line they make. Nothing is run here.
import { LoopkitError } from "../shared/errors.js";
import { splitWords } from "../shared/split-words.js";

/** Inputs that become one `--flag value` of the loop when given. */
const VALUE_FLAGS = {
  "goal-file": "--goal-file",
  verify: "--verify",
  "max-iterations": "--max-iterations",
  "max-tokens": "--max-tokens",
  "max-wallclock": "--max-wallclock",
  "restart-pct": "--restart-pct",
} as const;

/** Every input the run step reads; action.yml passes exactly these (a test holds the two together). */
export const RUN_INPUTS = [
  "goal",
  ...Object.keys(VALUE_FLAGS),
  "protect",
  "claude-args",
  "budget-limited-ok",
  "sandbox",
  "anthropic-api-key",
] as const;
export type RunInput = (typeof RUN_INPUTS)[number];

export const inputVariable = (name: RunInput) => `LOOPKIT_INPUT_${name.toUpperCase().replace(/-/g, "_")}`;

function usage(message: string, value?: unknown): LoopkitError {
  return new LoopkitError("USAGE", message, { value, hint: "see the inputs in action.yml and docs/ci.md" });
}

const PERMISSION_OPTION = /^--(allowedTools|allowed-tools|permission-mode|dangerously-skip-permissions|settings)(=|$)/;

/** The arguments of `loopkit run` for these inputs (after `run`), the API key when one was given, and warnings. */
export function runArguments(
  env: NodeJS.ProcessEnv,
  paths: { project: string; pluginDir: string },
): { args: string[]; apiKey: string | null; warnings: string[] } {
  const input = (name: RunInput) => (env[inputVariable(name)] ?? "").trim();
  const goal = input("goal");
  if (goal === "" && input("goal-file") === "") throw usage("give the goal as the goal input or a goal-file");
  if (goal !== "" && input("goal-file") !== "") throw usage("give goal or goal-file, not both");
  const ok = input("budget-limited-ok");
  if (!["", "true", "false"].includes(ok)) throw usage(`budget-limited-ok must be true or false, not "${ok}"`, ok);
  const sandbox = input("sandbox");
  if (!["", "true", "false"].includes(sandbox)) throw usage(`sandbox must be true or false, not "${sandbox}"`, sandbox);

  const loop = goal === "" ? [] : [goal];
  for (const [name, flag] of Object.entries(VALUE_FLAGS)) {
    const value = input(name as RunInput);
    if (value !== "") loop.push(flag, value);
  }
  // One glob per line, each its own --protect (the option of auto-loop and loopkit run).
  for (const glob of input("protect").split(/\r?\n/)) if (glob.trim() !== "") loop.push("--protect", glob.trim());
  const claude = splitWords(input("claude-args")).map((word) => word.value);
  const args = [
    "--project",
    paths.project,
    "--plugin-dir",
    paths.pluginDir,
    ...(ok === "true" ? ["--budget-limited-ok"] : []),
    ...(sandbox === "false" ? ["--no-sandbox"] : []),
    ...loop,
    ...(claude.length ? ["--", ...claude] : []),
  ];
  // `claude -p` asks no one: without a permission option every edit and command is refused, and the
  // loop spends its caps on turns that change nothing (unless the project's own settings allow tools).
  const warnings = claude.some((word) => PERMISSION_OPTION.test(word))
    ? []
    : [
        'claude-args gives no --allowedTools or --permission-mode: unless the project\'s .claude/settings.json allows tools, the agent can change nothing (e.g. claude-args: --allowedTools "Bash,Edit,Write")',
      ];
  return { args, apiKey: input("anthropic-api-key") || null, warnings };
}

/** The variables through which Claude Code finds credentials: an API key or token, or a cloud provider. */
const CREDENTIALS = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "CLAUDE_CODE_USE_BEDROCK",
  "CLAUDE_CODE_USE_VERTEX",
  "CLAUDE_CODE_USE_FOUNDRY",
];

/** Fails before any phase when the job passed no credentials (each phase would fail the same way). */
export function checkCredentials(env: NodeJS.ProcessEnv): void {
  if (CREDENTIALS.some((name) => (env[name] ?? "") !== "")) return;
  throw new LoopkitError("USAGE", "no credentials for Claude Code in this step", {
    hint: "set the anthropic-api-key input from a secret, or env ANTHROPIC_API_KEY, or CLAUDE_CODE_USE_BEDROCK / CLAUDE_CODE_USE_VERTEX with the cloud's own variables",
  });
}
