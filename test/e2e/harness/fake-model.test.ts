// The fake Messages API on its own, driven by a plain fetch client that rebuilds messages from SSE.
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { hookFeedbackOf, startFakeModel, type FakeModel } from "./fake-model.js";

let model: FakeModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const tools = [{ name: "Bash", description: "run", input_schema: { type: "object" } }];

function userMessage(...texts: string[]) {
  return { role: "user", content: texts.map((text) => ({ type: "text", text })) };
}

async function post(url: string, body: unknown, path = "/v1/messages?beta=true"): Promise<Response> {
  return fetch(`${url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

/** Rebuilds the assistant message from an SSE stream the way an SDK client does. */
async function readStream(response: Response) {
  const text = await response.text();
  const events = text
    .split("\n\n")
    .filter((chunk) => chunk.trim())
    .map((chunk) => {
      const [eventLine, dataLine] = chunk.split("\n");
      return { event: eventLine!.replace(/^event: /, ""), data: JSON.parse(dataLine!.replace(/^data: /, "")) };
    });
  let message: any;
  const partialJson: string[] = [];
  for (const { event, data } of events) {
    expect(data.type).toBe(event);
    if (event === "message_start") message = data.message;
    if (event === "content_block_start") message.content[data.index] = data.content_block;
    if (event === "content_block_delta" && data.delta.type === "text_delta") message.content[data.index].text += data.delta.text;
    if (event === "content_block_delta" && data.delta.type === "input_json_delta")
      partialJson[data.index] = (partialJson[data.index] ?? "") + data.delta.partial_json;
    if (event === "content_block_stop" && partialJson[data.index] !== undefined)
      message.content[data.index].input = JSON.parse(partialJson[data.index]!);
    if (event === "message_delta") Object.assign(message, data.delta, { usage: { ...message.usage, ...data.usage } });
  }
  return { names: events.map((e) => e.event), message };
}

describe("fake model", () => {
  it("streams a scripted text reply with end_turn and the scripted usage", async () => {
    model = await startFakeModel([{ text: "Hello there.", usage: { input_tokens: 1234, cache_read_input_tokens: 50 } }]);
    const { names, message } = await readStream(await post(model.url, { stream: true, tools, messages: [userMessage("hi")] }));
    expect(names).toEqual([
      "message_start",
      "content_block_start",
      "content_block_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    expect(message.content).toEqual([{ type: "text", text: "Hello there." }]);
    expect(message.stop_reason).toBe("end_turn");
    expect(message.usage).toEqual({ input_tokens: 1234, output_tokens: 20, cache_creation_input_tokens: 0, cache_read_input_tokens: 50 });
    expect(model.unexpected).toEqual([]);
  });

  it("streams tool_use blocks whose input is sent as one JSON delta, with stop_reason tool_use", async () => {
    const input = { command: `echo "a b" ; printf '%s' $HOME`, description: "quotes survive" };
    model = await startFakeModel([
      {
        text: "Running it.",
        toolUses: [
          { name: "Bash", input },
          { name: "Read", input: { file_path: "/x y" }, id: "toolu_mine" },
        ],
      },
    ]);
    const { message } = await readStream(await post(model.url, { stream: true, tools, messages: [userMessage("go")] }));
    expect(message.stop_reason).toBe("tool_use");
    expect(message.content).toEqual([
      { type: "text", text: "Running it." },
      { type: "tool_use", id: "toolu_fake_0_0", name: "Bash", input },
      { type: "tool_use", id: "toolu_mine", name: "Read", input: { file_path: "/x y" } },
    ]);
  });

  it("answers a non-streaming request with the whole message as JSON", async () => {
    model = await startFakeModel([{ text: "plain" }]);
    const response = await post(model.url, { messages: [userMessage("hi")] });
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(await response.json()).toMatchObject({ type: "message", content: [{ type: "text", text: "plain" }], stop_reason: "end_turn" });
  });

  it("logs the last user message's own text without leading system reminders, and tells main turns from side calls", async () => {
    model = await startFakeModel(() => ({ text: "ok" }));
    await post(model.url, {
      stream: true,
      tools,
      messages: [
        userMessage("old turn"),
        { role: "assistant", content: "x" },
        userMessage("<system-reminder>\ncontext\n</system-reminder>", "line one", "line two"),
        { role: "system", content: "agents" },
      ],
    });
    await post(model.url, { stream: true, messages: [{ role: "user", content: "a title please" }] });
    expect(model.requests.map((r) => [r.index, r.path, r.kind, r.userTexts, r.lastUserText])).toEqual([
      [0, "/v1/messages", "main", ["line one", "line two"], "line one\nline two"],
      [1, "/v1/messages", "side", ["a title please"], "a title please"],
    ]);
  });

  it("records other paths, an exhausted script, a function script's errors and CONNECT attempts as unexpected", async () => {
    model = await startFakeModel([{ text: "only one" }]);
    await post(model.url, { stream: true, tools, messages: [userMessage("first")] });
    const exhausted = await readStream(await post(model.url, { stream: true, tools, messages: [userMessage("second")] }));
    expect(exhausted.message.content[0].text).toContain("script exhausted");
    expect((await fetch(`${model.url}/v1/models`)).status).toBe(404);
    await post(model.url, { messages: [] }, "/v1/messages/count_tokens");
    model.setScript(() => {
      throw new Error("boom");
    });
    expect((await post(model.url, { stream: true, messages: [userMessage("third")] })).status).toBe(200);
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port: model!.port, method: "CONNECT", path: "api.anthropic.com:443" });
      request.on("connect", (response, socket) => {
        socket.destroy();
        resolve(response.statusCode);
      });
      request.on("error", reject);
      request.end();
    });
    expect(status).toBe(403);
    expect(model.unexpected).toEqual([
      'script exhausted at request 1: "second"',
      "GET /v1/models",
      "POST /v1/messages/count_tokens",
      "script threw at request 2: boom",
      "CONNECT api.anthropic.com:443",
    ]);
  });

  it("restarts an array script from its first reply after setScript", async () => {
    model = await startFakeModel([{ text: "one" }]);
    await post(model.url, { stream: true, tools, messages: [userMessage("a")] });
    model.setScript([{ text: "two" }]);
    const { message } = await readStream(await post(model.url, { stream: true, tools, messages: [userMessage("b")] }));
    expect(message.content[0].text).toBe("two");
    expect(model.unexpected).toEqual([]);
  });
});

describe("hookFeedbackOf", () => {
  const body = "\nloopkit repeat: iteration 2/3 (loop-1, every 4s).\nDo this task now:\n> say hi";
  it.each([
    // Seen in tmux: 2.1.197 and 2.1.332 with hooks.json's rewakeMessage, and without one.
    [
      "2.1.197 UI, rewakeMessage",
      `<task-notification>\n<summary>loopkit repeat: next iteration</summary>\n</task-notification>\n<system-reminder>\nloopkit: the wait is over. ${body}\n</system-reminder>`,
      `loopkit: the wait is over. ${body}`,
    ],
    [
      "2.1.332 UI, rewakeMessage",
      `<system-reminder>\n[SYSTEM NOTIFICATION - NOT USER INPUT]\n\n<task-notification>\n<summary>loopkit repeat: next iteration</summary>\n</task-notification>\n<system-reminder>\nloopkit: the wait is over. ${body}\n&lt;/system-reminder&gt;\n</system-reminder>`,
      `loopkit: the wait is over. ${body}`,
    ],
    [
      "2.1.332 UI, no rewakeMessage",
      `<system-reminder>\n[SYSTEM NOTIFICATION]\n<task-notification>\n<summary>Stop hook feedback</summary>\n</task-notification>\n<system-reminder>\nStop hook blocking error from command "Stop": ${body}\n&lt;/system-reminder&gt;\n</system-reminder>`,
      body,
    ],
    [
      "2.1.332 -p",
      `<system-reminder>\nThe text below is the output of a hook.\nStop hook feedback:\n[node hook.cjs --background]: ${body}\nThis hook comes from the loopkit@inline plugin.\n</system-reminder>`,
      `[node hook.cjs --background]: ${body}`,
    ],
  ])("%s", (_name, text, feedback) => {
    expect(hookFeedbackOf(text)).toBe(`Stop hook feedback:\n${feedback}`);
  });
});
