import { describe, expect, it } from "vitest";
import type { Change } from "../../src/evidence/compare.js";
import { globMatcher } from "../../src/evidence/glob.js";
import { isBulk, namedByCommand, rankChanges } from "../../src/evidence/goalposts.js";

const change = (path: string, how: Change["how"] = "changed", root = ""): Change => ({
  path,
  parts: [],
  root,
  how,
  before: null,
  after: null,
});

describe("rankChanges", () => {
  it("puts goalposts first (protected, named by the verifier, tests, configuration, git metadata), then sources, then bulk", () => {
    const ranked = rankChanges(
      [
        change("aaa/junk1.txt", "added"),
        change("node_modules/dep/index.js"),
        change("node_modules/new/index.js", "added"),
        change("src/answer.ts"),
        change("check.sh"),
        change("test/answer.test.ts"),
        change("package.json"),
        change(".git/config", "changed", "\u0000git"),
        change("golden/expected.txt"),
        change("package-lock.json"),
        change("nested/repo/.git/objects/ab/cd", "added"),
        { ...change(".git/objects/12/34", "added", "\u0000git"), gitObject: true },
        change(".git/refs/heads/main", "changed", "\u0000git"),
        change(".git/hooks/pre-commit", "added", "\u0000git"),
        change("/elsewhere/repo/.git/config", "changed", "\u0000common"),
      ],
      { verifyCommand: "sh ./check.sh && node test/answer.test.ts", protect: ["golden/**"] },
    );
    expect(ranked.map((r) => [r.change.path, r.tier, r.why])).toEqual([
      [".git/config", "goalpost", "git metadata"],
      ["/elsewhere/repo/.git/config", "goalpost", "git metadata"],
      ["golden/expected.txt", "goalpost", "protected"],
      ["test/answer.test.ts", "goalpost", "named by the verifier command"],
      ["check.sh", "goalpost", "named by the verifier command"],
      ["package.json", "goalpost", "configuration"],
      [".git/hooks/pre-commit", "goalpost", "git metadata"],
      [".git/refs/heads/main", "source", null],
      ["src/answer.ts", "source", null],
      ["aaa/junk1.txt", "source", null],
      // A file at a git object's name that is not one verified (compare.ts) is a source like any other.
      ["nested/repo/.git/objects/ab/cd", "source", null],
      ["node_modules/dep/index.js", "bulk", null],
      ["package-lock.json", "bulk", null],
      [".git/objects/12/34", "bulk", null],
      ["node_modules/new/index.js", "bulk", null],
    ]);
  });

  it("puts a lone edit before a flood of changes in one folder, whatever their names", () => {
    const flood = Array.from({ length: 50 }, (_, i) => change(`aaa/junk${i}.txt`));
    const ranked = rankChanges([...flood, change("zzz/answer.js")], { verifyCommand: "make", protect: [] });
    expect(ranked[0]!.change.path).toBe("zzz/answer.js");
  });

  it.each([
    ["test_answer.py", "test"],
    ["pkg/answer_test.go", "test"],
    ["src/__tests__/a.js", "test"],
    ["spec/models/user_spec.rb", "test"],
    ["vitest.config.ts", "configuration"],
    [".github/workflows/ci.yml", "configuration"],
    ["conftest.py", "test"],
    ["Makefile", "configuration"],
    ["src/util.ts", null],
  ])("%s is %s", (path, why) => {
    expect(rankChanges([change(path)], { verifyCommand: "npm test", protect: [] })[0]!.why).toBe(why);
  });
});

describe("namedByCommand and isBulk", () => {
  it("finds the paths a verifier command names, without options, absolute paths or ..", () => {
    expect(
      [...namedByCommand(`tsc -p tsconfig.json && node ./test.js --reporter=dot; python -m pytest tests/ "/etc/x" ../up`)].sort(),
    ).toEqual(["test.js", "tests", "tsconfig.json"]);
  });

  it("calls dependency, build and cache folders at any depth bulk, and lockfiles", () => {
    expect(
      ["node_modules/a.js", "packages/x/node_modules/b/c.js", "dist/index.js", "yarn.lock", "a/__pycache__/m.pyc"].map(isBulk),
    ).toEqual([true, true, true, true, true]);
    expect(["src/node_modules.ts", "distribution/a.js"].map(isBulk)).toEqual([false, false]);
  });
});

describe("globMatcher", () => {
  it.each([
    ["check.sh", "check.sh", true],
    ["test/**", "test/a/b.py", true],
    ["test/**", "test", false],
    ["**/*.test.ts", "a/b/c.test.ts", true],
    ["**/*.test.ts", "c.test.ts", true],
    ["*.ts", "a/b.ts", false],
    ["src/**/x.ts", "src/x.ts", true],
    ["src/**/x.ts", "src/a/b/x.ts", true],
    ["file?.txt", "file1.txt", true],
    ["[ab].txt", "b.txt", true],
    ["[!ab].txt", "b.txt", false],
    ["a.b", "axb", false],
  ])("%s matches %s: %s", (glob, path, expected) => {
    expect(globMatcher(glob)(path)).toBe(expected);
  });
});
