import { describe, expect, it } from "vitest";
import { vouchedByMetadata } from "../../src/evidence/tool-folders.js";

describe("vouchedByMetadata", () => {
  it("vouches for files below a dependency, build or cache folder only, whatever order it is asked in", () => {
    const asked: [string, boolean][] = [
      ["node_modules/a/index.js", true],
      ["node_modules/a/lib.js", true],
      ["node_modules", false],
      ["src/node_modules.js", false],
      ["src/a.js", false],
      ["src/a/dist/b.js", true],
      ["src/a/dist.js", false],
      ["src/a/distx/b.js", false],
      ["packages/x/node_modules/y/z.js", true],
      ["packages/x/node_module/y/z.js", false],
      ["node_modules/a/index.js", true],
      ["README.md", false],
      ["vendor/lib.go", true],
      [".git/config", true],
      ["src/a.js", false],
    ];
    expect(asked.map(([key]) => [key, vouchedByMetadata(key)])).toEqual(asked);
    expect([...asked].reverse().map(([key]) => [key, vouchedByMetadata(key)])).toEqual([...asked].reverse());
  });
});
