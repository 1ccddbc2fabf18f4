import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PHASE_SANDBOX_SETTINGS, phaseSandbox, phaseSettingsSources } from "../../src/run/phase-sandbox.js";
import { takeSettingsOption } from "../../src/run/phase-settings.js";

let root: string;
let home: string;
let project: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "loopkit phase sandbox "));
  home = path.join(root, "home");
  project = path.join(root, "project");
  mkdirSync(path.join(home, ".claude"), { recursive: true });
  mkdirSync(path.join(project, ".claude"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const decide = async (sandbox: boolean, flag: Record<string, unknown> | null = null) =>
  phaseSandbox(sandbox, await phaseSettingsSources({ HOME: home }, project, flag), home);

describe("loopkit run's sandbox", () => {
  it("is on by default: every phase gets it in --settings, and the agent counts as sandboxed with failIfUnavailable", async () => {
    writeFileSync(path.join(home, ".claude", "settings.json"), JSON.stringify({ sandbox: { enabled: false } }));
    expect(await decide(true)).toEqual({
      settings: PHASE_SANDBOX_SETTINGS,
      agent: {
        agent: "sandboxed",
        how: expect.stringMatching(/^loopkit run starts every phase with Claude Code's sandbox on/),
        fail_if_unavailable: true,
      },
    });
    expect(PHASE_SANDBOX_SETTINGS).toEqual({ enabled: true, failIfUnavailable: true, allowUnsandboxedCommands: false });
  });

  it("with --no-sandbox and no settings file turning it on, leaves the phases and the verifier unsandboxed", async () => {
    expect(await decide(false)).toEqual({
      settings: null,
      agent: { agent: "unsandboxed", how: expect.stringMatching(/--no-sandbox/), fail_if_unavailable: false },
    });
  });

  it.each([
    [
      "the person's settings",
      () =>
        writeFileSync(path.join(home, ".claude", "settings.json"), JSON.stringify({ sandbox: { enabled: true, failIfUnavailable: true } })),
      true,
      "settings.json",
    ],
    [
      "the project's settings",
      () => writeFileSync(path.join(project, ".claude", "settings.json"), JSON.stringify({ sandbox: { enabled: true } })),
      false,
      path.join("project", ".claude", "settings.json"),
    ],
    [
      "the project's local settings",
      () => writeFileSync(path.join(project, ".claude", "settings.local.json"), JSON.stringify({ sandbox: { enabled: true } })),
      false,
      "settings.local.json",
    ],
  ])(
    "with --no-sandbox still counts the agent as sandboxed when %s turn the sandbox on (the verifier follows)",
    async (_name, plant, fail, where) => {
      plant();
      const decided = await decide(false);
      expect(decided.settings).toBeNull();
      expect(decided.agent).toMatchObject({ agent: "sandboxed", fail_if_unavailable: fail });
      expect(decided.agent.how).toContain(where);
    },
  );

  it("with --no-sandbox counts a --settings of the person's own that turns it on", async () => {
    expect((await decide(false, { sandbox: { enabled: true, failIfUnavailable: true } })).agent).toMatchObject({
      agent: "sandboxed",
      fail_if_unavailable: true,
      how: expect.stringContaining("--settings"),
    });
  });
});

describe("takeSettingsOption", () => {
  it("takes the person's --settings (JSON or a file, either spelling) out of their options, later ones over earlier", () => {
    writeFileSync(path.join(root, "mine.json"), JSON.stringify({ model: "m", env: { A: "1" } }));
    expect(takeSettingsOption(["--allowedTools", "Bash", "--settings", "mine.json", '--settings={"model":"n"}', "-v"], root)).toEqual({
      settings: { model: "n", env: { A: "1" } },
      rest: ["--allowedTools", "Bash", "-v"],
    });
    expect(takeSettingsOption(["--allowedTools", "Bash"], root)).toEqual({ settings: null, rest: ["--allowedTools", "Bash"] });
  });
});
