// The JSON-RPC client against a fake `codex app-server` written by the test (a node script): each
// method name makes it behave one way, so every unhappy path is reachable without the real CLI.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppServerClient } from "../../src/codex/app-server-client.js";
import type { Notification } from "../../src/codex/protocol.js";

const FAKE = `#!${process.execPath}
const readline = require("node:readline");
const send = (m) => process.stdout.write(JSON.stringify(m) + "\\n");
if (process.argv[2] !== "app-server") process.exit(64);
if (process.env.STUBBORN) setInterval(() => {}, 1000);
let asked;
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.id === "s1") { send({ id: asked, result: { answer: m } }); return; }
  switch (m.method) {
    case "echo": send({ id: m.id, result: m.params }); break;
    case "notify": send({ method: "thread/goal/updated", params: { threadId: "t" } }); send({ id: m.id, result: {} }); break;
    case "noise": process.stdout.write("not json at all\\n[1,2]\\n"); send({ id: 999, result: {} }); send({ id: m.id, result: { ok: true } }); break;
    case "fail": send({ id: m.id, error: { code: -32600, message: "goals feature is disabled" } }); break;
    case "ask": asked = m.id; send({ id: "s1", method: "item/commandExecution/requestApproval", params: {} }); break;
    case "die": process.stderr.write("fatal: config broken\\n"); process.exit(3);
    case "silent": break;
  }
});
`;

let dir: string;
let bin: string;
let client: AppServerClient | undefined;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "loopkit-fake-app-server-"));
  bin = path.join(dir, "codex");
  writeFileSync(bin, FAKE);
  chmodSync(bin, 0o755);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  client?.kill();
  await client?.exit;
  client = undefined;
});

function start(env: NodeJS.ProcessEnv = {}, requestTimeoutMs = 10_000): AppServerClient {
  client = AppServerClient.start({ bin, cwd: dir, env: { PATH: process.env.PATH, ...env }, requestTimeoutMs });
  return client;
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "resolved",
    (error: { code?: string; message: string }) => `${error.code}: ${error.message}`,
  );

describe("AppServerClient", () => {
  it("returns a validated result and passes notifications to listeners", async () => {
    const c = start();
    const seen: Notification[] = [];
    c.onNotification((notification) => seen.push(notification));
    await expect(c.request("echo", { n: 1 }, z.object({ n: z.number() }))).resolves.toEqual({ n: 1 });
    await c.request("notify", {}, z.object({}));
    expect(seen).toEqual([{ method: "thread/goal/updated", params: { threadId: "t" } }]);
  });

  it("turns an error reply into CODEX_PROTOCOL with the server's message", async () => {
    expect(await codeOf(start().request("fail", {}, z.unknown()))).toBe(
      "CODEX_PROTOCOL: codex app-server refused fail: goals feature is disabled",
    );
  });

  it("rejects a result of the wrong shape", async () => {
    expect(await codeOf(start().request("echo", { n: "one" }, z.object({ n: z.number() })))).toMatch(
      /^CODEX_PROTOCOL: .*unexpected shape at n/,
    );
  });

  it("skips lines that are not protocol messages and replies to nobody's request", async () => {
    await expect(start().request("noise", {}, z.object({ ok: z.literal(true) }))).resolves.toEqual({ ok: true });
  });

  it("answers a server request (an approval) with an error: nothing is ever granted", async () => {
    const result = await start().request("ask", {}, z.object({ answer: z.unknown() }));
    expect(result.answer).toEqual({
      id: "s1",
      error: { code: -32601, message: "loopkit does not handle item/commandExecution/requestApproval" },
    });
  });

  it("kills the server when a request times out", async () => {
    const c = start({}, 300);
    expect(await codeOf(c.request("silent", {}, z.unknown()))).toMatch(
      /^CODEX_PROTOCOL: codex app-server did not answer silent within 300 ms/,
    );
    await expect(c.exit).resolves.toMatchObject({ signal: "SIGKILL" });
  });

  it("rejects pending and later requests when the server dies, quoting its stderr", async () => {
    const c = start();
    expect(await codeOf(c.request("die", {}, z.unknown()))).toBe(
      "CODEX_PROTOCOL: codex app-server exited before answering die: fatal: config broken",
    );
    expect(await codeOf(c.request("echo", {}, z.unknown()))).toMatch(/exited before answering echo/);
  });

  it("shuts down cleanly by closing stdin", async () => {
    await expect(start().close()).resolves.toEqual({ exitCode: 0, signal: undefined });
  });

  it("kills a server that lingers after stdin closed", async () => {
    await expect(start({ STUBBORN: "1" }).close(300)).resolves.toMatchObject({ signal: "SIGKILL" });
  });
});
