// The prompt a `loopkit run` phase's Stop hook would have sent: saved in loopkit's data dir for the
// runner, which opens the next fresh session with it instead of continuing the old one.
import path from "node:path";
import * as z from "zod";
import { readJson, writeJson } from "../../state/json-store.js";

const NextPromptSchema = z.object({
  version: z.literal(1),
  loop_id: z.string().min(1),
  /** The phase session whose Stop wrote it: the runner takes it only from the phase it just ran. */
  session_id: z.string().min(1),
  prompt: z.string().min(1),
  at: z.iso.datetime(),
});
type NextPrompt = z.infer<typeof NextPromptSchema>;

/** Next to the loop's true state file. */
const nextPromptFile = (stateFile: string) => path.join(path.dirname(stateFile), "next-prompt.json");

export async function saveNextPrompt(stateFile: string, next: Omit<NextPrompt, "version">): Promise<void> {
  await writeJson(nextPromptFile(stateFile), NextPromptSchema, { version: 1, ...next });
}

/** The saved prompt when it was written by `sessionId`'s Stop for `loopId`; else null (a corrupt file counts as none). */
export async function loadNextPrompt(stateFile: string, loopId: string, sessionId: string): Promise<string | null> {
  const read = await readJson(nextPromptFile(stateFile), NextPromptSchema).catch(() => ({ exists: false as const }));
  return read.exists && read.value.loop_id === loopId && read.value.session_id === sessionId ? read.value.prompt : null;
}
