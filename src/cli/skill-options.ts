// The options of the commands a skill runs (repeat, auto-loop): which half of a slash command this
// process is (skill-request.ts), and the Claude Code process it serves.
import { InvalidArgumentError, type Command } from "commander";
import type { InvocationOptions } from "./invocation.js";

export interface SkillOptions extends InvocationOptions {
  argsStdin?: boolean;
  fromHook?: boolean;
  fromSkill?: boolean;
  claudePid?: number;
}

function pid(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new InvalidArgumentError("expected a process id");
  return n;
}

export function addSkillOptions(command: Command): Command {
  return command
    .option("--from-hook", "run by loopkit's UserPromptExpansion hook: carry out the request and keep the answer for the skill's command")
    .option("--from-skill", "run by the skill's command: answer read-only requests, show the hook's answer for the rest")
    .option(
      "--claude-pid <pid>",
      "the Claude Code process the hook serves (its --settings flag is read for sandbox.failIfUnavailable)",
      pid,
    );
}
