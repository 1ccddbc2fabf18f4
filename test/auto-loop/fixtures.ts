// A valid pursuing state to start tests from.
import { NO_TEST_RESULTS, type AutoLoopState } from "../../src/auto-loop/core/state.js";

export const T0 = new Date("2026-01-01T00:00:00.000Z");
export const at = (ms: number) => new Date(T0.getTime() + ms);

export function makeState(overrides: Partial<AutoLoopState> = {}): AutoLoopState {
  return {
    version: 1,
    loop_id: "loop-1",
    session_id: "s-1",
    project_dir: "/p",
    status: "pursuing",
    status_reason: null,
    goal: "make it work",
    goal_file: null,
    verify_command: "npm test",
    caps: { max_iterations: 40, max_tokens: 2_000_000, max_wallclock_ms: 4 * 3_600_000, restart_pct: 70 },
    launch: {
      claude_bin: "/usr/bin/claude",
      env: { PATH: "/usr/bin" },
      credential_names: [],
      verifier_timeout_ms: 600_000,
      audit_timeout_ms: 600_000,
      context_window: 200_000,
      agent_sandbox: { agent: "unknown", how: "not measured", fail_if_unavailable: false },
    },
    protect: { globs: [], snapshot: {}, changed: [] },
    started_at: T0.toISOString(),
    updated_at: T0.toISOString(),
    heartbeat_at: T0.toISOString(),
    ended_at: null,
    iteration: 0,
    tokens: { transcript: 0, audit: 0 },
    transcript: { path: null, offset: 0, recent_message_ids: [], subagent_offsets: {}, since: T0.toISOString(), context_tokens: 0 },
    evidence: [],
    blocker: null,
    thrash: { streak: 0, tree_hash: "tree-0" },
    next_action: "start",
    last_verifier: null,
    test_results: NO_TEST_RESULTS,
    last_audit: null,
    wrap_up: null,
    handoff_note: null,
    handoff_requested: false,
    mirror_sha256: null,
    tamper_count: 0,
    flaky_count: 0,
    api_errors: { count: 0, last: null },
    audit_not_run: { streak: 0, turns: 0 },
    refusals: { rule: null, streak: 0 },
    pause: null,
    ...overrides,
  };
}
