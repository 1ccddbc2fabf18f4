import { execFileSync } from "node:child_process";
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readTranscriptDelta } from "../../src/session/transcript-usage.js";

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "loopkit transcript "));
  file = path.join(dir, "t.jsonl");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const usage = { input_tokens: 10, cache_creation_input_tokens: 100, cache_read_input_tokens: 1000, output_tokens: 5 };
const assistant = (id: string, blocks: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) =>
  blocks.map((block) => JSON.stringify({ type: "assistant", message: { id, usage, content: [block] }, ...extra })).join("\n") + "\n";
const text = { type: "text", text: "hi" };
const tool = { type: "tool_use", id: "t", name: "Bash", input: {} };
const start = { offset: 0, recentMessageIds: [] as string[], subagentOffsets: {} };

describe("readTranscriptDelta", () => {
  it("counts each message id once even when it spans several lines", async () => {
    writeFileSync(file, assistant("m1", [text, tool, tool]) + JSON.stringify({ type: "user", message: { content: "x" } }) + "\n");
    const delta = await readTranscriptDelta(file, start);
    expect(delta).toMatchObject({ tokens: 1115, toolCalls: 2, contextTokens: 1110, offset: statSync(file).size, recentMessageIds: ["m1"] });
  });

  it("reads only what was added since the last offset, and never recounts an id seen before", async () => {
    writeFileSync(file, assistant("m1", [text]));
    const first = await readTranscriptDelta(file, start);
    appendFileSync(file, assistant("m1", [tool]) + assistant("m2", [text]));
    const second = await readTranscriptDelta(file, first);
    expect(second.tokens).toBe(1115);
    expect(second.toolCalls).toBe(1);
    expect(second.recentMessageIds).toEqual(["m1", "m2"]);
  });

  it("leaves a partial last line for the next read", async () => {
    const whole = assistant("m1", [text]);
    const partial = assistant("m2", [text]).slice(0, 30);
    writeFileSync(file, whole + partial);
    const first = await readTranscriptDelta(file, start);
    expect(first).toMatchObject({ tokens: 1115, offset: Buffer.byteLength(whole) });
    appendFileSync(file, assistant("m2", [text]).slice(30));
    const second = await readTranscriptDelta(file, first);
    expect(second).toMatchObject({ tokens: 1115, offset: statSync(file).size });
  });

  it("counts sidechain (subagent) spend but not its tool calls or context", async () => {
    writeFileSync(file, assistant("main", [text]) + assistant("side", [tool], { isSidechain: true }));
    const delta = await readTranscriptDelta(file, start);
    expect(delta).toMatchObject({ tokens: 2230, toolCalls: 0, contextTokens: 1110 });
  });

  it("adds the subagents' own transcripts (<transcript>/subagents/*.jsonl), each from its own offset", async () => {
    const subagents = path.join(dir, "t", "subagents");
    mkdirSync(subagents, { recursive: true });
    writeFileSync(file, assistant("main", [text]));
    writeFileSync(path.join(subagents, "agent-a.jsonl"), assistant("sub-a", [tool], { isSidechain: true }));
    const first = await readTranscriptDelta(file, start);
    expect(first).toMatchObject({
      tokens: 2230,
      toolCalls: 0,
      subagentOffsets: { "agent-a.jsonl": statSync(path.join(subagents, "agent-a.jsonl")).size },
    });
    appendFileSync(path.join(subagents, "agent-a.jsonl"), assistant("sub-a2", [text], { isSidechain: true }));
    writeFileSync(path.join(subagents, "agent-b.jsonl"), assistant("sub-b", [text], { isSidechain: true }) + assistant("main", [text]));
    writeFileSync(path.join(subagents, "agent-b.meta.json"), "{}");
    const second = await readTranscriptDelta(file, first);
    expect(second.tokens).toBe(2230);
    expect(Object.keys(second.subagentOffsets).sort()).toEqual(["agent-a.jsonl", "agent-b.jsonl"]);
  });

  it.each([
    ["garbage lines", "not json\n{\n[1,2]\nnull\n"],
    ["records without ids or usage", `${JSON.stringify({ type: "assistant", message: { content: [text] } })}\n`],
    [
      "hostile numbers",
      `${JSON.stringify({ type: "assistant", message: { id: "x", usage: { input_tokens: -5, output_tokens: "9", cache_read_input_tokens: Infinity } } })}\n`,
    ],
  ])("skips %s without counting anything", async (_name, content) => {
    writeFileSync(file, content);
    const delta = await readTranscriptDelta(file, start);
    expect(delta.tokens).toBe(0);
    expect(delta.offset).toBe(statSync(file).size);
  });

  it("reads a missing file as nothing new and restarts a file that shrank", async () => {
    expect(await readTranscriptDelta(file, { ...start, offset: 50 })).toMatchObject({ tokens: 0, offset: 50 });
    writeFileSync(file, assistant("m1", [text]));
    expect(await readTranscriptDelta(file, { ...start, offset: 10_000 })).toMatchObject({ tokens: 1115 });
  });

  it("reads past, without counting, what the session spent before the loop started", async () => {
    const at = (timestamp: string, id: string) => assistant(id, [tool], { timestamp });
    writeFileSync(file, at("2026-01-01T09:59:59.000Z", "before") + at("2026-01-01T10:00:01.000Z", "after"));
    const delta = await readTranscriptDelta(file, start, new Date("2026-01-01T10:00:00.000Z"));
    expect(delta).toMatchObject({ tokens: 1115, toolCalls: 1, offset: statSync(file).size });
  });

  it("reads a delta larger than one chunk", async () => {
    const filler = JSON.stringify({ type: "user", message: { content: "x".repeat(3000) } }) + "\n";
    writeFileSync(file, filler.repeat(800) + assistant("late", [tool]));
    const delta = await readTranscriptDelta(file, start);
    expect(delta).toMatchObject({ tokens: 1115, toolCalls: 1, offset: statSync(file).size });
  });

  it.skipIf(process.platform === "win32")("never waits on a FIFO in place of the transcript or a subagent's transcript", async () => {
    execFileSync("mkfifo", [file]);
    expect(await readTranscriptDelta(file, { ...start, offset: 7 })).toMatchObject({ offset: 7, tokens: 0 });
    rmSync(file);
    writeFileSync(file, assistant("m1", [text]));
    mkdirSync(path.join(dir, "t", "subagents"), { recursive: true });
    execFileSync("mkfifo", [path.join(dir, "t", "subagents", "agent-1.jsonl")]);
    expect(await readTranscriptDelta(file, start)).toMatchObject({ tokens: 1115, subagentOffsets: { "agent-1.jsonl": 0 } });
  });

  // Trimmed copies of what the real CLI wrote in test/e2e/auto-loop.test.ts's subagent test (one Task
  // call, the subagent's reply costs 7777 + 20 tokens, each main-chain reply 100 + 20).
  const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "auto-loop", "transcript-fixtures");
  const copyFixture = (version: string) => {
    cpSync(path.join(FIXTURES, version), dir, { recursive: true });
    return path.join(dir, "session.jsonl");
  };

  it("2.1.197: counts the synchronous subagent's own file (<session>/subagents/agent-*.jsonl) next to its .meta.json", async () => {
    const session = copyFixture("2.1.197");
    const delta = await readTranscriptDelta(session, start);
    expect(delta).toMatchObject({
      tokens: 3 * 120 + 7797,
      toolCalls: 1,
      subagentOffsets: { "agent-ac989e08564bb0740.jsonl": expect.any(Number) },
    });
    expect(Object.keys(delta.subagentOffsets)).toEqual(["agent-ac989e08564bb0740.jsonl"]);
  });

  it("2.1.332: counts the background subagent's file, skipping its api-request records, and its late reply at the next read", async () => {
    const session = copyFixture("2.1.332");
    const agent = path.join(dir, "session", "subagents", "agent-a8eb8e31874ac977b.jsonl");
    const lines = readFileSync(agent, "utf8").split(/(?<=\n)/);
    const reply = lines.findIndex((line) => line.includes('"type":"assistant"'));
    expect(reply).toBeGreaterThan(0);
    expect(lines.slice(0, reply).some((line) => line.includes('"type":"api-request-blob"'))).toBe(true);
    // The Stop after the Task call: the agent runs in the background and has not been answered yet.
    writeFileSync(agent, lines.slice(0, reply).join(""));
    const first = await readTranscriptDelta(session, start);
    expect(first.tokens).toBe(6 * 120);
    // Its reply lands after that Stop: the next read counts it once, and the one after adds nothing.
    writeFileSync(agent, lines.join(""));
    const second = await readTranscriptDelta(session, first);
    expect(second.tokens).toBe(7797);
    expect((await readTranscriptDelta(session, second)).tokens).toBe(0);
  });

  it("2.1.332: a subagent folder that appears only after a Stop is read whole at the next one", async () => {
    const session = copyFixture("2.1.332");
    const subagents = path.join(dir, "session", "subagents");
    const aside = path.join(dir, "aside");
    cpSync(subagents, aside, { recursive: true });
    rmSync(subagents, { recursive: true });
    const first = await readTranscriptDelta(session, start);
    expect(first).toMatchObject({ tokens: 6 * 120, subagentOffsets: {} });
    cpSync(aside, subagents, { recursive: true });
    expect((await readTranscriptDelta(session, first)).tokens).toBe(7797);
  });
});

describe("what the person typed into a running turn", () => {
  const queued = (prompt: unknown, extra: Record<string, unknown> = {}, origin: unknown = { kind: "human" }) =>
    `${JSON.stringify({ type: "attachment", attachment: { type: "queued_command", prompt, commandMode: "prompt", origin }, timestamp: "2026-12-07T00:00:10.000Z", ...extra })}\n`;

  it.each([
    // As 2.1.197 and 2.1.332 write a message typed mid-turn.
    ["a queued message of the person's", queued("Stop the loop now."), ["Stop the loop now."]],
    ["one of no human origin (a task notification, a scheduled prompt)", queued("stop", {}, { kind: "task" }), []],
    ["one with no origin", queued("stop", {}, null), []],
    ["a subagent's", queued("stop", { isSidechain: true }), []],
    ["an empty one", queued("   "), []],
    ["one that is not text", queued({ text: "stop" }), []],
    [
      "another attachment",
      `${JSON.stringify({ type: "attachment", attachment: { type: "hook_system_message", content: "stop", origin: { kind: "human" } } })}\n`,
      [],
    ],
    [
      "a user record (a typed prompt: the UserPromptSubmit hook's)",
      `${JSON.stringify({ type: "user", origin: { kind: "human" }, message: { content: "stop" } })}\n`,
      [],
    ],
    ["one from before the loop started", queued("earlier", { timestamp: "2026-12-06T23:00:00.000Z" }), []],
  ])("%s", async (_name, line, expected) => {
    writeFileSync(file, line + assistant("m1", [text]));
    const delta = await readTranscriptDelta(file, start, new Date("2026-12-07T00:00:00.000Z"));
    expect(delta.personMessages).toEqual(expected);
    expect(delta.tokens).toBe(1115);
  });

  it("reads each message once: from the cursor on", async () => {
    writeFileSync(file, queued("first"));
    const first = await readTranscriptDelta(file, start);
    appendFileSync(file, queued("second"));
    expect((await readTranscriptDelta(file, first)).personMessages).toEqual(["second"]);
  });
});
