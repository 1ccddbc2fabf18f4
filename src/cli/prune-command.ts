// `loopkit prune [--keep N]`: removes the checkpoints of a project's ended loops, saying each one.
import type { Command } from "commander";
import { applyPrune, planPrune } from "../checkpoint/prune.js";
import { projectRecords } from "../checkpoint/record.js";
import { LoopkitError } from "../shared/errors.js";
import { loopRunning } from "./checkpoint-target.js";
import { invocation } from "./invocation.js";
import type { CliIo } from "./io.js";

interface Options {
  keep: string;
  dryRun?: boolean;
  project?: string;
  pluginData?: string;
}

export function registerPruneCommand(program: Command, io: CliIo): void {
  program
    .command("prune")
    .description("remove the checkpoint refs (refs/loopkit/<loop id>) and records of ended loops in this project")
    .option("--keep <n>", "keep the checkpoints of the newest n ended loops", "0")
    .option("--dry-run", "say what would be removed, remove nothing")
    .option("--project <dir>", "the project (default: $CLAUDE_PROJECT_DIR, else the current directory)")
    .option("--plugin-data <dir>", "loopkit's data folder (CLAUDE_PLUGIN_DATA)")
    .action(async (options: Options) => {
      const keep = Number(options.keep);
      if (!Number.isSafeInteger(keep) || keep < 0) throw new LoopkitError("USAGE", `--keep takes a whole number of loops, not "${options.keep}"`, { value: options.keep });
      const inv = invocation(options, io);
      const data = inv.dataDir();
      const project = inv.projectDir();
      const records = data === null ? [] : await projectRecords(data, project);
      const plan = planPrune(await Promise.all(records.map(async (record) => ({ record, running: await loopRunning(record) }))), keep);
      const kept = plan.keep.map((c) => `kept ${c.record.ref} (${c.record.checkpoints.length} checkpoint(s)${c.running ? ", loop still running" : ""})`);
      if (data === null || plan.remove.length === 0) {
        io.stdout(`Nothing to prune in ${project}.${kept.length ? `\n${kept.join("\n")}` : ""}\n`);
        return;
      }
      const removed = options.dryRun ? plan.remove.map((r) => `would remove ${r.ref} (${r.checkpoints.length} checkpoint(s) of ${r.loop_kind} ${r.loop_id})`) : await applyPrune(data, plan.remove);
      const gc = options.dryRun ? [] : ["The commits stay in .git until git's own garbage collection removes them."];
      io.stdout(`${[...removed, ...kept, ...gc].join("\n")}\n`);
    });
}
