// `loopkit codex-run` (hidden): the detached follower that `auto-loop --codex` starts when it is run
// from a Claude Code skill. It follows one Codex loop, already recorded in the state, to its end.
import type { Command } from "commander";
import { runCodexFollowerCommand } from "../codex/auto-loop-run.js";
import { LoopkitError } from "../shared/errors.js";
import { loopFiles } from "../auto-loop/data/store.js";
import { invocation } from "./invocation.js";
import { withWord } from "./tell.js";
import type { CliIo } from "./io.js";

export function registerCodexRunCommand(program: Command, io: CliIo): void {
  program
    .command("codex-run", { hidden: true })
    .requiredOption("--project <dir>", "the project root of the loop")
    .requiredOption("--loop <id>", "the loop id auto-loop --codex recorded")
    .action(async (options: { project: string; loop: string }) => {
      const inv = invocation({ project: options.project }, io);
      const dataDir = inv.dataDir();
      if (dataDir === null)
        throw new LoopkitError("NO_LOOP", `no running Codex auto-loop ${options.loop}`, {
          value: options.loop,
          hint: "it may have ended or been cancelled; /loopkit:auto-loop --status shows how it stands",
        });
      const ctx = { dataDir, projectDir: inv.projectDir(), env: io.env, now: io.now, print: (line: string) => io.stdout(`${line}\n`) };
      const { result, lines } = await withWord(
        io,
        "auto-loop",
        loopFiles(dataDir, ctx.projectDir).state,
        () => runCodexFollowerCommand(ctx, options.loop),
        dataDir,
      );
      for (const line of lines) io.stdout(`${line}\n`);
      io.exitCode = result;
    });
}
