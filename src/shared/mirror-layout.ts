// What loopkit itself keeps in the project's `.auto-loop/` (the auto-loop's mirror): the one list that
// the mirror's checks and loopkit's record of the project (which leaves these out, and records
// anything else the agent puts there) both read.
export const MIRROR_DIR = ".auto-loop";

/** Every file loopkit keeps in `.auto-loop/`. */
export const MIRROR_FILES = ["goal-state.json", "heartbeat.json", ".gitignore", "gate-history.jsonl", "handoff.md", "codex.log"] as const;

/** Every folder loopkit keeps there. */
export const MIRROR_FOLDERS = ["logs", "tampered"] as const;

/** True for an entry of `.auto-loop/` (a name directly in it) that is loopkit's own, its temp files included. */
export function isMirrorEntry(name: string): boolean {
  return (
    (MIRROR_FILES as readonly string[]).includes(name) ||
    (MIRROR_FOLDERS as readonly string[]).includes(name) ||
    /^\..+\.[0-9a-f]{12}\.tmp$/.test(name)
  );
}
