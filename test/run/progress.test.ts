import { describe, expect, it } from "vitest";
import { progressLine } from "../../src/run/progress.js";
import { loopStatus } from "../../src/auto-loop/status.js";
import { at, makeState } from "../auto-loop/fixtures.js";

describe("progressLine", () => {
  const status = (overrides = {}) => loopStatus("/p", makeState({ iteration: 3, tokens: { transcript: 900, audit: 100 }, ...overrides }), at(65_000), 1_800_000);

  it("says where a pursuing loop stands after the phase", () => {
    expect(progressLine(3, "abcdef12-3456", status(), { exitCode: 0, timedOut: false, failure: null })).toBe(
      "loopkit run: phase 3 (session abcdef12, exit 0): pursuing; iteration 3/40, verifier -, audit -, tokens 1000/2000000, elapsed 1m5s/4h",
    );
  });

  it("names a timeout, a failure to start and the final status with its reason", () => {
    const ended = status({ status: "budget-limited", status_reason: "reached --max-iterations 3", ended_at: at(65_000).toISOString() });
    expect(progressLine(4, "s", ended, { exitCode: null, timedOut: true, failure: null })).toMatch(/\(session s, timed out\): budget-limited \(reached --max-iterations 3\);/);
    expect(progressLine(1, "s", status(), { exitCode: null, timedOut: false, failure: "could not run claude: ENOENT" })).toMatch(/\(session s, could not run claude: ENOENT\): pursuing/);
  });
});
