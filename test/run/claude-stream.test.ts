// Reading how a `claude -p --output-format stream-json --verbose` turn ended, from events shaped as
// 2.1.197 and 2.1.332 print them (measured with the fake model: docs/claude-code-findings.md §18).
import { describe, expect, it } from "vitest";
import { turnReader } from "../../src/run/claude-stream.js";

const NOW = new Date("2026-03-01T10:00:00.000Z");
const init = { type: "system", subtype: "init", session_id: "s" };
const assistant = (text: string, extra: Record<string, unknown> = {}) => ({
  type: "assistant",
  message: { role: "assistant", content: [{ type: "text", text }] },
  parent_tool_use_id: null,
  session_id: "s",
  ...extra,
});
const toolUse = { type: "assistant", message: { content: [{ type: "tool_use", name: "Bash", input: {} }] }, parent_tool_use_id: null };
const result = (text: string, isError = false, extra: Record<string, unknown> = {}) => ({
  type: "result",
  subtype: "success",
  is_error: isError,
  result: text,
  num_turns: 1,
  session_id: "s",
  ...extra,
});
const API_529 = "API Error: 529 Overloaded. This is a server-side issue, usually temporary — try again in a moment.";

const read = (events: unknown[], raw: string[] = []) => {
  const reader = turnReader();
  for (const line of [...raw, ...events.map((e) => JSON.stringify(e))]) reader.push(line);
  return reader.end(NOW);
};

describe("turnReader", () => {
  it.each([
    [
      "an answer: the result's text is the final message",
      [init, assistant("checked\nREPEAT-RESULT: pass"), result("checked\nREPEAT-RESULT: pass")],
      { end: { kind: "answer", message: "checked\nREPEAT-RESULT: pass" }, began: true, detail: null, tokens: null },
    ],
    [
      "tool use first, the last answer counts",
      [init, toolUse, { type: "user" }, assistant("done"), result("done")],
      { end: { kind: "answer", message: "done" }, began: true, detail: null, tokens: null },
    ],
    [
      "an empty final message (claude after SIGINT)",
      [init, result("")],
      { end: { kind: "answer", message: "" }, began: false, detail: null, tokens: null },
    ],
    [
      "a resume of a conversation that is not there: no answer, claude's error named",
      [
        {
          type: "result",
          subtype: "error_during_execution",
          is_error: true,
          num_turns: 0,
          errors: ["No conversation found with session ID: x"],
        },
      ],
      { end: { kind: "answer", message: null }, began: false, detail: "No conversation found with session ID: x", tokens: null },
    ],
    ["nothing at all (claude could not start)", [], { end: { kind: "answer", message: null }, began: false, detail: null, tokens: null }],
  ])("%s", (_name, events, expected) => {
    expect(read(events)).toEqual(expected);
  });

  it.each([
    ["2.1.197", [init, assistant(API_529, { error: "server_error" }), result(API_529, true, { api_error_status: 529 })]],
    [
      "2.1.332",
      [
        init,
        assistant(API_529, {
          error: "server_error",
          is_api_error_message: true,
          api_error_status: 529,
          api_error_type: "overloaded_error",
        }),
        result(API_529, true, { terminal_reason: "api_error" }),
      ],
    ],
    ["no result event (claude killed right after)", [init, assistant(API_529, { error: "server_error" })]],
  ])("an API error (%s): its class and first line, the turn on record", (_version, events) => {
    const turn = read(events);
    expect(turn).toMatchObject({
      end: { kind: "api-error", error: { kind: "server_error", message: API_529, usageLimit: false, resetAt: null } },
      began: true,
      detail: null,
    });
  });

  it("a usage limit with a reset: waits for it (see repeat/terminal.test.ts for what the loop does)", () => {
    const text = "Claude AI usage limit reached|1772362800";
    const turn = read([init, assistant(text, { error: "rate_limit" }), result(text, true)]);
    expect(turn.end).toMatchObject({
      kind: "api-error",
      error: { kind: "rate_limit", usageLimit: true, resetAt: new Date(1772362800 * 1000) },
    });
  });

  it("skips lines that are not JSON events, and a subagent's messages", () => {
    const sub = assistant("REPEAT-RESULT: fail - from a subagent", { parent_tool_use_id: "toolu_1" });
    const turn = read(
      [init, sub, assistant("REPEAT-RESULT: pass"), sub, result("REPEAT-RESULT: pass")],
      ["warning: something", "{not json", "[1,2]", ""],
    );
    expect(turn).toEqual({ end: { kind: "answer", message: "REPEAT-RESULT: pass" }, began: true, detail: null, tokens: null });
  });

  it("an API error, then a later answer in the same run (Claude Code retried on its own): the answer counts", () => {
    expect(read([init, assistant(API_529, { error: "server_error" }), assistant("ok"), result("ok")]).end).toEqual({
      kind: "answer",
      message: "ok",
    });
  });

  describe("what the turn cost", () => {
    const usage = (input: number, output: number) => ({ input_tokens: input, output_tokens: output, cache_read_input_tokens: 1000 });
    const said = (id: string, u: object, extra: Record<string, unknown> = {}) =>
      assistant("x", { message: { id, role: "assistant", content: [{ type: "text", text: "x" }], usage: u }, ...extra });

    it.each([
      ["no usage anywhere", [init, assistant("done"), result("done")], null],
      ["the result's total alone", [init, assistant("done"), result("done", false, { usage: usage(100, 20) })], 1120],
      [
        "each message once, however many events it comes in, a subagent's too",
        [
          init,
          said("m1", usage(100, 1)),
          said("m1", usage(100, 1)),
          said("sub", usage(50, 5), { parent_tool_use_id: "t1" }),
          said("m2", usage(10, 2)),
        ],
        1101 + 1055 + 1012,
      ],
      [
        "the larger of the stream's count and the result's total (the result may leave out subagents)",
        [
          init,
          said("m1", usage(100, 1)),
          said("sub", usage(50, 5), { parent_tool_use_id: "t1" }),
          result("ok", false, { usage: usage(100, 20) }),
        ],
        1101 + 1055,
      ],
      [
        "the result's total when the stream showed output counts from mid-stream",
        [init, said("m1", usage(100, 1)), result("ok", false, { usage: usage(100, 400) })],
        1500,
      ],
      [
        "hostile numbers count as nothing",
        [
          init,
          said("m1", { input_tokens: -5, output_tokens: "9", cache_read_input_tokens: Infinity }),
          result("ok", false, { usage: "lots" }),
        ],
        0,
      ],
    ])("%s", (_name, events, tokens) => {
      expect(read(events).tokens).toBe(tokens);
    });
  });
});
