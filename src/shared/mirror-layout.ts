// What loopkit itself keeps in the project's `.auto-loop/` (the auto-loop's mirror): the one list that
// the mirror's checks and loopkit's record of the project both read.
export const MIRROR_DIR = ".auto-loop";

/** Every file loopkit keeps in `.auto-loop/`. */
export const MIRROR_FILES = ["goal-state.json", "heartbeat.json", ".gitignore", "gate-history.jsonl", "handoff.md", "codex.log"] as const;

/** Every folder loopkit keeps there. */
export const MIRROR_FOLDERS = ["logs", "tampered"] as const;

/**
 * The only files of `.auto-loop/` loopkit's record leaves out, matched by exact name: loopkit rewrites
 * each whole (a new file, renamed into place) at every Stop before the verifier runs, so nothing the
 * agent wrote there is what the verifier finds, and goal-state.json is also checked by its hash (an
 * edit is tampering). Everything else there (the verifier's logs, tampered/, gate-history.jsonl, the
 * hand-off note, codex.log, temp files, whatever the agent adds) is recorded like any file.
 */
export const UNRECORDED_MIRROR_FILES: readonly string[] = ["goal-state.json", "heartbeat.json", ".gitignore"];

/**
 * Whether a project path (`/`-separated) is in `.auto-loop/`, loopkit's own folder: the mirror, the
 * gate history, the verifier's logs, the hand-off note. Never shown as the agent's work (checkpoints'
 * lists, the report, the prompt) and never written or removed by a restore. loopkit's record of the
 * project still holds what is there (UNRECORDED_MIRROR_FILES aside), so a write there is still seen.
 */
export const isLoopkitOwnPath = (projectPath: string): boolean => projectPath === MIRROR_DIR || projectPath.startsWith(`${MIRROR_DIR}/`);
