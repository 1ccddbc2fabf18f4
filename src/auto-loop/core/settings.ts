// Time limits that are not caps: defaults for people, environment overrides for tests and slow machines.

/** How long one verifier run may take. */
const DEFAULT_VERIFIER_TIMEOUT_MS = 10 * 60_000;

const DEFAULT_AUDIT_TIMEOUT_MS = 10 * 60_000;

/** A loop whose heartbeat is older than this may be taken over with --takeover. */
const DEFAULT_STALE_MS = 30 * 60_000;

/** The first wait after an API error; Claude Code has already retried the request itself by then. */
const DEFAULT_API_RETRY_MS = 30_000;

/** How long a `loopkit run` phase may go without a line before it says what it waits for. */
const DEFAULT_PROGRESS_MS = 60_000;

/** The context window --restart-pct is measured against (1M-token models: set LOOPKIT_CONTEXT_WINDOW). */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

export interface Settings {
  contextWindow: number;
  verifierTimeoutMs: number;
  auditTimeoutMs: number;
  staleMs: number;
  /** The first wait before a turn that died of an API error is tried again (doubling, at most 5 minutes). */
  apiRetryMs: number;
  /** At least this often, a line from `loopkit run` while a phase runs. */
  progressMs: number;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

export function readSettings(env: NodeJS.ProcessEnv): Settings {
  return {
    contextWindow: positive(env, "LOOPKIT_CONTEXT_WINDOW", DEFAULT_CONTEXT_WINDOW),
    verifierTimeoutMs: positive(env, "LOOPKIT_VERIFIER_TIMEOUT_MS", DEFAULT_VERIFIER_TIMEOUT_MS),
    auditTimeoutMs: positive(env, "LOOPKIT_AUDIT_TIMEOUT_MS", DEFAULT_AUDIT_TIMEOUT_MS),
    staleMs: positive(env, "LOOPKIT_STALE_MS", DEFAULT_STALE_MS),
    apiRetryMs: positive(env, "LOOPKIT_API_RETRY_MS", DEFAULT_API_RETRY_MS),
    progressMs: positive(env, "LOOPKIT_PROGRESS_MS", DEFAULT_PROGRESS_MS),
  };
}
