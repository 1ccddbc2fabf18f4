// The one help text of /loopkit:repeat, `loopkit repeat --help`, `-h` and `loopkit help repeat`.

export const REPEAT_HELP = `Usage: /loopkit:repeat [interval] <prompt or /command> [--iterations N]
       /loopkit:repeat --status [--json] | --cancel | --resume | --help
       loopkit repeat [interval] <prompt or /command> [--iterations N] [--fresh] [--timeout D] [--detach] [-- <claude options>]
       loopkit repeat --status [--json] | --cancel | --resume [--detach]

Runs a prompt or a slash command again and again on a real timer: in the Claude Code session that
started it (/loopkit:repeat), or, typed in a terminal, as a loop of its own whose every iteration is
a \`claude -p\` turn in the project (loopkit repeat). The rules, records and status are the same.

  interval          the pause from one iteration's end to the next one's start: 90s, 5m,
                    1h30m (default 10m; under 1m is raised to 1m; at most 24h). Only a leading
                    interval counts. The session stays yours while the loop waits.
  <prompt>          text for the model, e.g. "check deploy status" (quotes group words;
                    nothing in it is ever run by a shell)
  </command>        a slash command, run as that command each iteration, e.g. /test
  --iterations N    at most N iterations, a whole number from 1 to 1000 (default 5)
  --                in the skill: everything after it is the command, flags and all, e.g. -- /lint --fix
  --status          the loop of this session (or project): command, interval, i/N, results, next run
  --json            with --status: the same as one JSON object (schemas/repeat-status.schema.json)
  --cancel          stop the loop at once, also while it waits (status CANCELLED)
  --resume          continue a loop that was paused (its waiting hook was killed, its session ended;
                    from a terminal: its runner stopped, the machine restarted); the next iteration runs now
  -h, --help        this text

From a terminal (no --session): the loop runs in this process and prints a line per iteration
(number, result, summary, time of the next run) and a last line, then exits with its status's code.
Ctrl-C, or closing the terminal, pauses it; --resume goes on. It waits without a model call.
  --fresh           a fresh claude conversation each iteration (default: one conversation, so each
                    iteration sees the ones before it)
  --timeout <d>     stop an iteration's claude once it has run this long (90s, 20m, 2h); the
                    iteration counts as failed and the loop goes on (default: no limit)
  --detach          run it in a process of its own that outlives the terminal (its own session, no
                    controlling terminal); its output goes to a log in loopkit's data folder, named
                    at the start and by --status. One such loop per project.
  -- <options>      the rest goes to each iteration's claude, e.g. -- --model sonnet --allowedTools Bash
                    (quote a command with flags of its own: "/lint --fix"); loopkit sets -p, --resume,
                    --session-id and --output-format itself. The claude binary is $LOOPKIT_CLAUDE_BIN,
                    else claude on PATH; binary and options are fixed at the start.
  --project <dir>   the project (default: $CLAUDE_PROJECT_DIR, else the current directory)
  --session <id>    the Claude Code session whose loop to act on (default: the project's active loop)
  --plugin-data <dir>  loopkit's data folder (default: the one that holds loopkit state)

Examples:
  /loopkit:repeat 5m /test                   the /test command every 5 minutes, 5 times at most
  /loopkit:repeat 10m "check deploy status"  a prompt
  /loopkit:repeat 2m --iterations 10 /lint
  /loopkit:repeat 5m -- /lint --fix
  loopkit repeat 10m /review --iterations 12 --detach -- --model sonnet
  loopkit repeat 30m --fresh --timeout 20m "check the nightly build" -- --allowedTools Bash
  loopkit repeat --status --project ~/src/app

An option given twice is a usage error, and so is --help with anything else.

Each iteration must end its final message with a line "REPEAT-RESULT: pass" or
"REPEAT-RESULT: fail", optionally followed by " - <one-line summary>"; a missing or malformed
line counts as a failure. The loop ends:
  EARLY_SUCCESS     an iteration passed and said DONE, COMPLETE, ALL PASS, ALL TESTS PASSED or SUCCESS
  CIRCUIT_BREAKER   3 failures in a row, or at once when Claude Code's credentials are refused
  COMPLETED         N iterations ran and the last one passed
  MAX_ITERATIONS    N iterations ran and the last one failed
  CANCELLED         --cancel
  ERROR             loopkit's own Stop hook failed (the reason is shown); the loop is ended, never left running

Every loop is recorded in loop_runs of ~/.softspark/ai-toolkit/stats.json ($LOOPKIT_STATS_FILE);
\`loopkit history\` lists them.

Exit codes from a terminal: 0 done (--status and a loop run from a terminal: COMPLETED or EARLY_SUCCESS;
--detach: the runner started), 1 error, 2 usage error, 3 running or waiting (--status), 4 MAX_ITERATIONS
or CIRCUIT_BREAKER, 5 paused, 7 CANCELLED, 1 ERROR, 8 no loop (also a --cancel or --resume with nothing
to act on). Inside Claude Code, --status and --cancel exit 0.
`;
