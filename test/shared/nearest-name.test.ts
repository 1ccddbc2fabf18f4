// The known name nearest a mistyped one: a swap, a missing or an extra letter; nothing for a word far from all.
import { expect, it } from "vitest";
import { nearestName } from "../../src/shared/nearest-name.js";

const NAMES = ["--verify", "--max-iterations", "--max-tokens", "--status", "--json"];

it.each([
  ["--verfiy", "--verify"],
  ["--verif", "--verify"],
  ["--VERIFY", "--verify"],
  ["--max-iteration", "--max-iterations"],
  ["--max-token", "--max-tokens"],
  ["--jsn", "--json"],
  ["--bogus", undefined],
  ["--js", undefined],
  ["--allowedTools", undefined],
  ["", undefined],
])("%j: %j", (typed, nearest) => {
  expect(nearestName(typed, NAMES)).toBe(nearest);
});
