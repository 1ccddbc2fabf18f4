// What the hook entry asks a repeat loop before loading anything: does this event change anything?
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repeatActsOn } from "../../src/repeat/hook-events.js";

describe("repeatActsOn", () => {
  it.each([
    ["a Stop", { hook_event_name: "Stop" }, true],
    ["a SessionStart after a resume", { hook_event_name: "SessionStart", source: "resume" }, true],
    ["a SessionStart after a compaction", { hook_event_name: "SessionStart", source: "compact" }, false],
    ["a SessionStart without a source (let the active path judge it)", { hook_event_name: "SessionStart" }, true],
    ["a SessionStart with a garbled source", { hook_event_name: "SessionStart", source: 7 }, true],
    [
      "the prompt of a turn the background hook woke (it carries the loop's tag)",
      { hook_event_name: "UserPromptSubmit", prompt: "<task-notification>... loopkit repeat: iteration 2/5 (loop-1, every 1m)." },
      true,
    ],
    ["a StopFailure (an API error ended a turn)", { hook_event_name: "StopFailure", error: "server_error" }, true],
    ["a SessionEnd", { hook_event_name: "SessionEnd", reason: "other" }, true],
    ["an event it does not know", { hook_event_name: "PreToolUse" }, true],
  ])("%s: %s", (_name, payload, expected) => {
    expect(repeatActsOn({ payload, marker: { kind: "repeat" } })).toBe(expected);
  });

  describe("a prompt the person types", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "loopkit acts-on "));
    const stateIn = (content: string) => {
      const file = path.join(dir, `${Math.random()}.json`);
      writeFileSync(file, content);
      return file;
    };
    const prompt = { hook_event_name: "UserPromptSubmit", prompt: "hi", prompt_id: "p-2" };
    it.each([
      ["while the loop waits, costs nothing more", stateIn('{"phase":"waiting"}'), false],
      ["while the loop is paused, costs nothing more", stateIn('{"phase":"paused"}'), false],
      [
        "while an iteration runs, goes to the active path (it may show that Esc cut the iteration off)",
        stateIn('{"phase":"running"}'),
        true,
      ],
      ["with a state file it cannot read, costs nothing more (the next Stop reports the file)", stateIn("{not json"), false],
      ["with no state file, costs nothing more", path.join(dir, "missing.json"), false],
    ])("%s", (_name, stateFile, expected) => {
      expect(repeatActsOn({ payload: prompt, marker: { kind: "repeat", state_file: stateFile } })).toBe(expected);
    });
  });
});
