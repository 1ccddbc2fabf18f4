// `loopkit history [id]`: past runs of both loop kinds, newest first, or one run in full.
import type { Command } from "commander";
import { formatRun, formatRuns } from "../history/format.js";
import { listRuns, runDetailJson, type RunListJson } from "../history/runs.js";
import { dataFolderLine, prunePolicy } from "../checkpoint/auto-prune.js";
import { userHome } from "../state/person-settings.js";
import { LoopkitError } from "../shared/errors.js";
import { invocation } from "./invocation.js";
import type { CliIo } from "./io.js";

interface Options {
  limit: string;
  json?: boolean;
  pluginData?: string;
}

export const HISTORY_HELP = `Usage: loopkit history [--limit N] [--json] [--plugin-data <dir>]
       loopkit history <id> [--json]

Past runs of both loop kinds on this machine, newest first: repeat loops from the stats log
(~/.softspark/ai-toolkit/stats.json, or $LOOPKIT_STATS_FILE) and what is readable in the copies of it
kept aside as corrupt (stats.json.corrupt-<time>), auto-loops from loopkit's data folder.

  <id>                one run: its iterations (repeat) or its gate history (auto-loop), with summaries
  --limit N           at most N runs (default 20)
  --json              {"version": 1, "runs": [...]} (schemas/history.schema.json); with <id>, that run with its
                      "steps": iterations as in the stats log (repeat) or gate history lines
                      (auto-loop) (schemas/history-run.schema.json)
  --plugin-data <dir> loopkit's data folder (default: the one that holds loopkit state)
  -h, --help          this text

Examples:
  loopkit history
  loopkit history --limit 5 --json
  loopkit history loop-1767268800123

Exit codes: 0, 1 error (e.g. a corrupt stats log, named), 2 usage error, 8 no run with that id.
`;

export function registerHistoryCommand(program: Command, io: CliIo): void {
  program
    .command("history")
    .description("past runs of both loop kinds, newest first, or one run's iterations")
    .argument("[id]", "a run's id")
    .option("--limit <n>", "at most N runs", "20")
    .option("--json", "JSON instead of a table")
    .option("--plugin-data <dir>", "loopkit's data folder")
    .configureHelp({ formatHelp: () => HISTORY_HELP })
    .action(async (id: string | undefined, options: Options) => {
      const limit = /^\d{1,6}$/.test(options.limit) ? Number(options.limit) : Number.NaN;
      if (!(limit >= 1))
        throw new LoopkitError("USAGE", `invalid --limit "${options.limit}": expected a whole number of at least 1`, {
          value: options.limit,
        });
      const inv = invocation({ pluginData: options.pluginData }, io);
      const runs = await listRuns(inv.statsFile(), inv.dataDir(), io.now());
      if (id === undefined) {
        const shown = runs.slice(0, limit).map((run) => run.summary);
        const list: RunListJson = { version: 1, runs: shown };
        const data = inv.dataDir();
        io.stdout(
          options.json
            ? `${JSON.stringify(list, null, 2)}\n`
            : `${formatRuns(shown)}${data ? await dataFolderLine(data, prunePolicy(io.userHome?.() ?? userHome())) : ""}`,
        );
        return;
      }
      const run = runs.find((candidate) => candidate.summary.id === id);
      if (!run) throw new LoopkitError("NO_LOOP", `no run with id ${id}`, { value: id, hint: "loopkit history lists the ids" });
      io.stdout(options.json ? `${JSON.stringify(runDetailJson(run), null, 2)}\n` : formatRun(run));
    });
}
