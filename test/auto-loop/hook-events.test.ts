// What the hook entry asks an auto-loop before loading anything: does this event change anything?
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { autoLoopActsOn, resumePendingFile } from "../../src/auto-loop/hook-events.js";
import { RETRY_TAG } from "../../src/auto-loop/core/retry-tag.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "loopkit events "));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const marker = () => ({ kind: "auto-loop", state_file: path.join(dir, "state.json") });

describe("autoLoopActsOn", () => {
  it.each([
    ["a Stop", { hook_event_name: "Stop" }, true],
    ["a SessionStart after a compaction", { hook_event_name: "SessionStart", source: "compact" }, true],
    ["a SessionStart after a resume", { hook_event_name: "SessionStart", source: "resume" }, true],
    ["a SessionStart at startup", { hook_event_name: "SessionStart", source: "startup" }, false],
    ["a SessionStart with a garbled source", { hook_event_name: "SessionStart", source: null }, true],
    // The person's word pauses the loop: the active path must see every prompt of theirs.
    ["a prompt the person typed", { hook_event_name: "UserPromptSubmit", prompt: "Stop the loop now." }, true],
    ["a prompt with no text", { hook_event_name: "UserPromptSubmit" }, true],
    ["loopkit's own typed command", { hook_event_name: "UserPromptSubmit", prompt: "/loopkit:auto-loop --resume" }, false],
    // The interactive UI submits the turn loopkit's background hook woke after an API error as a prompt.
    [
      "the turn loopkit woke after an API error",
      {
        hook_event_name: "UserPromptSubmit",
        prompt: `<task-notification>...</task-notification>\nloopkit: the wait after an API error is over ...\n${RETRY_TAG} (overloaded); ...`,
      },
      false,
    ],
    ["an event it does not know", { hook_event_name: "Notification" }, true],
  ])("%s: %s", (_name, payload, expected) => {
    expect(autoLoopActsOn({ payload, marker: marker() })).toBe(expected);
  });

  it("leaves the prompts of a `loopkit run` phase alone: it is headless, nobody types there", () => {
    const payload = { hook_event_name: "UserPromptSubmit", prompt: "loopkit auto-loop context ..." };
    expect(autoLoopActsOn({ payload, marker: { ...marker(), driver: "run" } })).toBe(false);
  });

  it("acts on the first prompt after a resume (the pending note next to the state)", () => {
    writeFileSync(resumePendingFile(marker().state_file), "{}");
    expect(autoLoopActsOn({ payload: { hook_event_name: "UserPromptSubmit" }, marker: marker() })).toBe(true);
  });

  it("lets the active path judge a marker without a usable state file", () => {
    expect(autoLoopActsOn({ payload: { hook_event_name: "UserPromptSubmit" }, marker: { kind: "auto-loop", state_file: 3 } })).toBe(true);
  });
});
