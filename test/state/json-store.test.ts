import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { readJson, readOrKeepAside } from "../../src/state/json-store.js";

const Schema = z.object({ a: z.number() });
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "loopkit json "));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(process.platform === "win32")("readJson against what may be planted in a file's place", () => {
  const file = () => path.join(dir, "state.json");
  it.each([
    ["a FIFO (never waited on)", () => execFileSync("mkfifo", [file()])],
    [
      "a symbolic link (never followed)",
      () => (writeFileSync(path.join(dir, "real"), '{"a":1}'), symlinkSync(path.join(dir, "real"), file())),
    ],
    ["a folder", () => mkdirSync(file())],
    ["a 17 MB file (never read whole)", () => (writeFileSync(file(), ""), truncateSync(file(), 17 * 1024 * 1024))],
  ])("%s is STATE_CORRUPT, and readOrKeepAside moves it aside", async (_name, plant) => {
    plant();
    await expect(readJson(file(), Schema)).rejects.toMatchObject({ code: "STATE_CORRUPT" });
    await expect(readOrKeepAside(file(), Schema, new Date(), "start again")).rejects.toMatchObject({
      code: "STATE_CORRUPT",
      message: expect.stringMatching(/kept it as/),
    });
    expect(existsSync(file())).toBe(false);
  });

  it("reads a regular file and reports a missing one", async () => {
    expect(await readJson(file(), Schema)).toEqual({ exists: false });
    writeFileSync(file(), '{"a":2}');
    expect(await readJson(file(), Schema)).toEqual({ exists: true, value: { a: 2 } });
  });
});
