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

/** The name of a verifier run's log in `.auto-loop/logs/` (iteration, run). */
export const VERIFIER_LOG = /^verifier-\d+-\d\.log$/;

/**
 * Whether a project path (`/`-separated) is one of the files loopkit itself writes in `.auto-loop/`: the
 * mirror, the gate history, the verifier's logs, what it kept aside. Never shown as the agent's work
 * (checkpoints' lists, the report, the prompt) and never written or removed by a restore. The agent's
 * own writes there (the hand-off note, anything it adds) are shown; loopkit's record of the project
 * holds all of it (UNRECORDED_MIRROR_FILES aside), so a write to loopkit's files is still seen there.
 */
export function isLoopkitOwnPath(projectPath: string): boolean {
  const [top, name, ...deeper] = projectPath.split("/");
  if (top !== MIRROR_DIR || name === undefined) return false;
  if (name === "tampered") return true;
  if (name === "logs") return deeper.length === 1 && VERIFIER_LOG.test(deeper[0]!);
  return deeper.length === 0 && name !== "handoff.md" && (MIRROR_FILES as readonly string[]).includes(name);
}
