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

  it("continues a conversation with --resume instead of --session-id", () => {
    expect(phaseArgs({ sessionId: "u-1", resume: true, pluginDir: null, claudeArgs: [], dataDir: "/d" }).slice(0, 3)).toEqual(["-p", "--resume", "u-1"]);
  });

  it.each([
    // Of several --settings claude keeps only the last (measured): the person's JSON gets the data folder merged in, and ours outranks theirs on that key.
    [["--settings", '{"model":"m","env":{"A":"1","LOOPKIT_DATA_DIR":"/evil"}}', "--model", "x"], '{"model":"m","env":{"A":"1","LOOPKIT_DATA_DIR":"/d"}}', ["--model", "x"]],
    [["--settings={\"env\":[1]}", "--settings", '{"permissions":{}}'], '{"permissions":{},"env":{"LOOPKIT_DATA_DIR":"/d"}}', []],
    // A settings file's path is left as it is (loopkit repeat reads such a file in as JSON text at its start).
    [["--settings", "my settings.json"], '{"env":{"LOOPKIT_DATA_DIR":"/d"}}', ["--settings", "my settings.json"]],
  ])("merges the data folder into the person's own --settings JSON (%#)", (claudeArgs, settings, rest) => {
    expect(phaseArgs({ sessionId: "u-1", pluginDir: null, claudeArgs, dataDir: "/d" })).toEqual(["-p", "--session-id", "u-1", "--settings", settings, ...rest]);
  });
});
