// Where a loop's checkpoints live in the project's git: one private ref per loop, outside
// refs/heads and refs/tags, so no branch, tag, push or reflog of the person's sees it.
import { LoopkitError } from "../shared/errors.js";

export const REF_PREFIX = "refs/loopkit/";

/** Loop ids as loopkit makes them (a UUID, loop-<ms>): safe as a ref component and a file name. */
const LOOP_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export function checkpointRef(loopId: string): string {
  if (!LOOP_ID_PATTERN.test(loopId)) {
    throw new LoopkitError("USAGE", `"${loopId}" is not a loop id`, { value: loopId, hint: "run loopkit checkpoints to see the loops" });
  }
  return `${REF_PREFIX}${loopId}`;
}
