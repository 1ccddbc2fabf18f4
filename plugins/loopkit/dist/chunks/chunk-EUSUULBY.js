import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/session/loopkit-command.ts
function isLoopkitCommandPrompt(prompt) {
  return typeof prompt === "string" && /^\s*\/(?:loopkit:)?(?:auto-loop|repeat)(?:\s|$)/.test(prompt);
}
function isClaudeCodeNotice(prompt) {
  return typeof prompt === "string" && /^\s*<task-notification>/.test(prompt);
}
var isNotThePersonsWord = (prompt) => isLoopkitCommandPrompt(prompt) || isClaudeCodeNotice(prompt);

export {
  isNotThePersonsWord
};
