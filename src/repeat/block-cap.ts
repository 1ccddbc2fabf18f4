// Claude Code (2.1.197, measured) ends a turn once a Stop hook has continued it more than
// CLAUDE_CODE_STOP_HOOK_BLOCK_CAP times in a row (default 8; 0 or less disables it) without a tool
// call in between. A long loop of a prompt that uses no tool would hit it; the person should know.
import { splitSlashCommand } from "./args.js";

const DEFAULT_CAP = 8;

/** A line for the person when this loop may outrun the cap, else null. */
export function blockCapWarning(command: string, maxIterations: number, env: NodeJS.ProcessEnv): string | null {
  // A slash command runs through the Skill tool every iteration, which resets Claude Code's count.
  if (splitSlashCommand(command)) return null;
  const raw = env.CLAUDE_CODE_STOP_HOOK_BLOCK_CAP;
  const cap = raw !== undefined && raw.trim() !== "" && Number.isFinite(Number(raw)) ? Math.floor(Number(raw)) : DEFAULT_CAP;
  if (cap <= 0 || maxIterations - 1 <= cap) return null;
  return `Claude Code ends a turn after ${cap} Stop-hook continuations in a row that ran no tool, so if these iterations use no tool the loop pauses after iteration ${cap + 1} (resume it with /loopkit:repeat --resume). To lift that limit, start Claude Code with CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=0.`;
}
