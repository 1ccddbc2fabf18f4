import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { delegateToCodex } from "../../src/codex/delegate.js";
import { goalsFeatureEnabled, modelAccessProblem, preflightCodex } from "../../src/codex/preflight.js";
import type { AccountReadResult, ConfigReadResult } from "../../src/codex/protocol.js";
import { makeCodexEnv, REAL_CODEX, type CodexEnv } from "../e2e/harness/codex-env.js";
import { startRefusingProxy, type RefusingProxy } from "../e2e/harness/fake-responses-api.js";

const OFFLINE_CONFIG = ["check_for_update_on_startup = false", "[analytics]", "enabled = false", "[features]", "plugins = false", ""];

let codex: CodexEnv | undefined;
let proxy: RefusingProxy | undefined;

afterEach(async () => {
  codex?.cleanup();
  await proxy?.close();
  codex = undefined;
  proxy = undefined;
});

async function env(config: string[], bin?: string): Promise<CodexEnv> {
  proxy = await startRefusingProxy();
  codex = makeCodexEnv({ baseUrl: "http://127.0.0.1:9/v1", proxyUrl: proxy.url, config: config.join("\n"), bin });
  return codex;
}

async function rejection(promise: Promise<unknown>): Promise<{ code: string; message: string; hint: string }> {
  const error = await promise.then(
    () => expect.fail("expected a failure"),
    (caught: unknown) => caught as { code: string; message: string; hint: string },
  );
  return error;
}

describe("preflightCodex", () => {
  it("says how to install Codex when the binary does not exist", async () => {
    const { env: e } = await env(OFFLINE_CONFIG, "/nonexistent/bin/codex");
    const error = await rejection(preflightCodex(e));
    expect(error.code).toBe("CODEX_UNAVAILABLE");
    expect(error.message).toContain("/nonexistent/bin/codex");
    expect(error.hint).toContain("npm install -g @openai/codex");
  });

  it("finds `codex` on PATH and says how to upgrade one that is too old", async () => {
    const { env: e, root } = await env(OFFLINE_CONFIG);
    const binDir = path.join(root, "bin");
    mkdirSync(binDir);
    writeFileSync(path.join(binDir, "codex"), `#!${process.execPath}\nconsole.log("codex-cli 0.100.0");\n`);
    chmodSync(path.join(binDir, "codex"), 0o755);
    delete e.LOOPKIT_CODEX_BIN;
    e.PATH = `${binDir}${path.delimiter}${e.PATH}`;
    const error = await rejection(preflightCodex(e));
    expect(error.code).toBe("CODEX_TOO_OLD");
    expect(error.message).toContain("0.100.0");
    expect(error.message).toContain("0.128.0");
    expect(error.hint).toContain("npm install -g @openai/codex@latest");
  });

  it("says how to turn the goals feature on when the Codex config turned it off", async () => {
    const { env: e } = await env([...OFFLINE_CONFIG, "goals = false", ""]);
    const error = await rejection(preflightCodex(e));
    expect(error.code).toBe("CODEX_GOALS_DISABLED");
    expect(error.hint).toContain("codex features enable goals");
  });

  it("passes the real CLI with goals on, and reports whether `codex login status` succeeds", async () => {
    const { env: e } = await env(OFFLINE_CONFIG);
    await expect(preflightCodex(e)).resolves.toMatchObject({ bin: REAL_CODEX, loggedIn: false });
    await execa(REAL_CODEX, ["login", "--with-api-key"], { env: e, extendEnv: false, input: "sk-loopkit-test-not-a-key" });
    await expect(preflightCodex(e)).resolves.toMatchObject({ loggedIn: true });
    expect(proxy!.attempts).toEqual([]);
  }, 30_000);
});

describe("model access through the real app-server", () => {
  const start = (e: NodeJS.ProcessEnv, projectDir: string) =>
    delegateToCodex({
      projectDir,
      goal: "g",
      verifyCommand: "true",
      caps: { maxIterations: 1, maxTokens: 1000, maxWallclockMs: 10_000 },
      env: e,
      runVerifier: () => expect.fail("the verifier must not run"),
      runAudit: () => expect.fail("the audit must not run"),
      sink: { update: async () => expect.fail("no loop may start"), cancelled: async () => false },
      print: () => undefined,
    });

  it("says how to log in when Codex is neither logged in nor on a custom provider", async () => {
    const { env: e, projectDir } = await env(OFFLINE_CONFIG);
    const error = await rejection(start(e, projectDir));
    expect(error.code).toBe("CODEX_NOT_LOGGED_IN");
    expect(error.message).toBe("Codex is not logged in");
    expect(error.hint).toContain("codex login");
    expect(proxy!.attempts).toEqual([]);
  }, 30_000);

  it("names the missing API key variable of a custom provider", async () => {
    const provider = [
      'model_provider = "fake"',
      ...OFFLINE_CONFIG,
      "[model_providers.fake]",
      'name = "fake"',
      'base_url = "http://127.0.0.1:9/v1"',
      'env_key = "FAKE_API_KEY"',
      "",
    ];
    const { env: e, projectDir } = await env(provider);
    delete e.FAKE_API_KEY;
    const error = await rejection(start(e, projectDir));
    expect(error.code).toBe("CODEX_NOT_LOGGED_IN");
    expect(error.message).toContain("$FAKE_API_KEY");
  }, 30_000);
});

describe("goalsFeatureEnabled", () => {
  it.each<[string, boolean | undefined]>([
    ["goals                                    stable             true", true],
    ["apps   stable   true\ngoals   stable   false\n", false],
    ["goals   under development   true", true],
    ["goals_v2   stable   true", undefined],
    ["my goals   stable   true", undefined],
    ["goals", undefined],
    ["goals stable maybe", undefined],
    ["", undefined],
  ])("%j -> %j", (text, expected) => {
    expect(goalsFeatureEnabled(text)).toBe(expected);
  });
});

describe("modelAccessProblem", () => {
  const config = (provider: string | null, envKey?: string): ConfigReadResult => ({
    config: { model_provider: provider, model_providers: provider ? { [provider]: { env_key: envKey ?? null } } : {} },
  });
  const account = (type: string | null, requiresOpenaiAuth: boolean): AccountReadResult => ({
    account: type ? { type } : null,
    requiresOpenaiAuth,
  });

  it.each<[string, AccountReadResult, ConfigReadResult, NodeJS.ProcessEnv, RegExp | undefined]>([
    ["a ChatGPT account", account("chatgpt", true), config(null), {}, undefined],
    ["an API key login", account("apiKey", true), config(null), {}, undefined],
    ["no login, OpenAI provider", account(null, true), config(null), {}, /not logged in/],
    ["no login, OpenAI provider, OPENAI_API_KEY alone", account(null, true), config(null), { OPENAI_API_KEY: "sk" }, /not logged in/],
    ["custom provider with its key set", account(null, false), config("fake", "FAKE_API_KEY"), { FAKE_API_KEY: "k" }, undefined],
    ["custom provider with its key missing", account(null, false), config("fake", "FAKE_API_KEY"), {}, /\$FAKE_API_KEY/],
    ["custom provider with its key empty", account(null, false), config("fake", "FAKE_API_KEY"), { FAKE_API_KEY: "" }, /\$FAKE_API_KEY/],
    ["custom provider that needs no key (local model)", account(null, false), config("ollama"), {}, undefined],
  ])("%s", (_name, acc, cfg, e, problem) => {
    const result = modelAccessProblem(acc, cfg, e);
    if (problem) expect(result).toMatch(problem);
    else expect(result).toBeUndefined();
  });
});
