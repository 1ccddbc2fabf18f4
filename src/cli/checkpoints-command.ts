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

export const CHECKPOINTS_HELP = `Usage: loopkit checkpoints [<loop id>] [--json] [--project <dir>] [--plugin-data <dir>]

A loop's checkpoints: in a git repository, the working tree after each iteration, kept as a commit on
refs/loopkit/<loop id> (HEAD, the index, branches and the stash untouched). Without a loop id: the
project's loop with the newest checkpoint, and a line for each other loop there.

  <loop id>            the loop (its id is in --status and loopkit history)
  --json               the checkpoint record: every checkpoint with its commit, tree, verdict,
                       tokens and files changed, the ref, the latest failure
                       (schemas/checkpoints.schema.json)
  --project <dir>      the project (default: $CLAUDE_PROJECT_DIR, else the current directory)
  --plugin-data <dir>  loopkit's data folder (default: the one that holds loopkit state)
  -h, --help           this text

Examples:
  loopkit checkpoints
  loopkit checkpoints loop-1767268800123 --json
  git diff refs/loopkit/<loop id>~1 refs/loopkit/<loop id>     what the last iteration changed

Exit codes: 0, 1 error, 2 usage error, 8 no checkpoints of that loop (an unknown id) or in this project.
`;

export function registerCheckpointsCommand(program: Command, io: CliIo): void {
  program
    .command("checkpoints")
    .configureHelp({ formatHelp: () => CHECKPOINTS_HELP })
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
