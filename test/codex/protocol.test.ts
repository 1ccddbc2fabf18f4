// Messages as the real Codex 0.171.0 app-server sent them (trimmed), and shapes it must not accept.
import { describe, expect, it } from "vitest";
import {
  AccountReadResultSchema,
  ConfigReadResultSchema,
  ErrorParamsSchema,
  GoalSetResultSchema,
  GoalUpdatedParamsSchema,
  ResponseMessageSchema,
  ThreadStartResultSchema,
  TurnCompletedParamsSchema,
} from "../../src/codex/protocol.js";

const goal = {
  threadId: "01a22e02-ad4f-7961-98f6-d62b8988cf3d",
  objective: "make tests pass",
  status: "complete",
  tokenBudget: 100000,
  tokensUsed: 240,
  timeUsedSeconds: 0,
  createdAt: 1796068257,
  updatedAt: 1796068257,
};

describe("app-server message schemas", () => {
  it.each([
    ["thread/goal/set result", GoalSetResultSchema, { goal: { ...goal, status: "active", tokensUsed: 0 } }],
    ["thread/goal/updated", GoalUpdatedParamsSchema, { threadId: goal.threadId, turnId: "01a22e02-af47", goal }],
    [
      "thread/goal/updated with no turn",
      GoalUpdatedParamsSchema,
      { threadId: goal.threadId, turnId: null, goal: { ...goal, tokenBudget: null } },
    ],
    [
      "thread/start result",
      ThreadStartResultSchema,
      { thread: { id: goal.threadId, status: { type: "idle" } }, model: "fake-model", modelProvider: "fake" },
    ],
    [
      "turn/completed (failed)",
      TurnCompletedParamsSchema,
      {
        threadId: "t",
        turn: { id: "u", items: [], status: "failed", error: { message: "high demand", codexErrorInfo: "internalServerError" } },
      },
    ],
    [
      "error notification",
      ErrorParamsSchema,
      { error: { message: "boom", codexErrorInfo: null }, willRetry: false, threadId: "t", turnId: "u" },
    ],
    ["account/read, custom provider", AccountReadResultSchema, { account: null, userId: null, requiresOpenaiAuth: false }],
    ["account/read, API key", AccountReadResultSchema, { account: { type: "apiKey" }, requiresOpenaiAuth: true }],
    [
      "config/read",
      ConfigReadResultSchema,
      { config: { model_provider: "fake", model_providers: { fake: { name: "fake", env_key: "FAKE_API_KEY" } } }, origins: {} },
    ],
    [
      "an error reply",
      ResponseMessageSchema,
      { id: 4, error: { code: -32600, message: "goal objective must be at most 4000 characters" } },
    ],
  ])("accepts %s", (_name, schema, message) => {
    expect(schema.safeParse(message).success).toBe(true);
  });

  it.each([
    ["an unknown goal status", GoalUpdatedParamsSchema, { threadId: "t", turnId: null, goal: { ...goal, status: "done" } }],
    ["negative tokens", GoalSetResultSchema, { goal: { ...goal, tokensUsed: -1 } }],
    ["tokens as text", GoalSetResultSchema, { goal: { ...goal, tokensUsed: "240" } }],
    ["a goal without status", GoalSetResultSchema, { goal: { ...goal, status: undefined } }],
    ["a thread without id", ThreadStartResultSchema, { thread: {}, model: "m" }],
    ["an empty thread id", ThreadStartResultSchema, { thread: { id: "" }, model: "m" }],
    ["an unknown turn status", TurnCompletedParamsSchema, { threadId: "t", turn: { id: "u", status: "exploded", error: null } }],
    ["account/read without requiresOpenaiAuth", AccountReadResultSchema, { account: null }],
    ["a reply without id", ResponseMessageSchema, { result: {} }],
    ["a reply with an object id", ResponseMessageSchema, { id: { x: 1 }, result: {} }],
  ])("rejects %s", (_name, schema, message) => {
    expect(schema.safeParse(message).success).toBe(false);
  });
});
