import { describe, expect, it } from "vitest";
import type { Change, Leaf } from "../../src/evidence/compare.js";
import { countChanges, countLine, pathLines } from "../../src/checkpoint/changes.js";
import { checkLoopId } from "../../src/checkpoint/loop-id.js";
import { checkpointMessage } from "../../src/checkpoint/message.js";

const leaf = (kind: Leaf["kind"] = "file"): Leaf => ({ kind, size: 1, mode: 0o644, hash: null, kept: true, target: null });
const change = (
  path: string,
  how: Change["how"],
  before: Leaf | null = how === "added" ? null : leaf(),
  after: Leaf | null = how === "deleted" ? null : leaf(),
): Change => ({ path, parts: [], root: "", how, before, after });

describe("countChanges", () => {
  it.each([
    ["nothing", [], { added: 0, modified: 0, deleted: 0, paths: [], more: 0 }],
    [
      "each status, sorted by path",
      [
        change("src/a b.ts", "changed"),
        change("new.txt", "added"),
        change("link", "changed", leaf("file"), leaf("link")),
        change("gone", "deleted"),
      ],
      {
        added: 1,
        modified: 2,
        deleted: 1,
        paths: [
          { status: "D", path: "gone" },
          { status: "T", path: "link" },
          { status: "A", path: "new.txt" },
          { status: "M", path: "src/a b.ts" },
        ],
        more: 0,
      },
    ],
    [
      "loopkit's own files in .auto-loop/ are not the agent's work; what the agent writes there is",
      [
        change(".auto-loop/gate-history.jsonl", "changed"),
        change(".auto-loop/logs/verifier-1-2.log", "added"),
        change(".auto-loop/tampered/goal-state-1.json", "added"),
        change(".auto-loop/heartbeat.json", "changed"),
        change(".auto-loop/handoff.md", "added"),
        change(".auto-loop/logs/cheat.js", "added"),
        change(".auto-loopx", "added"),
      ],
      {
        added: 3,
        modified: 0,
        deleted: 0,
        paths: [
          { status: "A", path: ".auto-loop/handoff.md" },
          { status: "A", path: ".auto-loop/logs/cheat.js" },
          { status: "A", path: ".auto-loopx" },
        ],
        more: 0,
      },
    ],
    [
      "git metadata is not a file of the tree",
      [{ ...change(".git/config", "changed"), root: "\u0000git" }],
      { added: 0, modified: 0, deleted: 0, paths: [], more: 0 },
    ],
  ])("%s", (_name, list, expected) => {
    expect(countChanges(list as Change[])).toEqual(expected);
  });

  it("keeps the first paths and counts the rest", () => {
    const changes = countChanges(
      Array.from({ length: 5 }, (_, i) => change(`f${i}`, "added")),
      2,
    );
    expect(changes).toMatchObject({ added: 5, more: 3 });
    expect(pathLines(changes)).toEqual(["A f0", "A f1", "... and 3 more"]);
    expect(countLine(changes)).toBe("5 files (5 added)");
    expect(countLine(countChanges([]))).toBe("no files changed");
  });

  it("prints a name with a newline escaped: it cannot print a line of its own", () => {
    expect(pathLines(countChanges([change("a\nM forged.js", "added")]))).toEqual(['A "a\\nM forged.js"']);
  });
});

describe("names and messages", () => {
  it.each(["loop-1772359200000", "1fe69014-6f7c-4b44-a803-9fcf65c5fe64"])("%s is a loop id", (id) => {
    expect(checkLoopId(id)).toBe(id);
  });

  it.each(["", "../heads/main", "a/b", "x.lock", "-x", "a b", "a..b", "a\nb"])("refuses %j as a loop id", (id) => {
    expect(() => checkLoopId(id)).toThrow(expect.objectContaining({ code: "USAGE" }));
  });

  it("names the iteration, the verdict and the tokens in the subject and as trailers", () => {
    const record = { loop_id: "loop-1", loop_kind: "repeat" as const };
    expect(checkpointMessage(record, { id: "3", kind: "iteration", iteration: 3, verdict: "fail", tokens: null, restored: null })).toBe(
      "loopkit: iteration 3 of repeat loop-1: fail, tokens not counted\n\nLoop: loop-1\nKind: repeat\nCheckpoint: 3\nIteration: 3\nVerdict: fail\nTokens: not counted\n",
    );
    expect(
      checkpointMessage(record, {
        id: "r1",
        kind: "before-restore",
        iteration: 4,
        verdict: "before restore",
        tokens: 900,
        restored: "2",
      }).split("\n")[0],
    ).toBe("loopkit: the tree before restoring checkpoint 2 of repeat loop-1");
  });
});
