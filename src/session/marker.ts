// The per-session marker: "session S owns loop L of kind K". Written by the CLI when a loop starts,
// removed when it ends. The Stop hook's no-loop fast path is one existence check of this file.
import { promises as fs } from "node:fs";
import * as z from "zod";
import { LOOP_KINDS } from "../shared/loop-kinds.js";
import { readJson, writeJson } from "../state/json-store.js";
import { sessionMarkerPath } from "../state/paths.js";

export const SessionMarkerSchema = z.object({
  version: z.literal(1),
  kind: z.enum(LOOP_KINDS),
  loop_id: z.string().min(1),
  project_dir: z.string().min(1),
  state_file: z.string().min(1),
  created_at: z.iso.datetime(),
  /** "run": the session is one phase of `loopkit run`, which ends it after each judged turn (absent = "session"). */
  driver: z.enum(["session", "run"]).optional(),
});
export type SessionMarker = z.infer<typeof SessionMarkerSchema>;

/** Routes `sessionId`'s hooks to a loop. */
export async function writeSessionMarker(
  data: string,
  sessionId: string,
  marker: Omit<SessionMarker, "version" | "created_at">,
  now: Date,
): Promise<void> {
  await writeJson(sessionMarkerPath(data, sessionId), SessionMarkerSchema, { version: 1, ...marker, created_at: now.toISOString() });
}

/** Removes a session's marker if it still points at `loopId` (another loop's marker is left alone). */
export async function removeSessionMarker(data: string, sessionId: string, loopId: string): Promise<void> {
  const file = sessionMarkerPath(data, sessionId);
  const marker = await readJson(file, SessionMarkerSchema).catch(() => ({ exists: false as const }));
  if (marker.exists && marker.value.loop_id === loopId) await fs.rm(file, { force: true });
}
