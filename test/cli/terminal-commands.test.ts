// A message printed in a terminal names the terminal's commands; the texts themselves name the slash commands.
import { describe, expect, it } from "vitest";
import { forTerminal } from "../../src/cli/terminal-commands.js";

describe("forTerminal", () => {
  it.each([
    ["see /loopkit:auto-loop --status", "see loopkit auto-loop --status"],
    [
      "cancel it (/loopkit:auto-loop --cancel or /loopkit:repeat --cancel) first",
      "cancel it (loopkit auto-loop --cancel or loopkit repeat --cancel) first",
    ],
    ["run /loopkit:repeat --help for usage", "run loopkit repeat --help for usage"],
    ["run /loopkit:auto-loop --takeover to continue it here", "run loopkit run --takeover to continue it here"],
    ["start one with /loopkit:auto-loop <goal> --verify <cmd>", "start one with loopkit run <goal> --verify <cmd>"],
    // Only Claude Code can do these: they keep their slash form.
    ["resume with /loopkit:repeat --resume", "resume with /loopkit:repeat --resume"],
    ["start a new loop with /loopkit:auto-loop", "start a new loop with /loopkit:auto-loop"],
    ["/loopkit:repeat --statusx", "/loopkit:repeat --statusx"],
  ])("%s", (text, shown) => {
    expect(forTerminal(text)).toBe(shown);
  });
});
