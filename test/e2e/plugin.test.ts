// The plugin as Claude Code sees it, through the real pinned CLI, offline against the fake model.
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { mainRequests, type FakeModel } from "./harness/fake-model.js";
import { CLAUDE_VERSION, claudeCommand, PLUGIN_DIR, REPO_ROOT, runClaude, traceNodeProcesses, type Sandbox } from "./harness/run-claude.js";
import { useModelAndSandbox } from "./harness/lifecycle.js";

let model: FakeModel;
let sandbox: Sandbox;

useModelAndSandbox({ sandbox: "file" }, (world) => ({ model, sandbox } = world));

/** A copy of the shipped plugin folder (no node_modules, no sources) in a folder whose path has a space. */
async function copyPlugin(): Promise<string> {
  const dir = path.join(sandbox.root, "plugin copy");
  await cp(PLUGIN_DIR, dir, { recursive: true });
  return dir;
}

describe("claude plugin validate --strict", () => {
  // plugin.json declares no `network` field: 2.1.197 warns about it as unknown, which --strict fails
  // on, while 2.1.332 only reports "Hosts not declared" among the hosts it lists, not as a warning.
  it.each([
    ["the repository (its marketplace manifest)", REPO_ROOT],
    ["the plugin folder, with its skills and hooks", PLUGIN_DIR],
    ["the plugin manifest", path.join(PLUGIN_DIR, ".claude-plugin/plugin.json")],
  ])("passes on %s with no warning", async (_label, target) => {
    const strict = await claudeCommand({ model, sandbox, args: ["plugin", "validate", "--strict", target] });
    expect(strict.stdout).toContain("Validation passed");
    expect(strict.stdout).not.toMatch(/warning|ICON_MISSING|README_MISSING/i);
    expect(strict.exitCode).toBe(0);
    if (CLAUDE_VERSION === "2.1.332" && target === PLUGIN_DIR) {
      // Its plugin-directory checks too, and what the plugin provides: bin/ holds the one command.
      expect(strict.stdout).toContain("These checks found nothing to report");
      expect(strict.stdout).toMatch(/^\s*❯ bin: loopkit$/m);
      expect(strict.stdout).not.toMatch(/❯ bin: (?!loopkit$)/m);
      const report = JSON.parse(
        (await claudeCommand({ model, sandbox, args: ["plugin", "validate", "--strict", "--json", target] })).stdout,
      );
      expect(report).toMatchObject({
        success: true,
        manifest: { errors: [], warnings: [] },
        advice: [],
        directory: { findings: [] },
        provides: { bin: ["loopkit"] },
      });
    }
  });

  it("with a network field, fails on 2.1.197 and stops reporting undeclared hosts on 2.1.332 (why plugin.json has none)", async () => {
    const dir = await copyPlugin();
    const manifest = path.join(dir, ".claude-plugin", "plugin.json");
    await writeFile(manifest, JSON.stringify({ ...JSON.parse(await readFile(manifest, "utf8")), network: { hosts: [] } }));
    const strict = await claudeCommand({ model, sandbox, args: ["plugin", "validate", "--strict", dir] });
    if (CLAUDE_VERSION === "2.1.197") {
      expect(strict.stdout).toContain("network: Unknown field 'network'");
      expect(strict.exitCode).toBe(1);
    } else {
      expect(strict.stdout).not.toContain("Hosts not declared");
      expect(strict.exitCode).toBe(0);
    }
  });

  it("fails on a plugin whose hook has no command (the check can fail)", async () => {
    const broken = path.join(sandbox.root, "broken plugin");
    await mkdir(path.join(broken, ".claude-plugin"), { recursive: true });
    await mkdir(path.join(broken, "hooks"));
    await writeFile(
      path.join(broken, ".claude-plugin/plugin.json"),
      JSON.stringify({ name: "broken", version: "1.0.0", description: "d", author: { name: "a" } }),
    );
    await writeFile(path.join(broken, "hooks/hooks.json"), JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command" }] }] } }));
    const result = await claudeCommand({ model, sandbox, args: ["plugin", "validate", "--strict", broken] });
    // 2.1.197 names the field (`hooks.Stop.0.hooks.0.command`); 2.1.332 names the hook, then the field.
    expect(result.stdout).toMatch(/hooks\.Stop\.0\.hooks\.0(\.command|: Invalid command hook \(command:)/);
    expect(result.exitCode).toBe(1);
    expect(model.unexpected).toEqual([]);
  });
});

describe("a session with the plugin loaded and no loop running", () => {
  it("makes exactly one model request, runs loopkit's UserPromptSubmit and Stop hooks, which decide nothing, and exits 0", async () => {
    expect(sandbox.root).toContain(" ");
    const pluginDir = await copyPlugin();
    const trace = await traceNodeProcesses(sandbox);
    model.setScript([{ text: "Hello back." }]);

    const run = await runClaude({ model, sandbox, prompt: "hello", pluginDir, env: trace.env });

    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.requests).toHaveLength(1);
    expect(mainRequests(run.requests)[0]!.lastUserText).toBe("hello");
    expect(model.unexpected).toEqual([]);
    expect(run.result).toMatchObject({ subtype: "success", is_error: false, num_turns: 1, result: "Hello back." });

    // The hooks that ran (UserPromptSubmit; Stop and its background twin; SessionEnd; SessionStart is
    // registered for resume|compact only) are loopkit's own bundle, started from the spaced plugin path.
    const hook = path.join(pluginDir, "dist/hook.cjs");
    const started = (await trace.read()).map((p) => p.argv.slice(1));
    // Each also gets Claude Code's own data folder as an argument (substituted by Claude Code, out of any settings env's reach).
    const own = ["--plugin-data", path.join(sandbox.home, ".claude", "plugins", "data", "loopkit-inline")];
    expect(started.map((argv) => JSON.stringify(argv)).sort()).toEqual(
      [
        [hook, ...own],
        [hook, ...own],
        [hook, ...own],
        [hook, "--background", ...own],
      ]
        .map((argv) => JSON.stringify(argv))
        .sort(),
    );
    const promptHooks = run.hookEvents.filter((event) => event.hook_event === "UserPromptSubmit" && event.subtype === "hook_response");
    expect(promptHooks).toMatchObject([{ outcome: "success", exit_code: 0, stdout: "", stderr: "" }]);
    expect(run.hookEvents.some((event) => event.hook_event === "SessionStart")).toBe(false);
    // No decision: nothing on stdout (no block, no systemMessage), nothing on stderr, exit 0.
    const stopResponses = run.hookEvents.filter((event) => event.hook_event === "Stop" && event.subtype === "hook_response");
    expect(stopResponses.length).toBeGreaterThan(0);
    for (const response of stopResponses)
      expect(response).toMatchObject({ outcome: "success", exit_code: 0, stdout: "", stderr: "", output: "" });
    expect(run.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
