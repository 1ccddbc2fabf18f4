// `loopkit run --help`.
export const RUN_HELP = `loopkit run: drive an auto-loop headless, one fresh \`claude -p\` session per phase.

Usage:
  loopkit run <goal> --verify <cmd> [--max-iterations N] [--max-tokens T] [--max-wallclock D] [--restart-pct N] [-- <claude options>]
  loopkit run --goal-file goal.md [caps] [-- <claude options>]
  loopkit run --takeover [-- <claude options>]     continue this project's loop: at once if a runner that
                                                   is gone left it, else once its heartbeat is stale

Options:
  --project <dir>      the project root (default: the current directory)
  --plugin-dir <dir>   pass --plugin-dir to each phase (when loopkit is not installed as a plugin);
                       a path that is not a folder is a usage error
  --budget-limited-ok  exit 0, not 6, when the loop ends budget-limited
  --no-sandbox         do not turn Claude Code's sandbox on for the phases (see Sandbox below)
  -- <options>         given to every phase's claude as they are, e.g. -- --allowedTools Bash,Edit,Write
                       (a --settings of yours is merged into the one loopkit passes)

Each phase is a new session that gets loopkit's record of the loop (goal, progress, last verifier and
audit results, hand-off note) and the Stop hook's instruction, not the previous conversation. After
one judged turn the phase ends and the next one starts. The caps, the gate (verifier twice, then the
audit) and the records are those of /loopkit:auto-loop. A line is printed when the verifier or the
audit starts and whenever a minute passes without one, and a progress line ends each phase (after
the end of claude's output when claude failed). Refused credentials (401, 403, not logged in) end
the loop blocked at once. The claude binary is $LOOPKIT_CLAUDE_BIN, else \`claude\` on PATH.

Sandbox: by default every phase runs with Claude Code's sandbox on (claude --settings with
sandbox.enabled, failIfUnavailable, and no unsandboxed commands): the agent writes only the project
(not .git/config, .git/hooks, .claude/settings*.json) and the network is off but for what your own
~/.claude/settings.json allows; the verifier runs under the same policy. Where no sandbox can start
(Linux needs bubblewrap, socat and ripgrep; \`loopkit doctor\` checks), loopkit run refuses to start.
--no-sandbox leaves the phases as your settings make them: unsandboxed, unless a settings file turns
the sandbox on (the verifier is then sandboxed too).

In GitHub Actions (GITHUB_ACTIONS=true) each phase is a log group, and at the end loopkit run appends
a job summary to $GITHUB_STEP_SUMMARY and sets the step outputs status, reason, iterations, tokens,
loop_id and exit_code in $GITHUB_OUTPUT, also when the job is cancelled or times out (SIGINT or
SIGTERM: exit 130 or 143) (docs/ci.md in the loopkit repository).

Exit code: the loop's --status code (0 achieved, 4 unmet, 5 blocked, 6 budget-limited, 7 cancelled, 9 no-progress),
1 when the runner had to stop with the loop still pursuing, 2 for a usage error.
`;
