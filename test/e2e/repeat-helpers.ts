// Shared pieces of the /loopkit:repeat end-to-end tests: a fake model that answers each iteration
// prompt from a list and notes when it arrived, and readers for loopkit's files.
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { LoggedRequest, ScriptedReply } from "./harness/fake-model.js";
import { PLUGIN_DIR, type Sandbox } from "./harness/run-claude.js";

export const CLI = path.join(PLUGIN_DIR, "dist", "cli.js");
const run = promisify(execFile);

/** The data folder Claude Code gives the plugin under --plugin-dir (no LOOPKIT_DATA_DIR: the real path). */
export const pluginDataOf = (sandbox: Sandbox) => path.join(sandbox.home, ".claude", "plugins", "data", "loopkit-inline");
export const statsFileOf = (sandbox: Sandbox) => path.join(sandbox.root, "stats", "stats.json");

export function repeatEnv(sandbox: Sandbox, extra: Record<string, string> = {}): Record<string, string> {
  return { LOOPKIT_STATS_FILE: statsFileOf(sandbox), ...extra };
}

/**
 * A turn of the conversation that carries one of loopkit's iteration prompts: the last one in the
 * text (after an API error the failed turn's prompt stays in the same user message, before the next).
 */
export const iterationOf = (request: LoggedRequest): number | null => {
  if (request.kind !== "main") return null;
  const match = [...request.lastUserText.matchAll(/loopkit repeat: iteration (\d+)\/\d+/g)].at(-1);
  return match ? Number(match[1]) : null;
};

export interface IterationSeen {
  iteration: number;
  at: number;
  prompt: string;
}

/**
 * A script: `replies[i]` answers the prompt of iteration i+1 (a function gets the prompt text);
 * `afterTool` answers a tool result; anything else gets "ok". `seen` logs each iteration prompt with its arrival time.
 */
export function iterationScript(
  replies: Array<ScriptedReply | ((prompt: string) => ScriptedReply)>,
  afterTool?: (request: LoggedRequest) => ScriptedReply,
) {
  const seen: IterationSeen[] = [];
  const script = (request: LoggedRequest): ScriptedReply => {
    const iteration = iterationOf(request);
    if (iteration !== null) {
      seen.push({ iteration, at: Date.now(), prompt: request.lastUserText });
      const reply = replies[Math.min(seen.length, replies.length) - 1]!;
      return typeof reply === "function" ? reply(request.lastUserText) : reply;
    }
    if (request.kind === "main" && afterTool) return afterTool(request);
    return { text: "ok" };
  };
  return { script, seen };
}

export const result = (line: string, extra = "Checked."): ScriptedReply => ({ text: `${extra}\n${line}` });

export function readStats(sandbox: Sandbox): any {
  return JSON.parse(readFileSync(statsFileOf(sandbox), "utf8"));
}

/** `loopkit repeat <args>` run as a person would from another terminal. */
export async function repeatCli(sandbox: Sandbox, args: string[], env: Record<string, string> = {}) {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, "repeat", "--project", sandbox.project, ...args], {
      env: { PATH: process.env.PATH ?? "", HOME: sandbox.home, ...repeatEnv(sandbox), ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

export async function status(sandbox: Sandbox, env: Record<string, string> = {}): Promise<any> {
  return JSON.parse((await repeatCli(sandbox, ["--status", "--json"], env)).stdout);
}

export const markerExists = (dataDir: string, sessionId: string) => existsSync(path.join(dataDir, "sessions", `${sessionId}.json`));

/** The systemMessage lines loopkit's Stop hook printed, in order. */
export function stopMessages(hookEvents: any[]): string[] {
  return hookEvents
    .filter((event) => event.hook_event === "Stop" && event.subtype === "hook_response" && event.stdout)
    .map((event) => JSON.parse(event.stdout).systemMessage as string | undefined)
    .filter((message): message is string => typeof message === "string");
}
