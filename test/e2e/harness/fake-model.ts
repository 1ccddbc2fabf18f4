// A scripted stand-in for the Anthropic Messages API on 127.0.0.1 (node:http only). The same server
// is the HTTP(S) proxy the CLI is pointed at, so any attempt to reach another host lands here, is
// refused, and is recorded in `unexpected`.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

/** An HTTP error answer instead of a message, as the Messages API sends one (e.g. 529 overloaded, 429 rate limit). */
export interface ScriptedError {
  status: number;
  /** The error body's `error.type`, e.g. overloaded_error, rate_limit_error, api_error, authentication_error. */
  type: string;
  message?: string;
  /** Response headers, e.g. `x-should-retry: false` (the CLI then gives up at once) or the rate-limit reset ones. */
  headers?: Record<string, string>;
}

export type ScriptedReply = {
  text?: string;
  toolUses?: { name: string; input: unknown; id?: string }[];
  usage?: Partial<Usage>;
  delayMs?: number;
  /** The reply is sent once this settles (a test holds a turn open while it does something else). */
  after?: Promise<unknown>;
  error?: ScriptedError;
};

/** The overloaded answer (HTTP 529) that tells the CLI not to retry, so one scripted error is one failed turn. */
export const OVERLOADED: ScriptedReply = {
  error: { status: 529, type: "overloaded_error", message: "Overloaded", headers: { "x-should-retry": "false" } },
};

/** A rate-limit answer (HTTP 429) the CLI does not retry. */
export const RATE_LIMITED: ScriptedReply = {
  error: { status: 429, type: "rate_limit_error", message: "Rate limited", headers: { "x-should-retry": "false" } },
};

/**
 * What a request is for: `main` is a turn of the session's own conversation (it offers tools);
 * `side` is any other call the CLI makes on its own (no tools offered: titles, summaries, probes).
 */
export type RequestKind = "main" | "side";

export interface LoggedRequest {
  index: number;
  method: string;
  path: string;
  body: any;
  kind: RequestKind;
  /** Text blocks of the last user message, leading <system-reminder> blocks dropped (except Stop hook feedback, unwrapped). */
  userTexts: string[];
  /** userTexts joined with \n. */
  lastUserText: string;
}

export type ReplyScript = ScriptedReply[] | ((request: LoggedRequest, index: number) => ScriptedReply);

export interface FakeModel {
  url: string;
  port: number;
  /** Every POST /v1/messages, in arrival order. */
  requests: LoggedRequest[];
  /** Anything that is not POST /v1/messages: other paths, CONNECT attempts, an exhausted script. */
  unexpected: string[];
  setScript(script: ReplyScript): void;
  close(): Promise<void>;
}

const DEFAULT_USAGE: Usage = { input_tokens: 100, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
const MODEL = "claude-fake-1";

/** True for a turn of the session's conversation, as opposed to a call the CLI makes on its own. */
export function isMainRequest(request: LoggedRequest): boolean {
  return request.kind === "main";
}

/** The requests that are turns of the conversation. */
export function mainRequests(requests: LoggedRequest[]): LoggedRequest[] {
  return requests.filter(isMainRequest);
}

function textBlocks(content: unknown): string[] {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return content.filter((block) => block?.type === "text" && typeof block.text === "string").map((block) => block.text as string);
}

/**
 * A Stop hook's feedback as 2.1.197 sends it (`Stop hook feedback:\n<reason>`), also where 2.1.332
 * wraps it in a <system-reminder> with a preamble and a `This hook comes from ...` line; else null.
 */
export function hookFeedbackOf(text: string): string | null {
  const trimmed = text.trimStart();
  // The interactive UI: a background (asyncRewake) hook's wake-up after its <task-notification>, led by
  // hooks.json's rewakeMessage, or without one by `Stop hook blocking error from command "<cmd>": `.
  const woken =
    /<\/task-notification>\n<system-reminder>\n(?:Stop hook blocking error from command "[^"]*": )?([\s\S]*?)\n(?:<\/system-reminder>|&lt;\/system-reminder&gt;)/.exec(
      trimmed,
    );
  if (woken) return `Stop hook feedback:\n${unescapeHtml(woken[1]!)}`;
  if (!trimmed.startsWith("<system-reminder>")) return null;
  const start = trimmed.indexOf("Stop hook feedback:\n");
  if (start < 0) return null;
  const body = trimmed.slice(start).replace(/\n<\/system-reminder>\s*$/, "");
  return body.replace(/\nThis hook comes from the [^\n]* plugin\.$/, "");
}

const unescapeHtml = (text: string) =>
  text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

function userTextsOf(body: any): string[] {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const lastUser = [...messages].reverse().find((message) => message?.role === "user");
  const texts = textBlocks(lastUser?.content);
  let first = 0;
  const feedback: string[] = [];
  while (first < texts.length && texts[first]!.trimStart().startsWith("<system-reminder>")) {
    const hook = hookFeedbackOf(texts[first]!);
    if (hook !== null) feedback.push(hook);
    first++;
  }
  const rest = texts
    .slice(first)
    .map((text) => (text.trimStart().startsWith("<task-notification>") ? (hookFeedbackOf(text) ?? text) : text));
  return [...feedback, ...rest];
}

/** Logs one request; `index` counts messages requests only. */
export function describeRequest(index: number, method: string, path: string, body: any): LoggedRequest {
  const userTexts = userTextsOf(body);
  const kind: RequestKind = Array.isArray(body?.tools) && body.tools.length > 0 ? "main" : "side";
  return { index, method, path, body, kind, userTexts, lastUserText: userTexts.join("\n") };
}

function contentBlocks(reply: ScriptedReply, index: number): any[] {
  const blocks: any[] = [];
  if (reply.text !== undefined || !reply.toolUses?.length) blocks.push({ type: "text", text: reply.text ?? "" });
  for (const [n, use] of (reply.toolUses ?? []).entries()) {
    blocks.push({ type: "tool_use", id: use.id ?? `toolu_fake_${index}_${n}`, name: use.name, input: use.input });
  }
  return blocks;
}

function messageOf(reply: ScriptedReply, index: number) {
  const usage = { ...DEFAULT_USAGE, ...reply.usage };
  const content = contentBlocks(reply, index);
  const stopReason = content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn";
  return {
    id: `msg_fake_${index}`,
    type: "message",
    role: "assistant",
    model: MODEL,
    content,
    stop_reason: stopReason,
    stop_sequence: null,
    usage,
  };
}

/** The SSE events of one streamed reply, as the Messages API sends them. */
export function sseEvents(reply: ScriptedReply, index: number): { event: string; data: unknown }[] {
  const message = messageOf(reply, index);
  const events: { event: string; data: unknown }[] = [
    {
      event: "message_start",
      data: {
        type: "message_start",
        message: { ...message, content: [], stop_reason: null, usage: { ...message.usage, output_tokens: 1 } },
      },
    },
  ];
  for (const [n, block] of message.content.entries()) {
    const start = block.type === "text" ? { type: "text", text: "" } : { type: "tool_use", id: block.id, name: block.name, input: {} };
    const delta =
      block.type === "text"
        ? { type: "text_delta", text: block.text }
        : { type: "input_json_delta", partial_json: JSON.stringify(block.input ?? {}) };
    events.push(
      { event: "content_block_start", data: { type: "content_block_start", index: n, content_block: start } },
      { event: "content_block_delta", data: { type: "content_block_delta", index: n, delta } },
      { event: "content_block_stop", data: { type: "content_block_stop", index: n } },
    );
  }
  events.push(
    {
      event: "message_delta",
      data: { type: "message_delta", delta: { stop_reason: message.stop_reason, stop_sequence: null }, usage: message.usage },
    },
    { event: "message_stop", data: { type: "message_stop" } },
  );
  return events;
}

export async function startFakeModel(initial: ReplyScript): Promise<FakeModel> {
  let script = initial;
  let scriptStart = 0;
  const requests: LoggedRequest[] = [];
  const unexpected: string[] = [];

  const replyFor = (request: LoggedRequest): ScriptedReply => {
    if (typeof script === "function") return script(request, request.index);
    const reply = script[request.index - scriptStart];
    if (reply) return reply;
    unexpected.push(`script exhausted at request ${request.index}: ${JSON.stringify(request.lastUserText.slice(0, 200))}`);
    return { text: "(fake model: script exhausted)" };
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const method = req.method ?? "";
      const url = req.url ?? "";
      const path = url.split("?")[0] ?? "";
      if (method !== "POST" || path !== "/v1/messages") {
        unexpected.push(`${method} ${url}`);
        // count_tokens gets a plausible answer so the CLI does not retry; everything else is refused.
        if (path === "/v1/messages/count_tokens") {
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ input_tokens: 100 }));
        } else {
          res
            .writeHead(404, { "content-type": "application/json" })
            .end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "fake model: no such endpoint" } }));
        }
        return;
      }
      let body: any;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        unexpected.push(`${method} ${url}: body is not JSON`);
        res.writeHead(400).end();
        return;
      }
      const request = describeRequest(requests.length, method, path, body);
      requests.push(request);
      let reply: ScriptedReply;
      try {
        reply = replyFor(request);
      } catch (error) {
        unexpected.push(`script threw at request ${request.index}: ${(error as Error).message}`);
        reply = { text: "(fake model: script threw)" };
      }
      const send = () => {
        if (res.destroyed) return;
        if (reply.error) {
          const { status, type, message, headers } = reply.error;
          res.writeHead(status, { "content-type": "application/json", ...headers });
          res.end(JSON.stringify({ type: "error", error: { type, message: message ?? type } }));
          return;
        }
        if (body.stream) {
          res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
          for (const { event, data } of sseEvents(reply, request.index)) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
          res.end();
        } else {
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(messageOf(reply, request.index)));
        }
      };
      if (reply.after) reply.after.then(send, send);
      else if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  // As the proxy target: tunnels to other hosts are refused and recorded.
  server.on("connect", (req, socket) => {
    unexpected.push(`CONNECT ${req.url ?? ""}`);
    socket.on("error", () => {});
    socket.end("HTTP/1.1 403 Forbidden\r\n\r\n");
  });
  // A client that hangs up mid-request (the CLI killed by a test) must not crash the test run.
  server.on("clientError", (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    unexpected,
    setScript(next) {
      script = next;
      scriptStart = requests.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
