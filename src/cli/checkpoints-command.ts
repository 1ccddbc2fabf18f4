// `loopkit checkpoints [<loop id>]`: a loop's checkpoints (the project's latest loop by default);
// `loopkit checkpoints export <loop id> [<checkpoint>] --branch <name>`: them as commits on a new branch.
import type { Command } from "commander";
import { exportToBranch } from "../checkpoint/export.js";
import { formatCheckpoints } from "../checkpoint/list.js";
import { checkLoopId } from "../checkpoint/loop-id.js";
import { findRecord, lastCheckpoint, projectRecords, recordFile, type CheckpointRecord } from "../checkpoint/record.js";
import { planRestore } from "../checkpoint/restore.js";
import { LoopkitError } from "../shared/errors.js";
import { invocation } from "./invocation.js";
import type { CliIo } from "./io.js";

interface Options {
  json?: boolean;
  branch?: string;
  project?: string;
  pluginData?: string;
}

export const CHECKPOINTS_HELP = `Usage: loopkit checkpoints [<loop id>] [--json] [--project <dir>] [--plugin-data <dir>]
       loopkit checkpoints export <loop id> [<checkpoint>] --branch <name> [--plugin-data <dir>]

A loop's checkpoints: the project's tree after each iteration (every file, ignored ones included),
kept in loopkit's own record of the project in its data folder, never in the project or its .git.
Without a loop id: the project's loop with the newest checkpoint, and a line for each other loop there.
export writes the checkpoints up to <checkpoint> (default: the last) as commits on a new branch of the
project's repository, chained on HEAD, leaving out what git ignores (HEAD, the index and the working
tree stay as they are).

  <loop id>            the loop (its id is in --status and loopkit history)
  --json               the checkpoint record: every checkpoint with its snapshot, verdict, tokens
                       and files changed, the latest failure
                       (schemas/checkpoints.schema.json)
  --branch <name>      export: the new branch (loopkit never moves an existing one)
  --project <dir>      the project (default: $CLAUDE_PROJECT_DIR, else the current directory)
  --plugin-data <dir>  loopkit's data folder (default: the one that holds loopkit state)
  -h, --help           this text

Examples:
  loopkit checkpoints
  loopkit checkpoints loop-1767268800123 --json
  loopkit checkpoints export loop-1767268800123 3 --branch loopkit/try-3
  git diff HEAD loopkit/try-3                 what iteration 3 changed, in plain git

Exit codes: 0, 1 error, 2 usage error, 8 no checkpoints of that loop (an unknown id) or in this project.
`;

export function registerCheckpointsCommand(program: Command, io: CliIo): void {
  program
    .command("checkpoints")
    .configureHelp({ formatHelp: () => CHECKPOINTS_HELP })
    .description("list a loop's checkpoints (the tree kept after each iteration in loopkit's data folder), or export them to a branch")
    .argument("[words...]", "[<loop id>], or export <loop id> [<checkpoint>]")
    .option("--json", "print the checkpoint record as JSON")
    .option("--branch <name>", "export: the new branch")
    .option("--project <dir>", "the project (default: $CLAUDE_PROJECT_DIR, else the current directory)")
    .option("--plugin-data <dir>", "loopkit's data folder (CLAUDE_PLUGIN_DATA)")
    .action(async (words: string[], options: Options) => {
      if (words[0] === "export") return exportCommand(words.slice(1), options, io);
      if (words.length > 1)
        throw new LoopkitError("USAGE", `checkpoints takes one loop id, not ${words.length} words`, {
          value: words,
          hint: "loopkit checkpoints [<loop id>]",
        });
      const loopId = words[0] === undefined ? undefined : checkLoopId(words[0]);
      const inv = invocation(options, io);
      const data = inv.dataDir();
      const all = loopId === undefined && data !== null ? await projectRecords(data, inv.projectDir()) : [];
      const record = loopId === undefined ? all[0] : data === null ? undefined : await findRecord(data, loopId);
      if (!record || data === null) throw noCheckpoints(loopId);
      if (options.json) {
        io.stdout(`${JSON.stringify(record, null, 2)}\n`);
        return;
      }
      const others = all.slice(1).map((r) => `  ${r.loop_kind} ${r.loop_id}: ${r.checkpoints.length} checkpoint(s)`);
      io.stdout(
        `${formatCheckpoints(record, recordFile(data, record.project_dir, record.loop_id))}${others.length ? `Other loops here:\n${others.join("\n")}\n` : ""}`,
      );
    });
}

const noCheckpoints = (loopId: string | undefined) =>
  new LoopkitError("NO_CHECKPOINT", loopId ? `no checkpoints of loop ${loopId}` : "no loop has checkpoints in this project", {
    hint: "checkpoints are taken at each iteration of a loop",
  });

async function exportCommand(words: string[], options: Options, io: CliIo): Promise<void> {
  const [id, target, ...extra] = words;
  if (id === undefined || extra.length || !options.branch) {
    throw new LoopkitError("USAGE", "export takes a loop id, an optional checkpoint and --branch <name>", {
      value: words,
      hint: "loopkit checkpoints export <loop id> [<checkpoint>] --branch <name>",
    });
  }
  const data = invocation(options, io).dataDir();
  const record: CheckpointRecord | undefined = data === null ? undefined : await findRecord(data, checkLoopId(id));
  if (!record || data === null) throw noCheckpoints(id);
  const upTo = target === undefined ? lastCheckpoint(record) : planRestore(record, target, null);
  if (!upTo) throw noCheckpoints(id);
  const exported = await exportToBranch(data, record, upTo, options.branch, io.now());
  io.stdout(`${exported.lines.join("\n")}\n`);
}
