// A CLI command that changes a loop itself (--cancel, a Codex run) tells the person the same way the
// hook does: the notify command runs, and its failure is a line of the output, never an error.
import { readLoop, tellPerson } from "../notify/tell.js";
import type { LoopKind } from "../shared/loop-kinds.js";
import type { CliIo } from "./io.js";

/** Runs `change` on the loop in `stateFile`; returns its result and the lines to print after it. */
export async function withWord<T>(
  io: CliIo,
  kind: LoopKind,
  stateFile: string,
  change: () => Promise<T>,
  /** loopkit's data folder: a loop that is over is followed by its housekeeping line. */
  dataDir?: string,
): Promise<{ result: T; lines: string[] }> {
  const before = await readLoop(kind, stateFile);
  const result = await change();
  return { result, lines: await tellPerson(before, await readLoop(kind, stateFile), true, io.userHome?.(), io.env, dataDir) };
}
