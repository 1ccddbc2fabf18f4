// The one help text of /loopkit:auto-loop, `loopkit auto-loop --help`, `-h` and `loopkit help auto-loop`.

export const AUTO_LOOP_HELP = `Usage: /loopkit:auto-loop <goal> --verify <cmd> [caps]
       /loopkit:auto-loop --goal-file <path> [caps]
       /loopkit:auto-loop                           start from goal.md (without one: a usage error)
       /loopkit:auto-loop --status [--json] | --cancel | --resume | --takeover | --help
       loopkit auto-loop --status [--json] | --cancel [--project <dir>]

Keeps this session working on a goal until it is proven: the verifier passes twice in a row and an
independent, read-only audit (a fresh claude -p) votes "achieved". Hard caps always apply, checked
between turns: a turn runs to its end, then one last turn asks for a hand-off note, so tokens and
time can end past --max-tokens and --max-wallclock.

  <goal>                  what to achieve, in plain words
  --verify <cmd>          the command that proves it (exit 0 = pass); takes every word up to the next
                          loopkit option; runs through the platform's shell in the project root
  --goal-file <path>      the goal (and optionally verifier and caps) from Markdown (default goal.md
                          when no goal is given)
  --max-iterations N      judged turns (default 40)
  --max-tokens T          tokens of this session plus the audits; 500k, 2M work (default 2000000)
  --max-wallclock D       wall-clock time since the start: 30m, 2h, 4h30m (default 4h)
                          (both caps are checked between turns: a turn may run past them)
  --restart-pct N         context fill at which a hand-off note is asked for (default 70)
  --protect <glob>        files the agent must not change, e.g. "test/**" (repeatable)
  --test-report <path>    a JUnit XML or TAP file the verifier writes (default: its output is read)
  --no-progress-limit N   judged turns without fewer failing tests before it ends no-progress (default 8)
  --takeover              continue this project's loop whose session is gone (heartbeat stale),
                          or, with a goal, replace it
  --codex                 hand the goal to OpenAI Codex's goal mode, gated by the same verifier
  --new-baseline          judge from the project as it is now; without it, a loop started after
                          one that ended without "achieved" judges from that loop's baseline
  --status                the project's loop: status, iteration, tokens, time, last verdicts
  --json                  with --status: the same as one JSON object (schemas/auto-loop-status.schema.json)
  --cancel                stop the loop at its next Stop; files are left as they are
  --resume                go on with a loop paused for you (what you typed while it ran, or the
                          agent's question for you, pauses it); what you wrote goes into its next
                          prompt; typed by you in the loop's session, never from a terminal
  -h, --help              this text
  --                      the rest is the goal, flags and all (--verify's command keeps a -- of its own)

From a terminal (the skill passes these itself):
  --project <dir>         the project (default: $CLAUDE_PROJECT_DIR, else the current directory)
  --plugin-data <dir>     loopkit's data folder (default: the one that holds loopkit state)

Examples:
  /loopkit:auto-loop make the parser accept trailing commas --verify npm test
  /loopkit:auto-loop "fix the login redirect" --verify "npm test && npm run lint" --max-iterations 15
  /loopkit:auto-loop --goal-file docs/goal.md --max-wallclock 2h
  loopkit auto-loop --status --project ~/src/app
  loopkit run <goal> --verify <cmd>    the same loop headless, one fresh claude -p per phase

Exit codes from a terminal: 0 done (--status: achieved), 1 error, 2 usage error, --status: 3 pursuing,
4 unmet, 5 blocked or paused, 6 budget-limited, 7 cancelled, 8 no loop (also a --cancel with nothing
to cancel), 9 no-progress.
Inside Claude Code, --status and --cancel exit 0. An option given twice (but --protect) is a usage
error, and so is --help with anything else. Every rule: skills/auto-loop/references/usage.md.
`;
