// A repeat iteration's tokens in a session, read from its transcript as the auto-loop reads it: each
// API message once, subagents included, from where the last iteration's count stopped, leaving out
// what came before the iteration began. The fixtures are what the real CLI (both versions) wrote.
import { appendFileSync, cpSync, mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { iterationUsage } from "../../src/repeat/iteration-usage.js";
import type { RepeatState } from "../../src/repeat/state.js";
import { loopState } from "./fixtures.js";

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "auto-loop", "transcript-fixtures");
let dir: string;
beforeEach(() => void (dir = mkdtempSync(path.join(os.tmpdir(), "loopkit repeat usage "))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const copyFixture = (version: string) => {
  cpSync(path.join(FIXTURES, version), dir, { recursive: true });
  return path.join(dir, "session.jsonl");
};
/** One main-chain reply of `tokens` input tokens and 10 output tokens, written as one record per content block. */
const reply = (id: string, timestamp: string, tokens: number, blocks = 1) =>
  Array.from({ length: blocks }, () =>
    JSON.stringify({ type: "assistant", timestamp, message: { id, usage: { input_tokens: tokens, output_tokens: 10 }, content: [] } }),
  ).join("\n") + "\n";
const running = (startedAt: string, overrides: Partial<RepeatState> = {}) =>
  loopState({ phase: "running", iteration_started_at: startedAt, ...overrides });

describe("iterationUsage", () => {
  it.each([
    ["2.1.197", 3 * 120 + 7797],
    ["2.1.332", 6 * 120 + 7797],
  ])("%s: counts the iteration's transcript, its subagent's file included", async (version, tokens) => {
    const session = copyFixture(version);
    const usage = await iterationUsage(running("2026-01-01T00:00:00.000Z"), session);
    expect(usage).toMatchObject({ tokens, transcriptCursor: { path: session, offset: statSync(session).size } });
  });

  it("at a Stop, waits a moment for a transcript that lags the hook; elsewhere it takes what is there", async () => {
    const session = path.join(dir, "t.jsonl");
    appendFileSync(session, "");
    const state = running("2026-03-01T10:00:00.000Z");
    expect((await iterationUsage(state, session))?.tokens).toBe(0);
    // Claude Code writes the turn's reply a little after its Stop hook started.
    setTimeout(() => appendFileSync(session, reply("m1", "2026-03-01T10:00:01.000Z", 100)), 200);
    const atStop = await iterationUsage(state, session, true);
    expect(atStop).toMatchObject({ tokens: 110, transcriptCursor: { offset: statSync(session).size } });
  });

  it("counts each iteration from where the last count stopped: a message once, however many records it spans", async () => {
    const session = path.join(dir, "t.jsonl");
    appendFileSync(session, reply("m1", "2026-03-01T10:00:01.000Z", 100, 3));
    const first = await iterationUsage(running("2026-03-01T10:00:00.000Z"), session);
    expect(first?.tokens).toBe(110);
    // The person's own turn during the wait, then iteration 2 (and a late record of m1).
    appendFileSync(session, reply("person", "2026-03-01T10:03:00.000Z", 5000));
    appendFileSync(session, reply("m1", "2026-03-01T10:05:01.000Z", 100) + reply("m2", "2026-03-01T10:05:02.000Z", 200, 2));
    const second = await iterationUsage(running("2026-03-01T10:05:00.000Z", { transcript_cursor: first!.transcriptCursor }), session);
    expect(second?.tokens).toBe(210);
    expect(second?.transcriptCursor?.offset).toBe(statSync(session).size);
  });

  it("reads another transcript (a resumed or forked session's) from its start, from the iteration's start on", async () => {
    const old = path.join(dir, "old.jsonl");
    const fresh = path.join(dir, "new.jsonl");
    appendFileSync(old, reply("m1", "2026-03-01T10:00:01.000Z", 100));
    const first = await iterationUsage(running("2026-03-01T10:00:00.000Z"), old);
    appendFileSync(fresh, reply("m1", "2026-03-01T10:00:01.000Z", 100) + reply("m2", "2026-03-01T10:05:01.000Z", 300));
    const usage = await iterationUsage(running("2026-03-01T10:05:00.000Z", { transcript_cursor: first!.transcriptCursor }), fresh);
    expect(usage).toMatchObject({ tokens: 310, transcriptCursor: { path: fresh } });
  });

  it.each([
    ["no iteration runs", { phase: "waiting" as const }, "t.jsonl"],
    ["no transcript path", {}, undefined],
  ])("counts nothing when %s", async (_name, overrides, name) => {
    appendFileSync(path.join(dir, "t.jsonl"), reply("m1", "2026-03-01T10:00:01.000Z", 100));
    expect(await iterationUsage(running("2026-03-01T10:00:00.000Z", overrides), name && path.join(dir, name))).toBeNull();
  });

  it("a missing transcript counts as nothing spent, and garbage lines are skipped", async () => {
    expect((await iterationUsage(running("2026-03-01T10:00:00.000Z"), path.join(dir, "gone.jsonl")))?.tokens).toBe(0);
    appendFileSync(path.join(dir, "t.jsonl"), "not json\n[1]\n" + reply("m1", "2026-03-01T10:00:01.000Z", 100));
    expect((await iterationUsage(running("2026-03-01T10:00:00.000Z"), path.join(dir, "t.jsonl")))?.tokens).toBe(110);
  });
});
