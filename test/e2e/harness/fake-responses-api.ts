// A scripted stand-in for the OpenAI Responses API on 127.0.0.1, plus a loopback HTTP proxy that
// refuses every request: tests point HTTP(S)_PROXY/ALL_PROXY at it, so any attempt to leave the
// machine is recorded (and fails) instead of reaching the internet.
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";

/** One model reply: plain text, or a tool call (e.g. update_goal {status:"complete"}). */
export type ScriptStep = { text: string } | { call: string; args: Record<string, unknown> };

export interface RecordedRequest {
  method: string;
  url: string;
  /** The request body; empty past the first KEPT_BODIES requests. */
  body: string;
}

export interface FakeResponsesApi {
  baseUrl: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const USAGE = {
  input_tokens: 100,
  input_tokens_details: { cached_tokens: 0 },
  output_tokens: 20,
  output_tokens_details: { reasoning_tokens: 0 },
  total_tokens: 120,
};

/**
 * Bounds for a run whose goal never ends (a command that keeps failing makes Codex start turn after
 * turn, each request carrying the whole history): past the script, answers come slowly, and only the
 * first bodies are kept, so the test worker's memory stays flat (codex-facts.md, last section).
 */
const IDLE_DELAY_MS = 250;
const KEPT_BODIES = 64;

/** Answers POST /v1/responses with the next step of `script` as an SSE stream; "idle" text once it runs out, slowly. */
export async function startFakeResponsesApi(script: ScriptStep[]): Promise<FakeResponsesApi> {
  const requests: RecordedRequest[] = [];
  let next = 0;
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      if (requests.length < KEPT_BODIES) body += chunk;
    });
    req.on("end", () => {
      requests.push({ method: req.method ?? "", url: req.url ?? "", body });
      if (req.method !== "POST" || !req.url?.endsWith("/responses")) {
        res.writeHead(404).end();
        return;
      }
      const n = ++next;
      const step = script[n - 1] ?? { text: "idle" };
      const item =
        "call" in step
          ? { type: "function_call", id: `fc_${n}`, call_id: `call_${n}`, name: step.call, arguments: JSON.stringify(step.args) }
          : { type: "message", id: `msg_${n}`, role: "assistant", content: [{ type: "output_text", text: step.text, annotations: [] }] };
      const events = [
        { type: "response.created", response: { id: `resp_${n}` } },
        { type: "response.output_item.added", output_index: 0, item },
        { type: "response.output_item.done", output_index: 0, item },
        { type: "response.completed", response: { id: `resp_${n}`, usage: USAGE } },
      ];
      const answer = () => {
        res.writeHead(200, { "content-type": "text/event-stream" });
        for (const event of events) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
        res.end();
      };
      if (n > script.length) setTimeout(answer, IDLE_DELAY_MS);
      else answer();
    });
  });
  await listen(server);
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => close(server),
  };
}

export interface RefusingProxy {
  url: string;
  /** The first line of every request that reached the proxy (e.g. "CONNECT api.openai.com:443 HTTP/1.1"). */
  attempts: string[];
  close(): Promise<void>;
}

export async function startRefusingProxy(): Promise<RefusingProxy> {
  const attempts: string[] = [];
  const server = net.createServer((socket) => {
    socket.once("data", (data) => {
      attempts.push(data.toString("latin1").split("\r\n", 1)[0] ?? "");
      socket.end("HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n");
    });
    socket.on("error", () => undefined);
  });
  await listen(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, attempts, close: () => close(server) };
}

/** The goal objectives Codex showed the model (it passes them as `goal_objective` tool outputs). */
export function objectivesSeen(requests: RecordedRequest[]): string[] {
  const seen = new Set<string>();
  for (const request of requests) {
    if (!request.url.endsWith("/responses")) continue;
    const body = JSON.parse(request.body) as { input?: Array<{ type?: string; name?: string; output?: unknown }> };
    for (const item of body.input ?? []) {
      if (item.type === "function_call_output" && item.name === "goal_objective" && typeof item.output === "string") seen.add(item.output);
    }
  }
  return [...seen];
}

function listen(server: net.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
}

function close(server: net.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    (server as http.Server).closeAllConnections?.();
  });
}
