import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/session/output.ts
function toHookJson(decision) {
  if (!decision) return void 0;
  switch (decision.kind) {
    case "block":
      return { decision: "block", reason: decision.reason, ...decision.message ? { systemMessage: decision.message } : {} };
    case "allow":
      return decision.message ? { systemMessage: decision.message } : void 0;
    case "context":
      return {
        ...decision.message ? { systemMessage: decision.message } : {},
        ...decision.context ? { hookSpecificOutput: { hookEventName: decision.eventName, additionalContext: decision.context } } : {}
      };
  }
}
function withNotes(decision, notes) {
  if (notes.length === 0) return decision;
  const message = [decision.message, ...notes].filter(Boolean).join("\n");
  return decision.kind === "block" ? { ...decision, reason: `${decision.reason}

${notes.join("\n")}`, message } : { ...decision, message };
}

export {
  toHookJson,
  withNotes
};
