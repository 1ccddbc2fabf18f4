import { describe, expect, it } from "vitest";
import { phaseArgs } from "../../src/run/claude-phase.js";
import { PHASE_SANDBOX_SETTINGS } from "../../src/run/phase-sandbox.js";

const none = { settings: null, sandbox: null };

describe("phaseArgs", () => {
  it.each([
    [
      { sessionId: "u-1", pluginDir: null, claudeArgs: [], dataDir: "/d", ...none },
      ["-p", "--session-id", "u-1", "--settings", '{"env":{"LOOPKIT_DATA_DIR":"/d"}}'],
    ],
    [
      { sessionId: "u-1", pluginDir: "/a b", claudeArgs: ["--allowedTools", "Bash", "; rm -rf /"], dataDir: '/x "y"', ...none },
      [
        "-p",
        "--session-id",
        "u-1",
        "--settings",
        '{"env":{"LOOPKIT_DATA_DIR":"/x \\"y\\""}}',
        "--plugin-dir",
        "/a b",
        "--allowedTools",
        "Bash",
        "; rm -rf /",
      ],
    ],
  ])(
    "puts the session id and the data folder (as --settings env) first and the person's options last, as argv words (%#)",
    (run, expected) => {
      expect(phaseArgs(run)).toEqual(expected);
    },
  );

  it("continues a conversation with --resume instead of --session-id", () => {
    expect(
      phaseArgs({ sessionId: "u-1", resume: true, pluginDir: null, claudeArgs: [], dataDir: "/d", settings: null, sandbox: null }).slice(
        0,
        3,
      ),
    ).toEqual(["-p", "--resume", "u-1"]);
  });

  it("turns the sandbox on in the same --settings, over the person's own settings, keeping the rest of theirs", () => {
    const theirs = {
      env: { FOO: "1", LOOPKIT_DATA_DIR: "/planted" },
      sandbox: { enabled: false, network: { allowedDomains: ["example.com"] } },
      model: "x",
    };
    const args = phaseArgs({
      sessionId: "u-1",
      pluginDir: null,
      claudeArgs: [],
      dataDir: "/d",
      settings: theirs,
      sandbox: { ...PHASE_SANDBOX_SETTINGS },
    });
    expect(args.filter((word) => word === "--settings")).toHaveLength(1);
    expect(JSON.parse(args[4]!)).toEqual({
      model: "x",
      env: { FOO: "1", LOOPKIT_DATA_DIR: "/d" },
      sandbox: { enabled: true, failIfUnavailable: true, allowUnsandboxedCommands: false, network: { allowedDomains: ["example.com"] } },
    });
  });

  it("leaves the person's sandbox block alone with --no-sandbox", () => {
    const args = phaseArgs({
      sessionId: "u-1",
      pluginDir: null,
      claudeArgs: [],
      dataDir: "/d",
      settings: { sandbox: { enabled: false } },
      sandbox: null,
    });
    expect(JSON.parse(args[4]!)).toEqual({ sandbox: { enabled: false }, env: { LOOPKIT_DATA_DIR: "/d" } });
  });
});
