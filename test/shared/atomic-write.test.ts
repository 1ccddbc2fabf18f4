// The one atomic writer: a whole file or none, and a full disk named in plain words (the disk itself
// fills in test/faults/full-disk.test.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendWholeSync, noSpaceOr, writeFileAtomicSync } from "../../src/shared/atomic-write.js";
import { isLoopkitError } from "../../src/shared/errors.js";

let dir = "";
beforeEach(() => (dir = mkdtempSync(path.join(os.tmpdir(), "loopkit atomic "))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("writeFileAtomicSync", () => {
  it("replaces the file whole, from parts, and leaves no temp file", () => {
    const file = path.join(dir, "state.json");
    writeFileSync(file, "old");
    writeFileAtomicSync(file, [Buffer.from("new "), Buffer.from("content")]);
    expect(readFileSync(file, "utf8")).toBe("new content");
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });

  it("keeps the last good file when the write fails, and leaves no temp file", () => {
    const file = path.join(dir, "state.json");
    writeFileSync(file, "good");
    expect(() => writeFileAtomicSync(path.join(dir, "missing folder", "state.json"), "x")).toThrow(/ENOENT/);
    expect(readFileSync(file, "utf8")).toBe("good");
    expect(readdirSync(dir)).toEqual(["state.json"]);
  });
});

describe("noSpaceOr", () => {
  it.each([
    ["ENOSPC", /^the disk holding loopkit's data is full: could not write .*state\.json \(ENOSPC\)$/],
    ["EDQUOT", /^the disk quota of the folder holding loopkit's data is used up: could not write .* \(EDQUOT\)$/],
  ])("names %s in plain words, as NO_SPACE", (code, words) => {
    const error = noSpaceOr("/data/state.json", Object.assign(new Error("raw"), { code }));
    expect(isLoopkitError(error, "NO_SPACE")).toBe(true);
    expect((error as Error).message).toMatch(words);
  });

  it("leaves any other error as it is", () => {
    const raw = Object.assign(new Error("raw"), { code: "EIO" });
    expect(noSpaceOr("/data/state.json", raw)).toBe(raw);
  });
});

describe("appendWholeSync", () => {
  it("appends whole lines, and refuses anything but a regular file", () => {
    const file = path.join(dir, "history.jsonl");
    appendWholeSync(file, "one\n");
    appendWholeSync(file, "two\n");
    expect(readFileSync(file, "utf8")).toBe("one\ntwo\n");
    expect(() => appendWholeSync(dir, "three\n")).toThrow();
  });
});
