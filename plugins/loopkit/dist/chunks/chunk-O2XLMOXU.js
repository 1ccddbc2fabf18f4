import { createRequire as __loopkitCreateRequire } from "node:module"; const require = __loopkitCreateRequire(import.meta.url); const __loopkitFilename = new URL(import.meta.url).pathname;
import {
  formatDuration
} from "./chunk-MW4PHROV.js";
import {
  tokensUsed
} from "./chunk-ICZXD4IE.js";

// src/auto-loop/core/caps.ts
var DEFAULT_CAPS = {
  max_iterations: 40,
  max_tokens: 2e6,
  max_wallclock_ms: 4 * 36e5,
  restart_pct: 70
};
function resolveCaps(flags, fromFile) {
  return { ...DEFAULT_CAPS, ...fromFile, ...flags };
}
function capReached(state, now) {
  const { caps } = state;
  if (countedIterations(state) >= caps.max_iterations) return `reached --max-iterations ${caps.max_iterations}`;
  const tokens = tokensUsed(state);
  if (tokens >= caps.max_tokens) return `reached --max-tokens ${caps.max_tokens} (used ${tokens})`;
  const elapsed = elapsedMs(state, now);
  if (elapsed >= caps.max_wallclock_ms) {
    return `reached --max-wallclock ${formatDuration(caps.max_wallclock_ms)} (ran ${formatDuration(elapsed)})`;
  }
  return null;
}
function countedIterations(state) {
  return state.iteration - state.audit_not_run.turns;
}
function iterationsAgainstCap(turns, notCounted, max) {
  return `${turns - notCounted} of ${max ?? "-"}${notCounted ? ` (and ${notCounted} not counted: the audit could not run)` : ""}`;
}
function elapsedMs(state, now) {
  return Math.max(0, now.getTime() - Date.parse(state.started_at));
}
var DEADLINE_MARGIN_MS = 3e4;
function loopDeadline(state) {
  return { at: Date.parse(state.started_at) + state.caps.max_wallclock_ms + DEADLINE_MARGIN_MS };
}

// src/auto-loop/core/settings.ts
var DEFAULT_VERIFIER_TIMEOUT_MS = 10 * 6e4;
var DEFAULT_AUDIT_TIMEOUT_MS = 10 * 6e4;
var DEFAULT_STALE_MS = 30 * 6e4;
var DEFAULT_API_RETRY_MS = 3e4;
var DEFAULT_PROGRESS_MS = 6e4;
var DEFAULT_CONTEXT_WINDOW = 2e5;
function positive(env, name, fallback) {
  const value = Number(env[name]);
  return Number.isSafeInteger(value) && value > 0 ? value : fallback;
}
function readSettings(env) {
  return {
    contextWindow: positive(env, "LOOPKIT_CONTEXT_WINDOW", DEFAULT_CONTEXT_WINDOW),
    verifierTimeoutMs: positive(env, "LOOPKIT_VERIFIER_TIMEOUT_MS", DEFAULT_VERIFIER_TIMEOUT_MS),
    auditTimeoutMs: positive(env, "LOOPKIT_AUDIT_TIMEOUT_MS", DEFAULT_AUDIT_TIMEOUT_MS),
    staleMs: positive(env, "LOOPKIT_STALE_MS", DEFAULT_STALE_MS),
    apiRetryMs: positive(env, "LOOPKIT_API_RETRY_MS", DEFAULT_API_RETRY_MS),
    progressMs: positive(env, "LOOPKIT_PROGRESS_MS", DEFAULT_PROGRESS_MS)
  };
}

export {
  resolveCaps,
  capReached,
  countedIterations,
  iterationsAgainstCap,
  elapsedMs,
  loopDeadline,
  readSettings
};
