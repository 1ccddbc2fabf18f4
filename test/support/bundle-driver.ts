// The one driver of the tests that run the built bundle as Claude Code and a person do: `node dist/cli.js`
// with arguments, `node dist/hook.cjs [--background] [--plugin-data <dir>]` with a hook event's JSON on
// stdin, in a temp folder whose paths have spaces. The bundle is this run's build (test/support/build-plugin.ts).
// It imports nothing from src/: what it drives is the bundle.
import { execFile, spawn, spawnSync, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { builtPlugin, type BuiltPlugin } from "./built-plugin.js";

export type Env = Record<string, string>;

/** What a process left: its exit code, stdout and stderr. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** What Claude Code reads of a hook's run: its exit code, stderr and the JSON on its stdout (none when empty). */
export interface HookAnswer {
  code: number | null;
  stderr: string;
  output: { decision?: string; reason?: string; systemMessage?: string } | undefined;
}

/** The environment every run starts from: this PATH, and HOME where the test says (nothing else leaks in). */
export const baseEnv = (home: string): Env => ({ PATH: process.env.PATH ?? "", HOME: home });

/** A test's own folder, fresh for each test: `tmp`, with `project` ("my project") and `data` ("plugin data") in it. */
export interface TempProject {
  readonly tmp: string;
  readonly project: string;
  /** Not made: the tests see whether loopkit makes it. */
  readonly data: string;
}

/** Registers a fresh TempProject before each test (the project folder made) and its removal after. */
export function useTempProject(prefix: string): TempProject {
  let tmp = "";
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), `${prefix} `));
    mkdirSync(path.join(tmp, "my project"));
  });
  afterEach(() => rmSync(tmp, { recursive: true, force: true }));
  return {
    get tmp() {
      return tmp;
    },
    get project() {
      return path.join(tmp, "my project");
    },
    get data() {
      return path.join(tmp, "plugin data");
    },
  };
}

/** `node dist/cli.js <args>`, as a person types `loopkit <args>` (or a skill's command runs it); `plugin`: a copy to run instead of this run's build. */
export function runCli(args: string[], options: { env: Env; input?: string; cwd?: string; plugin?: BuiltPlugin }): Ran {
  const result = spawnSync(process.execPath, [(options.plugin ?? builtPlugin()).cli, ...args], {
    input: options.input ?? "",
    encoding: "utf8",
    env: options.env,
    cwd: options.cwd,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** `node dist/cli.js <args>` without waiting: for runs that must overlap. */
export function runCliAsync(args: string[], options: { env: Env }): Promise<Ran> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [builtPlugin().cli, ...args],
      { env: options.env, encoding: "utf8" },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

/** The hook's command line as hooks/hooks.json has Claude Code run it. */
export interface HookCall {
  env: Env;
  /** Claude Code's own data folder, as hooks.json passes `--plugin-data ${CLAUDE_PLUGIN_DATA}`. */
  pluginData?: string;
  /** The background twin of a hook (`hook.cjs --background`, Claude Code's `async` hooks). */
  background?: boolean;
}

const hookArgs = (call: HookCall) => [
  builtPlugin().hook,
  ...(call.background ? ["--background"] : []),
  ...(call.pluginData === undefined ? [] : ["--plugin-data", call.pluginData]),
];

const stdinOf = (payload: Record<string, unknown> | string) => (typeof payload === "string" ? payload : JSON.stringify(payload));

/** Sends one hook event (its payload, or raw stdin) to `node dist/hook.cjs` and waits for it to exit. */
export function sendHook(payload: Record<string, unknown> | string, call: HookCall): Ran {
  const result = spawnSync(process.execPath, hookArgs(call), { input: stdinOf(payload), encoding: "utf8", env: call.env });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The command line `sendHook` runs, for a test's own stand-in of Claude Code that starts the hook itself. */
export const hookCommand = (call: Omit<HookCall, "env">): string[] => [process.execPath, ...hookArgs({ ...call, env: {} })];

/** Starts a hook and returns at once (as Claude Code starts a Stop's background hook beside it); `exited` resolves when it ends. */
export function startHook(
  payload: Record<string, unknown>,
  call: HookCall,
): { child: ChildProcessWithoutNullStreams; exited: Promise<Ran & { at: number }> } {
  const child = spawn(process.execPath, hookArgs(call), { env: call.env, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  child.stdin.end(stdinOf(payload));
  const exited = new Promise<Ran & { at: number }>((resolve) =>
    child.on("exit", (code) => resolve({ code, stdout, stderr, at: Date.now() })),
  );
  return { child, exited };
}

/** The JSON a hook printed, or undefined when it printed nothing. */
export const hookOutput = (stdout: string): HookAnswer["output"] => (stdout.trim() ? JSON.parse(stdout) : undefined);

export const hookAnswer = (ran: Ran): HookAnswer => ({ code: ran.code, stderr: ran.stderr, output: hookOutput(ran.stdout) });

/** A hook event's payload as Claude Code sends it: the event's name and its fields. */
export const hookPayload = (event: string, fields: Record<string, unknown>): Record<string, unknown> => ({
  hook_event_name: event,
  ...fields,
});

/** A Stop hook's payload inside a loop's turn (stop_hook_active); no last_assistant_message or prompt_id when not given. */
export const stopPayload = (fields: {
  session_id: string;
  cwd: string;
  transcript_path: string;
  last_assistant_message?: string | undefined;
  prompt_id?: string | undefined;
}): Record<string, unknown> =>
  hookPayload("Stop", {
    session_id: fields.session_id,
    transcript_path: fields.transcript_path,
    cwd: fields.cwd,
    stop_hook_active: true,
    ...(fields.prompt_id ? { prompt_id: fields.prompt_id } : {}),
    ...(fields.last_assistant_message === undefined ? {} : { last_assistant_message: fields.last_assistant_message }),
  });
