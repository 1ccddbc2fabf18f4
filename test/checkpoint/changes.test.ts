import { describe, expect, it } from "vitest";
import { countLine, parseNameStatus, pathLines } from "../../src/checkpoint/changes.js";
import { checkpointMessage } from "../../src/checkpoint/message.js";
import { checkpointRef } from "../../src/checkpoint/ref.js";

describe("parseNameStatus", () => {
  it.each([
    ["nothing", "", { added: 0, modified: 0, deleted: 0, paths: [], more: 0 }],
    ["each status", "A\0new.txt\0M\0src/a b.ts\0D\0gone\0T\0link\0", { added: 1, modified: 2, deleted: 1, paths: [{ status: "A", path: "new.txt" }, { status: "M", path: "src/a b.ts" }, { status: "D", path: "gone" }, { status: "T", path: "link" }], more: 0 }],
    ["a path with a newline stays one path", "A\0two\nlines\0", { added: 1, modified: 0, deleted: 0, paths: [{ status: "A", path: "two\nlines" }], more: 0 }],
    ["unknown letters are skipped", "X\0odd\0A\0ok\0", { added: 1, modified: 0, deleted: 0, paths: [{ status: "A", path: "ok" }], more: 0 }],
  ])("%s", (_name, output, expected) => {
    expect(parseNameStatus(output)).toEqual(expected);
  });

  it("keeps the first paths and counts the rest", () => {
    const output = Array.from({ length: 5 }, (_, i) => `A\0f${i}\0`).join("");
    const changes = parseNameStatus(output, 2);
    expect(changes).toMatchObject({ added: 5, more: 3 });
    expect(pathLines(changes)).toEqual(["A f0", "A f1", "... and 3 more"]);
    expect(countLine(changes)).toBe("5 files (5 added)");
    expect(countLine(parseNameStatus(""))).toBe("no files changed");
  });
});

describe("names and messages", () => {
  it.each(["loop-1772359200000", "1fe69014-6f7c-4b44-a803-9fcf65c5fe64"])("%s is a ref component", (id) => {
    expect(checkpointRef(id)).toBe(`refs/loopkit/${id}`);
  });

  it.each(["", "../heads/main", "a/b", "x.lock", "-x", "a b", "a..b", "a\nb"])("refuses %j as a loop id", (id) => {
    expect(() => checkpointRef(id)).toThrow(expect.objectContaining({ code: "USAGE" }));
  });

  it("names the iteration, the verdict and the tokens in the subject and as trailers", () => {
    const record = { loop_id: "loop-1", loop_kind: "repeat" as const };
    expect(checkpointMessage(record, { id: "3", kind: "iteration", iteration: 3, verdict: "fail", tokens: null, restored: null })).toBe(
      "loopkit: iteration 3 of repeat loop-1: fail, tokens not counted\n\nLoop: loop-1\nKind: repeat\nCheckpoint: 3\nIteration: 3\nVerdict: fail\nTokens: not counted\n",
    );
    expect(checkpointMessage(record, { id: "r1", kind: "before-restore", iteration: 4, verdict: "before restore", tokens: 900, restored: "2" }).split("\n")[0]).toBe(
      "loopkit: the tree before restoring checkpoint 2 of repeat loop-1",
    );
  });
});
