import { describe, expect, it } from "vitest";
import { blockCapWarning } from "../../src/repeat/block-cap.js";

describe("blockCapWarning", () => {
  it.each([
    ["a short prompt loop", "check it", 9, {}, null],
    ["a slash command (the Skill tool resets the count)", "/test", 50, {}, null],
    ["the cap lifted with 0", "check it", 50, { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "0" }, null],
    ["a cap raised enough", "check it", 21, { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "20" }, null],
    ["garbage in the variable: the default", "check it", 9, { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "lots" }, null],
  ])("none for %s", (_name, command, iterations, env, expected) => {
    expect(blockCapWarning(command, iterations, env)).toBe(expected);
  });

  it.each([
    ["a long prompt loop", 10, {}, /after 8 Stop-hook continuations .* pauses after iteration 9/],
    ["a lowered cap", 5, { CLAUDE_CODE_STOP_HOOK_BLOCK_CAP: "2" }, /after 2 .* iteration 3/],
  ])("warns for %s", (_name, iterations, env, message) => {
    expect(blockCapWarning("check it", iterations, env)).toMatch(message);
  });
});
