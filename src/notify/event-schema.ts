// The notify command's stdin as a schema (schemas/notify.schema.json): the one part of notify that names
// every kind's statuses, so it loads every kind; the hook's paths use only its type.
import * as z from "zod";
import { ALL_LOOP_KINDS } from "../loops/registry.js";
import { LOOP_KINDS } from "../shared/loop-kinds.js";

/** The notify command's stdin (schemas/notify.schema.json is generated from it). */
export const LoopEventSchema = z.object({
  version: z.literal(1),
  /** ended: a final status; paused: a repeat loop waits for --resume; blocked: an auto-loop ended blocked. */
  event: z.enum(["ended", "paused", "blocked"]),
  kind: z.enum(LOOP_KINDS),
  loop_id: z.string(),
  session_id: z.string(),
  project_dir: z.string(),
  /** The repeat loop's final status (or "paused"), or the auto-loop's status. */
  status: z.enum(ALL_LOOP_KINDS.flatMap((kind) => kind.notify.statuses)),
  reason: z.string().nullable(),
  command: z.string().nullable(),
  goal: z.string().nullable(),
  iterations: z.int().nonnegative(),
  max_iterations: z.int().positive(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** One line for a person, e.g. for a desktop notification. */
  message: z.string(),
});
export type LoopEvent = z.infer<typeof LoopEventSchema>;
