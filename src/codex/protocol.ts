// zod schemas for the parts of the `codex app-server` JSON-RPC protocol loopkit uses, written from
// `codex app-server generate-ts` of @openai/codex 0.171.0. Loose objects: newer fields pass through.
import * as z from "zod";

const RequestId = z.union([z.number(), z.string()]);

/** A reply to one of our requests. */
export const ResponseMessageSchema = z.looseObject({
  id: RequestId,
  result: z.unknown().optional(),
  error: z.looseObject({ code: z.number(), message: z.string(), data: z.unknown().optional() }).optional(),
});

/** A request the server sends us (approvals, user input); loopkit answers every one with an error. */
export const ServerRequestSchema = z.looseObject({ id: RequestId, method: z.string(), params: z.unknown().optional() });

/** An event from the server. */
export const NotificationSchema = z.looseObject({ method: z.string(), params: z.unknown().optional() });
export type Notification = z.infer<typeof NotificationSchema>;

export const InitializeResultSchema = z.looseObject({ userAgent: z.string() });

export const AccountReadResultSchema = z.looseObject({
  account: z.looseObject({ type: z.string() }).nullable(),
  requiresOpenaiAuth: z.boolean(),
});
export type AccountReadResult = z.infer<typeof AccountReadResultSchema>;

export const ConfigReadResultSchema = z.looseObject({
  config: z.looseObject({
    model_provider: z.string().nullish(),
    model_providers: z.record(z.string(), z.looseObject({ env_key: z.string().nullish() })).nullish(),
  }),
});
export type ConfigReadResult = z.infer<typeof ConfigReadResultSchema>;

export const ThreadStartResultSchema = z.looseObject({
  thread: z.looseObject({ id: z.string().min(1) }),
  model: z.string(),
});

const GoalStatusSchema = z.enum(["active", "paused", "blocked", "usageLimited", "budgetLimited", "complete"]);
export type GoalStatus = z.infer<typeof GoalStatusSchema>;

const GoalSchema = z.looseObject({
  threadId: z.string(),
  objective: z.string(),
  status: GoalStatusSchema,
  tokenBudget: z.number().nullable(),
  tokensUsed: z.number().nonnegative(),
  timeUsedSeconds: z.number().nonnegative(),
});
export type Goal = z.infer<typeof GoalSchema>;

export const GoalSetResultSchema = z.looseObject({ goal: GoalSchema });
export const GoalClearResultSchema = z.looseObject({ cleared: z.boolean() });

export const GoalUpdatedParamsSchema = z.looseObject({
  threadId: z.string(),
  turnId: z.string().nullable(),
  goal: GoalSchema,
});

export const TurnStartedParamsSchema = z.looseObject({ threadId: z.string(), turn: z.looseObject({ id: z.string() }) });

const TurnErrorSchema = z.looseObject({ message: z.string() });

export const TurnCompletedParamsSchema = z.looseObject({
  threadId: z.string(),
  turn: z.looseObject({
    id: z.string(),
    status: z.enum(["completed", "interrupted", "failed", "inProgress"]),
    error: TurnErrorSchema.nullable(),
  }),
});

export const ErrorParamsSchema = z.looseObject({
  error: TurnErrorSchema,
  willRetry: z.boolean(),
  threadId: z.string(),
});
