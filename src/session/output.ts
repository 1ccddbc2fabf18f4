// What a hook handler returns: plain values. Only the hook's main() turns them into stdout JSON.

/** Stop/SubagentStop: continue the session with `reason` as the next user turn, or let it end. */
export type StopDecision = { kind: "block"; reason: string; message?: string } | { kind: "allow"; message?: string };

/** SessionStart/UserPromptSubmit: text to add to the model's context, and/or a line for the person. */
export type ContextDecision = { kind: "context"; eventName: "SessionStart" | "UserPromptSubmit"; context?: string; message?: string };

export type HookDecision = StopDecision | ContextDecision;

/** What a background (asyncRewake) hook ends with: wake the session with `prompt` as a new turn, or nothing. */
export type WakeDecision = { kind: "wake"; prompt: string; message?: string } | { kind: "none"; message?: string };

/** The JSON Claude Code expects on stdout for a decision; undefined means print nothing. */
export function toHookJson(decision: HookDecision | undefined): Record<string, unknown> | undefined {
  if (!decision) return undefined;
  switch (decision.kind) {
    case "block":
      return { decision: "block", reason: decision.reason, ...(decision.message ? { systemMessage: decision.message } : {}) };
    case "allow":
      return decision.message ? { systemMessage: decision.message } : undefined;
    case "context":
      return {
        ...(decision.message ? { systemMessage: decision.message } : {}),
        ...(decision.context ? { hookSpecificOutput: { hookEventName: decision.eventName, additionalContext: decision.context } } : {}),
      };
  }
}

/** `decision` with `notes` added: to the next prompt when it continues the session, and to the person's line. */
export function withNotes(decision: StopDecision, notes: string[]): StopDecision {
  if (notes.length === 0) return decision;
  const message = [decision.message, ...notes].filter(Boolean).join("\n");
  return decision.kind === "block"
    ? { ...decision, reason: `${decision.reason}\n\n${notes.join("\n")}`, message }
    : { ...decision, message };
}
