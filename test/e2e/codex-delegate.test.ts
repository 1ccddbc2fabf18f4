// The real @openai/codex CLI (node_modules/.bin/codex) driven by loopkit's delegate, offline: the
// model is a scripted fake Responses API on 127.0.0.1, reached through a custom provider in a
// throw-away CODEX_HOME; every proxy variable points at a loopback proxy that refuses and records.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppServerClient } from "../../src/codex/app-server-client.js";
import type { AuditRound, VerifierReport } from "../../src/codex/decide.js";
import { delegateToCodex, type CodexProgress } from "../../src/codex/delegate.js";
import { makeCodexEnv, type CodexEnv } from "./harness/codex-env.js";
import {
  objectivesSeen,
  startFakeResponsesApi,
  startRefusingProxy,
  type FakeResponsesApi,
  type RefusingProxy,
  type ScriptStep,
} from "./harness/fake-responses-api.js";

const complete: ScriptStep = { call: "update_goal", args: { status: "complete" } };
const pass: VerifierReport = { passed: true, exitCode: 0, timedOut: false, outputTail: "all green" };
const fail: VerifierReport = { passed: false, exitCode: 1, timedOut: false, outputTail: "FAIL test/math.test.ts: expected 4, got 5" };

let api: FakeResponsesApi;
let proxy: RefusingProxy;
let codex: CodexEnv;

async function setUp(script: ScriptStep[]): Promise<void> {
  api = await startFakeResponsesApi(script);
  proxy = await startRefusingProxy();
  codex = makeCodexEnv({ baseUrl: api.baseUrl, proxyUrl: proxy.url });
}

afterEach(async () => {
  await api?.close();
  await proxy?.close();
  codex?.cleanup();
});

const ACHIEVED: AuditRound = { vote: "achieved", reasons: ["the math test passes for the right reason"], failure: null };

function run(
  verdicts: VerifierReport[],
  caps = { maxIterations: 3, maxTokens: 100_000, maxWallclockMs: 60_000 },
  votes: AuditRound[] = [ACHIEVED],
) {
  const verifierCalls: number[] = [];
  const auditTails: string[] = [];
  const updates: CodexProgress<VerifierReport>[] = [];
  const lines: string[] = [];
  const result = delegateToCodex({
    projectDir: codex.projectDir,
    goal: "Make the math test pass.",
    verifyCommand: "npm test",
    caps,
    env: codex.env,
    runVerifier: async () => {
      verifierCalls.push(Date.now());
      return verdicts.shift() ?? fail;
    },
    runAudit: async (tail) => {
      auditTails.push(tail);
      return { ...(votes.length > 1 ? votes.shift()! : votes[0]!), tokens: 50 };
    },
    sink: { update: async (progress) => void updates.push(progress), cancelled: async () => false },
    print: (line) => lines.push(line),
    pollMs: 200,
  });
  return { result, verifierCalls, updates, lines, auditTails };
}

describe("delegateToCodex with the real Codex CLI", () => {
  it("reaches achieved when Codex says complete, the verifier passes twice and the audit votes achieved", async () => {
    await setUp([{ text: "Working on it." }, complete, { text: "Done." }]);
    const { result, verifierCalls, updates, lines, auditTails } = run([pass, pass]);
    await expect(result).resolves.toMatchObject({ status: "achieved", iteration: 1 });
    expect(verifierCalls).toHaveLength(2);
    expect(auditTails).toEqual([pass.outputTail]);
    expect(updates.at(-1)).toMatchObject({
      status: "achieved",
      goalStatus: "complete",
      lastVerifier: { verdict: "pass" },
      lastAudit: { vote: "achieved", iteration: 1 },
    });
    expect(updates.at(-1)!.tokensUsed).toBeGreaterThan(0);
    expect(lines.some((line) => line.includes("goal complete"))).toBe(true);
    const [objective] = objectivesSeen(api.requests);
    expect(objective).toContain("Make the math test pass.");
    expect(objective).toContain("`npm test` exits 0");
    expect(proxy.attempts).toEqual([]);
  }, 60_000);

  it("sets the goal again with the verifier's output when Codex's claim fails, counting an iteration", async () => {
    await setUp([complete, { text: "Done." }, complete, { text: "Fixed it this time." }]);
    const { result, verifierCalls, updates } = run([fail, pass, pass]);
    await expect(result).resolves.toMatchObject({ status: "achieved", iteration: 2 });
    expect(verifierCalls).toHaveLength(3);
    expect(updates.some((update) => update.iteration === 2 && update.lastVerifier?.verdict === "fail")).toBe(true);
    const objectives = objectivesSeen(api.requests);
    expect(objectives).toHaveLength(2);
    expect(objectives[1]).toContain("iteration 2 of 3");
    expect(objectives[1]).toContain("FAIL test/math.test.ts: expected 4, got 5");
    expect(proxy.attempts).toEqual([]);
  }, 60_000);

  it("sends an unmet audit back to Codex as the next objective, with the audit's reasons", async () => {
    await setUp([complete, { text: "Done." }, complete, { text: "Really done now." }]);
    const unmet: AuditRound = { vote: "unmet", reasons: ["math.test.ts was weakened to expect 5"], failure: null };
    const { result, verifierCalls, auditTails, lines } = run([pass, pass, pass, pass], undefined, [unmet, ACHIEVED]);
    await expect(result).resolves.toMatchObject({ status: "achieved", iteration: 2 });
    expect(verifierCalls).toHaveLength(4);
    expect(auditTails).toHaveLength(2);
    expect(lines.some((line) => line.includes("the audit did not confirm Codex's claim; setting the goal again (iteration 2/3)"))).toBe(
      true,
    );
    const objectives = objectivesSeen(api.requests);
    expect(objectives).toHaveLength(2);
    expect(objectives[1]).toMatch(
      /verifier passed twice, but an independent audit[\s\S]*voted unmet[\s\S]*math\.test\.ts was weakened to expect 5/,
    );
    expect(proxy.attempts).toEqual([]);
  }, 60_000);

  it("ends budget-limited when the verifier never confirms within --max-iterations", async () => {
    await setUp([complete, { text: "Done." }, complete, { text: "Done." }]);
    const { result, verifierCalls } = run([fail, fail], { maxIterations: 2, maxTokens: 100_000, maxWallclockMs: 60_000 });
    await expect(result).resolves.toMatchObject({ status: "budget-limited", iteration: 2 });
    expect(verifierCalls).toHaveLength(2);
    expect(proxy.attempts).toEqual([]);
  }, 60_000);

  // The control for every `proxy.attempts` assertion above: the trap does see Codex's traffic.
  it("catches Codex reaching for the internet when plugins are left on (control)", async () => {
    api = await startFakeResponsesApi([]);
    proxy = await startRefusingProxy();
    codex = makeCodexEnv({
      baseUrl: api.baseUrl,
      proxyUrl: proxy.url,
      config: `model_provider = "fake"\n[model_providers.fake]\nname = "fake"\nbase_url = "${api.baseUrl}"\nenv_key = "FAKE_API_KEY"\n`,
    });
    const client = AppServerClient.start({ bin: codex.env.LOOPKIT_CODEX_BIN!, cwd: codex.projectDir, env: codex.env });
    try {
      await client.request(
        "initialize",
        { clientInfo: { name: "loopkit-test", title: null, version: "0" }, capabilities: { experimentalApi: true } },
        z.unknown(),
      );
      client.notify("initialized");
      await expect.poll(() => proxy.attempts.length, { timeout: 20_000, interval: 200 }).toBeGreaterThan(0);
      expect(proxy.attempts.every((line) => line.startsWith("CONNECT "))).toBe(true);
    } finally {
      await client.close();
    }
  }, 60_000);
});
