// Time limits that are not caps: defaults for people, environment overrides for tests and slow machines.
import { DEFAULT_AUDIT_TIMEOUT_MS } from "./audit.js";
import { DEFAULT_VERIFIER_TIMEOUT_MS } from "./verifier.js";

/** A loop whose heartbeat is older than this may be taken over with --takeover. */
export const DEFAULT_STALE_MS = 30 * 60_000;

export interface Settings {
  verifierTimeoutMs: number;
  auditTimeoutMs: number;
  staleMs: number;
}

function ms(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}

export function readSettings(env: NodeJS.ProcessEnv): Settings {
  return {
    verifierTimeoutMs: ms(env, "LOOPKIT_VERIFIER_TIMEOUT_MS", DEFAULT_VERIFIER_TIMEOUT_MS),
    auditTimeoutMs: ms(env, "LOOPKIT_AUDIT_TIMEOUT_MS", DEFAULT_AUDIT_TIMEOUT_MS),
    staleMs: ms(env, "LOOPKIT_STALE_MS", DEFAULT_STALE_MS),
  };
}
