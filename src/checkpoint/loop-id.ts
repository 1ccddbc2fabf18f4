// Loop ids as loopkit makes them (a UUID, loop-<ms>): checked before one names a file or a branch.
import { LoopkitError } from "../shared/errors.js";

const LOOP_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function checkLoopId(loopId: string): string {
  if (!LOOP_ID_PATTERN.test(loopId)) {
    throw new LoopkitError("USAGE", `"${loopId}" is not a loop id`, { value: loopId, hint: "run loopkit checkpoints to see the loops" });
  }
  return loopId;
}
