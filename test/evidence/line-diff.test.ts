import { describe, expect, it } from "vitest";
import { diffLines, hunks, MAX_EDITS } from "../../src/evidence/line-diff.js";

/** Applies an edit script to `a` (checks that it really turns a into b). */
function apply(a: string[], b: string[], ops: ReturnType<typeof diffLines>): string[] {
  return ops.filter((op) => op.kind !== "del").map((op) => (op.kind === "add" ? b[op.line]! : a[op.line]!));
}

const lines = (text: string) => (text ? text.split(" ") : []);

describe("diffLines", () => {
  it.each([
    ["", ""],
    ["a b c", "a b c"],
    ["", "a b"],
    ["a b", ""],
    ["a b c d", "a x c d"],
    ["a b c a b b a", "c b a b a c"],
    ["x y z", "y z x"],
    ["1 2 3 4 5 6 7 8 9", "1 2 9 4 5 6 7 3 8"],
  ])("%j -> %j: the script rebuilds the second and keeps every line of the first that it can", (x, y) => {
    const a = lines(x);
    const b = lines(y);
    const ops = diffLines(a, b);
    expect(apply(a, b, ops)).toEqual(b);
    expect(ops.filter((o) => o.kind !== "add").map((o) => a[o.line])).toEqual(a);
  });

  it("finds the shortest script (Myers): one changed line is one delete and one add", () => {
    const a = Array.from({ length: 1000 }, (_, i) => `line ${i}`);
    const b = [...a];
    b[500] = "return 42; // hard-coded";
    const ops = diffLines(a, b);
    expect(ops.filter((o) => o.kind !== "same")).toEqual([
      { kind: "del", line: 500 },
      { kind: "add", line: 500 },
    ]);
  });

  it("past MAX_EDITS shows the middle as removed, then added, whole (bounded time)", () => {
    const a = Array.from({ length: MAX_EDITS * 2 }, (_, i) => `a${i}`);
    const b = Array.from({ length: MAX_EDITS * 2 }, (_, i) => `b${i}`);
    const ops = diffLines(["same", ...a, "end"], ["same", ...b, "end"]);
    expect(ops.filter((o) => o.kind === "del")).toHaveLength(a.length);
    expect(ops.filter((o) => o.kind === "add")).toHaveLength(b.length);
    expect(ops[0]).toEqual({ kind: "same", line: 0 });
  });
});

describe("diffLines on big inputs (no recursion, no spread: nothing overflows the stack)", () => {
  const big = Array.from({ length: 150_000 }, (_, i) => `row ${i}`);

  it("a 150,000-line rewrite: every line removed and added, in order", () => {
    const b = big.map((line) => `${line}!`);
    const ops = diffLines(big, b);
    expect(apply(big, b, ops)).toEqual(b);
    expect(ops.filter((o) => o.kind === "del")).toHaveLength(150_000);
    expect(hunks(big, b, ops)).toHaveLength(1 + 300_000);
  });

  it("5,000 scattered edits past MAX_EDITS: cut at lines unique to both sides, only the edited lines change", () => {
    const b = [...big];
    for (let i = 0; i < 5_000; i++) b[i * 29 + 7] = `edited ${i}`;
    const ops = diffLines(big, b);
    expect(apply(big, b, ops)).toEqual(b);
    expect(ops.filter((o) => o.kind === "del")).toHaveLength(5_000);
    expect(ops.filter((o) => o.kind === "add")).toHaveLength(5_000);
  });
});

describe("hunks", () => {
  it("writes unified hunks with three lines of context, merging changes that are close", () => {
    const a = Array.from({ length: 20 }, (_, i) => `${i}`);
    const b = [...a];
    b[2] = "two";
    b[5] = "five";
    b[17] = "seventeen";
    expect(hunks(a, b, diffLines(a, b))).toEqual([
      "@@ -1,9 +1,9 @@",
      " 0",
      " 1",
      "-2",
      "+two",
      " 3",
      " 4",
      "-5",
      "+five",
      " 6",
      " 7",
      " 8",
      "@@ -15,6 +15,6 @@",
      " 14",
      " 15",
      " 16",
      "-17",
      "+seventeen",
      " 18",
      " 19",
    ]);
  });

  it("counts a new file from line 0", () => {
    expect(hunks([], ["x", "y"], diffLines([], ["x", "y"]))).toEqual(["@@ -0,0 +1,2 @@", "+x", "+y"]);
  });
});
