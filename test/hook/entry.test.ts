// The hook entry through the built bundle, as Claude Code runs it: `node dist/hook.cjs` with JSON on stdin.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { hookPayload, sendHook, useTempProject } from "../support/bundle-driver.js";

const world = useTempProject("loopkit hook");
// The data folder is made: the hook must find it there, empty, and the payload's cwd names it.
let data: string;
beforeEach(() => {
  data = world.data;
  mkdirSync(data);
});

const runHook = (stdin: string, env: Record<string, string> = {}, pluginData?: string) =>
  sendHook(stdin, { env: { PATH: process.env.PATH ?? "", HOME: data, LOOPKIT_DATA_DIR: data, ...env }, pluginData });

const stop = (extra: Record<string, unknown> = {}) =>
  JSON.stringify(
    hookPayload("Stop", {
      session_id: "s-123",
      transcript_path: "/nowhere.jsonl",
      cwd: data,
      stop_hook_active: false,
      last_assistant_message: "hi",
      ...extra,
    }),
  );

describe("hook entry", () => {
  it("prints nothing and exits 0 when the session owns no loop", () => {
    expect(runHook(stop())).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it.each([
    ["garbage", "not json at all"],
    ["truncated JSON", stop().slice(0, 40)],
    ["empty input", ""],
    ["a JSON array", "[1,2]"],
    ["null", "null"],
  ])("on %s: one clear stderr line, exit 0, never blocks", (_name, input) => {
    const result = runHook(input);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).toMatch(/^loopkit: ignoring hook input/);
  });

  it.each([
    ["missing", { session_id: undefined }],
    ["empty", { session_id: "" }],
    ["a path", { session_id: "../../etc/passwd" }],
    ["a number", { session_id: 42 }],
  ])("refuses a session id that is %s and acts on nothing", (_name, extra) => {
    mkdirSync(path.join(data, "sessions"), { recursive: true });
    const result = runHook(stop(extra));
    expect(result.code).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/session_id/);
  });

  it("does nothing inside a nested run started by loopkit (VD_AUTOLOOP_DEPTH), whose fresh session owns no loop", () => {
    expect(runHook(stop(), { VD_AUTOLOOP_DEPTH: "1" })).toEqual({ code: 0, stdout: "", stderr: "" });
  });

  it("still acts for a session that owns a loop when VD_AUTOLOOP_DEPTH comes from elsewhere (a settings file's env)", () => {
    mkdirSync(path.join(data, "sessions"), { recursive: true });
    writeFileSync(path.join(data, "sessions", "s-123.json"), "{ corrupt");
    const result = runHook(stop(), { VD_AUTOLOOP_DEPTH: "1" });
    expect(result.stderr).toMatch(/VD_AUTOLOOP_DEPTH is set in a session that owns a loop/);
    expect(JSON.parse(result.stdout).systemMessage).toMatch(/kept it as/);
    expect(existsSync(path.join(data, "sessions", "s-123.json"))).toBe(false);
  });

  describe("--plugin-data (Claude Code's own data folder, which a settings env block cannot change)", () => {
    let own: string;
    beforeEach(() => {
      own = path.join(data, "claude code's own");
      mkdirSync(path.join(own, "sessions"), { recursive: true });
    });

    it("holds this session's marker: the hook works there, whatever LOOPKIT_DATA_DIR says", () => {
      writeFileSync(path.join(own, "sessions", "s-123.json"), "{ corrupt");
      const elsewhere = path.join(data, "agent's folder");
      const result = runHook(stop(), { LOOPKIT_DATA_DIR: elsewhere }, own);
      expect(JSON.parse(result.stdout).systemMessage).toMatch(/not valid JSON.*kept it as/);
      expect(readdirSync(path.join(own, "sessions"))[0]).toMatch(/^s-123\.json\.corrupt-/);
    });

    it("holds no marker of this session: the hook looks in LOOPKIT_DATA_DIR as before", () => {
      mkdirSync(path.join(data, "sessions"), { recursive: true });
      writeFileSync(path.join(data, "sessions", "s-123.json"), "{ corrupt");
      const result = runHook(stop(), {}, own);
      expect(JSON.parse(result.stdout).systemMessage).toMatch(/kept it as/);
      expect(readdirSync(path.join(own, "sessions"))).toEqual([]);
    });

    it("is ignored when it is not an absolute path", () => {
      writeFileSync(path.join(own, "sessions", "s-123.json"), "{ corrupt");
      expect(runHook(stop(), {}, path.relative(process.cwd(), own))).toEqual({ code: 0, stdout: "", stderr: "" });
    });
  });

  it("keeps a corrupt session marker aside, says so, and lets the session end", () => {
    mkdirSync(path.join(data, "sessions"), { recursive: true });
    writeFileSync(path.join(data, "sessions", "s-123.json"), "{ corrupt");
    const result = runHook(stop());
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as { decision?: string; systemMessage?: string };
    expect(output.decision).toBeUndefined();
    expect(output.systemMessage).toMatch(/not valid JSON.*kept it as/);
    const left = readdirSync(path.join(data, "sessions"));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^s-123\.json\.corrupt-/);
  });

  it("ends at once, loading nothing, on an event the marker's loop kind does not act on", () => {
    mkdirSync(path.join(data, "sessions"), { recursive: true });
    const stateFile = path.join(data, "repeat", "s-123.json");
    mkdirSync(path.dirname(stateFile), { recursive: true });
    writeFileSync(stateFile, "{ corrupt");
    const marker = {
      version: 1,
      kind: "repeat",
      loop_id: "l-1",
      project_dir: data,
      state_file: stateFile,
      created_at: new Date(0).toISOString(),
    };
    writeFileSync(path.join(data, "sessions", "s-123.json"), JSON.stringify(marker));
    // The active path would keep the corrupt state aside and say so; a prompt the person types never gets there.
    expect(runHook(stop({ hook_event_name: "UserPromptSubmit", prompt: "hi" }))).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(readdirSync(path.dirname(stateFile))).toEqual(["s-123.json"]);
    // A Stop does get there.
    expect(JSON.parse(runHook(stop()).stdout).systemMessage).toMatch(/loopkit repeat stopped: .*not valid JSON/);
  });

  it("ignores a payload of an event it does not handle, even with a marker", () => {
    mkdirSync(path.join(data, "sessions"), { recursive: true });
    writeFileSync(path.join(data, "sessions", "s-123.json"), "{}");
    const result = runHook(stop({ hook_event_name: "PreToolUse" }));
    expect(result).toMatchObject({ code: 0, stdout: "" });
    expect(result.stderr).toMatch(/does not understand/);
  });
});
