// The per-session marker: "session S owns loop L of kind K". Written by the CLI when a loop starts,
// removed when it ends. The Stop hook's no-loop fast path is one existence check of this file.
import { z } from "zod";

export const SessionMarkerSchema = z.object({
  version: z.literal(1),
  kind: z.enum(["repeat", "auto-loop"]),
  loop_id: z.string().min(1),
  project_dir: z.string().min(1),
  state_file: z.string().min(1),
  created_at: z.iso.datetime(),
  /** "run": the session is one phase of `loopkit run`, which ends it after each judged turn (absent = "session"). */
  driver: z.enum(["session", "run"]).optional(),
});
export type SessionMarker = z.infer<typeof SessionMarkerSchema>;
