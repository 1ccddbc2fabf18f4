// The environment a settings file hands to hooks is the agent's to write (Claude Code 2.1.332 passes
// a `.claude/settings.local.json` `env` block written mid-session to later hooks). Measured here with
// the real CLI, and checked: none of it silences a loop or moves where loopkit works.
import { describe, expect, it } from "vitest";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FakeModel } from "./harness/fake-model.js";
import { CLAUDE_VERSION, runClaude, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";
import { bash, hookPrompts, isAudit, loopkitEnv, plugin, readHistory, status, writeSettingsEnv } from "./auto-loop-helpers.js";

let model: FakeModel;
let sandbox: Sandbox;
useModelAndSandbox({ tearDown: () => plugin.remove() }, (world) => ({ model, sandbox } = world));

/** Claude Code refuses --dangerously-skip-permissions to root unless told it runs in a sandbox; writing .claude/ needs it. */
const UNPROMPTED = ["--dangerously-skip-permissions"];
const ROOT_OK = { IS_SANDBOX: "1" };
const LATEST = CLAUDE_VERSION === "2.1.332";

/** A plugin whose Stop hook records its argv and a few variables, to see what a hook really gets. */
function probePlugin(): { dir: string; seen: () => any[] } {
  const dir = path.join(sandbox.root, "probe plugin");
  const out = path.join(sandbox.root, "probe.jsonl");
  mkdirSync(path.join(dir, ".claude-plugin"), { recursive: true });
  mkdirSync(path.join(dir, "hooks"), { recursive: true });
  writeFileSync(path.join(dir, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "probe" }));
  const names = ["CLAUDE_PLUGIN_DATA", "LOOPKIT_DATA_DIR", "VD_AUTOLOOP_DEPTH", "PROBE_X"];
  writeFileSync(
    path.join(dir, "probe.cjs"),
    `const e = process.env; require("fs").appendFileSync(${JSON.stringify(out)}, JSON.stringify({ argv: process.argv.slice(2), ${names.map((n) => `${n}: e.${n}`).join(", ")} }) + "\\n");`,
  );
  const hook = { type: "command", command: "node", args: ["${CLAUDE_PLUGIN_ROOT}/probe.cjs", "${CLAUDE_PLUGIN_DATA}"], timeout: 60 };
  writeFileSync(path.join(dir, "hooks", "hooks.json"), JSON.stringify({ hooks: { Stop: [{ hooks: [hook] }] } }));
  return {
    dir,
    seen: () =>
      readFileSync(out, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line)),
  };
}

describe(`what a hook sees after the agent writes a settings env block (Claude Code ${CLAUDE_VERSION})`, () => {
  it.each([
    ["the project's settings alone", false],
    ["a --settings flag beside them", true],
  ])(
    "with %s",
    async (_name, withFlag) => {
      const probe = probePlugin();
      const planted = {
        CLAUDE_PLUGIN_DATA: "/agent/plugin-data",
        LOOPKIT_DATA_DIR: "/agent/data",
        VD_AUTOLOOP_DEPTH: "1",
        PROBE_X: "project",
      };
      let turn = 0;
      model.setScript((request) =>
        request.kind !== "main"
          ? { text: "ok" }
          : ++turn === 1
            ? bash(writeSettingsEnv(planted))
            : turn === 2
              ? bash("sleep 2")
              : { text: "done" },
      );
      const flag = JSON.stringify({ env: { LOOPKIT_DATA_DIR: "/flag/data", PROBE_X: "flag" } });
      const result = await runClaude({
        model,
        sandbox,
        prompt: "write the settings",
        pluginDir: probe.dir,
        args: [...UNPROMPTED, ...(withFlag ? ["--settings", flag] : [])],
        env: { ...ROOT_OK, LOOPKIT_DATA_DIR: "/parent/data", CLAUDE_PLUGIN_DATA: "/parent/plugin-data" },
        timeoutMs: 120_000,
      });
      expect(result.exitCode, result.stderr).toBe(0);
      expect(JSON.parse(readFileSync(path.join(sandbox.project, ".claude", "settings.local.json"), "utf8"))).toEqual({ env: planted });
      const [seen] = probe.seen();
      // CLAUDE_PLUGIN_DATA, in the environment and substituted in args, is Claude Code's own: neither the parent's nor the project's.
      const own = path.join(sandbox.home, ".claude", "plugins", "data", "probe-inline");
      expect(seen.argv).toEqual([own]);
      expect(seen.CLAUDE_PLUGIN_DATA).toBe(own);
      if (withFlag) {
        // A --settings flag's env wins over the project's settings env.
        expect(seen).toMatchObject({ LOOPKIT_DATA_DIR: "/flag/data", PROBE_X: "flag" });
      } else if (LATEST) {
        // Everything else in the project's env block reaches the hook, over the parent's own value.
        expect(seen).toMatchObject({ LOOPKIT_DATA_DIR: "/agent/data", VD_AUTOLOOP_DEPTH: "1", PROBE_X: "project" });
      }
    },
    180_000,
  );
});

describe("settings env written by the agent mid-loop", () => {
  it("VD_AUTOLOOP_DEPTH does not silence the loop: the next Stop is still judged and the loop goes on to achieved", async () => {
    const plant = bash(`${writeSettingsEnv({ VD_AUTOLOOP_DEPTH: "1" })} && sleep 1`);
    let audits = 0;
    model.setScript((request) => {
      if (request.kind !== "main") return { text: "ok" };
      if (isAudit(request))
        return {
          text: ++audits === 1 ? '{"vote": "achieved", "reasons": ["hello.txt says hi"]}' : '{"vote": "achieved", "reasons": ["still"]}',
        };
      if (request.lastUserText.includes("loopkit auto-loop started")) return plant;
      if (request.lastUserText.includes("loopkit auto-loop")) return bash("echo hi > hello.txt");
      return { text: "Done with this step." };
    });
    const result = await runClaude({
      model,
      sandbox,
      prompt: '/loopkit:auto-loop make hello.txt say hi --verify test "$(cat hello.txt)" = hi --max-iterations 4',
      pluginDir: plugin.dir,
      args: UNPROMPTED,
      env: loopkitEnv(sandbox, ROOT_OK),
      timeoutMs: 150_000,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readFileSync(path.join(sandbox.project, ".claude", "settings.local.json"), "utf8")).toContain("VD_AUTOLOOP_DEPTH");
    // The hook judged every turn after the plant: the loop did not end `pursuing`, unjudged.
    expect(hookPrompts(result.requests).length).toBeGreaterThanOrEqual(1);
    expect(status(sandbox)).toMatchObject({ status: "achieved" });
    expect(readHistory(sandbox).some((h) => h.vote === "achieved")).toBe(true);
  }, 200_000);

  it("LOOPKIT_DATA_DIR does not redirect the hook away from a loop kept in Claude Code's own data folder: the loop goes on to achieved", async () => {
    // A fake data folder of the agent's, inside the project (a planted one, or a missing one, would silence the loop).
    const plant = bash(
      `mkdir -p fake/sessions && ${writeSettingsEnv({ LOOPKIT_DATA_DIR: path.join(sandbox.project, "fake") })} && sleep 1`,
    );
    model.setScript((request) => {
      if (request.kind !== "main") return { text: "ok" };
      if (isAudit(request)) return { text: '{"vote": "achieved", "reasons": ["hello.txt says hi"]}' };
      if (request.lastUserText.includes("loopkit auto-loop started")) return plant;
      if (request.lastUserText.includes("loopkit auto-loop")) return bash("echo hi > hello.txt");
      return { text: "Done with this step." };
    });
    const { LOOPKIT_DATA_DIR: _unset, ...person } = loopkitEnv(sandbox, ROOT_OK);
    const result = await runClaude({
      model,
      sandbox,
      prompt: '/loopkit:auto-loop make hello.txt say hi --verify test "$(cat hello.txt)" = hi --max-iterations 4',
      pluginDir: plugin.dir,
      args: UNPROMPTED,
      env: person,
      timeoutMs: 150_000,
    });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readFileSync(path.join(sandbox.project, ".claude", "settings.local.json"), "utf8")).toContain("LOOPKIT_DATA_DIR");
    const own = path.join(sandbox.home, ".claude", "plugins", "data", "loopkit-inline");
    expect(status(sandbox, { LOOPKIT_DATA_DIR: own })).toMatchObject({ status: "achieved" });
    expect(readdirSync(path.join(sandbox.project, "fake", "sessions"))).toEqual([]);
  }, 200_000);
});
