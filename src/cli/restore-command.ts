// `loopkit restore <loop id> <checkpoint>`: the working tree back to a checkpoint, undoably.
import type { Command } from "commander";
import { findRecord } from "../checkpoint/record.js";
import { checkLoopId } from "../checkpoint/loop-id.js";
import { planRestore, restoreCheckpoint } from "../checkpoint/restore.js";
import { LoopkitError } from "../shared/errors.js";
import { runningLoopFor } from "../loops/running.js";
import { invocation } from "./invocation.js";
import type { CliIo } from "./io.js";

export const RESTORE_HELP = `Usage: loopkit restore <loop id> <checkpoint> [--plugin-data <dir>]

Puts the project's tree back to a loop's checkpoint, written from loopkit's own record (ignored
files included). The tree as it is now is kept first, as a checkpoint of its own (r1, r2, ...), so
the restore can be undone the same way. HEAD, the index, branches and .git are left alone; nothing is
written through a link or outside the project; files whose content loopkit does not keep (over
1 MB) are left as they are, and named. Refused while the loop still runs: cancel it first.

  <loop id>            the loop (see loopkit checkpoints)
  <checkpoint>         an iteration number, or r1, r2, ... for the tree before a restore
  --plugin-data <dir>  loopkit's data folder (default: the one that holds loopkit state)
  -h, --help           this text

Examples:
  loopkit restore loop-1767268800123 2      the tree as iteration 2 left it
  loopkit restore loop-1767268800123 r1     undo that restore

Exit codes: 0, 1 error (the loop still runs), 2 usage error, 8 no such loop or checkpoint.
`;

export function registerRestoreCommand(program: Command, io: CliIo): void {
  program
    .command("restore")
    .configureHelp({ formatHelp: () => RESTORE_HELP })
    .description(
      "put the project's tree back to a loop's checkpoint (the tree as it is now is kept as a checkpoint first, so this can be undone)",
    )
    .argument("<loop-id>", "the loop (see loopkit checkpoints)")
    .argument("<checkpoint>", "an iteration number, or r1, r2, ... for the tree before a restore")
    .option("--plugin-data <dir>", "loopkit's data folder (CLAUDE_PLUGIN_DATA)")
    .action(async (loopId: string, target: string, options: { pluginData?: string }) => {
      checkLoopId(loopId);
      const data = invocation(options, io).dataDir();
      const record = data === null ? undefined : await findRecord(data, loopId);
      if (!record || data === null)
        throw new LoopkitError("NO_CHECKPOINT", `no checkpoints of loop ${loopId}`, { value: loopId, hint: "see loopkit checkpoints" });
      const checkpoint = planRestore(record, target, await runningLoopFor(data, record));
      io.stdout(`${await restoreCheckpoint(data, record, checkpoint, io.now())}\n`);
    });
}
