import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { takeoverStaleMs } from "../../src/run/takeover-window.js";
import { loopFiles, persist, writeMarker } from "../../src/auto-loop/data/store.js";
import { at, makeState } from "../auto-loop/fixtures.js";

let tmp: string;
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), "loopkit takeover "));
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

const STALE = 1_800_000;

describe("takeoverStaleMs", () => {
  it.each([
    ["left by a loopkit run phase", {}, "run", 0],
    ["owned by an ordinary session", {}, "session", STALE],
    ["ended", { status: "achieved" }, "run", STALE],
    ["a run marker of another loop", { loop_id: "loop-2" }, "run", STALE],
  ] as const)("a loop %s", async (_, overrides, driver, expected) => {
    const data = path.join(tmp, "data");
    const files = loopFiles(data, path.join(tmp, "p"));
    const saved = await persist(files, makeState({ project_dir: path.join(tmp, "p") }), [], at(0));
    await writeMarker(data, saved, files, at(0), driver);
    await persist(files, { ...saved, ...overrides }, [], at(0));
    expect(await takeoverStaleMs(data, files, at(1), STALE)).toBe(expected);
  });

  it("keeps the usual window when there is no loop or no marker", async () => {
    const data = path.join(tmp, "data");
    const files = loopFiles(data, path.join(tmp, "p"));
    expect(await takeoverStaleMs(data, files, at(1), STALE)).toBe(STALE);
    await persist(files, makeState({ project_dir: path.join(tmp, "p") }), [], at(0));
    expect(await takeoverStaleMs(data, files, at(1), STALE)).toBe(STALE);
  });
});
