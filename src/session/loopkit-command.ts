// loopkit's own commands as the person types them. Dependency-free: the hook entry (hook.cjs) asks it.

/**
 * Whether a submitted prompt is one of loopkit's own commands as typed (`/loopkit:auto-loop --resume`,
 * the bare `/repeat` of newer Claude Code): never the person's word to the model. 2.1.197 submits it
 * after its expansion hook ran (a loop it starts then exists), 2.1.332 before.
 */
export function isLoopkitCommandPrompt(prompt: unknown): boolean {
  return typeof prompt === "string" && /^\s*\/(?:loopkit:)?(?:auto-loop|repeat)(?:\s|$)/.test(prompt);
}
