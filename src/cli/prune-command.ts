// `loopkit prune [--keep N]`: removes the checkpoints of a project's ended loops, saying each one.
import type { Command } from "commander";
import { applyPrune, planPrune, recordSnapshots } from "../checkpoint/prune.js";
import { projectRecords } from "../checkpoint/record.js";
import { LoopkitError } from "../shared/errors.js";
import { loopRunning, runningLoopStart } from "../loops/running.js";
import { invocation } from "./invocation.js";
import type { CliIo } from "./io.js";

interface Options {
  keep: string;
  dryRun?: boolean;
  project?: string;
  pluginData?: string;
}

export const PRUNE_HELP = `Usage: loopkit prune [--keep N] [--dry-run] [--project <dir>] [--plugin-data <dir>]

Removes the checkpoints of the project's ended loops, one line per loop, then whatever loopkit's
record of the project (its data folder's evidence/) no longer needs: the contents and trees only
those checkpoints held. A running loop's checkpoints and start always stay. At each loop's end loopkit
also prunes by itself: ended loops older than 30 days, and all but each project's newest ended loop
once its data folder holds over 2048 MB (the plugin options keep_days and max_data_mb).

  --keep N             keep the checkpoints of the newest N ended loops (default 0)
  --dry-run            say what would be removed, remove nothing
  --project <dir>      the project (default: $CLAUDE_PROJECT_DIR, else the current directory)
  --plugin-data <dir>  loopkit's data folder (default: the one that holds loopkit state)
  -h, --help           this text

Examples:
  loopkit prune --dry-run
  loopkit prune --keep 3

Exit codes: 0, 1 error, 2 usage error.
`;

export function registerPruneCommand(program: Command, io: CliIo): void {
  program
    .command("prune")
    .configureHelp({ formatHelp: () => PRUNE_HELP })
    .description("remove the checkpoints of ended loops in this project, and what loopkit's record of it no longer needs")
    .option("--keep <n>", "keep the checkpoints of the newest n ended loops", "0")
    .option("--dry-run", "say what would be removed, remove nothing")
    .option("--project <dir>", "the project (default: $CLAUDE_PROJECT_DIR, else the current directory)")
    .option("--plugin-data <dir>", "loopkit's data folder (CLAUDE_PLUGIN_DATA)")
    .action(async (options: Options) => {
      const keep = Number(options.keep);
      if (!Number.isSafeInteger(keep) || keep < 0)
        throw new LoopkitError("USAGE", `--keep takes a whole number of loops, not "${options.keep}"`, { value: options.keep });
      const inv = invocation(options, io);
      const data = inv.dataDir();
      const project = inv.projectDir();
      const records = data === null ? [] : await projectRecords(data, project);
      const plan = planPrune(await Promise.all(records.map(async (record) => ({ record, running: await loopRunning(record) }))), keep);
      const kept = plan.keep.map(
        (c) =>
          `kept the ${c.record.checkpoints.length} checkpoint(s) of ${c.record.loop_kind} ${c.record.loop_id}${c.running ? " (loop still running)" : ""}`,
      );
      if (data === null || plan.remove.length === 0) {
        io.stdout(`Nothing to prune in ${project}.${kept.length ? `\n${kept.join("\n")}` : ""}\n`);
        return;
      }
      const still = [...plan.keep.flatMap((c) => recordSnapshots(c.record)), ...(await runningLoopStart(data, project))];
      const removed = options.dryRun
        ? plan.remove.map((r) => `would remove the ${r.checkpoints.length} checkpoint(s) of ${r.loop_kind} ${r.loop_id}`)
        : await applyPrune(data, project, plan.remove, still);
      io.stdout(`${[...removed, ...kept].join("\n")}\n`);
    });
}
