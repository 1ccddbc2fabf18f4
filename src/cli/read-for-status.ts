// What --status and the other read-only commands read: the file as it is, never moved or rewritten.
// A corrupt one is reported with where it is and what to do about it.
import type { z } from "zod";
import { readJson } from "../state/json-store.js";
import { isLoopkitError, LoopkitError } from "../shared/errors.js";

/** The file's value, or undefined when it is absent; STATE_CORRUPT with a hint when it does not validate. */
export async function readForStatus<S extends z.ZodType>(file: string, schema: S, restart: string): Promise<z.infer<S> | undefined> {
  try {
    const read = await readJson(file, schema);
    return read.exists ? read.value : undefined;
  } catch (error) {
    if (!isLoopkitError(error, "STATE_CORRUPT")) throw error;
    throw new LoopkitError("STATE_CORRUPT", error.message, {
      value: file,
      cause: error,
      hint: `nothing was changed, and loopkit will not continue the loop it held: look at ${file}, then delete it, or ${restart} (which keeps it aside as ${file}.corrupt-<time>)`,
    });
  }
}

/** --status text with a warning line about loopkit's data folder (state/data-folder.ts) when there is one. */
export function withProblem(text: string, problem: string | null): string {
  return problem ? `${text.replace(/\n?$/, "\n")}Warning: ${problem}.\n` : text;
}
