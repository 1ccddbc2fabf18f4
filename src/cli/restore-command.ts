// `loopkit restore <loop id> <checkpoint>`: the working tree back to a checkpoint, undoably.
import type { Command } from "commander";
import { findRecord } from "../checkpoint/record.js";
import { checkpointRef } from "../checkpoint/ref.js";
import { planRestore, restoreCheckpoint } from "../checkpoint/restore.js";
import { LoopkitError } from "../shared/errors.js";
import { runningLoopFor } from "./checkpoint-target.js";
import { invocation } from "./invocation.js";
import type { CliIo } from "./io.js";

export const RESTORE_HELP = `Usage: loopkit restore <loop id> <checkpoint> [--plugin-data <dir>]

Puts the working tree back to a loop's checkpoint. The tree as it is now is kept first, as a
checkpoint of its own (r1, r2, ...), so the restore can be undone the same way. HEAD, the index,
branches and ignored files are left alone; a restore that would overwrite an ignored file changes
nothing and says which. Refused while the loop still runs: cancel it first.

  <loop id>            the loop (see loopkit checkpoints)
  <checkpoint>         an iteration number, or r1, r2, ... for the tree before a restore
  --plugin-data <dir>  loopkit's data folder (default: the one that holds loopkit state)
  -h, --help           this text

Examples:
  loopkit restore loop-1767268800123 2      the tree as iteration 2 left it
  loopkit restore loop-1767268800123 r1     undo that restore

Exit codes: 0, 1 error (the loop still runs, an ignored file in the way), 2 usage error, 8 no such loop
or checkpoint (an unknown id, or a checkpoint gone from the repository).
`;

export function registerRestoreCommand(program: Command, io: CliIo): void {
  program
    .command("restore")
    .configureHelp({ formatHelp: () => RESTORE_HELP })
    .description("put the working tree back to a loop's checkpoint (the tree as it is now is kept as a checkpoint first, so this can be undone)")
    .argument("<loop-id>", "the loop (see loopkit checkpoints)")
    .argument("<checkpoint>", "an iteration number, or r1, r2, ... for the tree before a restore")
    .option("--plugin-data <dir>", "loopkit's data folder (CLAUDE_PLUGIN_DATA)")
    .action(async (loopId: string, target: string, options: { pluginData?: string }) => {
      checkpointRef(loopId);
      const data = invocation(options, io).dataDir();
      const record = data === null ? undefined : await findRecord(data, loopId);
      if (!record || data === null) throw new LoopkitError("NO_CHECKPOINT", `no checkpoints of loop ${loopId}`, { value: loopId, hint: "see loopkit checkpoints" });
      const checkpoint = planRestore(record, target, await runningLoopFor(data, record));
      io.stdout(`${await restoreCheckpoint(data, record, checkpoint, io.now())}\n`);
    });
}
