// Where loopkit keeps its files inside its data folder (src/state/locate.ts finds that). These helpers compute paths; they never create anything.
import { createHash } from "node:crypto";
import path from "node:path";

/** Session ids become file names, so only this shape is accepted anywhere. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** The marker that says "this session owns a loop"; its absence is the Stop hook's fast path. */
export function sessionMarkerPath(data: string, sessionId: string): string {
  return path.join(data, "sessions", `${sessionId}.json`);
}

/** Where the hook keeps its answer to the session's last typed /loopkit command, for the skill's half (src/cli/hook-answer.ts). */
export function sessionAnswerPath(data: string, sessionId: string): string {
  return path.join(data, "answers", `${sessionId}.json`);
}

/** A stable folder name for a project directory. */
export function projectKey(projectDir: string): string {
  const base =
    path
      .basename(projectDir)
      .replace(/[^A-Za-z0-9_-]/g, "_")
      .slice(0, 40) || "root";
  const digest = createHash("sha256").update(path.resolve(projectDir)).digest("hex").slice(0, 16);
  return `${base}-${digest}`;
}

/** The audit's working folder: outside every project, so the project's own Claude Code files stay out of it. */
export function auditWorkDir(data: string): string {
  return path.join(data, "audit");
}
