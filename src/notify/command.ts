// The person's notify command: set in the plugin's userConfig (notify_command), which Claude Code keeps
// in the person's own ~/.claude/settings.json under pluginConfigs. It is read from there, in the home
// folder of the OS user, and never from the environment or the project: a project's settings can set
// both the CLAUDE_PLUGIN_OPTION_* variables and HOME for hooks, and this command runs outside any sandbox.
import { spawn } from "node:child_process";
import path from "node:path";
import { pluginOption, userHome } from "../state/person-settings.js";
import { killGroup, killGroupAfter } from "../shared/process-group.js";
import type { LoopEvent } from "./event-schema.js";

export const NOTIFY_TIMEOUT_MS = 10_000;
/** POSIX: a fixed PATH, so a PATH a project's settings hand to hooks cannot choose the program. */
const SAFE_PATH = "/usr/local/bin:/opt/homebrew/bin:/usr/bin:/bin:/usr/sbin:/sbin";

export { userHome };

/** The notify command from `<home>/.claude/settings.json` (any `loopkit@<marketplace>` entry), or null. */
export function notifyCommand(home: string): string | null {
  const command = pluginOption(home, "notify_command");
  return typeof command === "string" && command.trim() ? command.trim() : null;
}

/**
 * Runs the notify command with the event as JSON on stdin, in the home folder, for at most 10 s. Never
 * throws: returns null when it ran (or none is set), else one line on what went wrong, for the person.
 */
export async function notifyPerson(
  event: LoopEvent,
  home: string = userHome(),
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = NOTIFY_TIMEOUT_MS,
): Promise<string | null> {
  const command = notifyCommand(home);
  if (!command) return null;
  // A $HOME that is not the OS user's home (a test sandbox, or one a project's settings set) means this
  // is not the person's own environment: it can only switch notifying off, never redirect it. Said, not silent.
  if (env.HOME && path.resolve(env.HOME) !== path.resolve(home))
    return `loopkit: your notify_command was not run: HOME (${env.HOME}) is not your account's home (${home}), so this may not be your own environment`;
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      cwd: home,
      env:
        process.platform === "win32"
          ? env
          : {
              PATH: SAFE_PATH,
              HOME: home,
              LANG: env.LANG ?? "C.UTF-8",
              ...(env.DISPLAY ? { DISPLAY: env.DISPLAY } : {}),
              ...(env.DBUS_SESSION_BUS_ADDRESS ? { DBUS_SESSION_BUS_ADDRESS: env.DBUS_SESSION_BUS_ADDRESS } : {}),
            },
      detached: process.platform !== "win32",
      stdio: ["pipe", "ignore", "ignore"],
    });
    const deadline = killGroupAfter(child, timeoutMs);
    child.stdin.on("error", () => undefined);
    child.stdin.end(`${JSON.stringify(event)}\n`);
    child.on("error", (error) => {
      deadline.clear();
      resolve(`loopkit: the notify command could not start (${error.message})`);
    });
    child.on("exit", (code, signal) => {
      deadline.clear();
      killGroup(child, "SIGKILL");
      if (deadline.timedOut()) resolve(`loopkit: the notify command took over ${timeoutMs / 1000} s and was stopped`);
      else if (code !== 0) resolve(`loopkit: the notify command failed (${code === null ? `signal ${signal}` : `exit ${code}`})`);
      else resolve(null);
    });
  });
}
