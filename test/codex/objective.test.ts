import { describe, expect, it } from "vitest";
import { buildObjective, MAX_OBJECTIVE_CHARS, type ObjectiveInput } from "../../src/codex/objective.js";

const base: ObjectiveInput = {
  goal: "Make `npm test` pass.",
  verifyCommand: "npm test",
  iteration: 2,
  maxIterations: 40,
  maxTokens: 2_000_000,
  maxWallclockMs: 4 * 3_600_000 + 30 * 60_000,
};

describe("buildObjective", () => {
  it("names the goal, the verifier, the caps and the retry reason", () => {
    const text = buildObjective({ ...base, retryReason: "verifier failed with exit code 1\nFAIL test/a.test.ts" });
    expect(text).toContain("Make `npm test` pass.");
    expect(text).toContain("`npm test` exits 0");
    expect(text).toContain("iteration 2 of 40, 2000000 tokens, 4h30m");
    expect(text).toMatch(/Previous attempt:\nverifier failed with exit code 1\nFAIL test\/a.test.ts$/);
  });

  it("has no retry section on the first iteration", () => {
    expect(buildObjective(base)).not.toContain("Previous attempt");
  });

  const wellFormed = (text: string) => !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

  it.each<[string, Partial<ObjectiveInput>]>([
    ["a huge goal", { goal: "g".repeat(50_000) }],
    ["a huge reason", { retryReason: `${"r".repeat(50_000)}TAIL-SUMMARY` }],
    ["both huge", { goal: "g".repeat(10_000), retryReason: `${"r".repeat(10_000)}TAIL-SUMMARY` }],
    ["multi-byte text", { goal: "é🙂".repeat(5_000), retryReason: "ü".repeat(5_000) }],
  ])("fits Codex's limit with %s", (_name, extra) => {
    const text = buildObjective({ ...base, ...extra });
    expect(text.length).toBeLessThanOrEqual(MAX_OBJECTIVE_CHARS);
    expect(text).toContain("`npm test` exits 0");
    expect(wellFormed(text)).toBe(true);
    if (extra.retryReason?.endsWith("TAIL-SUMMARY")) expect(text.endsWith("TAIL-SUMMARY")).toBe(true);
    if ((extra.goal?.length ?? 0) > 4000) expect(text).toContain("cut to fit");
  });

  it("keeps a long goal's start and still leaves room for the reason", () => {
    const text = buildObjective({ ...base, goal: `START ${"g".repeat(20_000)}`, retryReason: "exit code 2" });
    expect(text.startsWith("Goal:\nSTART ")).toBe(true);
    expect(text).toContain("Previous attempt:\nexit code 2");
  });

  it("refuses a verifier command too long to hand over", () => {
    expect(() => buildObjective({ ...base, verifyCommand: "x".repeat(5_000) })).toThrow(/too long/);
  });
});
