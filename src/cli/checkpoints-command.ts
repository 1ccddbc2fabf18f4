// `loopkit checkpoints [<loop id>]`: a loop's checkpoints (the project's latest loop by default).
import type { Command } from "commander";
import { formatCheckpoints } from "../checkpoint/list.js";
import { findRecord, projectRecords } from "../checkpoint/record.js";
import { checkpointRef } from "../checkpoint/ref.js";
import { LoopkitError } from "../shared/errors.js";
import { invocation } from "./invocation.js";
import type { CliIo } from "./io.js";

interface Options {
  json?: boolean;
  project?: string;
  pluginData?: string;
}

export function registerCheckpointsCommand(program: Command, io: CliIo): void {
  program
    .command("checkpoints")
    .description("list a loop's checkpoints: the working tree kept after each iteration on refs/loopkit/<loop id>")
    .argument("[loop-id]", "the loop (default: the project's loop with the newest checkpoint)")
    .option("--json", "print the checkpoint record as JSON")
    .option("--project <dir>", "the project (default: $CLAUDE_PROJECT_DIR, else the current directory)")
    .option("--plugin-data <dir>", "loopkit's data folder (CLAUDE_PLUGIN_DATA)")
    .action(async (loopId: string | undefined, options: Options) => {
      if (loopId !== undefined) checkpointRef(loopId);
      const inv = invocation(options, io);
      const data = inv.dataDir();
      const all = loopId === undefined && data !== null ? await projectRecords(data, inv.projectDir()) : [];
      const record = loopId === undefined ? all[0] : data === null ? undefined : await findRecord(data, loopId);
      if (!record) {
        throw new LoopkitError("NO_CHECKPOINT", loopId ? `no checkpoints of loop ${loopId}` : "no loop has checkpoints in this project", {
          hint: "checkpoints are taken at each iteration of a loop in a git repository",
        });
      }
      if (options.json) {
        io.stdout(`${JSON.stringify(record, null, 2)}\n`);
        return;
      }
      const others = all.slice(1).map((r) => `  ${r.loop_kind} ${r.loop_id}: ${r.checkpoints.length} checkpoint(s)`);
      io.stdout(`${formatCheckpoints(record)}${others.length ? `Other loops here:\n${others.join("\n")}\n` : ""}`);
    });
}
