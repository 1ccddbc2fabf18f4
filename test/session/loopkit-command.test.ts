// Which submitted prompts are loopkit's own typed commands (never the person's word to the model).
import { describe, expect, it } from "vitest";
import { isLoopkitCommandPrompt, isNotThePersonsWord } from "../../src/session/loopkit-command.js";

describe("isLoopkitCommandPrompt", () => {
  it.each([
    ["/loopkit:auto-loop --resume", true],
    ["  /loopkit:auto-loop make it --verify true", true],
    ["/auto-loop --status", true],
    ["/loopkit:repeat 5m check", true],
    ["/repeat", true],
    ["/loopkit:auto-loopy", false],
    ["please run /loopkit:auto-loop --resume", false],
    ["/review", false],
    ["stop the loop", false],
    [undefined, false],
    [42, false],
  ])("%s: %s", (prompt, expected) => {
    expect(isLoopkitCommandPrompt(prompt)).toBe(expected);
  });
});

describe("isNotThePersonsWord", () => {
  it.each([
    ["/loopkit:auto-loop --resume", true],
    // 2.1.332 submits a background task's end as a prompt (loopkit's sweep ending one included): Claude Code's, not the person's.
    ["<task-notification>\n<task-id>b1</task-id>\n<status>failed</status>\n</task-notification>", true],
    ["  <task-notification><status>completed</status></task-notification>", true],
    ["stop the loop, I will finish this myself", false],
    ["what does <task-notification> mean?", false],
    [undefined, false],
  ])("%s: %s", (prompt, expected) => {
    expect(isNotThePersonsWord(prompt)).toBe(expected);
  });
});
