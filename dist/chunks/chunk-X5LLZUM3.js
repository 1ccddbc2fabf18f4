import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;

// src/shared/errors.ts
var LoopkitError = class extends Error {
  code;
  value;
  hint;
  constructor(code, message, options = {}) {
    super(message, { cause: options.cause });
    this.name = "LoopkitError";
    this.code = code;
    this.value = options.value;
    this.hint = options.hint;
  }
};
function isLoopkitError(error, code) {
  if (typeof error !== "object" || error === null) return false;
  const candidate = error;
  return candidate.name === "LoopkitError" && (code === void 0 || candidate.code === code);
}
function formatError(error) {
  if (isLoopkitError(error)) return error.hint ? `${error.message} (${error.hint})` : error.message;
  return error instanceof Error ? error.message : String(error);
}

export {
  LoopkitError,
  isLoopkitError,
  formatError
};
