// The hook's half of a typed /loopkit:<kind> command: which UserPromptExpansion payloads are loopkit's,
// and, through the built bundle as Claude Code runs it, that the hook carries the request out and
// keeps the answer, or does nothing at all.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { skillRequestOf } from "../../src/hook/skill-request.js";
import { baseEnv, hookOutput, sendHook, useTempProject } from "../support/bundle-driver.js";

const expansion = (extra: Record<string, unknown> = {}) => ({
  session_id: "s-1",
  hook_event_name: "UserPromptExpansion",
  expansion_type: "slash_command",
  command_name: "loopkit:repeat",
  command_args: '5m "check it"',
  command_source: "plugin",
  prompt: '/loopkit:repeat 5m "check it"',
  ...extra,
});

describe("skillRequestOf", () => {
  it.each([
    ["loopkit's repeat skill", {}, { kind: "repeat", args: '5m "check it"' }],
    ["loopkit's auto-loop skill", { command_name: "loopkit:auto-loop", command_args: "--cancel" }, { kind: "auto-loop", args: "--cancel" }],
    ["no arguments", { command_args: undefined }, { kind: "repeat", args: "" }],
    [
      "a bare /repeat Claude Code resolved to loopkit's skill (the name it reports)",
      { prompt: "/repeat 5m x" },
      { kind: "repeat", args: '5m "check it"' },
    ],
  ])("takes %s", (_name, extra, wanted) => {
    expect(skillRequestOf(expansion(extra))).toEqual(wanted);
  });

  it.each([
    ["a project command that takes the name (.claude/commands/loopkit/repeat.md)", { command_source: "projectSettings" }],
    ["a user command that takes the name", { command_source: "userSettings" }],
    ["no source", { command_source: undefined }],
    ["an MCP prompt", { expansion_type: "mcp_prompt" }],
    ["another command", { command_name: "repeat" }],
    ["another plugin's skill", { command_name: "other:repeat" }],
    ["a name from Object's prototype", { command_name: "__proto__" }],
    ["a name that is no string", { command_name: 42 }],
    ["another event (a prompt typed or scheduled: UserPromptSubmit)", { hook_event_name: "UserPromptSubmit" }],
  ])("leaves alone %s", (_name, extra) => {
    expect(skillRequestOf(expansion(extra))).toBeNull();
  });
});

describe("the hook entry with a UserPromptExpansion payload", () => {
  const world = useTempProject("loopkit expansion");

  const runHook = (payload: Record<string, unknown> | string) =>
    sendHook(payload, {
      env: { ...baseEnv(world.tmp), CLAUDE_PROJECT_DIR: world.project, LOOPKIT_STATS_FILE: path.join(world.tmp, "stats.json") },
      pluginData: world.data,
    });
  const answer = () => JSON.parse(readFileSync(path.join(world.data, "answers", "s-1.json"), "utf8"));

  it("starts the loop with the person's rights and keeps the CLI's answer for the skill's command; prints nothing (its stdout would reach the model)", () => {
    expect(runHook(expansion())).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(answer()).toMatchObject({
      kind: "repeat",
      session_id: "s-1",
      args: '5m "check it"',
      exit_code: 0,
      loop_id: expect.stringMatching(/^loop-/),
      stdout: expect.stringContaining("loopkit repeat started"),
    });
    expect(existsSync(path.join(world.data, "sessions", "s-1.json"))).toBe(true);
  });

  it("keeps a refusal as the answer, exit code and all", () => {
    expect(runHook(expansion({ command_args: "5m --iterations 0 x" })).code).toBe(0);
    expect(answer()).toMatchObject({
      exit_code: 2,
      stdout: "",
      stderr: expect.stringMatching(/^loopkit: invalid --iterations "0"/),
      loop_id: null,
    });
    expect(existsSync(path.join(world.data, "sessions"))).toBe(false);
  });

  const blocked = (ran: { code: number | null; stdout: string }) => {
    expect(ran.code).toBe(0);
    const output = hookOutput(ran.stdout);
    expect(output).toMatchObject({ decision: "block" });
    return output!.reason!;
  };

  it("answers a typed --status itself: blocks the prompt with the answer (no model turn), writes nothing", () => {
    expect(blocked(runHook(expansion({ command_args: "--status" })))).toMatch(/^repeat: no loop has run in .*my project/);
    expect(existsSync(world.data)).toBe(false);
  });

  it("cancels only the loop of the session in the payload, and says so in place of the prompt", () => {
    expect(runHook(expansion()).code).toBe(0);
    const state = path.join(world.data, "repeat", "s-1.json");
    expect(blocked(runHook(expansion({ session_id: "s-2", command_args: "--cancel" })))).toMatch(
      /^loopkit: no active repeat loop to cancel/,
    );
    expect(JSON.parse(readFileSync(state, "utf8"))).toMatchObject({ phase: "running", final_status: null });
    expect(blocked(runHook(expansion({ command_args: "--cancel" })))).toMatch(/cancelled/i);
    expect(JSON.parse(readFileSync(state, "utf8"))).toMatchObject({ phase: "ended", final_status: "CANCELLED" });
  });

  it.each([
    ["arguments that are no string (taken as none: the usage)", { command_args: ["--status"] }],
    ["no session id", { session_id: undefined, command_args: "--status" }],
    ["a session id that is no id", { session_id: "../s-1", command_args: "--status" }],
    ["an event name of another case", { hook_event_name: "userpromptexpansion", command_args: "--status" }],
  ])("blocks nothing for a garbled payload (%s): the skill's own command answers", (_name, extra) => {
    expect(hookOutput(runHook(expansion(extra)).stdout)?.decision).toBeUndefined();
  });

  it("blocks nothing for input that is not JSON", () => {
    expect(runHook('{"hook_event_name":"UserPromptExpansion","command_args":"--status"').stdout).toBe("");
  });

  it("does nothing for a command of the project's that took loopkit's name", () => {
    expect(runHook(expansion({ command_source: "projectSettings" }))).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(existsSync(world.data)).toBe(false);
  });
});
