import { describe, expect, it } from "vitest";
import { checkCredentials, inputVariable, runArguments, type RunInput } from "../../src/action/inputs.js";

const paths = { project: "/w/my repo", pluginDir: "/a/loopkit" };
const env = (inputs: Partial<Record<RunInput, string>>) =>
  Object.fromEntries(Object.entries(inputs).map(([name, value]) => [inputVariable(name as RunInput), value]));
const base = ["--project", "/w/my repo", "--plugin-dir", "/a/loopkit"];

describe("runArguments", () => {
  it.each<{ name: string; inputs: Partial<Record<RunInput, string>>; args: string[] }>([
    {
      name: "goal and verifier, as single words whatever they hold",
      inputs: { goal: "fix the `parser` | $(x)", verify: 'npm test -- --grep "a b"' },
      args: [...base, "fix the `parser` | $(x)", "--verify", 'npm test -- --grep "a b"'],
    },
    {
      name: "a goal file instead of a goal",
      inputs: { "goal-file": "goals/parser.md" },
      args: [...base, "--goal-file", "goals/parser.md"],
    },
    {
      name: "caps, each only when given",
      inputs: { goal: "g", verify: "true", "max-iterations": "12", "max-tokens": "3M", "max-wallclock": "5h", "restart-pct": "" },
      args: [...base, "g", "--verify", "true", "--max-iterations", "12", "--max-tokens", "3M", "--max-wallclock", "5h"],
    },
    {
      name: "protect globs, one per line, blank lines and spaces dropped",
      inputs: { goal: "g", protect: "test/**\n\n  package.json  \r\n" },
      args: [...base, "g", "--protect", "test/**", "--protect", "package.json"],
    },
    {
      name: "claude options split like the skills' arguments (quotes group, nothing expands)",
      inputs: { goal: "g", "claude-args": `--allowedTools "Bash,Edit,Write" --append-system-prompt 'be brief; $HOME'` },
      args: [...base, "g", "--", "--allowedTools", "Bash,Edit,Write", "--append-system-prompt", "be brief; $HOME"],
    },
    { name: "budget-limited-ok true", inputs: { goal: "g", "budget-limited-ok": "true" }, args: [...base, "--budget-limited-ok", "g"] },
    { name: "budget-limited-ok false", inputs: { goal: "g", "budget-limited-ok": "false" }, args: [...base, "g"] },
    { name: "sandbox false", inputs: { goal: "g", sandbox: "false" }, args: [...base, "--no-sandbox", "g"] },
    { name: "sandbox true (the default)", inputs: { goal: "g", sandbox: "true" }, args: [...base, "g"] },
    {
      name: "surrounding whitespace of an input is dropped",
      inputs: { goal: "  g \n", verify: " true " },
      args: [...base, "g", "--verify", "true"],
    },
  ])("$name", ({ inputs, args }) => {
    expect(runArguments(env(inputs), paths).args).toEqual(args);
  });

  it.each<{ name: string; inputs: Partial<Record<RunInput, string>>; error: RegExp }>([
    { name: "neither goal nor goal file", inputs: { verify: "true" }, error: /give the goal as the goal input or a goal-file/ },
    { name: "both", inputs: { goal: "g", "goal-file": "goal.md" }, error: /goal or goal-file, not both/ },
    {
      name: "a budget-limited-ok that is not a boolean",
      inputs: { goal: "g", "budget-limited-ok": "yes" },
      error: /must be true or false, not "yes"/,
    },
    { name: "a sandbox that is not a boolean", inputs: { goal: "g", sandbox: "off" }, error: /sandbox must be true or false, not "off"/ },
    { name: "an unclosed quote in claude-args", inputs: { goal: "g", "claude-args": `--model "x` }, error: /quote/ },
  ])("refuses $name", ({ inputs, error }) => {
    expect(() => runArguments(env(inputs), paths)).toThrow(error);
  });

  it.each([
    { claudeArgs: "", warned: true },
    { claudeArgs: "--model opus", warned: true },
    { claudeArgs: '--allowedTools "Bash,Edit"', warned: false },
    { claudeArgs: "--allowed-tools=Bash", warned: false },
    { claudeArgs: "--permission-mode acceptEdits", warned: false },
    { claudeArgs: "--settings ci-settings.json", warned: false },
  ])("warns when claude-args gives the agent no permission option: '$claudeArgs'", ({ claudeArgs, warned }) => {
    const { warnings } = runArguments(env({ goal: "g", "claude-args": claudeArgs }), paths);
    expect(warnings.length > 0).toBe(warned);
    if (warned) expect(warnings[0]).toMatch(/no --allowedTools or --permission-mode/);
  });

  it("hands back the API key input apart from the arguments", () => {
    const got = runArguments(env({ goal: "g", "anthropic-api-key": "sk-secret" }), paths);
    expect(got.apiKey).toBe("sk-secret");
    expect(got.args.join(" ")).not.toContain("sk-secret");
    expect(runArguments(env({ goal: "g" }), paths).apiKey).toBeNull();
  });
});

describe("checkCredentials", () => {
  it.each([
    { ANTHROPIC_API_KEY: "k" },
    { CLAUDE_CODE_OAUTH_TOKEN: "t" },
    { CLAUDE_CODE_USE_BEDROCK: "1" },
    { CLAUDE_CODE_USE_VERTEX: "1" },
    { ANTHROPIC_AUTH_TOKEN: "t" },
  ])("accepts %o", (vars) => {
    expect(() => checkCredentials(vars)).not.toThrow();
  });

  it("refuses a step with none (or only empty ones, as an unset secret gives), naming the ways to pass them", () => {
    expect(() => checkCredentials({ ANTHROPIC_API_KEY: "", PATH: "/bin" })).toThrow(/no credentials for Claude Code/);
    const error = (() => {
      try {
        checkCredentials({});
      } catch (caught) {
        return caught as { code: string; hint: string };
      }
      return null;
    })();
    expect(error).toMatchObject({ code: "USAGE", hint: expect.stringMatching(/anthropic-api-key input[\s\S]*CLAUDE_CODE_USE_BEDROCK/) });
  });
});
