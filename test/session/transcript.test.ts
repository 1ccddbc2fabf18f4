// The transcript's tail as the hooks read it: which turn carries a loop's prompt.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { promptIdOfTurnWith, transcriptTail } from "../../src/session/transcript.js";

const TAG = "loopkit repeat: iteration 2/5 (loop-1";
const SINCE = new Date("2026-12-01T10:00:00.000Z");
const after = (ms: number) => new Date(SINCE.getTime() + ms).toISOString();
const line = (record: object) => JSON.stringify({ timestamp: after(1_000), ...record });
const write = (lines: string[]) => {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "loopkit transcript ")), "t.jsonl");
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
};

describe("promptIdOfTurnWith", () => {
  it("finds the newest main-chain user message carrying the tag, as text blocks or a plain string", async () => {
    const file = write([
      line({ type: "user", promptId: "p-1", message: { content: `${TAG.replace("2/5", "1/5")}, every 1m).` } }),
      line({ type: "user", promptId: "p-2", message: { content: [{ type: "text", text: `Base directory ...\n${TAG}, every 1m).` }] } }),
      "{a line being written",
      line({ type: "assistant", promptId: "p-2", message: { content: [{ type: "text", text: TAG }] } }),
      line({ type: "user", promptId: "p-3", message: { content: "what is 2+2" } }),
    ]);
    expect(promptIdOfTurnWith(await transcriptTail(file), TAG, SINCE)).toBe("p-2");
  });
  it("never takes a tool result, a subagent's message or the agent's own text for the loop's prompt", async () => {
    const file = write([
      line({ type: "user", promptId: "p-2", message: { content: [{ type: "tool_result", content: TAG }] } }),
      line({ type: "user", promptId: "p-4", isSidechain: true, message: { content: TAG } }),
      line({ type: "assistant", promptId: "p-5", message: { content: [{ type: "text", text: TAG }] } }),
    ]);
    expect(promptIdOfTurnWith(await transcriptTail(file), TAG, SINCE)).toBeNull();
  });
  it("skips a message with the same text written before the iteration started (an attempt cut off earlier), or with no time", async () => {
    const file = write([
      line({ type: "user", promptId: "p-2", timestamp: after(-5_000), message: { content: TAG } }),
      line({ type: "user", promptId: "p-6", timestamp: undefined, message: { content: TAG } }),
    ]);
    expect(promptIdOfTurnWith(await transcriptTail(file), TAG, SINCE)).toBeNull();
    expect(promptIdOfTurnWith(await transcriptTail(file), TAG, new Date(SINCE.getTime() - 10_000))).toBe("p-2");
  });
  it("reads nothing, and waits on nothing, where the transcript is a FIFO or a folder", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "loopkit transcript "));
    execFileSync("mkfifo", [path.join(dir, "fifo.jsonl")]);
    expect(await transcriptTail(path.join(dir, "fifo.jsonl"))).toEqual([]);
    expect(await transcriptTail(dir)).toEqual([]);
  });
  it("is null without a readable transcript", async () => {
    expect(promptIdOfTurnWith(await transcriptTail(undefined), TAG, SINCE)).toBeNull();
    expect(promptIdOfTurnWith(await transcriptTail(path.join(os.tmpdir(), "no such transcript.jsonl")), TAG, SINCE)).toBeNull();
  });
});
