// loopkit's own commands as the person types them. Dependency-free: the hook entry (hook.cjs) asks it.

/**
 * Whether a submitted prompt is one of loopkit's own commands as typed (`/loopkit:auto-loop --resume`,
 * the bare `/repeat` of newer Claude Code): never the person's word to the model. 2.1.197 submits it
 * after its expansion hook ran (a loop it starts then exists), 2.1.332 before.
 */
export function isLoopkitCommandPrompt(prompt: unknown): boolean {
  return typeof prompt === "string" && /^\s*\/(?:loopkit:)?(?:auto-loop|repeat)(?:\s|$)/.test(prompt);
}

/**
 * Whether a prompt Claude Code submits on its own is one of its notices, never the person's word: a
 * background task that ended (`<task-notification>`, submitted as a prompt by 2.1.332 when a task
 * ends, loopkit's sweep of what the agent left running included).
 */
export function isClaudeCodeNotice(prompt: unknown): boolean {
  return typeof prompt === "string" && /^\s*<task-notification>/.test(prompt);
}

/** Whether a submitted or queued prompt is no word of the person's: loopkit's own typed command, or Claude Code's own notice. */
export const isNotThePersonsWord = (prompt: unknown): boolean => isLoopkitCommandPrompt(prompt) || isClaudeCodeNotice(prompt);
