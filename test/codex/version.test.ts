import { describe, expect, it } from "vitest";
import { compareVersions, MIN_CODEX_VERSION, parseCodexVersion, type CodexVersion } from "../../src/codex/version.js";

describe("parseCodexVersion", () => {
  it.each<[string, CodexVersion | undefined]>([
    ["codex-cli 0.171.0", [0, 171, 0]],
    ["codex-cli 0.171.0\n", [0, 171, 0]],
    ["  codex-cli 1.2.3  \nsomething else", [1, 2, 3]],
    ["codex-cli 0.128.0-alpha.2", [0, 128, 0]],
    ["codex-cli 10.0.1+build.7", [10, 0, 1]],
    ["codex-cli 0.171", undefined],
    ["codex 0.171.0", undefined],
    ["0.171.0", undefined],
    ["codex-cli v0.171.0", undefined],
    ["codex-cli 0.171.0 extra", undefined],
    ["WARNING: something\ncodex-cli 0.171.0", [0, 171, 0]],
    ["WARNING: codex-cli 0.171.0", undefined],
    ["codex-cli 0.1234567.0", undefined],
    ["", undefined],
    ["codex-cli 0.171.0; rm -rf /", undefined],
  ])("%j -> %j", (input, expected) => {
    expect(parseCodexVersion(input)).toEqual(expected);
  });
});

describe("compareVersions", () => {
  it.each<[CodexVersion, CodexVersion, "<" | "=" | ">"]>([
    [[0, 171, 0], MIN_CODEX_VERSION, ">"],
    [[0, 128, 0], MIN_CODEX_VERSION, "="],
    [[0, 127, 99], MIN_CODEX_VERSION, "<"],
    [[0, 100, 0], MIN_CODEX_VERSION, "<"],
    [[1, 0, 0], MIN_CODEX_VERSION, ">"],
    [[0, 128, 1], MIN_CODEX_VERSION, ">"],
    [[0, 9, 500], [0, 10, 0], "<"],
  ])("%j vs %j is %s", (a, b, expected) => {
    const sign = Math.sign(compareVersions(a, b));
    expect(sign).toBe({ "<": -1, "=": 0, ">": 1 }[expected]);
  });
});
