import { describe, expect, it } from "vitest";
import { phaseArgs } from "../../src/run/claude-phase.js";

describe("phaseArgs", () => {
  it.each([
    [{ sessionId: "u-1", pluginDir: null, claudeArgs: [], dataDir: "/d" }, ["-p", "--session-id", "u-1", "--settings", '{"env":{"LOOPKIT_DATA_DIR":"/d"}}']],
    [
      { sessionId: "u-1", pluginDir: "/a b", claudeArgs: ["--allowedTools", "Bash", "; rm -rf /"], dataDir: '/x "y"' },
      ["-p", "--session-id", "u-1", "--settings", '{"env":{"LOOPKIT_DATA_DIR":"/x \\"y\\""}}', "--plugin-dir", "/a b", "--allowedTools", "Bash", "; rm -rf /"],
    ],
  ])("puts the session id and the data folder (as --settings env) first and the person's options last, as argv words (%#)", (run, expected) => {
    expect(phaseArgs(run)).toEqual(expected);
  });
});
