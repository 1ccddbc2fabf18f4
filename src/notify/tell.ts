// The one place a loop's end, pause or block is told: called around every hook event of a loop-owning
// session and after the CLI changes a loop itself (--cancel, a Codex run). It runs the person's notify
// command and returns the lines to show in the UI; a failing notify command never breaks the loop.
import { loadLoopKind } from "../loops/load.js";
import type { LoopKind } from "../shared/loop-kinds.js";
import { readJson } from "../state/json-store.js";
import { userHome } from "../state/person-settings.js";
import { notifyPerson } from "./command.js";
import { loopEvent, type LoopState } from "./event.js";

/** The loop a marker points at, or undefined when it cannot be read (the handlers report that themselves). */
export async function readLoop(kind: LoopKind, stateFile: string): Promise<LoopState | undefined> {
  try {
    const read = await readJson(stateFile, (await loadLoopKind(kind)).stateSchema);
    return read.exists ? { kind, state: read.value } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * When the loop went from running to ended, paused or blocked: runs the notify command and returns the
 * lines for the UI (the event's own line unless the caller `shown` one already, and any notify failure).
 */
export async function tellPerson(
  before: LoopState | undefined,
  after: LoopState | undefined,
  shown: boolean,
  home?: string,
  env?: NodeJS.ProcessEnv,
  /** loopkit's data folder: when given, a loop that is over is followed by housekeeping (loops/housekeeping.ts) and its line. */
  dataDir?: string,
): Promise<string[]> {
  const event = await loopEvent(before, after);
  if (!event) return [];
  const failure = await notifyPerson(event, home, env).catch((error: unknown) => `loopkit: the notify command failed (${String(error)})`);
  const tidied = dataDir && event.event !== "paused" ? await housekeep(dataDir, home) : null;
  return [...(shown ? [] : [event.message]), ...(failure ? [failure] : []), ...(tidied ? [tidied] : [])];
}

/** Loaded only at a loop's end: housekeeping reads every kind's records. */
async function housekeep(dataDir: string, home: string = userHome()): Promise<string> {
  const [{ autoPrune }, { prunePolicy }] = await Promise.all([import("../loops/housekeeping.js"), import("../checkpoint/auto-prune.js")]);
  return autoPrune(dataDir, new Date(), prunePolicy(home));
}
