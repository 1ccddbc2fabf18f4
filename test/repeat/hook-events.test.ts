// What the hook entry asks a repeat loop before loading anything: does this event change anything?
import { describe, expect, it } from "vitest";
import { repeatActsOn } from "../../src/repeat/hook-events.js";

describe("repeatActsOn", () => {
  it.each([
    ["a Stop", { hook_event_name: "Stop" }, true],
    ["a SessionStart after a resume", { hook_event_name: "SessionStart", source: "resume" }, true],
    ["a SessionStart after a compaction", { hook_event_name: "SessionStart", source: "compact" }, false],
    ["a SessionStart without a source (let the active path judge it)", { hook_event_name: "SessionStart" }, true],
    ["a SessionStart with a garbled source", { hook_event_name: "SessionStart", source: 7 }, true],
    ["a prompt the person types", { hook_event_name: "UserPromptSubmit", prompt: "hi" }, false],
    ["the prompt of a turn the background hook woke (it carries the loop's tag)", { hook_event_name: "UserPromptSubmit", prompt: "<task-notification>... loopkit repeat: iteration 2/5 (loop-1, every 1m)." }, true],
    ["a StopFailure (an API error ended a turn)", { hook_event_name: "StopFailure", error: "server_error" }, true],
    ["a SessionEnd", { hook_event_name: "SessionEnd", reason: "other" }, true],
    ["an event it does not know", { hook_event_name: "PreToolUse" }, true],
  ])("%s: %s", (_name, payload, expected) => {
    expect(repeatActsOn({ payload, marker: { kind: "repeat" } })).toBe(expected);
  });
});
