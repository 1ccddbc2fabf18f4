// `loopkit doctor`: a check-up of what loopkit needs, one line each; exit 1 when something is broken.
import type { Command } from "commander";
import { formatChecks, runChecks, TESTED_CLAUDE_VERSIONS } from "../doctor/checks.js";
import { EXIT } from "../shared/exit-codes.js";
import { invocation } from "./invocation.js";
import type { CliIo } from "./io.js";

export const DOCTOR_HELP = `Usage: loopkit doctor

Checks, one line each (✓ fine, ! worth knowing, ✗ broken), and changes nothing:
  Claude Code       which claude is on PATH ($LOOPKIT_CLAUDE_BIN) and whether loopkit is tested with
                    its version (${TESTED_CLAUDE_VERSIONS.join(", ")})
  loopkit data      the data folder terminal commands use (the one that holds loopkit state)
  stats log         ~/.softspark/ai-toolkit/stats.json ($LOOPKIT_STATS_FILE), and whether it reads
  plugin hooks      whether loopkit is installed and enabled as a plugin, its hooks registered
  sandbox           whether Claude Code's sandbox (bundled as @anthropic-ai/sandbox-runtime) starts
                    here, tried with \`true\` in an empty temp folder: the verifier of a sandboxed
                    agent and loopkit run's phases need it (Linux: bubblewrap, socat, ripgrep)
  codex (--codex)   whether the Codex CLI is usable for --codex ($LOOPKIT_CODEX_BIN)

  -h, --help        this text

Exit codes: 0 nothing broken, 1 something is (a ✗ line), 2 usage error.
`;

export function registerDoctorCommand(program: Command, io: CliIo): void {
  program
    .command("doctor")
    .description("check Claude Code, loopkit's data and stats, the plugin's hooks, the sandbox and codex")
    .configureHelp({ formatHelp: () => DOCTOR_HELP })
    .action(async () => {
      const checks = await runChecks(io.env, invocation({}, io).statsFile());
      io.stdout(formatChecks(checks));
      io.exitCode = checks.some((check) => !check.ok && check.level !== "warn") ? EXIT.error : EXIT.ok;
    });
}
