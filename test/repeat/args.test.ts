import { describe, expect, it } from "vitest";
import { parseRepeatArgs, splitSlashCommand } from "../../src/repeat/args.js";

const start = (command: string, intervalMs = 600_000, maxIterations = 5) => ({ mode: "start", command, intervalMs, maxIterations });

describe("parseRepeatArgs: starting a loop", () => {
  it.each([
    ["a slash command with an interval", "5m /test", start("/test", 300_000)],
    ["a quoted prompt", '10m "check deploy status"', start("check deploy status")],
    ["no interval: the 10m default", "--iterations 3 /review", start("/review", 600_000, 3)],
    ["interval and iterations", "2m --iterations 10 /lint", start("/lint", 120_000, 10)],
    ["--iterations=N", "/lint --iterations=7", start("/lint", 600_000, 7)],
    ["flags at the end", "90s check it --iterations 2", start("check it", 90_000, 2)],
    ["an interval after a flag is still the leading word", "--iterations 2 1h30m /x", start("/x", 5_400_000, 2)],
    ["only the leading duration is an interval", "5m wait 5m then check", start("wait 5m then check", 300_000)],
    ["an unquoted multi-word prompt keeps its text", "5m fix the user's login", start("fix the user's login", 300_000)],
    ["slash command arguments keep their quotes", '5m /review "src/a b.ts"', start('/review "src/a b.ts"', 300_000)],
    ["-- passes flags to the command", "5m -- /lint --fix", start("/lint --fix", 300_000)],
    ["a quoted flag is data", '5m "--verbose" run', start('"--verbose" run', 300_000)],
    ["the maximum count", "/x --iterations 1000", start("/x", 600_000, 1000)],
    ["a quoted duration is the prompt", '"5m"', start("5m")],
    ["a prompt that starts with a number, quoted", '5m "3 things to check"', start("3 things to check", 300_000)],
    ["a number later in the prompt", "5m check the 3 pods", start("check the 3 pods", 300_000)],
  ])("%s", (_name, text, expected) => {
    expect(parseRepeatArgs(text)).toMatchObject({ ...expected, warnings: [] });
  });

  it.each([
    [
      "semicolons and command substitution",
      "1m echo hi; $(touch /tmp/pwned) `id` && rm -rf ~",
      "echo hi; $(touch /tmp/pwned) `id` && rm -rf ~",
    ],
    ["quotes inside a quoted prompt", `1m "say \\"hi\\"; \`id\`"`, 'say "hi"; `id`'],
    ["single quotes keep everything", "1m '$(x) ${HOME} \\n'", "$(x) ${HOME} \\n"],
    ["newlines in the text", "1m line one\nline two", "line one line two"],
    ["Claude Code's \\! rewriting is undone", '1m deploy \\!now "a \\!b"', 'deploy !now "a !b"'],
    ["a quoted option is text, as in auto-loop", '1m explain "--json"', 'explain "--json"'],
  ])("hostile text is data: %s", (_name, text, command) => {
    expect(parseRepeatArgs(text)).toMatchObject({ mode: "start", command });
  });

  it("raises an interval under the floor, with a warning", () => {
    const request = parseRepeatArgs("30s /test");
    expect(request).toMatchObject({ intervalMs: 60_000, interval: "1m" });
    expect(request.mode === "start" && request.warnings).toEqual([
      expect.stringMatching(/30s is under the 1m minimum; loopkit raised it to 1m/),
    ]);
    expect(parseRepeatArgs("30s /test", 5_000)).toMatchObject({ intervalMs: 30_000, warnings: [] });
  });
});

describe("parseRepeatArgs: control flags", () => {
  it.each([
    ["--status", { mode: "status", json: false }],
    ["--status --json", { mode: "status", json: true }],
    ["  --cancel \n", { mode: "cancel" }],
    ["--resume", { mode: "resume" }],
    ["--help", { mode: "help" }],
  ])("%s", (text, expected) => {
    expect(parseRepeatArgs(text)).toEqual(expected);
  });
});

describe("parseRepeatArgs: usage errors start nothing", () => {
  it.each([
    ["nothing", "", /no command/],
    ["only blanks", " \n\t ", /no command/],
    ["only an interval", "5m", /no command/],
    ["only flags", "--iterations 3", /no command/],
    ["--iterations 0", "/x --iterations 0", /invalid --iterations "0": expected a whole number from 1 to 1000/],
    ["--iterations -3", "/x --iterations -3", /invalid --iterations "-3"/],
    ["--iterations abc", "/x --iterations abc", /invalid --iterations "abc"/],
    ["--iterations 5x", "/x --iterations 5x", /invalid --iterations "5x"/],
    ["--iterations 2.5", "/x --iterations 2.5", /invalid --iterations/],
    ["--iterations 1001", "/x --iterations 1001", /invalid --iterations "1001"/],
    ["a unitless interval", "5 /test", /invalid interval "5": use units h, m, s/],
    ["a mistyped unit", "5x /test", /invalid interval "5x"/],
    ["a long unit name", "10min /test", /invalid interval "10min"/],
    ["a negative interval", "-3 /test", /invalid interval "-3"/],
    ["--iterations without a value", "/x --iterations", /--iterations needs a value/],
    ["--iterations= empty", "/x --iterations=", /--iterations needs a value/],
    ["--iterations twice", "/x --iterations 2 --iterations 3", /given twice/],
    ["an unknown flag", "5m /x --forever", /unknown option --forever/],
    ["a terminal's option", "5m /x --timeout 20m", /^--timeout is for loopkit repeat typed in a terminal, a loop of its own/],
    ["a terminal's switch", "5m /x --fresh", /^--fresh is for loopkit repeat typed in a terminal/],
    ["a zero interval", "0m /x", /must be longer than zero/],
    ["a too long interval", "25h /x", /longer than the 24h maximum/],
    ["status with a command", "--status /x", /--status takes no interval, command or --iterations/],
    ["cancel with iterations", "--cancel --iterations 2", /--cancel takes no/],
    ["two controls", "--status --cancel", /exclude each other/],
    ["--json without --status", "/x --json", /--json goes with --status only/],
    ["a control with a value", "--cancel=yes", /takes no value/],
    ["an unterminated quote", '5m "check it', /unterminated " quote/],
    ["repeat repeating itself", "1m /loopkit:repeat 1m /x", /cannot repeat \/loopkit:repeat/],
  ])("%s", (_name, text, message) => {
    let error: unknown;
    try {
      parseRepeatArgs(text);
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: "USAGE", message: expect.stringMatching(message) });
  });
});

describe("splitSlashCommand", () => {
  it.each([
    ["/test", { name: "test", args: "" }],
    ["/review src --deep", { name: "review", args: "src --deep" }],
    ["/plugin:skill a", { name: "plugin:skill", args: "a" }],
    ["check /test", null],
    ["/usr/bin/env ls", null],
    ["/ spaced", null],
  ])("%s", (command, expected) => {
    expect(splitSlashCommand(command)).toEqual(expected);
  });
});
