// Errors with a stable `code`, the offending value and the next step for the person.
// Callers check `code`, never `instanceof`: each bundled entry point may carry its own copy of a class.

export type LoopkitErrorCode =
  | "USAGE"
  | "STATE_CORRUPT"
  | "STATE_LOCKED"
  /** loopkit's data folder cannot be written from this process (Claude Code's sandbox keeps it read-only). */
  | "READ_ONLY"
  | "LOOP_ACTIVE"
  | "NO_LOOP"
  | "NO_SESSION"
  /** A file the person named (a goal file) is not there: not a usage error, the words were fine. */
  | "FILE_NOT_FOUND"
  | "HOOK_INPUT"
  /** A /loopkit:<kind> command that writes, with no answer from loopkit's UserPromptExpansion hook: nothing was done. */
  | "NO_HOOK"
  | "CODEX_UNAVAILABLE"
  | "CODEX_TOO_OLD"
  | "CODEX_NOT_LOGGED_IN"
  | "CODEX_GOALS_DISABLED"
  | "CODEX_PROTOCOL"
  | "CHECKPOINT_FAILED"
  /** A sandbox was asked for and none can start here. */
  | "SANDBOX_UNAVAILABLE"
  | "NO_CHECKPOINT"
  /** A restore stopped partway (a full disk, a read-only folder): what was restored and what not is in the message. */
  | "RESTORE_INCOMPLETE"
  /** loopkit's own record of the project (src/evidence) could not be taken or read: the turn is never judged achieved. */
  | "EVIDENCE_FAILED"
  /** A step ran past the one deadline of its hook event (src/shared/deadline.ts). */
  | "DEADLINE"
  /** The disk or quota holding loopkit's data is full: a write failed and the file's last good version is kept. */
  | "NO_SPACE"
  /** The verifier cannot run at all (not found, not executable, a missing npm script): no loop starts. */
  | "VERIFIER_CANNOT_RUN";

export class LoopkitError extends Error {
  readonly code: LoopkitErrorCode;
  readonly value: unknown;
  readonly hint: string | undefined;

  constructor(code: LoopkitErrorCode, message: string, options: { value?: unknown; hint?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = "LoopkitError";
    this.code = code;
    this.value = options.value;
    this.hint = options.hint;
  }
}

/** True when `error` is a LoopkitError (by shape, so copies of the class from other bundles count). */
export function isLoopkitError(error: unknown, code?: LoopkitErrorCode): error is LoopkitError {
  if (typeof error !== "object" || error === null) return false;
  const candidate = error as { name?: unknown; code?: unknown };
  return candidate.name === "LoopkitError" && (code === undefined || candidate.code === code);
}

/** One line for a person: the message and, when known, what to run next. */
export function formatError(error: unknown): string {
  if (isLoopkitError(error)) return error.hint ? `${error.message} (${error.hint})` : error.message;
  return error instanceof Error ? error.message : String(error);
}
