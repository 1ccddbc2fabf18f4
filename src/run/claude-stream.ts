// What a `claude -p --output-format stream-json --verbose` turn ended with, read from its events as
// they come (a line each). Measured on 2.1.197 and 2.1.332: the `result` event carries the final
// message (`result`, `is_error: false`); a turn that ended in an API error has a main-chain
// `assistant` event with the error class (`error: "server_error"`, "rate_limit", ...) and the
// "API Error: ..." text, and a `result` with `is_error: true`. A run that never got going (a bad
// option, a missing conversation) has no assistant event.
// What the turn cost: each assistant event's message usage, once per message id (a message comes as
// several events, one per content block; subagents' events carry a parent_tool_use_id and count too),
// as the auto-loop counts a transcript; and the `result` event's own `usage` total. The larger is
// taken: the stream may stop short of the result (a timeout, a kill), and the result's total may
// leave out subagents.
import { usageTokens, type Usage } from "../session/usage.js";
import { apiErrorOf } from "../session/api-error.js";
import type { TurnEnd } from "../repeat/terminal.js";

export interface TurnRecord {
  end: TurnEnd;
  /** A turn of the session is on record (the model answered, or an API error was written): it can be resumed. */
  began: boolean;
  /** Why there is no final message, when there is none (claude's own error, or none seen). */
  detail: string | null;
  /** What the turn cost in tokens; null when claude printed no usage at all. */
  tokens: number | null;
}

interface Seen {
  began: boolean;
  messageIds: Set<string>;
  /** The usage of the assistant events, each message once; null before the first. */
  streamTokens: number | null;
  resultTokens: number | null;
  /** The last main-chain assistant event's error class and text. */
  apiError: { kind: string; text: string } | null;
  result: { isError: boolean; text: string | null; errors: string[] } | null;
}

/** Reads a turn's stdout line by line; `end()` says how it ended. Lines that are not JSON events are skipped. */
export function turnReader(): { push(line: string): void; end(now: Date): TurnRecord } {
  const seen: Seen = { began: false, messageIds: new Set(), streamTokens: null, resultTokens: null, apiError: null, result: null };
  return {
    push(line) {
      const event = parseEvent(line);
      if (event) take(seen, event);
    },
    end(now) {
      const counted = [seen.streamTokens, seen.resultTokens].filter((tokens) => tokens !== null);
      const end = endOf(seen, now);
      return { end, began: seen.began, detail: detailOf(seen, end), tokens: counted.length ? Math.max(...counted) : null };
    },
  };
}

type Event = Record<string, unknown>;

function parseEvent(line: string): Event | null {
  if (!line.startsWith("{")) return null;
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === "object" && value !== null ? (value as Event) : null;
  } catch {
    return null;
  }
}

function take(seen: Seen, event: Event): void {
  if (event.type === "assistant") countMessage(seen, event.message);
  if (event.type === "assistant" && (event.parent_tool_use_id ?? null) === null) {
    seen.began = true;
    seen.apiError = typeof event.error === "string" ? { kind: event.error, text: textOf(event.message) } : null;
  } else if (event.type === "result") {
    const errors = Array.isArray(event.errors) ? event.errors.filter((e): e is string => typeof e === "string") : [];
    seen.result = { isError: event.is_error === true, text: typeof event.result === "string" ? event.result : null, errors };
    if (typeof event.usage === "object" && event.usage !== null) seen.resultTokens = usageTokens(event.usage as Usage);
  }
}

function countMessage(seen: Seen, message: unknown): void {
  const { id, usage } = (message ?? {}) as { id?: unknown; usage?: unknown };
  if (typeof id !== "string" || seen.messageIds.has(id) || typeof usage !== "object" || usage === null) return;
  seen.messageIds.add(id);
  seen.streamTokens = (seen.streamTokens ?? 0) + usageTokens(usage as Usage);
}

/** The text blocks of an assistant event's message. */
function textOf(message: unknown): string {
  const content = (message as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((block): block is { type: "text"; text: string } => block?.type === "text" && typeof block.text === "string")
    .map((block) => block.text)
    .join("\n");
}

function endOf(seen: Seen, now: Date): TurnEnd {
  if (seen.apiError) return { kind: "api-error", error: apiErrorOf(seen.apiError.kind, seen.result?.text ?? seen.apiError.text, now) };
  // Refused credentials may come as the result alone (no assistant record): an API error all the same.
  const failed = seen.result?.isError ? apiErrorOf(null, seen.result.errors[0] ?? seen.result.text, now) : null;
  if (failed?.credentialsRefused) return { kind: "api-error", error: failed };
  if (seen.result && !seen.result.isError) return { kind: "answer", message: seen.result.text };
  return { kind: "answer", message: null };
}

function detailOf(seen: Seen, end: TurnEnd): string | null {
  if (end.kind === "api-error" || (seen.result && !seen.result.isError)) return null;
  if (seen.result) return seen.result.errors[0] ?? seen.result.text ?? "claude reported an error";
  return null;
}
