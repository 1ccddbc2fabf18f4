// The one option grammar of both loop kinds: the same edge cases through /loopkit:repeat and
// /loopkit:auto-loop, then the grammar's own rules on a small table.
import { describe, expect, it } from "vitest";
import { AUTO_LOOP_OPTIONS, noGoalError, parseAutoLoopArgs } from "../../src/auto-loop/args.js";
import { AUTO_LOOP_HELP } from "../../src/auto-loop/help.js";
import { parseRepeatArgs, REPEAT_OPTIONS } from "../../src/repeat/args.js";
import { REPEAT_HELP } from "../../src/repeat/help.js";
import { parseOptions, type OptionTable } from "../../src/shared/option-grammar.js";
import { splitArguments } from "../../src/shared/split-words.js";

/** Each kind, with a start that is valid in it (`start`) to build the cases on. */
const KINDS = [
  { kind: "repeat", parse: (text: string) => parseRepeatArgs(text), start: "5m /x", count: "--iterations", text: "command" },
  { kind: "auto-loop", parse: parseAutoLoopArgs, start: "g --verify v", count: "--max-iterations", text: "goal" },
] as const;

const failure = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("no error was thrown");
};

describe.each(KINDS)("the grammar through $kind", ({ kind, parse, start, count }) => {
  const usageOf = (text: string) => failure(() => parse(text));

  it.each([
    ["alone", "--help"],
    ["as -h", "-h"],
    ["with blanks around", "  -h \n"],
  ])("-h/--help %s shows the help", (_name, text) => {
    expect(parse(text)).toEqual({ mode: "help" });
  });

  it.each([
    ["with a start", `${start} --help`],
    ["with --status", "--status -h"],
    ["twice", "-h --help"],
  ])("-h/--help %s is a usage error: the help stands alone", (_name, text) => {
    expect(usageOf(text)).toMatchObject({
      code: "USAGE",
      message: "--help takes no other arguments",
      hint: `run /loopkit:${kind} --help for usage`,
    });
  });

  it.each([
    ["a switch", "--status --status", "--status"],
    ["a switch and its companion", "--status --json --json", "--json"],
    ["a count", `${start} ${count} 2 ${count} 3`, count],
  ])("an option given twice is a usage error: %s", (_name, text, name) => {
    expect(usageOf(text)).toMatchObject({ code: "USAGE", message: `${name} is given twice` });
  });

  it.each([
    ["a value after the option", `${start} ${count}`],
    ["an empty value", `${start} ${count}=`],
    ["the next loopkit option", `${start} ${count} --status`],
  ])("a value option needs a value: %s", (_name, text) => {
    expect(usageOf(text)).toMatchObject({ code: "USAGE", message: expect.stringMatching(new RegExp(`^${count} needs a value`)) });
  });

  it.each([
    ["unknown option", `--bogus ${start}`, /^unknown option --bogus \(/],
    ["a mistyped option", `--stauts ${start}`, /^unknown option --stauts: did you mean --status\? \(/],
    [
      "a mistyped count",
      `${count.replace("it", "ti")} 3 ${start}`,
      new RegExp(`^unknown option ${count.replace("it", "ti")}: did you mean ${count}\\?`),
    ],
    ["a switch with a value", "--status=yes", /^--status takes no value$/],
    ["--json without --status", `${start} --json`, /^--json goes with --status only$/],
    ["two modes", "--status --cancel", /^--status and --cancel exclude each other$/],
    ["only a flag after --", kind === "repeat" ? "5m -- -x" : "--verify v --max-iterations 3 -- -x", /^-x is not a (prompt|goal)/],
  ])("%s is a usage error", (_name, text, message) => {
    expect(usageOf(text)).toMatchObject({ code: "USAGE", message: expect.stringMatching(message) });
  });

  it("after --, every word is text: options and -h too", () => {
    const text = kind === "repeat" ? "5m -- /lint --fix -h" : "--verify v --max-iterations 3 -- explain --json -h";
    const expected = kind === "repeat" ? { command: "/lint --fix -h" } : { goal: "explain --json -h", verify: "v" };
    expect(parse(text)).toMatchObject({ mode: "start", ...expected });
  });

  it("a quoted option is text", () => {
    const request = parse(kind === "repeat" ? '5m explain "--json"' : 'explain "--json" --verify v');
    expect(request).toMatchObject(kind === "repeat" ? { command: 'explain "--json"' } : { goal: 'explain "--json"' });
  });
});

describe("empty input: the same usage error pattern for both kinds", () => {
  const pattern = /^no (command|goal): give .+, e\.g\. \/loopkit:(repeat|auto-loop) /;

  it.each(["", " \n\t "])("repeat: %j is a usage error that says what to give", (text) => {
    expect(failure(() => parseRepeatArgs(text))).toMatchObject({ code: "USAGE", message: expect.stringMatching(pattern) });
  });

  it.each(["", " \n\t "])("auto-loop: %j asks for goal.md, whose absence is the same kind of error", (text) => {
    expect(parseAutoLoopArgs(text)).toEqual({ mode: "usage" });
    expect(noGoalError()).toMatchObject({
      code: "USAGE",
      message: expect.stringMatching(pattern),
      hint: "run /loopkit:auto-loop --help for usage",
    });
  });
});

describe.each([
  ["repeat", REPEAT_OPTIONS, REPEAT_HELP],
  ["auto-loop", AUTO_LOOP_OPTIONS, AUTO_LOOP_HELP],
])("the help of %s", (_kind, table, help) => {
  it.each(table.options.map((spec) => [spec.name, spec] as const))("describes %s, with the table's default", (name, spec) => {
    const at = help.search(new RegExp(`^  ${name}\\b`, "m"));
    expect(at, `${name} has no line of its own`).toBeGreaterThan(-1);
    const entry = help.slice(at).split(/\n(?=  -)/)[0]!;
    if (spec.default !== undefined) expect(entry).toContain(`default ${spec.default}`);
  });
});

describe("parseOptions", () => {
  const table: OptionTable = {
    command: "/t",
    options: [
      { name: "--run", value: "command" },
      { name: "--tag", value: "word", repeatable: true },
      { name: "--on", value: "none" },
    ],
    unknownHint: "(quote it)",
    noInput: "no input: give something, e.g. /t x",
  };
  const parse = (text: string) => parseOptions(splitArguments(text), table);

  it("keeps a repeatable option's values in order, and the text words around the options", () => {
    const parsed = parse("a --tag x b --tag=y --on c");
    expect(parsed.kind === "options" && [...parsed.given]).toEqual([
      ["--tag", ["x", "y"]],
      ["--on", [""]],
    ]);
    expect(parsed.kind === "options" && parsed.text.map((word) => word.value)).toEqual(["a", "b", "c"]);
  });

  it("lets a command value run to the next loopkit option, -- and unknown flags included", () => {
    const parsed = parse("--run npm test -- --grep x --on");
    expect(parsed.kind === "options" && parsed.given.get("--run")).toEqual(["npm test -- --grep x"]);
  });

  it("says empty for no words at all", () => {
    expect(parse(" ")).toEqual({ kind: "empty" });
  });
});
