import { describe, expect, it } from "vitest";
import { parseAutoLoopArgs } from "../../src/auto-loop/args.js";

describe("parseAutoLoopArgs", () => {
  it.each([
    ["nothing", "", { mode: "usage" }],
    ["only blanks and newlines", " \n\t", { mode: "usage" }],
    ["--help", "--help", { mode: "help" }],
    ["--status", "--status", { mode: "status", json: false }],
    ["--status --json", "--status --json", { mode: "status", json: true }],
    ["--json --status", "--json --status", { mode: "status", json: true }],
    ["--cancel", "--cancel", { mode: "cancel" }],
    ["--takeover alone", "--takeover", { mode: "takeover" }],
  ])("%s", (_name, text, expected) => {
    expect(parseAutoLoopArgs(text)).toEqual(expected);
  });

  it.each([
    ["goal and one-word verifier", "fix the bug --verify make", "fix the bug", "make"],
    ["an unquoted verifier runs to the end", "fix it --verify npm test -- --grep x", "fix it", "npm test -- --grep x"],
    ["a quoted verifier is the command line", 'fix it --verify "npm test && npm run lint"', "fix it", "npm test && npm run lint"],
    ["several words keep their quotes", `fix --verify test "$(cat f)" = 'a b'`, "fix", `test "$(cat f)" = 'a b'`],
    ["--verify=", "fix --verify=true", "fix", "true"],
    ["--verify= with quotes", "fix --verify='npm test'", "fix", "npm test"],
    ["goal words after the caps", "--max-iterations 3 fix the bug --verify true", "fix the bug", "true"],
    ["the verifier stops at the next option", "fix --verify npm test --max-tokens 5", "fix", "npm test"],
    ["apostrophes in the goal", "fix the user's login --verify true", "fix the user's login", "true"],
    ["shell syntax in the goal is text", "rm -rf / ; $(id) --verify true", "rm -rf / ; $(id)", "true"],
    ["Claude Code's \\! rewriting undone", "fix \\!important --verify \\! grep -q TODO src", "fix !important", "! grep -q TODO src"],
    ["a quoted option is goal text, as in repeat", 'explain what "--json" does --verify true', 'explain what "--json" does', "true"],
    ["the goal keeps its quotes", 'make it print "hello world" --verify true', 'make it print "hello world"', "true"],
    [
      "the goal keeps its newlines",
      "make the parser:\n- accept commas\n- keep errors --verify true",
      "make the parser:\n- accept commas\n- keep errors",
      "true",
    ],
    ["a goal quoted whole is its text", '"fix the parser" --verify true', "fix the parser", "true"],
    ["a quoted option stays in the verifier command", 'fix --verify grep -q "--json" out.txt', "fix", 'grep -q "--json" out.txt'],
  ])("start: %s", (_name, text, goal, verify) => {
    expect(parseAutoLoopArgs(text)).toMatchObject({ mode: "start", goal, verify });
  });

  it("takes caps at their ceilings and a goal of exactly 64 KB", () => {
    expect(parseAutoLoopArgs("g --verify v --max-tokens 1000M --max-iterations 10000 --max-wallclock 720h")).toMatchObject({
      caps: { max_tokens: 1_000_000_000, max_iterations: 10_000, max_wallclock_ms: 720 * 3_600_000 },
    });
    expect(parseAutoLoopArgs(`${"é".repeat(32 * 1024)} --verify v`)).toMatchObject({ mode: "start" });
  });

  it("takes --protect any number of times, as globs relative to the project", () => {
    expect(parseAutoLoopArgs("g --verify v --protect 'test/**' --protect=./scripts/verify.sh")).toMatchObject({
      protect: ["test/**", "scripts/verify.sh"],
    });
    expect(parseAutoLoopArgs("g --verify v")).toMatchObject({ protect: [] });
  });

  it("reads caps with their units", () => {
    const request = parseAutoLoopArgs("g --verify v --max-iterations 7 --max-tokens 500k --max-wallclock 1h30m --restart-pct 55");
    expect(request).toMatchObject({ caps: { max_iterations: 7, max_tokens: 500_000, max_wallclock_ms: 5_400_000, restart_pct: 55 } });
    expect(parseAutoLoopArgs("g --verify v --max-tokens=2M")).toMatchObject({ caps: { max_tokens: 2_000_000 } });
  });

  it("leaves absent caps absent, goal null without goal words, --takeover with a goal", () => {
    expect(parseAutoLoopArgs("--verify true")).toEqual({
      mode: "start",
      goal: null,
      goalFile: null,
      verify: "true",
      caps: {},
      protect: [],
      takeover: false,
      codex: false,
      testReport: null,
      noProgressLimit: null,
    });
    expect(parseAutoLoopArgs("--goal-file docs/g.md")).toMatchObject({ goal: null, goalFile: "docs/g.md", verify: null });
    expect(parseAutoLoopArgs("new goal --verify true --takeover")).toMatchObject({ mode: "start", takeover: true });
  });

  it("--test-report names a report inside the project; --no-progress-limit a number of turns", () => {
    expect(parseAutoLoopArgs("g --verify v --test-report ./reports/junit.xml --no-progress-limit 3")).toMatchObject({
      testReport: "reports/junit.xml",
      noProgressLimit: 3,
    });
    expect(() => parseAutoLoopArgs("g --verify v --test-report ../out.xml")).toThrow(/not a file inside the project/);
    expect(() => parseAutoLoopArgs("g --verify v --test-report /tmp/out.xml")).toThrow(/not a file inside the project/);
    expect(() => parseAutoLoopArgs("g --verify v --no-progress-limit 0")).toThrow(/from 1 to 1000/);
    expect(() => parseAutoLoopArgs("g --verify v --no-progress-limit many")).toThrow(/from 1 to 1000/);
  });

  it("--codex starts a loop run by Codex, with the goal inline or from goal.md", () => {
    expect(parseAutoLoopArgs("--codex")).toEqual({
      mode: "start",
      goal: null,
      goalFile: null,
      verify: null,
      caps: {},
      protect: [],
      takeover: false,
      codex: true,
      testReport: null,
      noProgressLimit: null,
    });
    expect(parseAutoLoopArgs("fix it --verify npm test --max-tokens 500k --codex")).toMatchObject({
      mode: "start",
      goal: "fix it",
      verify: "npm test",
      caps: { max_tokens: 500_000 },
      codex: true,
    });
  });

  it.each([
    ["--status with a goal", "--status fix it", /--status takes no goal/],
    ["--status with --verify", "--status --verify true", /--status takes no goal/],
    ["--cancel with caps", "--cancel --max-iterations 3", /--cancel takes no goal/],
    ["--codex with --takeover", "fix --verify true --codex --takeover", /--takeover does not apply/],
    ["--status and --cancel", "--status --cancel", /exclude each other/],
    ["--cancel and --codex", "--cancel --codex", /--cancel takes no goal, --verify, caps, --protect, --takeover or --codex/],
    ["--status and --codex", "--status --codex", /--status takes no goal/],
    ["--json alone", "--json", /--json goes with --status/],
    ["--json with a goal", "g --verify v --json", /--json goes with --status/],
    ["--help with more", "--help --status", /--help takes no other/],
    ["an unknown option", "fix --verbose --verify true", /unknown option --verbose/],
    ["a repeated option", "g --verify a --max-iterations 2 --max-iterations 3", /given twice/],
    ["a repeated --verify", "g --verify a --verify b", /given twice/],
    ["--verify without a command", "fix it --verify", /--verify needs a command/],
    ["--verify followed by an option", "fix --verify --max-iterations 3", /--verify needs a command/],
    ["--verify with an empty command", "fix --verify ''", /--verify needs a command/],
    ["a cap without a value", "g --verify v --max-iterations", /needs a value/],
    ["a cap followed by an option", "g --max-iterations --verify v", /needs a value/],
    ["zero iterations", "g --verify v --max-iterations 0", /invalid --max-iterations/],
    ["negative iterations", "g --verify v --max-iterations -1", /needs a value|invalid/],
    ["fractional iterations", "g --verify v --max-iterations 2.5", /invalid --max-iterations/],
    ["iterations with a suffix", "g --verify v --max-iterations 2k", /invalid --max-iterations/],
    ["absurd iterations", "g --verify v --max-iterations 99999999999", /invalid --max-iterations/],
    ["tokens as words", "g --verify v --max-tokens lots", /invalid --max-tokens/],
    [
      "a trillion tokens",
      "g --verify v --max-tokens 1000000000000",
      /invalid --max-tokens "1000000000000": expected a whole number from 1 to 1000000000/,
    ],
    ["a million M tokens", "g --verify v --max-tokens 1000000M", /from 1 to 1000000000/],
    ["iterations past the ceiling", "g --verify v --max-iterations 10001", /from 1 to 10000/],
    [
      "a wall clock of 999999999h",
      "g --verify v --max-wallclock 999999999h",
      /invalid --max-wallclock "999999999h": the most is 720h \(30 days\)/,
    ],
    ["a wall clock of 31 days", "g --verify v --max-wallclock 744h", /the most is 720h/],
    ["an absolute --protect", "g --verify v --protect /etc/passwd", /--protect "\/etc\/passwd" is not a glob inside the project/],
    ["a --protect leaving the project", "g --verify v --protect ../other/**", /not a glob inside the project/],
    ["a --protect with pathspec magic", "g --verify v --protect ':(top)x'", /not a glob inside the project/],
    ["--protect without a value", "g --verify v --protect", /--protect needs a value/],
    ["--status with --protect", "--status --protect x", /--status takes no goal, --verify, caps, --protect/],
    ["a NUL byte in --verify", "g --verify 'true\0; rm -rf x'", /--verify holds a NUL byte/],
    [
      "an inline goal over 64 KB",
      `${"x".repeat(64 * 1024 + 1)} --verify true`,
      /the goal is 65537 bytes; an inline goal holds at most 64 KB/,
    ],
    ["restart percent over 100", "g --verify v --restart-pct 101", /invalid --restart-pct/],
    ["a bad duration", "g --verify v --max-wallclock forever", /invalid --max-wallclock/],
    ["a zero duration", "g --verify v --max-wallclock 0m", /longer than zero/],
    ["a switch with a value", "--status=yes", /takes no value/],
    ["goal inline and a goal file", "fix it --goal-file g.md", /not both/],
    ["an unterminated quote", 'fix "it --verify true', /unterminated/],
  ])("refuses %s", (_name, text, message) => {
    expect(() => parseAutoLoopArgs(text)).toThrow(message);
    try {
      parseAutoLoopArgs(text);
    } catch (error) {
      expect((error as { code?: string }).code).toBe("USAGE");
    }
  });
});
