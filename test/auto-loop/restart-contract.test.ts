// A restart keeps the contract: the earlier unfinished loop's verifier, report, allowance and
// protected files hold until the person gives --new-baseline. Pure, one row per case.
import { describe, expect, it } from "vitest";
import { earlierLoop, keptContract, type StartContract } from "../../src/auto-loop/core/restart-contract.js";
import { NO_TEST_RESULTS } from "../../src/auto-loop/core/state.js";
import { protectedChanges } from "../../src/auto-loop/core/decide.js";
import { keptProtectedFiles } from "../../src/auto-loop/project/protect.js";
import { makeState } from "./fixtures.js";

const L1: StartContract = { verify: "node test.js", report: null, allowRemovedTests: null, allowTestEdits: null, protect: ["test/**"] };
const loop1 = (contract: StartContract = L1, status: "unmet" | "achieved" | "budget-limited" = "unmet") =>
  makeState({
    loop_id: "L1",
    status,
    verify_command: contract.verify,
    test_results: {
      ...NO_TEST_RESULTS,
      report: contract.report,
      allow_removed_tests: contract.allowRemovedTests,
      allow_test_edits: contract.allowTestEdits,
    },
    protect: { globs: contract.protect, snapshot: { "test/a.test.js": "sha256:start" }, changed: [] },
  });

describe("the contract a restart keeps", () => {
  it.each<[string, Partial<StartContract>, RegExp | null]>([
    ["the same goal file: nothing to say", {}, null],
    ["the verifier edited (node ./test.js)", { verify: "node ./test.js" }, /the verifier `node \.\/test\.js` \(it stays `node test\.js`\)/],
    ["an allow-removed-tests line added", { allowRemovedTests: "obsolete" }, /allow-removed-tests "obsolete" \(it stays none\)/],
    ["a test report named", { report: "junit.xml" }, /the test report "junit\.xml" \(it stays none\)/],
    [
      "an allow-test-edits line added by the agent in loop 1",
      { allowTestEdits: "rewrite" },
      /allow-test-edits "rewrite" \(it stays none\)/,
    ],
    ["a protect line dropped", { protect: [] }, /protect without test\/\*\* \(still protected\)/],
    [
      "all at once, hostile text kept as text",
      { verify: "true `rm -rf ~`", protect: ["other/**"] },
      /verifier `true `rm -rf ~``.*; protect without test\/\*\*/,
    ],
  ])("%s", (_, asked, note) => {
    const kept = keptContract({ ...L1, ...asked }, loop1());
    expect(kept.contract).toEqual({ ...L1, protect: [...new Set([...L1.protect, ...(asked.protect ?? [])])] });
    if (note) expect(kept.note).toMatch(note);
    else expect(kept.note).toBeNull();
    if (note) expect(kept.note).toMatch(/loop L1's start.*--new-baseline/);
  });

  it("adds the person's new protect globs to the earlier ones", () => {
    expect(keptContract({ ...L1, protect: ["src/**"] }, loop1()).contract.protect).toEqual(["test/**", "src/**"]);
  });

  it.each<[string, ReturnType<typeof loop1> | undefined, boolean, boolean]>([
    ["an unfinished loop before it", loop1(), false, true],
    ["one that ended budget-limited", loop1(L1, "budget-limited"), false, true],
    ["one that ended achieved", loop1(L1, "achieved"), false, false],
    ["--new-baseline", loop1(), true, false],
    ["no loop before it", undefined, false, false],
  ])("is kept after %s: %s", (_, last, newBaseline, keeps) => {
    const earlier = earlierLoop(last, newBaseline);
    expect(earlier !== undefined).toBe(keeps);
    expect(keptContract({ ...L1, verify: "other" }, earlier).contract.verify).toBe(keeps ? "node test.js" : "other");
  });
});

describe("the protected files a restart keeps", () => {
  const earlier = { globs: ["test/**"], snapshot: { "test/a.test.js": "sha256:start" } };
  it.each<[string, Record<string, string>, string[]]>([
    ["a protected test changed in loop 1 is still a change", { "test/a.test.js": "sha256:weakened" }, ["test/a.test.js (changed)"]],
    [
      "one added in loop 1 is still an addition",
      { "test/a.test.js": "sha256:start", "test/b.test.js": "sha256:new" },
      ["test/b.test.js (added)"],
    ],
    ["one deleted in loop 1 is still a deletion", {}, ["test/a.test.js (deleted)"]],
    ["untouched: nothing", { "test/a.test.js": "sha256:start" }, []],
  ])("%s", (_, now, changes) => {
    // The restart's own snapshot is taken from the project as loop 1 left it, and loop 2's Stops compare with the kept one.
    const kept = keptProtectedFiles(now, earlier);
    expect(protectedChanges(kept, now)).toEqual(changes);
  });

  it("takes files only a new glob names as they are now", () => {
    expect(keptProtectedFiles({ "src/x.js": "sha256:now", "test/a.test.js": "sha256:weakened" }, earlier)).toEqual({
      "src/x.js": "sha256:now",
      "test/a.test.js": "sha256:start",
    });
  });
});
