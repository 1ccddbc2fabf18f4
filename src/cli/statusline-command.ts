// `loopkit statusline`: registered for its help text; dist/cli.js runs it without loading the program.
import type { Command } from "commander";
import { runStatusline } from "../statusline/run.js";
import type { CliIo } from "./io.js";

export const STATUSLINE_HELP = `Usage: loopkit statusline

For Claude Code's status line: reads the status-line JSON on stdin and prints one short line about
the loop that session (session_id) owns, or nothing when it owns none. Fast and quiet: it never
fails the status line.

  repeat:     repeat 2/5 /test · last pass (12 tests green) · next in 3m12s
  auto-loop:  auto-loop 3/40 · 120k/2M tokens · 12m/4h · verifier fail, audit unmet

Set it up in ~/.claude/settings.json (the loopkit command must be on the PATH of your shell:
npm i -g, or write out the path to the plugin's bin/loopkit):
  "statusLine": { "type": "command", "command": "loopkit statusline", "refreshInterval": 5 }

  -h, --help   this text
`;

export function registerStatuslineCommand(program: Command, io: CliIo): void {
  program
    .command("statusline")
    .description("one short line about this session's loop, for Claude Code's statusLine setting")
    .configureHelp({ formatHelp: () => STATUSLINE_HELP })
    .action(async () => {
      io.exitCode = await runStatusline(io, () => import("../statusline/describe.js"));
    });
}
