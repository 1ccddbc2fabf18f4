// `loopkit report [<loop id>]`: one self-contained HTML page of a loop of either kind; prints its path.
import path from "node:path";
import type { Command } from "commander";
import { findStory } from "../report/find.js";
import { renderReport } from "../report/render.js";
import { defaultReportPath, openFile, opener, openerName, writeReport } from "../report/write.js";
import { startDataDir } from "../state/locate.js";
import { formatError } from "../shared/errors.js";
import { invocation } from "./invocation.js";
import type { CliIo } from "./io.js";

interface Options {
  output?: string;
  open?: boolean;
  project?: string;
  pluginData?: string;
}

export const REPORT_HELP = `Usage: loopkit report [<loop id>] [--output <file>] [--open]

Writes one HTML page that tells a loop's story, of either kind, and prints its path. The page is
self-contained: its style and charts are inside it, it loads nothing and runs no script, so it opens
offline, as a CI artifact or from an email.
  auto-loop  the goal, the caps and how much of each was used, every iteration (time, duration,
             tokens, the verifier's outcome and test counts where recorded, the audit's vote and
             reasons, the files it changed with their diffs one click away), charts of failing tests
             and of tokens, the hand-off note, and how and why it ended
  repeat     the command, the interval, every iteration's result, summary and duration, and how it ended

  <loop id>           the loop (loopkit history lists the ids); without it, this project's latest loop
  --output <file>     where to write it (default: <data>/reports/<loop id>.html in loopkit's data folder)
  --open              open it in the default browser (xdg-open, open or start; says so when there is none)
  --project <dir>     the project whose latest loop is meant (default: the current folder)
  --plugin-data <dir> loopkit's data folder (default: the one that holds loopkit state)
  -h, --help          this text

Examples:
  loopkit report
  loopkit report loop-1767268800123 --open
  loopkit report --output loop.html

Exit codes: 0 written, 1 error (the file cannot be written), 2 usage error, 8 no such loop (or none in this project).
`;

export function registerReportCommand(program: Command, io: CliIo): void {
  program
    .command("report")
    .description("one self-contained HTML page of a loop's story (either kind)")
    .argument("[id]", "the loop's id")
    .option("--output <file>", "where to write the page")
    .option("--open", "open it in the default browser")
    .option("--project <dir>", "the project")
    .option("--plugin-data <dir>", "loopkit's data folder")
    .configureHelp({ formatHelp: () => REPORT_HELP })
    .action(async (id: string | undefined, options: Options) => {
      const inv = invocation({ project: options.project, pluginData: options.pluginData }, io);
      const now = io.now();
      const story = await findStory({ dataDir: inv.dataDir(), statsFile: inv.statsFile(), projectDir: inv.projectDir, now }, id);
      const file = options.output
        ? path.resolve(io.cwd, options.output)
        : defaultReportPath(inv.dataDir() ?? startDataDir(io.env), story.id);
      await writeReport(file, renderReport(story, now));
      io.stdout(`${file}\n`);
      if (options.open) await open(file, io);
    });
}

async function open(file: string, io: CliIo): Promise<void> {
  const found = opener(process.platform, io.env);
  const name = openerName(process.platform);
  if (!found) {
    io.stderr(`loopkit: no ${name} here to open the page with; open ${file} in a browser\n`);
    return;
  }
  try {
    await openFile(found, file, io.env);
    io.stderr(`loopkit: opening it with ${name}\n`);
  } catch (error) {
    io.stderr(`loopkit: ${name} could not be started (${formatError(error)}); open ${file} in a browser\n`);
  }
}
