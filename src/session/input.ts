// zod schemas for the hook payloads Claude Code sends on stdin (only the fields loopkit reads; others pass through).
import * as z from "zod";
import { SESSION_ID_PATTERN } from "../state/paths.js";

const common = {
  session_id: z.string().regex(SESSION_ID_PATTERN, "session_id has an unexpected shape"),
  transcript_path: z.string().optional(),
  cwd: z.string().optional(),
};

export const StopInputSchema = z.looseObject({
  ...common,
  hook_event_name: z.literal("Stop"),
  stop_hook_active: z.boolean().optional(),
  /** The same on every Stop of one prompt (hook continuations included); a new prompt from the person gets a new one. */
  prompt_id: z.string().optional(),
  last_assistant_message: z.string().nullish(),
});
export type StopInput = z.infer<typeof StopInputSchema>;

export const SessionStartInputSchema = z.looseObject({
  ...common,
  hook_event_name: z.literal("SessionStart"),
  source: z.string().optional(),
});
export type SessionStartInput = z.infer<typeof SessionStartInputSchema>;

export const UserPromptSubmitInputSchema = z.looseObject({
  ...common,
  hook_event_name: z.literal("UserPromptSubmit"),
  prompt: z.string().optional(),
  /** A new one for every prompt; in the interactive UI also for a turn a background hook woke. */
  prompt_id: z.string().optional(),
});
export type UserPromptSubmitInput = z.infer<typeof UserPromptSubmitInputSchema>;

/** A turn that ended in an API error (no Stop runs then). `error` is Claude Code's class of it. */
export const StopFailureInputSchema = z.looseObject({
  ...common,
  hook_event_name: z.literal("StopFailure"),
  prompt_id: z.string().optional(),
  error: z.string().nullish(),
  error_details: z.string().nullish(),
  /** Claude Code's "API Error: ..." text. */
  last_assistant_message: z.string().nullish(),
});
export type StopFailureInput = z.infer<typeof StopFailureInputSchema>;

export const SessionEndInputSchema = z.looseObject({
  ...common,
  hook_event_name: z.literal("SessionEnd"),
  reason: z.string().optional(),
  /** The last prompt's id (the turn an API error may have ended). */
  prompt_id: z.string().optional(),
});
export type SessionEndInput = z.infer<typeof SessionEndInputSchema>;

export const HookInputSchema = z.discriminatedUnion("hook_event_name", [
  StopInputSchema,
  SessionStartInputSchema,
  UserPromptSubmitInputSchema,
  StopFailureInputSchema,
  SessionEndInputSchema,
]);
export type HookInput = z.infer<typeof HookInputSchema>;
