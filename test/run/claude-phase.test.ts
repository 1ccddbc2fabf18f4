import { describe, expect, it } from "vitest";
import { phaseArgs } from "../../src/run/claude-phase.js";

describe("phaseArgs", () => {
  it.each([
    [{ sessionId: "u-1", pluginDir: null, claudeArgs: [] }, ["-p", "--session-id", "u-1"]],
    [{ sessionId: "u-1", pluginDir: "/a b", claudeArgs: ["--allowedTools", "Bash", "; rm -rf /"] }, ["-p", "--session-id", "u-1", "--plugin-dir", "/a b", "--allowedTools", "Bash", "; rm -rf /"]],
  ])("puts the session id first and the person's options last, as argv words (%#)", (run, expected) => {
    expect(phaseArgs(run)).toEqual(expected);
  });
});
