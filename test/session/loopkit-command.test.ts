// Which submitted prompts are loopkit's own typed commands (never the person's word to the model).
import { describe, expect, it } from "vitest";
import { isLoopkitCommandPrompt } from "../../src/session/loopkit-command.js";

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
