import { describe, expect, it } from "vitest";
import { capReached, DEFAULT_CAPS, resolveCaps } from "../../src/auto-loop/core/caps.js";
import { at, makeState } from "./fixtures.js";

describe("resolveCaps", () => {
  it("defaults to 40 iterations, 2M tokens, 4h, 70%", () => {
    expect(resolveCaps({}, {})).toEqual({ max_iterations: 40, max_tokens: 2_000_000, max_wallclock_ms: 14_400_000, restart_pct: 70 });
  });

  it("lets flags win over the goal file, and the file over the defaults", () => {
    expect(resolveCaps({ max_iterations: 5 }, { max_iterations: 9, max_tokens: 100 })).toEqual({
      ...DEFAULT_CAPS,
      max_iterations: 5,
      max_tokens: 100,
    });
  });

  it("keeps the wall-clock cap when other caps are given", () => {
    expect(resolveCaps({ max_iterations: 1, max_tokens: 1 }, {}).max_wallclock_ms).toBe(DEFAULT_CAPS.max_wallclock_ms);
  });
});

describe("capReached", () => {
  const caps = { max_iterations: 3, max_tokens: 1000, max_wallclock_ms: 60_000, restart_pct: 70 };
  it.each([
    ["nothing reached", makeState({ caps, iteration: 2, tokens: { transcript: 500, audit: 499 } }), 59_999, null],
    ["iterations", makeState({ caps, iteration: 3 }), 0, /max-iterations 3/],
    ["tokens, audits included", makeState({ caps, tokens: { transcript: 600, audit: 400 } }), 0, /max-tokens 1000 \(used 1000\)/],
    ["wall-clock", makeState({ caps }), 60_000, /max-wallclock 1m \(ran 1m\)/],
  ])("%s", (_name, state, elapsed, expected) => {
    const reason = capReached(state, at(elapsed));
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toMatch(expected);
  });
});
